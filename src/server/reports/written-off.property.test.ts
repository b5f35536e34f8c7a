import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { todayIso } from '../../shared/portfolio/schedule';
import { addDays } from '../../shared/servicing/calendar';
import { selectRows } from '../db/rows';
import { useAuthHeader, useLookupIds, useTestApp } from '../test/harness';
import { createLoans, loanTerms, post, type TestLoan } from '../test/servicing-fixtures';

/*
 * A property over generated loans on the real app and database: write-offs, recoveries, repayments, reversals and
 * undos in any order, each accepted or refused as the rules say (never a 5xx). Afterwards every report that shows
 * a written-off or recovered amount — the fund activity report, the portfolio's collections — equals the sum of
 * the loans' own figures (GET /companies/:id/loans) to the cent.
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const t = useTestApp();
const ids = useLookupIds(t);
const auth = useAuthHeader(t);

const today = todayIso();
/** The loans start within the last two years; every report reads from before the first. */
const START = addDays(today, -730);
const FROM = addDays(START, -1);

/** What a generated step does on one of the fund's loans; days count from the loan's disbursement. */
type Step =
  | { kind: 'repay'; loan: number; day: number; amount: number }
  | { kind: 'recover'; loan: number; day: number; amount: number }
  | { kind: 'writeOff'; loan: number; day: number }
  | { kind: 'reverse'; loan: number; entry: number; what: 'repayment' | 'disbursement' }
  | { kind: 'undo'; loan: number };

const loanArb = fc.record({
  dollars: fc.integer({ min: 1_000, max: 60_000 }),
  rate: fc.constantFrom('0', '4.5', '6', '12'),
  amortization: fc.integer({ min: 6, max: 48 }),
  start: fc.integer({ min: 0, max: 600 }),
});

const stepArb = (loans: number): fc.Arbitrary<Step> => {
  const loan = fc.integer({ min: 0, max: loans - 1 });
  const day = fc.integer({ min: 0, max: 700 });
  return fc.oneof(
    fc.record({ kind: fc.constant('repay' as const), loan, day, amount: fc.integer({ min: 1, max: 800_000 }) }),
    fc.record({ kind: fc.constant('recover' as const), loan, day, amount: fc.integer({ min: 1, max: 500_000 }) }),
    fc.record({ kind: fc.constant('writeOff' as const), loan, day }),
    {
      arbitrary: fc.record({
        kind: fc.constant('reverse' as const),
        loan,
        entry: fc.nat(6),
        what: fc.constantFrom('repayment' as const, 'disbursement' as const),
      }),
      weight: 3,
    },
    fc.record({ kind: fc.constant('undo' as const), loan }),
  );
};

/**
 * Each loan most often starts as the audit's did — a payment soon after it is paid out, then a write-off — so
 * that the steps after (in any order) meet a write-off with entries under it; then anything at all.
 */
const openingArb = (loan: number): fc.Arbitrary<Step[]> =>
  fc.oneof(
    { arbitrary: fc.constant<Step[]>([]), weight: 1 },
    {
      arbitrary: fc
        .tuple(
          fc.record({
            kind: fc.constant('repay' as const),
            loan: fc.constant(loan),
            day: fc.integer({ min: 10, max: 90 }),
            amount: fc.integer({ min: 1_000, max: 300_000 }),
          }),
          fc.record({
            kind: fc.constant('writeOff' as const),
            loan: fc.constant(loan),
            day: fc.integer({ min: 120, max: 500 }),
          }),
        )
        .map((pair): Step[] => [...pair]),
      weight: 4,
    },
  );

const scenarioArb = fc.array(loanArb, { minLength: 1, maxLength: 2 }).chain((loans) =>
  fc.record({
    loans: fc.constant(loans),
    steps: fc
      .tuple(
        fc.tuple(...loans.map((_loan, index) => openingArb(index))),
        fc.array(stepArb(loans.length), { maxLength: 8 }),
      )
      .map(([openings, rest]) => [...openings.flat(), ...rest]),
  }),
);

async function newFund(): Promise<string> {
  const key = `prop-${randomUUID().slice(0, 8)}`;
  const [row] = await selectRows<{ id: string }>(
    t.database.db,
    sql`INSERT INTO contribution_funds (key, name_fr, name_en) VALUES (${key}, ${`Fonds ${key}`}, ${`Fund ${key}`}) RETURNING id`,
  );
  return row!.id;
}

const dollars = (cents: number) => (cents / 100).toFixed(2);
/** A day `offset` days after `from`, never after today. */
const dayAfter = (from: string, offset: number) => {
  const day = addDays(from, offset);
  return day > today ? today : day;
};

describe('written-off and recovered amounts in every report', () => {
  it('equal the loans’ own figures to the cent, whatever the order of write-offs, recoveries and corrections', async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArb, async ({ loans, steps }) => {
        const fund = await newFund();
        const starts = loans.map((loan) => addDays(START, loan.start));
        const created: TestLoan[] = await createLoans(
          t,
          auth,
          ids,
          loans.map((loan, index) =>
            loanTerms(ids, {
              contribution_fund_id: fund,
              amount: String(loan.dollars),
              rate: loan.rate,
              amortization: String(loan.amortization),
              authorization_date: starts[index],
            }),
          ),
        );
        for (const [index, loan] of created.entries()) {
          await post(t, auth, `${loan.url}/disbursements`, {
            date: starts[index],
            amount: String(loans[index]!.dollars),
            method: 'eft',
          });
        }
        for (const step of steps) {
          const loan = created[step.loan]!;
          const start = starts[step.loan]!;
          let res;
          if (step.kind === 'repay' || step.kind === 'recover') {
            res = await t.inject({
              method: 'POST',
              url: `${loan.url}/repayments`,
              headers: auth,
              payload: {
                received_on: dayAfter(start, step.day),
                amount: dollars(step.amount),
                method: 'eft',
                kind: step.kind === 'repay' ? 'regular' : 'recovery',
              },
            });
          } else if (step.kind === 'writeOff') {
            res = await t.inject({
              method: 'POST',
              url: `${loan.url}/write_off`,
              headers: auth,
              payload: { date: dayAfter(start, step.day), reason: 'Faillite' },
            });
          } else if (step.kind === 'undo') {
            res = await t.inject({
              method: 'POST',
              url: `${loan.url}/write_off/undo`,
              headers: auth,
              payload: { reason: 'Entente' },
            });
          } else {
            const plural = `${step.what}s`;
            const entries = (await t.inject({ method: 'GET', url: `${loan.url}/${plural}`, headers: auth })).json()
              .data as Json[];
            if (entries.length === 0) continue;
            const entry = entries[step.entry % entries.length]!;
            res = await t.inject({
              method: 'POST',
              url: `${loan.url}/${plural}/${entry.id}/reverse`,
              headers: auth,
              payload: { reason: 'Correction' },
            });
          }
          expect([200, 201, 409, 422], `${JSON.stringify(step)}: ${res.body}`).toContain(res.statusCode);
        }

        // The loans' own figures, as their company file lists them.
        const own = (
          await t.inject({ method: 'GET', url: `/api/companies/${created[0]!.companyId}/loans`, headers: auth })
        ).json().data as Json[];
        const cents = (value: number) => Math.round(value * 100);
        const writtenOff = own.filter((loan) => loan.status === 'written_off');
        const writtenOffCents = writtenOff.reduce(
          (sum, loan) => sum + cents(loan.figures.written_off_principal) + cents(loan.figures.written_off_interest),
          0,
        );
        const recoveredCents = own.reduce((sum, loan) => sum + cents(loan.figures.recovered), 0);

        const activity = await t.inject({
          method: 'GET',
          url: `/api/reports/fund_activity?fund_id=${fund}&from=${FROM}&to=${today}`,
          headers: auth,
        });
        expect(activity.statusCode, activity.body).toBe(200);
        expect(activity.json().data.written_off_count).toBe(writtenOff.length);
        expect(cents(activity.json().data.written_off_amount)).toBe(writtenOffCents);

        const collections = await t.inject({
          method: 'GET',
          url: `/api/portfolio/collections?filter[fund_id]=${fund}&from=${FROM}&to=${today}`,
          headers: auth,
        });
        expect(collections.statusCode, collections.body).toBe(200);
        expect(cents(collections.json().data.recovered)).toBe(recoveredCents);
      }),
      // Each run writes a fund and its loans through the API: a few runs, each a whole story.
      { numRuns: 12, endOnFailure: true },
    );
  }, 240_000);
});
