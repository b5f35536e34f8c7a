import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, addMonths, daysBetween } from '../servicing/calendar';
import { REQUEST_STATES, stageGuarding, nextStates } from '../pipeline/states';
import {
  blockingStage,
  canTransition,
  checklistTaskWanted,
  conditionTaskWanted,
  crossedThreshold,
  dueDateInRange,
  dueGroup,
  dueRange,
  financialYearEnd,
  followupTaskWanted,
  sourceKey,
  statementDue,
  thresholdDay,
} from './rules';

const day = fc.integer({ min: 0, max: 365 * 60 }).map((n) => addDays('2000-01-01', n));

describe('due groups', () => {
  it.each([
    ['2026-11-24', 'overdue'],
    ['2026-11-25', 'week'],
    ['2026-12-01', 'week'],
    ['2026-12-02', 'later'],
  ] as const)('%s is %s on 2026-11-25', (dueOn, group) => {
    expect(dueGroup(dueOn, '2026-11-25')).toBe(group);
  });

  it('each day falls in exactly the range of its group', () => {
    fc.assert(
      fc.property(day, fc.integer({ min: -400, max: 400 }), (today, offset) => {
        const dueOn = addDays(today, offset);
        const group = dueGroup(dueOn, today);
        const { from, to } = dueRange(group, today);
        expect((from === null || dueOn >= from) && (to === null || dueOn <= to)).toBe(true);
      }),
    );
  });
});

describe('transitions', () => {
  it('a user marks done and reopens; nobody changes what its cause closed', () => {
    expect(canTransition('open', 'done')).toBe(true);
    expect(canTransition('done', 'open')).toBe(true);
    expect(canTransition('resolved', 'open')).toBe(false);
    expect(canTransition('resolved', 'done')).toBe(false);
    expect(canTransition('open', 'resolved')).toBe(false);
  });
});

describe('due dates of manual tasks', () => {
  it.each([
    ['2025-11-25', true],
    ['2025-11-24', false],
    ['2031-11-25', true],
    ['2031-11-26', false],
    ['2026-02-30', false],
  ])('%s in range on 2026-11-25: %s', (dueOn, ok) => {
    expect(dueDateInRange(dueOn, '2026-11-25')).toBe(ok);
  });
});

describe('generators’ conditions', () => {
  it('a follow-up date from 60 days back to a week ahead', () => {
    expect(followupTaskWanted('2026-12-02', '2026-11-25')).toBe(true);
    expect(followupTaskWanted('2026-12-03', '2026-11-25')).toBe(false);
    expect(followupTaskWanted('2026-09-26', '2026-11-25')).toBe(true);
    expect(followupTaskWanted('2026-09-25', '2026-11-25')).toBe(false);
  });

  it('reads the end of financial year as the company form takes it', () => {
    expect(financialYearEnd('31/03')).toEqual([31, 3]);
    expect(financialYearEnd('3103')).toEqual([31, 3]);
    expect(financialYearEnd('31/13')).toBeNull();
    expect(financialYearEnd('')).toBeNull();
    expect(financialYearEnd(null)).toBeNull();
  });

  it.each([
    ['31/03', '2026-11-25', { year: 2026, yearEnd: '2026-03-31', dueOn: '2026-09-30' }],
    ['31/12', '2026-11-25', { year: 2025, yearEnd: '2025-12-31', dueOn: '2026-06-30' }],
    ['31/05', '2026-11-25', { year: 2025, yearEnd: '2025-05-31', dueOn: '2025-11-30' }],
    ['31/05', '2026-11-30', { year: 2026, yearEnd: '2026-05-31', dueOn: '2026-11-30' }],
    ['29/02', '2026-09-01', { year: 2026, yearEnd: '2026-02-28', dueOn: '2026-08-28' }],
  ])('statements of the year ending %s are due on %s', (end, today, due) => {
    expect(statementDue(end, today)).toEqual(due);
  });

  it('the statement due is the latest year whose grace is over, never in the future', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 28 }), fc.integer({ min: 1, max: 12 }), day, (d, m, today) => {
        const due = statementDue(`${String(d).padStart(2, '0')}/${String(m).padStart(2, '0')}`, today)!;
        expect(due.dueOn <= today).toBe(true);
        // The next year's is not due yet.
        expect(addMonths(addMonths(due.yearEnd, 12), 6) > today).toBe(true);
      }),
    );
  });

  it.each([
    [0, null],
    [1, 1],
    [29, 1],
    [30, 30],
    [89, 30],
    [90, 90],
    [400, 90],
  ])('%i days past due crosses %s', (days, threshold) => {
    expect(crossedThreshold(days)).toBe(threshold);
  });

  it('a threshold is crossed on its day, counted from the oldest unpaid due date', () => {
    expect(daysBetween('2026-10-15', thresholdDay('2026-10-15', 30))).toBe(30);
  });

  it('a new occasion makes a new key; the same one, the same key', () => {
    const a = sourceKey({ kind: 'late', loanId: 'l', overdueSince: '2026-10-15', threshold: 30 });
    expect(sourceKey({ kind: 'late', loanId: 'l', overdueSince: '2026-10-15', threshold: 30 })).toBe(a);
    expect(sourceKey({ kind: 'late', loanId: 'l', overdueSince: '2026-10-15', threshold: 90 })).not.toBe(a);
    expect(sourceKey({ kind: 'statement', companyId: 'c', year: 2026 })).not.toBe(
      sourceKey({ kind: 'statement', companyId: 'c', year: 2025 }),
    );
  });
});

describe('the pipeline’s generators', () => {
  it.each([
    ['draft', null],
    ['submitted', 'intake'],
    ['in_analysis', 'analysis'],
    ['ready_for_committee', null],
    ['decided', null],
    ['conditions_pending', 'before_disbursement'],
    ['ready_to_disburse', 'before_disbursement'],
    ['disbursed', null],
    ['declined', null],
    ['deferred', null],
    ['withdrawn', null],
  ] as const)('a request %s is held by the items of stage %s', (state, stage) => {
    expect(blockingStage(state)).toBe(stage);
  });

  it('the stage holding a request is the one that refuses its way forward (ADR 0039)', () => {
    for (const state of REQUEST_STATES) {
      const stage = blockingStage(state);
      if (stage) expect(nextStates(state).some((to) => stageGuarding(state, to) === stage)).toBe(true);
    }
  });

  it.each([
    [{ stage: 'intake', required: true, status: 'missing' }, 'submitted', true],
    [{ stage: 'intake', required: true, status: 'received' }, 'submitted', true],
    [{ stage: 'intake', required: true, status: 'verified' }, 'submitted', false],
    [{ stage: 'intake', required: true, status: 'waived' }, 'submitted', false],
    [{ stage: 'intake', required: false, status: 'missing' }, 'submitted', false],
    [{ stage: 'analysis', required: true, status: 'missing' }, 'submitted', false],
    [{ stage: 'before_disbursement', required: true, status: 'missing' }, 'ready_to_disburse', true],
    [{ stage: 'before_disbursement', required: true, status: 'missing' }, 'withdrawn', false],
  ] as const)('a checklist item %j of a request %s wants a task: %s', (item, state, wanted) => {
    expect(checklistTaskWanted(item, state)).toBe(wanted);
  });

  it('a condition from the lead days before its due date on, never on a withdrawn or declined request', () => {
    fc.assert(
      fc.property(
        day,
        fc.integer({ min: -400, max: 400 }),
        fc.constantFrom(...REQUEST_STATES),
        (today, offset, state) => {
          const dueOn = addDays(today, offset);
          const wanted = conditionTaskWanted(dueOn, state, today);
          expect(wanted).toBe(offset <= 7 && state !== 'withdrawn' && state !== 'declined');
        },
      ),
    );
  });

  it('keys a condition by its due date (a moved date is a new occasion) and an item by itself', () => {
    expect(sourceKey({ kind: 'condition', conditionId: 'c1', dueOn: '2026-12-01' })).toBe('condition:c1:2026-12-01');
    expect(sourceKey({ kind: 'condition', conditionId: 'c1', dueOn: '2026-12-02' })).not.toBe(
      sourceKey({ kind: 'condition', conditionId: 'c1', dueOn: '2026-12-01' }),
    );
    expect(sourceKey({ kind: 'checklist', itemId: 'i1' })).toBe('checklist:i1');
  });
});
