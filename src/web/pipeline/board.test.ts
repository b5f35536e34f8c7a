import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REQUEST_STATES } from '../../shared/pipeline';
import {
  ACTIVE_STATES,
  ENDED_STATES,
  boardSearch,
  boardStates,
  readBoardFilters,
  waitingDays,
  waitingLabel,
} from './board';

describe('the board’s columns', () => {
  it('shows the states still moving, the ended ones only on demand', () => {
    const ended = ['disbursed', 'declined', 'withdrawn'];
    expect(ENDED_STATES).toEqual(ended);
    // The others, in the pipeline's own order.
    expect(ACTIVE_STATES).toEqual(REQUEST_STATES.filter((state) => !ended.includes(state)));
    expect(ACTIVE_STATES).toHaveLength(8);
    expect(boardStates({ ended: false })).toEqual(ACTIVE_STATES);
    expect([...boardStates({ ended: true })].sort()).toEqual([...REQUEST_STATES].sort());
  });
});

describe('the board’s filters in the address', () => {
  it.each([
    ['', { fundId: null, mine: false, ended: false }],
    ['fund=f1', { fundId: 'f1', mine: false, ended: false }],
    ['mine=1&ended=1', { fundId: null, mine: true, ended: true }],
    ['mine=0&ended=yes&fund=', { fundId: null, mine: false, ended: false }],
  ])('reads %j', (search, filters) => {
    expect(readBoardFilters(new URLSearchParams(search))).toEqual(filters);
  });

  it('writes back what it reads, leaving defaults out', () => {
    fc.assert(
      fc.property(fc.option(fc.uuid(), { nil: null }), fc.boolean(), fc.boolean(), (fundId, mine, ended) => {
        const filters = { fundId, mine, ended };
        const search = boardSearch(filters);
        expect(readBoardFilters(search)).toEqual(filters);
        expect([...search.keys()]).toHaveLength(Number(fundId !== null) + Number(mine) + Number(ended));
      }),
    );
  });
});

describe('how long a request waited in its state', () => {
  const now = new Date('2026-11-26T12:00:00Z');
  it.each([
    ['2026-11-26T11:00:00Z', 0, 'pipeline.board.waitedToday'],
    ['2026-11-25T12:00:01Z', 0, 'pipeline.board.waitedToday'],
    ['2026-11-25T12:00:00Z', 1, 'pipeline.board.waitedOneDay'],
    ['2026-11-14T08:00:00Z', 12, 'pipeline.board.waited'],
    ['2025-11-26T12:00:00Z', 365, 'pipeline.board.waited'],
    // A server clock a little ahead never makes a negative wait.
    ['2026-11-26T12:05:00Z', 0, 'pipeline.board.waitedToday'],
    ['not a date', 0, 'pipeline.board.waitedToday'],
  ])('since %s: %i days', (since, days, key) => {
    expect(waitingDays(since, now)).toBe(days);
    expect(waitingLabel(since, now)).toEqual({ key, params: { count: days } });
  });

  it('never goes down as time passes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 11 }), fc.integer({ min: 0, max: 10 ** 10 }), (start, later) => {
        const since = new Date(1.7e12 + start).toISOString();
        const a = new Date(1.7e12 + start + later);
        const b = new Date(1.7e12 + start + later + 3_600_000);
        expect(waitingDays(since, b)).toBeGreaterThanOrEqual(waitingDays(since, a));
      }),
    );
  });
});
