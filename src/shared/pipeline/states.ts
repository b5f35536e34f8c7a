/*
 * A funding request's states and the only ways between them (docs/decisions/0039). The API refuses any other
 * move with a 409 naming the reason; the screens offer exactly the moves `nextStates` lists.
 */

export const REQUEST_STATES = [
  'draft',
  'submitted',
  'in_analysis',
  'ready_for_committee',
  'decided',
  'conditions_pending',
  'ready_to_disburse',
  'disbursed',
  'declined',
  'deferred',
  'withdrawn',
] as const;
export type RequestState = (typeof REQUEST_STATES)[number];

/** The stages a checklist item belongs to, in the order a request meets them. */
export const CHECKLIST_STAGES = ['intake', 'analysis', 'before_disbursement'] as const;
export type ChecklistStage = (typeof CHECKLIST_STAGES)[number];

export const ITEM_STATUSES = ['missing', 'received', 'verified', 'waived'] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];

export const CONDITION_KINDS = ['before_disbursement', 'covenant'] as const;
export type ConditionKind = (typeof CONDITION_KINDS)[number];
export const CONDITION_STATUSES = ['open', 'met', 'waived', 'breached'] as const;
export type ConditionStatus = (typeof CONDITION_STATUSES)[number];

/** How a move is made: by the transitions route, or only by a committee's decision on the request. */
export type MoveKind = 'transition' | 'decision';

/**
 * Every move, listed once, the way forward first. `decided`, `declined` and `deferred` follow a committee's decision and nothing else;
 * a deferred request goes back on an agenda; `withdrawn` ends any request not yet decided for good.
 */
export const MOVES: Readonly<Record<RequestState, Partial<Record<RequestState, MoveKind>>>> = {
  draft: { submitted: 'transition', withdrawn: 'transition' },
  submitted: { in_analysis: 'transition', withdrawn: 'transition' },
  in_analysis: { ready_for_committee: 'transition', withdrawn: 'transition' },
  ready_for_committee: {
    decided: 'decision',
    declined: 'decision',
    deferred: 'decision',
    in_analysis: 'transition',
    withdrawn: 'transition',
  },
  decided: { conditions_pending: 'transition', withdrawn: 'transition' },
  conditions_pending: { ready_to_disburse: 'transition', withdrawn: 'transition' },
  ready_to_disburse: { disbursed: 'transition', withdrawn: 'transition' },
  disbursed: {},
  declined: {},
  deferred: { ready_for_committee: 'transition', withdrawn: 'transition' },
  withdrawn: {},
};

/** The states a request may be moved to through the transitions route. */
export function nextStates(from: RequestState): RequestState[] {
  return (Object.entries(MOVES[from]) as [RequestState, MoveKind][])
    .filter(([, kind]) => kind === 'transition')
    .map(([to]) => to);
}

export const isFinal = (state: RequestState): boolean => Object.keys(MOVES[state]).length === 0;

/** The way forward, from a draft to the money out: each state's first move, as MOVES lists it. */
export const FORWARD_PATH: readonly RequestState[] = forwardFrom('draft');

function forwardFrom(state: RequestState): RequestState[] {
  const [next] = Object.keys(MOVES[state]) as RequestState[];
  return next ? [state, ...forwardFrom(next)] : [state];
}

/** The states only a committee's decision leads to. */
export const DECISION_STATES: readonly RequestState[] = REQUEST_STATES.filter((state) =>
  Object.values(MOVES).some((moves) => moves[state] === 'decision'),
);

/** Before any decision: a request's details (project, cost, amounts, sources, analyst) may still change. */
export const EDITABLE_STATES: readonly RequestState[] = [
  'draft',
  'submitted',
  'in_analysis',
  'ready_for_committee',
  'deferred',
];
export const isEditable = (state: RequestState): boolean => EDITABLE_STATES.includes(state);

/** Approved by the committee, the money not out yet: what the decision granted is held back from its funds. */
export const APPROVED_STATES: readonly RequestState[] = ['decided', 'conditions_pending', 'ready_to_disburse'];

/** Ended (the final states): the checklist is closed. */
export const CLOSED_STATES: readonly RequestState[] = REQUEST_STATES.filter(isFinal);
export const isClosed = (state: RequestState): boolean => CLOSED_STATES.includes(state);

/** Waiting for the committee's decision: on an agenda, or back on one after a deferral. */
export const AWAITING_DECISION_STATES: readonly RequestState[] = ['ready_for_committee', 'deferred'];

/** A decision pending, or its money not out yet: the decision's checks (fund available, aid ceiling) are shown. */
export const CHECKED_STATES: readonly RequestState[] = [...AWAITING_DECISION_STATES, ...APPROVED_STATES];

/** The checklist stage whose required items must be done to make this move; null when none is. */
export function stageGuarding(from: RequestState, to: RequestState): ChecklistStage | null {
  if (to === 'withdrawn' || (to === 'in_analysis' && from === 'ready_for_committee')) return null;
  if (from === 'submitted') return 'intake';
  if (from === 'in_analysis') return 'analysis';
  // Checked again on the way out: an item reopened after `ready_to_disburse` still keeps the money in.
  if (to === 'ready_to_disburse' || to === 'disbursed') return 'before_disbursement';
  return null;
}

/** The state a request leaves when it passes each stage's gate (the moves `stageGuarding` checks). */
const STAGE_LEFT_AT: Readonly<Record<ChecklistStage, RequestState>> = {
  intake: 'submitted',
  analysis: 'in_analysis',
  before_disbursement: 'ready_to_disburse',
};

/** Where a state stands on the way forward: a deferred request waits where one ready for the committee does. */
const forwardRank = (state: RequestState): number =>
  FORWARD_PATH.indexOf(state === 'deferred' ? 'ready_for_committee' : state);

/**
 * Whether a request in this state has gone past the gate of this stage: what the stage's items allowed has
 * happened, so they may no longer be reopened. Before disbursement is checked again on the way out, so it is
 * passed only once the money is out.
 */
export const stagePassed = (state: RequestState, stage: ChecklistStage): boolean =>
  forwardRank(state) > forwardRank(STAGE_LEFT_AT[stage]);
