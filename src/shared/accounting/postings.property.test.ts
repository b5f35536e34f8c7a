import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BUCKETS, computeLoanFigures, type Amendment } from '../servicing';
import { addDays, addMonths } from '../servicing/calendar';
import { imbalance, ledgerFigures, ledgerInputOn, loanPostings, type LedgerLoan } from './postings';

/*
 * Any generated loan history — disbursements, repayments (late, early, partial, prepayments, recoveries),
 * amendments, write-offs and their undoing, each reversed or not on a later day — gives postings that each
 * balance, and whose sum to loans receivable through any day is the engine's outstanding principal that day.
 */

const START = '2024-01-15';
const day = (min: number, max: number) => fc.integer({ min, max }).map((n) => addDays(START, n));
/** A correction some days after the entry, or none. */
const correction = (date: fc.Arbitrary<string>) =>
  fc.tuple(date, fc.option(fc.integer({ min: 0, max: 400 }), { freq: 4 })).map(([on, after]) => ({
    on,
    correctedOn: after === null ? null : addDays(on, after),
  }));

const loanArb = fc
  .record({
    amount: fc.integer({ min: 100, max: 50_000_000 }),
    rate: fc.oneof(
      fc.constant(0),
      fc.integer({ min: 1, max: 20_000 }).map((t) => t / 1000),
    ),
    amortization: fc.integer({ min: 1, max: 60 }),
    moratorium: fc.integer({ min: 0, max: 6 }),
  })
  .chain((terms) => {
    const installment = Math.ceil(terms.amount / terms.amortization) + 1;
    return fc.record({
      terms: fc.constant({ ...terms, authorizationDate: START }),
      disbursements: fc.array(
        fc.record({
          at: correction(fc.oneof(fc.constant(START), day(0, 120))),
          amount: fc.oneof(fc.constant(terms.amount), fc.integer({ min: 1, max: terms.amount })),
        }),
        { minLength: 1, maxLength: 3 },
      ),
      repayments: fc.array(
        fc.record({
          at: correction(
            fc.oneof(
              day(0, 1200),
              fc
                .tuple(fc.integer({ min: 0, max: 40 }), fc.integer({ min: -3, max: 3 }))
                .map(([m, d]) => addDays(addMonths(START, m), d)),
            ),
          ),
          amount: fc.oneof(
            fc.integer({ min: Math.floor(installment * 0.8), max: installment * 3 }),
            fc.integer({ min: 1, max: terms.amount }),
          ),
          kind: fc.constantFrom('regular', 'regular', 'prepayment', 'recovery') as fc.Arbitrary<
            'regular' | 'prepayment' | 'recovery'
          >,
        }),
        { maxLength: 20 },
      ),
      amendments: fc.array(
        fc.oneof(
          fc.record({
            kind: fc.constantFrom('moratorium', 'payment_holiday', 'term_extension') as fc.Arbitrary<
              'moratorium' | 'payment_holiday' | 'term_extension'
            >,
            at: correction(day(0, 900)),
            months: fc.integer({ min: 1, max: 6 }),
          }),
          fc.record({
            kind: fc.constant('rate_change' as const),
            at: correction(day(0, 900)),
            rate: fc.integer({ min: 0, max: 20_000 }).map((t) => t / 1000),
          }),
        ),
        { maxLength: 2 },
      ),
      writeOffs: fc.array(correction(day(60, 1300)), { maxLength: 2 }),
      probes: fc.array(day(-5, 1800), { minLength: 1, maxLength: 4 }),
    });
  })
  .map((g) => {
    const loan: LedgerLoan = {
      terms: g.terms,
      buckets: DEFAULT_BUCKETS,
      disbursements: g.disbursements.map((d, i) => ({
        id: `d${i}`,
        date: d.at.on,
        amount: d.amount,
        reversedOn: d.at.correctedOn,
      })),
      repayments: g.repayments.map((r, i) => ({
        id: `r${i}`,
        receivedOn: r.at.on,
        amount: r.amount,
        kind: r.kind,
        reversedOn: r.at.correctedOn,
      })),
      amendments: g.amendments.map(({ at, ...a }, i) => ({
        ...(a as Omit<Amendment, 'id' | 'effectiveDate' | 'reversed'>),
        id: `a${i}`,
        effectiveDate: at.on,
        reversed: false,
        reversedOn: at.correctedOn,
      })) as unknown as LedgerLoan['amendments'],
      // One write-off in force at a time: each earlier one undone before the next.
      writeOffs: g.writeOffs
        .sort((a, b) => (a.on < b.on ? -1 : 1))
        .map((w, i, all) => ({
          date: w.on,
          undoneOn: i < all.length - 1 ? addDays(w.on, 1) : w.correctedOn,
        })),
    };
    return { loan, probes: g.probes };
  });

const FAR = '2023-12-01';
const END = addDays(START, 2000);

describe('postings over generated loans', { timeout: 120_000 }, () => {
  it('balance to the cent, and loans receivable sums to the outstanding principal on any day', () => {
    fc.assert(
      fc.property(loanArb, ({ loan, probes }) => {
        const postings = loanPostings(loan, FAR, END);
        for (const posting of postings) expect(imbalance(posting.lines)).toBe(0);
        for (const probe of probes) {
          const loans = postings
            .filter((p) => p.date <= probe)
            .flatMap((p) => p.lines)
            .filter((line) => line.role === 'loans_receivable')
            .reduce((sum, line) => sum + line.amount, 0);
          expect(loans).toBe(ledgerFigures(loan, probe).outstandingPrincipal);
        }
        // Once every correction is made, the books agree with the engine as it reads the loan today.
        const today = computeLoanFigures({ ...ledgerInputOn(loan, END), asOf: END }).figures;
        const total = postings
          .flatMap((p) => p.lines)
          .filter((line) => line.role === 'loans_receivable')
          .reduce((sum, line) => sum + line.amount, 0);
        expect(total).toBe(today.outstandingPrincipal);
        // A period's postings are the same whether exported alone or within a longer one.
        const mid = probes[0]!;
        const split = [...loanPostings(loan, FAR, mid), ...loanPostings(loan, addDays(mid, 1), END)];
        expect(split).toEqual(postings);
      }),
      { numRuns: 150 },
    );
  });
});
