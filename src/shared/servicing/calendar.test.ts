import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, addMonths, dayNumber, dayToDate, daysBetween, isCalendarDate } from './calendar';

/** `addMonths` as ADR 0020 wrote it with `Date`, before this module: the oracle. */
function dateAddMonths(start: string, months: number): string {
  const [year, month, day] = start.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString().slice(0, 10);
}

describe('calendar', () => {
  it.each([
    ['2026-01-15', 1, '2026-02-15'],
    ['2026-01-31', 1, '2026-02-28'],
    ['2028-01-31', 1, '2028-02-29'],
    ['2024-02-29', 12, '2025-02-28'],
    ['2024-02-29', 48, '2028-02-29'],
    ['2026-01-31', 2, '2026-03-31'],
    ['2026-11-30', 3, '2027-02-28'],
    ['2026-12-15', 12, '2027-12-15'],
    ['2026-03-31', -1, '2026-02-28'],
    ['2000-01-31', 1, '2000-02-29'],
    ['2100-01-31', 1, '2100-02-28'],
  ])('%s + %i months = %s', (start, months, expected) => {
    expect(addMonths(start, months)).toBe(expected);
  });

  it('agrees with the Date-based addMonths and with Date’s day count over 1900–2199', () => {
    const day = fc.integer({ min: dayNumber('1900-01-01'), max: dayNumber('2199-12-31') });
    fc.assert(
      fc.property(day, fc.integer({ min: -700, max: 700 }), (n, months) => {
        const date = new Date(n * 86_400_000).toISOString().slice(0, 10);
        expect(dayToDate(n)).toBe(date);
        expect(dayNumber(date)).toBe(n);
        expect(addMonths(date, months)).toBe(dateAddMonths(date, months));
      }),
      { numRuns: 2000 },
    );
  });

  it('counts days across month ends and 29 February', () => {
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2);
    expect(daysBetween('2023-02-28', '2023-03-01')).toBe(1);
    expect(daysBetween('2026-03-01', '2026-02-01')).toBe(-28);
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
  });

  it('tells a real day from a malformed or impossible one', () => {
    expect(['2024-02-29', '2026-12-31'].map(isCalendarDate)).toEqual([true, true]);
    expect(['2026-02-29', '2026-13-01', '2026-04-31', '2026-1-01', '26-01-01', ''].map(isCalendarDate)).toEqual(
      Array(6).fill(false),
    );
    expect(() => dayNumber('2026/01/01')).toThrow(RangeError);
  });
});
