import type { ChecklistStage, ConditionKind, ConditionStatus, ItemStatus, MoveKind, RequestState } from './states';
import { MOVES, isClosed, stageGuarding, stagePassed } from './states';

/*
 * What blocks a request from moving (docs/decisions/0039): the required checklist items of the stage it leaves
 * (or, to reach `ready_to_disburse`, of the before-disbursement stage) neither verified nor waived, and the
 * decision's before-disbursement conditions neither met nor waived. One function, used by the route (409 with the
 * missing items named) and by the request's page (which says what is left before offering the move).
 */

export interface ChecklistItemState {
  id: string;
  stage: ChecklistStage;
  required: boolean;
  status: ItemStatus;
}

export interface ConditionState {
  id: string;
  kind: ConditionKind;
  status: ConditionStatus;
}

export const isItemDone = (item: Pick<ChecklistItemState, 'status'>): boolean =>
  item.status === 'verified' || item.status === 'waived';

export const isConditionCleared = (condition: Pick<ConditionState, 'status'>): boolean =>
  condition.status === 'met' || condition.status === 'waived';

/** The required items of a stage still to verify or waive, in their order. */
export function missingItems<T extends ChecklistItemState>(items: readonly T[], stage: ChecklistStage): T[] {
  return items.filter((item) => item.stage === stage && item.required && !isItemDone(item));
}

/** The before-disbursement conditions neither met nor waived. */
export function openConditions<T extends ConditionState>(conditions: readonly T[]): T[] {
  return conditions.filter((condition) => condition.kind === 'before_disbursement' && !isConditionCleared(condition));
}

export type MoveRefusal<I, C> =
  { reason: 'not_allowed' } | { reason: 'decision_only' } | { reason: 'checklist'; items: I[]; conditions: C[] };

/**
 * Why a request may not make this move (null: it may). `via` is how it is asked: a committee's decision may make
 * the moves marked `decision`, the transitions route the others.
 */
export function moveRefusal<I extends ChecklistItemState, C extends ConditionState>(
  request: { state: RequestState; items: readonly I[]; conditions: readonly C[] },
  to: RequestState,
  via: MoveKind = 'transition',
): MoveRefusal<I, C> | null {
  const kind = MOVES[request.state][to];
  if (!kind) return { reason: 'not_allowed' };
  if (kind !== via) return { reason: 'decision_only' };
  const stage = stageGuarding(request.state, to);
  if (!stage) return null;
  const items = missingItems(request.items, stage);
  const conditions = stage === 'before_disbursement' ? openConditions(request.conditions) : [];
  return items.length > 0 || conditions.length > 0 ? { reason: 'checklist', items, conditions } : null;
}

/**
 * Why an item may not be set to `to` (null: it may): a request that has ended keeps its checklist as it is;
 * once the request has passed the stage the item gates, an item done stays done and none goes back to missing —
 * what it allowed has already happened.
 */
export function itemChangeRefusal(
  state: RequestState,
  item: Pick<ChecklistItemState, 'stage' | 'status'>,
  to: ItemStatus,
): 'closed' | 'stage_passed' | null {
  if (isClosed(state)) return 'closed';
  if (!stagePassed(state, item.stage)) return null;
  const reopened = isItemDone(item) && !isItemDone({ status: to });
  return reopened || (to === 'missing' && item.status !== 'missing') ? 'stage_passed' : null;
}

/**
 * A condition's statuses and the only ways between them: an open condition is met, waived or breached; a
 * breached one is cured (met), waived or opened again; a met or waived one may be opened again, and a met one
 * found breached. Setting the status it has changes its note only.
 */
export const CONDITION_MOVES: Readonly<Record<ConditionStatus, readonly ConditionStatus[]>> = {
  open: ['met', 'waived', 'breached'],
  met: ['open', 'breached'],
  waived: ['open'],
  breached: ['open', 'met', 'waived'],
};

export type ConditionChangeRefusal = 'closed' | 'not_allowed' | 'gate_passed';

/** A request declined or withdrawn keeps its conditions as they are; a disbursed one's covenants live on. */
export const conditionsClosed = (state: RequestState): boolean => isClosed(state) && state !== 'disbursed';

/**
 * Why a condition may not be set to `to` (null: it may): the request has ended without its money, a move the
 * table does not list, or any change of a
 * before-disbursement condition once the money it held back is out. Covenants live on after the disbursement.
 */
export function conditionChangeRefusal(
  state: RequestState,
  condition: Pick<ConditionState, 'kind' | 'status'>,
  to: ConditionStatus,
): ConditionChangeRefusal | null {
  if (conditionsClosed(state)) return 'closed';
  if (condition.kind === 'before_disbursement' && stagePassed(state, 'before_disbursement')) return 'gate_passed';
  if (to === condition.status || CONDITION_MOVES[condition.status].includes(to)) return null;
  return 'not_allowed';
}

/** The statuses a condition may be given now (its own included: a note may change alone); empty when none. */
export const conditionChoices = (
  state: RequestState,
  condition: Pick<ConditionState, 'kind' | 'status'>,
): ConditionStatus[] =>
  conditionChangeRefusal(state, condition, condition.status) === null
    ? [condition.status, ...CONDITION_MOVES[condition.status]]
    : [];

/** The statuses that link a document to an item: it must be one of the request's company. */
export const needsDocument = (status: ItemStatus): boolean => status === 'received' || status === 'verified';

export interface ItemEntryProblem {
  field: 'document_id' | 'waived_reason';
  key: 'notReceived' | 'documentRequired' | 'reasonRequired';
}

/**
 * An item's change as it is saved: its document (verifying keeps the one received) and what it lacks — a
 * document to be received or verified, a reason to be waived.
 */
export function itemEntry(
  item: { documentId: string | null },
  change: { status: ItemStatus; documentId?: string | null; waivedReason?: string | null },
): { documentId: string | null; problem: ItemEntryProblem | null } {
  const documentId = change.documentId ?? (change.status === 'verified' ? item.documentId : null);
  if (needsDocument(change.status) && !documentId)
    return {
      documentId,
      problem: { field: 'document_id', key: change.status === 'verified' ? 'notReceived' : 'documentRequired' },
    };
  if (change.status === 'waived' && !change.waivedReason)
    return { documentId, problem: { field: 'waived_reason', key: 'reasonRequired' } };
  return { documentId, problem: null };
}
