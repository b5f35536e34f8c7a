/**
 * The pipeline's refusals (docs/decisions/0039, 0040), each in one place so that every route says them alike.
 */
import type { Locale } from '../../shared/constants';
import { translate } from '../../shared/i18n';
import type { moveRefusal } from '../../shared/pipeline';
import type { ChecklistStage, ConditionChangeRefusal, ConditionStatus, RequestState } from '../../shared/pipeline';
import { AppError, invalid } from '../platform/errors/app-error';
import type { UserRow } from '../db/schema';
import type { RequestRow } from './store';

const stateName = (state: RequestState, locale: Locale) => translate(locale, `pipeline.state.${state}`);

/** A value shown as it is in an error's detail (an item's label, a state's name). */
const shown = (value: string) => ({ key: 'pipeline.errors.value', params: { value } });

/**
 * 409 when the request changed since the caller read it, saying what it is now: its state and version, also in
 * `detail` so that a form can show them beside its own.
 */
export function staleRequest(current: RequestRow, locale: Locale): AppError {
  const state = stateName(current.state, locale);
  return new AppError(
    409,
    'stale_record',
    'pipeline.errors.stale',
    { state: [shown(state)], lock_version: [shown(String(current.lockVersion))] },
    undefined,
    { state, version: current.lockVersion },
  );
}

/** 409 on a move the rules refuse, naming the missing items and open conditions (`detail.missing_items`). */
export function refuseMove(
  refusal: NonNullable<ReturnType<typeof moveRefusal>>,
  from: RequestState,
  to: RequestState,
  locale: Locale,
  label: (item: { labelFr: string; labelEn: string }) => string,
): AppError {
  const params = { from: stateName(from, locale), to: stateName(to, locale) };
  if (refusal.reason === 'not_allowed')
    return new AppError(409, 'transition_not_allowed', 'pipeline.errors.notAllowed', undefined, undefined, params);
  if (refusal.reason === 'decision_only')
    return new AppError(409, 'decision_only', 'pipeline.errors.decisionOnly', undefined, undefined, params);
  const missing = [
    ...refusal.items.map((item) => shown(label(item as never))),
    ...refusal.conditions.map((condition) => ({
      key: 'pipeline.errors.openCondition',
      params: { label: (condition as unknown as { text: string }).text },
    })),
  ];
  return new AppError(
    409,
    'checklist_incomplete',
    'pipeline.errors.checklist',
    { missing_items: missing },
    undefined,
    params,
  );
}

/** 409: a request in this state is no longer edited. */
export const requestLocked = (state: RequestState, locale: Locale) =>
  new AppError(409, 'request_locked', 'pipeline.errors.locked', undefined, undefined, {
    state: stateName(state, locale),
  });

/** ADR 0040: the assigned analyst or an administrator works a request; an unassigned one, any staff. */
export function requireWorker(user: UserRow, request: Pick<RequestRow, 'assigneeId'>): void {
  if (user.role === 'admin' || request.assigneeId === null || request.assigneeId === user.id) return;
  throw new AppError(403, 'forbidden', 'pipeline.errors.notYourRequest');
}

/** A 422 on one field with a pipeline message. */
export const fieldRefused = (field: string, key: string) =>
  invalid({ [field]: [{ key: `pipeline.errors.${key}`, params: {} }] });

/** 409: the request has passed the stage this checklist item gates, so the item is not reopened. */
export const itemStagePassed = (stage: ChecklistStage, state: RequestState, locale: Locale) =>
  new AppError(409, 'item_stage_passed', 'pipeline.errors.itemStagePassed', undefined, undefined, {
    stage: translate(locale, `pipeline.stage.${stage}`),
    state: stateName(state, locale),
  });

/** 409 on a condition's change the transition table or the disbursement refuses. */
export function refuseConditionChange(
  refusal: Exclude<ConditionChangeRefusal, 'closed'>,
  from: ConditionStatus,
  to: ConditionStatus,
  locale: Locale,
): AppError {
  if (refusal === 'gate_passed')
    return new AppError(409, 'condition_gate_passed', 'pipeline.errors.conditionGatePassed');
  const status = (value: ConditionStatus) => translate(locale, `pipeline.conditionStatus.${value}`);
  return new AppError(
    409,
    'condition_move_not_allowed',
    'pipeline.errors.conditionMoveNotAllowed',
    undefined,
    undefined,
    {
      from: status(from),
      to: status(to),
    },
  );
}
