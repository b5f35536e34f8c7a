import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DECISION_STATES,
  FORWARD_PATH,
  CHECKLIST_STAGES,
  CONDITION_STATUSES,
  ITEM_STATUSES,
  MOVES,
  REQUEST_STATES,
  isItemDone,
  isConditionCleared,
  missingItems,
  moveRefusal,
  nextStates,
  type ChecklistItemState,
  type ConditionState,
  type RequestState,
} from '.';

/* The request's state machine and its checklist guard (docs/decisions/0039). */

const item = (
  id: string,
  stage: ChecklistItemState['stage'],
  status: ChecklistItemState['status'],
  required = true,
) => ({
  id,
  stage,
  status,
  required,
});

describe('moves', () => {
  const cases: { from: RequestState; to: RequestState; via?: 'transition' | 'decision'; refusal: string | null }[] = [
    { from: 'draft', to: 'submitted', refusal: null },
    { from: 'draft', to: 'in_analysis', refusal: 'not_allowed' },
    { from: 'draft', to: 'disbursed', refusal: 'not_allowed' },
    { from: 'submitted', to: 'ready_for_committee', refusal: 'not_allowed' },
    { from: 'ready_for_committee', to: 'decided', refusal: 'decision_only' },
    { from: 'ready_for_committee', to: 'decided', via: 'decision', refusal: null },
    { from: 'ready_for_committee', to: 'declined', via: 'decision', refusal: null },
    { from: 'ready_for_committee', to: 'in_analysis', refusal: null },
    { from: 'decided', to: 'ready_to_disburse', refusal: 'not_allowed' },
    { from: 'decided', to: 'conditions_pending', refusal: null },
    { from: 'deferred', to: 'ready_for_committee', refusal: null },
    { from: 'disbursed', to: 'withdrawn', refusal: 'not_allowed' },
    { from: 'declined', to: 'submitted', refusal: 'not_allowed' },
    { from: 'withdrawn', to: 'draft', refusal: 'not_allowed' },
    { from: 'in_analysis', to: 'withdrawn', refusal: null },
    { from: 'submitted', to: 'submitted', refusal: 'not_allowed' },
  ];
  it.each(cases)('$from → $to ($via): $refusal', ({ from, to, via, refusal }) => {
    expect(moveRefusal({ state: from, items: [], conditions: [] }, to, via)?.reason ?? null).toBe(refusal);
  });

  it('offers on the page exactly the moves the route takes', () => {
    for (const from of REQUEST_STATES) {
      for (const to of REQUEST_STATES) {
        const allowed = moveRefusal({ state: from, items: [], conditions: [] }, to) === null;
        expect(nextStates(from).includes(to)).toBe(allowed);
      }
    }
  });

  it('reaches every state from a draft', () => {
    const seen = new Set<RequestState>(['draft']);
    const queue: RequestState[] = ['draft'];
    while (queue.length > 0) {
      for (const to of Object.keys(MOVES[queue.shift()!]) as RequestState[]) {
        if (seen.has(to)) continue;
        seen.add(to);
        queue.push(to);
      }
    }
    expect([...seen].sort()).toEqual([...REQUEST_STATES].sort());
  });

  it('goes the way forward from a draft to the money out by moves it lists, each state once', () => {
    expect(FORWARD_PATH[0]).toBe('draft');
    expect(FORWARD_PATH.at(-1)).toBe('disbursed');
    expect(new Set(FORWARD_PATH).size).toBe(FORWARD_PATH.length);
    FORWARD_PATH.slice(1).forEach((to, i) => expect(MOVES[FORWARD_PATH[i]!][to]).toBeDefined());
    expect(FORWARD_PATH).toContain('decided');
  });

  it('names as decision states exactly those a move reaches by a decision only', () => {
    expect([...DECISION_STATES].sort()).toEqual(['declined', 'decided', 'deferred'].sort());
    for (const state of DECISION_STATES) {
      for (const from of REQUEST_STATES) expect(MOVES[from][state] ?? 'decision').toBe('decision');
    }
  });
});

describe('checklist blocking', () => {
  const items = [
    item('i1', 'intake', 'verified'),
    item('i2', 'intake', 'received'),
    item('i3', 'intake', 'missing', false),
    item('a1', 'analysis', 'missing'),
    item('a2', 'analysis', 'waived'),
    item('b1', 'before_disbursement', 'missing'),
  ];
  const cases: { from: RequestState; to: RequestState; missing: string[] }[] = [
    { from: 'submitted', to: 'in_analysis', missing: ['i2'] },
    { from: 'in_analysis', to: 'ready_for_committee', missing: ['a1'] },
    { from: 'conditions_pending', to: 'ready_to_disburse', missing: ['b1'] },
    { from: 'ready_to_disburse', to: 'disbursed', missing: ['b1'] },
    { from: 'draft', to: 'submitted', missing: [] },
    { from: 'submitted', to: 'withdrawn', missing: [] },
    { from: 'ready_for_committee', to: 'in_analysis', missing: [] },
  ];
  it.each(cases)('$from → $to is blocked by $missing', ({ from, to, missing }) => {
    const refusal = moveRefusal({ state: from, items, conditions: [] }, to);
    if (missing.length === 0) expect(refusal).toBeNull();
    else
      expect(refusal).toEqual({
        reason: 'checklist',
        items: items.filter((i) => missing.includes(i.id)),
        conditions: [],
      });
  });

  it('blocks ready_to_disburse on a before-disbursement condition still open or breached, not on a covenant', () => {
    const conditions: ConditionState[] = [
      { id: 'c1', kind: 'before_disbursement', status: 'met' },
      { id: 'c2', kind: 'before_disbursement', status: 'open' },
      { id: 'c3', kind: 'before_disbursement', status: 'breached' },
      { id: 'c4', kind: 'before_disbursement', status: 'waived' },
      { id: 'c5', kind: 'covenant', status: 'open' },
    ];
    const refusal = moveRefusal({ state: 'conditions_pending', items: [], conditions }, 'ready_to_disburse');
    expect(refusal).toEqual({ reason: 'checklist', items: [], conditions: [conditions[1], conditions[2]] });
  });

  it('names no optional item', () => {
    expect(missingItems([item('x', 'intake', 'missing', false)], 'intake')).toEqual([]);
  });
});

/*
 * Property: whatever a user does — any move asked in any order, checklist items and conditions changed at any
 * time, conditions added — a request that reaches `disbursed` has every required before-disbursement item
 * verified or waived and every before-disbursement condition met or waived at that moment.
 */
describe('no sequence reaches disbursed with something unmet', () => {
  type Action =
    | { kind: 'move'; to: RequestState; via: 'transition' | 'decision' }
    | { kind: 'step'; pick: number }
    | { kind: 'item'; index: number; status: ChecklistItemState['status'] }
    | { kind: 'condition'; index: number; status: ConditionState['status'] }
    | { kind: 'addCondition'; before: boolean };

  const action: fc.Arbitrary<Action> = fc.oneof(
    // One of the moves listed from where the request stands, so that sequences do reach the far states.
    {
      arbitrary: fc.record({ kind: fc.constant('step' as const), pick: fc.oneof(fc.constant(0), fc.nat(10)) }),
      weight: 8,
    },
    fc.record({
      kind: fc.constant('move' as const),
      to: fc.constantFrom(...REQUEST_STATES),
      via: fc.constantFrom('transition' as const, 'decision' as const),
    }),
    fc.record({ kind: fc.constant('item' as const), index: fc.nat(20), status: fc.constantFrom(...ITEM_STATUSES) }),
    fc.record({
      kind: fc.constant('condition' as const),
      index: fc.nat(5),
      status: fc.constantFrom(...CONDITION_STATUSES),
    }),
    fc.record({ kind: fc.constant('addCondition' as const), before: fc.boolean() }),
  );
  const itemsArb = fc.array(
    fc.record({
      stage: fc.constantFrom(...CHECKLIST_STAGES),
      required: fc.boolean(),
      status: fc.constantFrom(...ITEM_STATUSES),
    }),
    { maxLength: 8 },
  );

  it('holds, over sequences that do reach disbursed', () => {
    let reached = 0;
    fc.assert(
      fc.property(itemsArb, fc.array(action, { minLength: 10, maxLength: 80 }), (initial, actions) => {
        let state: RequestState = 'draft';
        const items: ChecklistItemState[] = initial.map((i, n) => ({ ...i, id: `i${n}` }));
        const conditions: ConditionState[] = [];
        for (const a of actions) {
          if (a.kind === 'item' && items.length > 0) items[a.index % items.length]!.status = a.status;
          if (a.kind === 'condition' && conditions.length > 0)
            conditions[a.index % conditions.length]!.status = a.status;
          if (a.kind === 'addCondition')
            conditions.push({
              id: `c${conditions.length}`,
              kind: a.before ? 'before_disbursement' : 'covenant',
              status: 'open',
            });
          let move: { to: RequestState; via: 'transition' | 'decision' } | null = a.kind === 'move' ? a : null;
          if (a.kind === 'step') {
            const listed = Object.entries(MOVES[state]) as [RequestState, 'transition' | 'decision'][];
            const picked = listed[a.pick % Math.max(1, listed.length)];
            move = picked ? { to: picked[0], via: picked[1] } : null;
          }
          if (move && moveRefusal({ state, items, conditions }, move.to, move.via) === null) {
            state = move.to;
            if (state === 'disbursed') {
              for (const i of items)
                if (i.stage === 'before_disbursement' && i.required) expect(isItemDone(i)).toBe(true);
              for (const c of conditions)
                if (c.kind === 'before_disbursement') expect(isConditionCleared(c)).toBe(true);
              reached += 1;
              return;
            }
          }
        }
      }),
      { numRuns: 2000 },
    );
    expect(reached).toBeGreaterThan(0);
  });
});
