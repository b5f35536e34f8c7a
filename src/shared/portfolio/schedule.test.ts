import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addMonths as calendarAddMonths } from '../servicing/calendar';
import { addMonths, agreementDifferences, computeSchedule, scheduleFigures, type ScheduleTerms } from './schedule';

const terms = (overrides: Partial<ScheduleTerms>): ScheduleTerms => ({
  amount: 10_000,
  rate: 6,
  amortization: 12,
  moratorium: null,
  authorizationDate: '2026-01-15',
  ...overrides,
});

const schedule = (overrides: Partial<ScheduleTerms>, today = '2000-01-01') => {
  const result = computeSchedule(terms(overrides), today);
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result.schedule;
};

describe('addMonths', () => {
  // Its table of days (the same day, or the last day of a shorter month) is calendar.test.ts's, a superset of the
  // one this file had.
  it('is the calendar’s', () => {
    expect(addMonths).toBe(calendarAddMonths);
  });
});

describe('computeSchedule: hand-checked examples', () => {
  it('10 000 $ at 6 % over 12 months: 860,66 $ a month, the last payment absorbing the rounding', () => {
    const s = schedule({});
    expect(s.payment).toBe(860.66);
    expect(s.rows).toHaveLength(12);
    // Interest of each month on the balance before it (cents, by hand: 10 000 × 0,5 % = 50,00; …).
    expect(s.rows.map((r) => r.interest)).toEqual([
      50, 45.95, 41.87, 37.78, 33.66, 29.53, 25.37, 21.2, 17, 12.78, 8.54, 4.28,
    ]);
    expect(s.rows[0]).toEqual({
      number: 1,
      date: '2026-02-15',
      payment: 860.66,
      interest: 50,
      principal: 810.66,
      balance: 9189.34,
    });
    expect(s.rows[10]!.payment).toBe(860.66);
    expect(s.rows[11]).toEqual({
      number: 12,
      date: '2027-01-15',
      payment: 860.7,
      interest: 4.28,
      principal: 856.42,
      balance: 0,
    });
    expect(s.totalInterest).toBe(327.96);
    expect(s.totalPaid).toBe(10_327.96);
  });

  it.each([
    // amount, months, level payment, last payment (absorbs what the rounding left)
    [1000, 3, 333.33, 333.34],
    [100, 7, 14.29, 14.26],
    [12_000, 12, 1000, 1000],
  ])('zero rate: %d $ over %i months is %d $ a month, the last one %d $', (amount, months, payment, last) => {
    const s = schedule({ amount, rate: 0, amortization: months });
    expect(s.payment).toBe(payment);
    expect(s.rows.every((r) => r.interest === 0)).toBe(true);
    expect(s.rows.at(-1)!.payment).toBe(last);
    expect(s.totalPaid).toBe(amount);
    expect(s.totalInterest).toBe(0);
  });

  it('one month: the whole amount and one month of interest in one payment', () => {
    const s = schedule({ amount: 5000, rate: 12, amortization: 1 });
    expect(s.rows).toEqual([
      { number: 1, date: '2026-02-15', payment: 5050, interest: 50, principal: 5000, balance: 0 },
    ]);
    expect(s.payment).toBe(5050);
  });

  it('moratorium: interest only for its months, then the level payments over the amortization', () => {
    const s = schedule({ amount: 12_000, rate: 0, amortization: 12, moratorium: 6 });
    expect(s.rows).toHaveLength(18);
    expect(s.rows.slice(0, 6).every((r) => r.principal === 0 && r.payment === 0 && r.balance === 12_000)).toBe(true);
    expect(s.rows[6]).toMatchObject({ date: '2026-08-15', payment: 1000, principal: 1000, balance: 11_000 });

    const withInterest = schedule({ amount: 10_000, rate: 6, amortization: 12, moratorium: 3 });
    expect(withInterest.rows.slice(0, 3).map((r) => [r.payment, r.interest, r.principal, r.balance])).toEqual([
      [50, 50, 0, 10_000],
      [50, 50, 0, 10_000],
      [50, 50, 0, 10_000],
    ]);
    // After the moratorium, the same schedule as without one.
    expect(withInterest.payment).toBe(860.66);
    expect(withInterest.rows.at(-1)).toMatchObject({ date: '2027-04-15', payment: 860.7, balance: 0 });
    expect(withInterest.totalInterest).toBe(327.96 + 150);
  });

  it('cents: a payment rounds to the cent and no row carries floating-point noise', () => {
    const s = schedule({ amount: 123_456.78, rate: 7.125, amortization: 97, moratorium: 5 });
    for (const row of s.rows) {
      for (const value of [row.payment, row.interest, row.principal, row.balance]) {
        expect(Math.round(value * 100) / 100).toBe(value);
      }
    }
    expect(s.rows.at(-1)!.balance).toBe(0);
    expect(Math.round(s.rows.reduce((sum, r) => sum + r.principal * 100, 0))).toBe(12_345_678);
  });

  it.each([
    ['before the first payment', '2026-02-14', 10_000],
    ['on the day of the first payment', '2026-02-15', 9189.34],
    ['after the last payment', '2030-01-01', 0],
  ])('balance today %s', (_label, today, expected) => {
    expect(schedule({}, today).balanceToday).toBe(expected);
  });
});

describe('computeSchedule: terms that give no schedule', () => {
  it.each([
    ['a missing amortization', { amortization: null }, ['amortization']],
    ['a zero amortization', { amortization: 0 }, ['amortization']],
    ['a fractional amortization', { amortization: 1.5 }, ['amortization']],
    ['an amortization of more than 50 years', { amortization: 601 }, ['amortization']],
    ['a negative rate', { rate: -1 }, ['rate']],
    ['a rate over 100 %', { rate: 100.5 }, ['rate']],
    ['a missing rate', { rate: null }, ['rate']],
    ['a zero amount', { amount: 0 }, ['amount']],
    ['a missing amount', { amount: null }, ['amount']],
    ['a negative moratorium', { moratorium: -2 }, ['moratorium']],
    ['a missing authorization date', { authorizationDate: null }, ['authorizationDate']],
    [
      'nothing at all',
      { amount: null, rate: null, amortization: null, authorizationDate: null },
      ['amount', 'rate', 'amortization', 'authorizationDate'],
    ],
  ] as const)('%s', (_label, overrides, fields) => {
    const result = computeSchedule(terms(overrides), '2026-06-01');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems.map((p) => p.field)).toEqual(fields);
  });
});

describe('scheduleFigures: the table’s figures without the table', () => {
  // Starts on month ends and leap days, todays on either side of a payment's day of the month.
  const starts = ['2024-01-31', '2024-02-29', '2023-03-15', '2025-11-30', '2026-12-01'];
  const todays = ['2023-01-01', '2024-02-28', '2024-03-30', '2024-03-31', '2025-02-28', '2026-11-23', '2060-01-01'];
  const loans: ScheduleTerms[] = [];
  for (const authorizationDate of starts) {
    for (const [amount, rate, amortization, moratorium] of [
      [10_000, 6, 12, null],
      [123_456.78, 7.125, 97, 5],
      [100, 0, 7, 2],
      [5000, 12, 1, 0],
      [999_999.99, 100, 600, 0],
    ] as const) {
      loans.push({ amount, rate, amortization, moratorium, authorizationDate });
    }
  }

  it.each(todays)('agrees with computeSchedule and with every payment’s date, on %s', (today) => {
    for (const t of loans) {
      const full = computeSchedule(t, today);
      const figures = scheduleFigures(t, today);
      if (!full.ok || !figures.ok) throw new Error('these terms have a schedule');
      const { rows, ...expected } = full.schedule;
      expect(figures.figures).toEqual(expected);
      // Balance today: after the last payment dated on or before today, the amount before the first.
      const made = rows.filter((row) => row.date <= today);
      expect(figures.figures.balanceToday).toBe(made.length > 0 ? made.at(-1)!.balance : t.amount);
      // The last payment's date is the table's last row's.
      expect(figures.figures.lastPaymentDate).toBe(rows.at(-1)!.date);
    }
  });

  it('gives the same problems as computeSchedule for terms without a schedule', () => {
    const bad: ScheduleTerms = { amount: 0, rate: 120, amortization: 0, moratorium: -1, authorizationDate: null };
    const full = computeSchedule(bad, '2026-11-23');
    expect(scheduleFigures(bad, '2026-11-23')).toEqual(full);
    expect(full.ok).toBe(false);
  });
});

describe('agreementDifferences: the figures typed at authorization against the terms’', () => {
  // 19 009 $ at 2,34 % over 24 months after a 12-month moratorium: 811,49 $ a month, last paid 2028-10-21.
  const figures = { payment: 811.49, lastPaymentDate: '2028-10-21' };
  it.each([
    ['nothing typed', { refund: null, expectedEndDate: null }, { payment: false, endDate: false }],
    [
      'the same payment and date',
      { refund: 811.49, expectedEndDate: '2028-10-21' },
      { payment: false, endDate: false },
    ],
    ['a payment a cent off', { refund: 811.5, expectedEndDate: null }, { payment: true, endDate: false }],
    ['another payment and date', { refund: 12_829, expectedEndDate: '2027-11-25' }, { payment: true, endDate: true }],
  ] as const)('%s', (_label, agreed, expected) => {
    expect(agreementDifferences(agreed, figures)).toEqual(expected);
  });

  it('finds nothing to compare without a schedule', () => {
    expect(agreementDifferences({ refund: 1, expectedEndDate: '2030-01-01' }, null)).toEqual({
      payment: false,
      endDate: false,
    });
  });

  it('agrees with a loan’s own payment and last date, whatever its terms', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 1, max: 360 }),
        fc.integer({ min: 0, max: 24 }),
        fc.date({ min: new Date('2000-01-01'), max: new Date('2040-12-31'), noInvalidDate: true }),
        (cents, basisPoints, amortization, moratorium, day) => {
          const t = terms({
            amount: cents / 100,
            rate: basisPoints / 100,
            amortization,
            moratorium,
            authorizationDate: day.toISOString().slice(0, 10),
          });
          const result = scheduleFigures(t, '2030-01-01');
          if (!result.ok) return false;
          const { payment, lastPaymentDate } = result.figures;
          return (
            !agreementDifferences({ refund: payment, expectedEndDate: lastPaymentDate }, result.figures).payment &&
            agreementDifferences(
              { refund: payment + 0.01, expectedEndDate: addMonths(lastPaymentDate, 1) },
              result.figures,
            ).endDate
          );
        },
      ),
    );
  });
});
