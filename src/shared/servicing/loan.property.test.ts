import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_BUCKETS,
  addDays,
  addMonths,
  computeLoan,
  computeLoanFigures,
  daysBetween,
  projectInstallments,
  type Amendment,
  type LoanInput,
  type LoanTerms,
  type Repayment,
} from '.';
import { computeSchedule } from '../portfolio/schedule';
import { expectConsistent } from '../test/servicing-fixture';

/*
 * Properties over generated loans: any terms, disbursements, payments (late, early, partial, too large,
 * reversed, recoveries), amendments and write-offs, at any as-of date.
 */

const START_DATES = ['2024-01-31', '2024-02-29', '2023-12-31', '2025-03-30', '2026-01-15', '2025-11-30'];

const termsArb = (maxMonths: number) =>
  fc.record({
    amount: fc.oneof(fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: 100_000, max: 500_000_000 })),
    rate: fc.oneof(
      fc.constant(0),
      fc.integer({ min: 1, max: 100_000 }).map((thousandths) => thousandths / 1000),
    ),
    amortization: fc.integer({ min: 1, max: maxMonths }),
    moratorium: fc.integer({ min: 0, max: 24 }),
    authorizationDate: fc.oneof(
      fc.constantFrom(...START_DATES),
      fc.integer({ min: 0, max: 1500 }).map((days) => addDays('2022-01-01', days)),
    ),
  });

/** A loan's whole history, dated in days from its authorization date. */
const loanArb = termsArb(72)
  .filter((t) => t.amortization + t.moratorium <= 600)
  .chain((terms) => {
    const installment = Math.ceil(terms.amount / terms.amortization) + 1;
    const day = (min: number, max: number) =>
      fc.integer({ min, max }).map((offset) => addDays(terms.authorizationDate, offset));
    // Half the dates near a due date (on it, or a few days either side), where the rules meet.
    const nearDue = (max: number) =>
      fc.oneof(
        day(-15, max),
        fc
          .tuple(fc.integer({ min: 0, max: Math.floor(max / 30) }), fc.integer({ min: -4, max: 4 }))
          .map(([months, days]) => addDays(addMonths(terms.authorizationDate, months), days)),
      );
    return fc.record({
      terms: fc.constant(terms),
      disbursements: fc.oneof(
        { weight: 1, arbitrary: fc.constant<{ date: string; amount: number; reversed: boolean }[]>([]) },
        {
          weight: 9,
          arbitrary: fc.array(
            fc.record({
              date: fc.oneof(
                { weight: 3, arbitrary: fc.constant(terms.authorizationDate) },
                { weight: 2, arbitrary: day(0, 200) },
              ),
              amount: fc.oneof(fc.constant(terms.amount), fc.integer({ min: 1, max: terms.amount })),
              reversed: fc.integer({ min: 0, max: 5 }).map((n) => n === 0),
            }),
            { minLength: 1, maxLength: 3 },
          ),
        },
      ),
      repayments: fc.array(
        fc.record({
          receivedOn: nearDue(2400),
          amount: fc.oneof(
            { weight: 3, arbitrary: fc.integer({ min: Math.floor(installment * 0.8), max: installment * 2 }) },
            { weight: 3, arbitrary: fc.integer({ min: 1, max: 3 * installment }) },
            { weight: 1, arbitrary: fc.integer({ min: 1, max: 2 * terms.amount }) },
          ),
          kind: fc.constantFrom<Repayment['kind']>('regular', 'regular', 'regular', 'prepayment', 'recovery'),
          reversed: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
        }),
        { maxLength: 30 },
      ),
      amendments: fc.array(
        fc.oneof(
          fc.record({
            kind: fc.constantFrom('moratorium', 'payment_holiday', 'payment_holiday', 'term_extension') as fc.Arbitrary<
              'moratorium' | 'payment_holiday' | 'term_extension'
            >,
            effectiveDate: day(0, 2000),
            months: fc.integer({ min: 1, max: 12 }),
            reversed: fc.integer({ min: 0, max: 5 }).map((n) => n === 0),
          }),
          fc.record({
            kind: fc.constant('rate_change' as const),
            effectiveDate: day(0, 2000),
            rate: fc.integer({ min: 0, max: 30_000 }).map((thousandths) => thousandths / 1000),
            reversed: fc.integer({ min: 0, max: 5 }).map((n) => n === 0),
          }),
        ),
        { maxLength: 3 },
      ),
      writeOff: fc.option(
        day(0, 2400).map((date) => ({ date })),
        { freq: 4 },
      ),
      asOf: fc.oneof({ weight: 1, arbitrary: day(-30, 2600) }, { weight: 3, arbitrary: nearDue(2000) }),
    });
  })
  .map((loan): LoanInput => ({
    terms: loan.terms,
    disbursements: loan.disbursements.map((d, i) => ({ id: `d${i}`, ...d })),
    repayments: loan.repayments.map((r, i) => ({ id: `r${i}`, ...r })),
    amendments: loan.amendments.map((a, i) => ({ id: `a${i}`, ...a }) as Amendment),
    writeOff: loan.writeOff,
    buckets: DEFAULT_BUCKETS,
    asOf: loan.asOf,
  }));

// Hundreds of loans each: seconds on a quiet machine, more on a busy one.
const SLOW = { timeout: 60_000 };

describe('computeLoan over generated loans', SLOW, () => {
  it('always reconciles to the cent, with no negative amount and statuses agreeing with arrears and days past due', () => {
    fc.assert(
      fc.property(loanArb, (input) => {
        const result = computeLoan(input);
        expectConsistent(result, input);
        expect(computeLoanFigures(input)).toEqual({ status: result.status, figures: result.figures });
      }),
      { numRuns: 400 },
    );
  });

  it('depends on the entries’ dates, not the order they were recorded in', () => {
    fc.assert(
      fc.property(loanArb, (input) => {
        // Entries of one day keep the order they were recorded in; those of distinct days may come in any order.
        const distinct = <T>(list: readonly T[], date: (entry: T) => string) =>
          list.filter((entry, i) => list.findIndex((other) => date(other) === date(entry)) === i);
        const repayments = distinct(input.repayments, (r) => r.receivedOn);
        const disbursements = distinct(input.disbursements, (d) => d.date);
        const inOrder = computeLoanFigures({ ...input, repayments, disbursements });
        const reversed = computeLoanFigures({
          ...input,
          repayments: [...repayments].reverse(),
          disbursements: [...disbursements].reverse(),
        });
        expect(reversed).toEqual(inOrder);
      }),
      { numRuns: 200 },
    );
  });

  it('keeps a bucket history that the loan computed on each change’s day, and the day before, agrees with', () => {
    fc.assert(
      fc.property(loanArb, (input) => {
        const { bucketHistory, figures, status } = computeLoan(input);
        bucketHistory.forEach((change, index) => {
          const that = computeLoanFigures({ ...input, asOf: change.date }).figures;
          expect([that.bucket, that.daysPastDue]).toEqual([change.bucket, change.daysPastDue]);
          if (index > 0) {
            const before = computeLoanFigures({ ...input, asOf: addDays(change.date, -1) }).figures;
            expect(before.bucket).toBe(bucketHistory[index - 1]!.bucket);
          }
        });
        if (status === 'active' || status === 'repaid') expect(bucketHistory.at(-1)!.bucket).toBe(figures.bucket);
      }),
      { numRuns: 150 },
    );
  });

  it('holds its figures until nextChangeOn, days past due growing by one a day from overdueSince', () => {
    fc.assert(
      fc.property(loanArb, fc.integer({ min: 1, max: 400 }), (input, step) => {
        const { figures } = computeLoanFigures(input);
        const last = figures.nextChangeOn === null ? 400 : daysBetween(input.asOf, figures.nextChangeOn) - 1;
        for (const offset of new Set([1, Math.min(step, last), last])) {
          if (offset < 1 || offset > last) continue;
          const day = addDays(input.asOf, offset);
          const later = computeLoanFigures({ ...input, asOf: day }).figures;
          const daysPastDue = figures.overdueSince === null ? 0 : Math.max(0, daysBetween(figures.overdueSince, day));
          expect(later).toEqual({ ...figures, daysPastDue: figures.bucket === null ? 0 : daysPastDue });
        }
      }),
      { numRuns: 200 },
    );
  });

  it('never changes an installment because of a regular payment, early, late or partial', () => {
    fc.assert(
      fc.property(loanArb, (input) => {
        const regular = { ...input, writeOff: null, repayments: input.repayments.filter((r) => r.kind === 'regular') };
        const result = computeLoan(regular);
        // A regular payment reaching the payoff amount closes the loan: that one does change the schedule.
        if (result.repayments.some((r) => r.appliedAs === 'prepayment')) return;
        const unpaid = computeLoan({ ...regular, repayments: [] });
        const plan = (r: typeof result) =>
          r.installments.map((i) => [i.dueDate, i.interest, i.principal, i.capitalised]);
        expect(plan(result)).toEqual(plan(unpaid));
      }),
      { numRuns: 200 },
    );
  });
});

/**
 * The schedule as ADR 0020 defined it before this module existed, month by month: the oracle for the
 * equivalence (kept here, in cents, so that the view `computeSchedule` is compared to something else).
 */
function agreedSchedule(terms: LoanTerms) {
  const r = terms.rate / 100 / 12;
  const round = (value: number) => Math.sign(value) * Math.round(Math.abs(value) + 1e-9);
  const payment =
    r === 0
      ? round(terms.amount / terms.amortization)
      : round((terms.amount * r) / (1 - (1 + r) ** -terms.amortization));
  const total = terms.moratorium + terms.amortization;
  const rows: { date: string; interest: number; principal: number; balance: number }[] = [];
  let balance = terms.amount;
  for (let n = 1; n <= total; n += 1) {
    const interest = round(balance * r);
    const principal = n <= terms.moratorium ? 0 : n === total ? balance : Math.min(balance, payment - interest);
    balance -= principal;
    const start = new Date(`${terms.authorizationDate}T00:00:00Z`);
    const target = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + n, 1));
    const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
    target.setUTCDate(Math.min(start.getUTCDate(), lastDay));
    rows.push({ date: target.toISOString().slice(0, 10), interest, principal, balance });
  }
  return { payment, rows };
}

describe('the agreed schedule (ADR 0020) is the servicing of a loan paid exactly as agreed', SLOW, () => {
  const equivalence = termsArb(600).filter((t) => t.amortization + t.moratorium <= 600);

  it('projectInstallments and computeSchedule give its rows to the cent', () => {
    fc.assert(
      fc.property(equivalence, (terms) => {
        const agreed = agreedSchedule(terms);
        // The one difference: a level payment rounded up can repay the balance a month or two before the
        // last planned one (1 000 $ over 600 months at 0 %: 599 × 1,67 $ > 1 000 $). ADR 0020's table went on
        // with months of 0 $; here the installment that brings the balance to 0 is the last (ADR 0033).
        const ended = agreed.rows.findIndex((row) => row.balance === 0) + 1;
        expect(agreed.rows.slice(ended).every((row) => row.interest + row.principal === 0)).toBe(true);
        const expected = agreed.rows.slice(0, ended);

        const installments = projectInstallments(terms);
        expect(
          installments.map((i) => ({
            date: i.dueDate,
            interest: i.interest,
            principal: i.principal,
            balance: i.closingBalance,
          })),
        ).toEqual(expected);

        const dollars = { ...terms, amount: terms.amount / 100 };
        const schedule = computeSchedule(dollars, '2030-01-01');
        if (!schedule.ok) throw new Error('valid terms');
        expect(schedule.schedule.payment).toBe(agreed.payment / 100);
        expect(schedule.schedule.rows.map((row) => [row.date, row.interest, row.principal, row.balance])).toEqual(
          expected.map((row) => [row.date, row.interest / 100, row.principal / 100, row.balance / 100]),
        );
      }),
      { numRuns: 500 },
    );
  });

  it('computeLoan, paid out on the authorization date and paid on every due date, gives the same rows, all paid', () => {
    fc.assert(
      fc.property(
        termsArb(240).filter((t) => t.amortization + t.moratorium <= 600),
        (terms) => {
          const rows = agreedSchedule(terms).rows.filter((row) => row.interest + row.principal > 0 || row.balance > 0);
          const input: LoanInput = {
            terms,
            disbursements: [{ id: 'd', date: terms.authorizationDate, amount: terms.amount, reversed: false }],
            repayments: rows
              .filter((row) => row.interest + row.principal > 0)
              .map((row, i) => ({
                id: `r${i}`,
                receivedOn: row.date,
                amount: row.interest + row.principal,
                kind: 'regular',
                reversed: false,
              })),
            amendments: [],
            writeOff: null,
            buckets: DEFAULT_BUCKETS,
            asOf: rows.at(-1)!.date,
          };
          const result = computeLoan(input);
          expectConsistent(result, input);
          expect(
            result.installments.map((i) => ({
              date: i.dueDate,
              interest: i.interest,
              principal: i.principal,
              balance: i.closingBalance,
            })),
          ).toEqual(rows);
          expect(result.status).toBe('repaid');
          expect(result.installments.every((i) => i.status === 'paid')).toBe(true);
          expect(result.bucketHistory).toHaveLength(1);
          expect(result.figures.overpaid).toBe(0);
        },
      ),
      { numRuns: 300 },
    );
  });
});
