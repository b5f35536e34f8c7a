import { describe, expect, it } from 'vitest';
import {
  APPROVED_STATES,
  CHECKED_STATES,
  CHECKLIST_STAGES,
  CLOSED_STATES,
  CONDITION_MOVES,
  CONDITION_STATUSES,
  EDITABLE_STATES,
  ITEM_STATUSES,
  MOVES,
  REQUEST_STATES,
  attendanceFrozen,
  conditionChangeRefusal,
  conditionChoices,
  decidedAmountProblems,
  isEditable,
  itemChangeRefusal,
  itemEntry,
  meetingDayRefusal,
  stagePassed,
  type RequestState,
} from './index';

/*
 * The request's rules the route and the page both apply (docs/decisions/0063): editable, closed and checked
 * states, the checklist's entry rules, the stages passed, the conditions' transition table, the meeting's day
 * and the amounts a decision grants.
 */

/** The states a request may reach from `from` by any moves. */
function reachable(from: RequestState): Set<RequestState> {
  const seen = new Set<RequestState>([from]);
  const queue = [from];
  while (queue.length > 0)
    for (const to of Object.keys(MOVES[queue.shift()!]) as RequestState[]) {
      if (seen.has(to)) continue;
      seen.add(to);
      queue.push(to);
    }
  return seen;
}

describe('states', () => {
  it('lets a request be edited exactly while it can still come before the committee', () => {
    for (const state of REQUEST_STATES)
      expect(isEditable(state), state).toBe(reachable(state).has('ready_for_committee'));
    expect(EDITABLE_STATES).not.toContain('decided');
  });

  it('closes the final states, and checks the states a decision awaits or whose money is not out', () => {
    expect([...CLOSED_STATES].sort()).toEqual(['declined', 'disbursed', 'withdrawn']);
    expect(CHECKED_STATES).toEqual(['ready_for_committee', 'deferred', ...APPROVED_STATES]);
    for (const state of APPROVED_STATES) expect(reachable(state).has('disbursed')).toBe(true);
  });
});

describe('checklist items', () => {
  it('passes a stage once the request leaves the state its gate guards', () => {
    expect(CHECKLIST_STAGES.filter((stage) => stagePassed('submitted', stage))).toEqual([]);
    expect(CHECKLIST_STAGES.filter((stage) => stagePassed('in_analysis', stage))).toEqual(['intake']);
    expect(CHECKLIST_STAGES.filter((stage) => stagePassed('deferred', stage))).toEqual(['intake', 'analysis']);
    expect(CHECKLIST_STAGES.filter((stage) => stagePassed('ready_to_disburse', stage))).toEqual(['intake', 'analysis']);
    expect(CHECKLIST_STAGES.filter((stage) => stagePassed('disbursed', stage))).toEqual([...CHECKLIST_STAGES]);
  });

  it('never reopens an item of a stage passed, and closes every item of a request ended', () => {
    const verified = { stage: 'intake' as const, status: 'verified' as const };
    expect(itemChangeRefusal('in_analysis', verified, 'missing')).toBe('stage_passed');
    expect(itemChangeRefusal('in_analysis', verified, 'received')).toBe('stage_passed');
    expect(itemChangeRefusal('in_analysis', verified, 'waived')).toBeNull();
    expect(itemChangeRefusal('in_analysis', { stage: 'intake', status: 'missing' }, 'received')).toBeNull();
    expect(itemChangeRefusal('submitted', verified, 'missing')).toBeNull();
    for (const status of ITEM_STATUSES) expect(itemChangeRefusal('withdrawn', verified, status)).toBe('closed');
  });

  it('asks a document to receive or verify, keeps the received one on verifying, and a reason to waive', () => {
    expect(itemEntry({ documentId: null }, { status: 'received' }).problem).toEqual({
      field: 'document_id',
      key: 'documentRequired',
    });
    expect(itemEntry({ documentId: null }, { status: 'verified' }).problem?.key).toBe('notReceived');
    expect(itemEntry({ documentId: 'd1' }, { status: 'verified' })).toEqual({ documentId: 'd1', problem: null });
    expect(itemEntry({ documentId: 'd1' }, { status: 'waived', waivedReason: '' }).problem?.key).toBe('reasonRequired');
    expect(itemEntry({ documentId: 'd1' }, { status: 'missing' })).toEqual({ documentId: null, problem: null });
  });
});

describe('conditions', () => {
  it('moves only as the table lists, and lists a way out of every status', () => {
    for (const from of CONDITION_STATUSES) {
      expect(CONDITION_MOVES[from].length).toBeGreaterThan(0);
      for (const to of CONDITION_STATUSES) {
        const refusal = conditionChangeRefusal('conditions_pending', { kind: 'covenant', status: from }, to);
        expect(refusal, `${from} → ${to}`).toBe(
          from === to || CONDITION_MOVES[from].includes(to) ? null : 'not_allowed',
        );
      }
    }
  });

  it('freezes a before-disbursement condition once disbursed, not a covenant; a request ended without money closes both', () => {
    const met = { kind: 'before_disbursement' as const, status: 'met' as const };
    expect(conditionChangeRefusal('disbursed', met, 'open')).toBe('gate_passed');
    expect(conditionChoices('disbursed', met)).toEqual([]);
    expect(conditionChoices('disbursed', { kind: 'covenant', status: 'met' })).toEqual(['met', 'open', 'breached']);
    expect(conditionChangeRefusal('withdrawn', { kind: 'covenant', status: 'open' }, 'met')).toBe('closed');
  });
});

describe('the committee', () => {
  it('freezes attendance once any item is decided', () => {
    expect(attendanceFrozen([{ decided: false }, { decided: false }])).toBe(false);
    expect(attendanceFrozen([{ decided: false }, { decided: true }])).toBe(true);
  });

  it('decides on the meeting’s day or after, never before the submission', () => {
    expect(meetingDayRefusal('2026-11-28', '2026-11-27', '2026-11-01')).toBe('meeting_ahead');
    expect(meetingDayRefusal('1990-03-01', '2026-11-27', '2026-11-01')).toBe('before_submission');
    expect(meetingDayRefusal('2026-11-01', '2026-11-27', '2026-11-01')).toBeNull();
  });

  it('grants each fund at most what was asked of it, and all of them at most the cost', () => {
    const asked = [
      { fundId: 'a', cents: 5_000_000 },
      { fundId: 'b', cents: 2_000_000 },
    ];
    expect(decidedAmountProblems(asked, [{ fundId: 'a', cents: 5_000_000 }], 20_000_000)).toEqual([]);
    expect(
      decidedAmountProblems(
        asked,
        [
          { fundId: 'a', cents: 5_000_001 },
          { fundId: 'c', cents: 1 },
        ],
        20_000_000,
      ),
    ).toEqual([
      { index: 0, problem: 'over_asked', askedCents: 5_000_000 },
      { index: 1, problem: 'fund_not_asked' },
    ]);
    expect(decidedAmountProblems(asked, asked, 6_000_000)).toEqual([
      { index: null, problem: 'over_cost', totalCents: 7_000_000 },
    ]);
  });
});
