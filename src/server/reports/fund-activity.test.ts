import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { todayIso } from '../../shared/portfolio/schedule';
import { addDays } from '../../shared/servicing/calendar';
import { useAuthHeader, useLookupIds, useTestApp } from '../test/harness';
import { asForm } from '../test/company-fixtures';
import { createLoans, loanTerms, post } from '../test/servicing-fixtures';
import { selectRows } from '../db/rows';
import { committeeOfOne, decideRequest, moveRequest } from '../test/pipeline-fixtures';

/*
 * The fund activity report (docs/decisions/0041) on the real app and database: its figures against SQL written
 * here on its own, and the outstanding principal against the loans' own figures (GET /companies/:id/loans).
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const today = todayIso();
const from = addDays(today, -200);
const companies: string[] = [];

const t = useTestApp();
const ids = useLookupIds(t);
const auth = useAuthHeader(t);
beforeAll(async () => {
  const start = addDays(today, -150);
  // Two companies, three loans of the fund in the period (one never paid out), one before it.
  const first = await createLoans(
    t,
    auth,
    ids,
    [
      loanTerms(ids, { authorization_date: start, amount: '1200', project_cost: '6000' }),
      loanTerms(ids, { authorization_date: addDays(today, -20), amount: '5000', project_cost: '' }),
      loanTerms(ids, { authorization_date: addDays(today, -400), amount: '900', project_cost: '1800' }),
    ],
    { employee_count: '10' },
  );
  const second = await createLoans(
    t,
    auth,
    ids,
    [loanTerms(ids, { authorization_date: start, amount: '2400', project_cost: '4800' })],
    { employee_count: '4', name: 'Boulangerie Deux' },
  );
  companies.push(first[0]!.companyId, second[0]!.companyId);
  for (const loan of [first[0]!, second[0]!]) {
    await post(t, auth, `${loan.url}/disbursements`, {
      date: start,
      amount: loan === first[0] ? '1200' : '2400',
      method: 'eft',
    });
  }
  await post(t, auth, `${first[2]!.url}/disbursements`, { date: addDays(today, -400), amount: '900', method: 'eft' });
  await post(t, auth, `${first[0]!.url}/repayments`, {
    received_on: addDays(today, -100),
    amount: '106.62',
    method: 'pad',
  });
  await post(t, auth, `${first[0]!.url}/repayments`, {
    received_on: addDays(today, -70),
    amount: '106.62',
    method: 'pad',
  });
  await post(t, auth, `${second[0]!.url}/write_off`, { date: addDays(today, -10), reason: 'Faillite' });
  // The first company grew since: the report counts its jobs then and now.
  const company = (
    await t.inject({ method: 'GET', url: `/api/companies/${first[0]!.companyId}`, headers: auth })
  ).json().data as Json;
  const saved = await t.inject({
    method: 'PATCH',
    url: `/api/companies/${company.id}`,
    headers: auth,
    payload: { ...asForm(company), employee_count: '14' },
  });
  expect(saved.statusCode, saved.body).toBe(200);
});

const report = (query: string, locale = 'en') =>
  t.inject({ method: 'GET', url: `/api/reports/fund_activity?locale=${locale}&${query}`, headers: auth });
/** The CSV of the fund's whole seeded period. */
const periodCsv = (locale: 'fr' | 'en') =>
  t.inject({
    method: 'GET',
    url: `/api/reports/fund_activity.csv?locale=${locale}&fund_id=${ids.fund}&from=${from}&to=${today}`,
    headers: auth,
  });

describe('GET /api/reports/fund_activity', () => {
  it('gives the figures the tables hold, summed here another way', async () => {
    const res = await report(`fund_id=${ids.fund}&from=${from}&to=${today}`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as Json;
    const db = t.database.db;
    const one = async (query: ReturnType<typeof sql>) =>
      Number(Object.values((await selectRows<Json>(db, query))[0]!)[0]);
    const inFund = sql`f.contribution_fund_id = ${ids.fund}`;
    const expected = {
      authorized_count: await one(sql`SELECT count(*) FROM financial_contributions f WHERE ${inFund}
                                       AND f.authorization_date >= ${from} AND f.authorization_date <= ${today}`),
      authorized_amount: await one(sql`SELECT sum(f.amount) FROM financial_contributions f WHERE ${inFund}
                                        AND f.authorization_date >= ${from} AND f.authorization_date <= ${today}`),
      disbursed_amount:
        (await one(sql`SELECT sum(d.amount_cents) FROM disbursements d, financial_contributions f
                                        WHERE f.id = d.contribution_id AND ${inFund} AND d.reversed_at IS NULL
                                          AND d.date >= ${from} AND d.date <= ${today}`)) / 100,
      repaid_amount:
        (await one(sql`SELECT sum(r.amount_cents) FROM repayments r, financial_contributions f
                                     WHERE f.id = r.contribution_id AND ${inFund} AND r.reversed_at IS NULL
                                       AND r.received_on >= ${from} AND r.received_on <= ${today}`)) / 100,
    };
    expect(data).toMatchObject({
      ...expected,
      fund_id: ids.fund,
      from,
      to: today,
      disbursed_count: 2,
      repaid_count: 2,
      written_off_count: 1,
      project_cost: 10800,
      fund_contribution: 3600,
      leverage: 3,
      // 10 and 4 employees when authorized; the first has 14 now.
      jobs_at_authorization: 14,
      jobs_now: 18,
    });
    expect(expected.authorized_count).toBe(3);
    expect(expected.authorized_amount).toBe(8600);
    // The outstanding principal: what the loans' own figures say, summed.
    let outstanding = 0;
    for (const id of companies) {
      const loans = (await t.inject({ method: 'GET', url: `/api/companies/${id}/loans`, headers: auth })).json()
        .data as Json[];
      outstanding += loans
        .filter((loan) => loan.status === 'active')
        .reduce((sum, loan) => sum + loan.figures.outstanding_principal, 0);
    }
    expect(data.outstanding_at_end).toBeCloseTo(outstanding, 2);
    expect(outstanding).toBeGreaterThan(0);
    // What was written off: the written-off loan's own figures.
    const second = (
      await t.inject({ method: 'GET', url: `/api/companies/${companies[1]}/loans`, headers: auth })
    ).json().data as Json[];
    const off = second[0]!.figures;
    expect(off.written_off_principal).toBeGreaterThan(0);
    expect(data.written_off_amount).toBe(cents(off.written_off_principal + off.written_off_interest));
  });

  it('downloads the same figures as CSV for Excel in both languages', async () => {
    const fr = await periodCsv('fr');
    expect(fr.statusCode).toBe(200);
    expect(fr.headers['content-type']).toContain('text/csv');
    expect(fr.body.startsWith('\uFEFFIndicateur;Valeur\r\n')).toBe(true);
    expect(fr.body).toContain('Montant autorisé;8600,00\r\n');
    expect(fr.body).toContain('Demandes de financement reçues;0\r\n');
    const en = await periodCsv('en');
    expect(en.body).toContain('Amount authorized,8600.00\r\n');
    expect(en.body).toContain('Jobs now,18\r\n');
    expect(en.headers['content-disposition']).toContain(`fund-activity-${from}-${today}.csv`);
  });

  it('refuses a bad period or fund with a localized message, never a 5xx', async () => {
    const cases: [string, number, string][] = [
      [`fund_id=${ids.fund}&from=${today}&to=${from}`, 400, 'The period must end on or after its first day.'],
      [`fund_id=${ids.fund}&from=2026-02-30&to=${today}`, 400, 'Give a day as YYYY-MM-DD, between 1900 and 2100.'],
      [`fund_id=${ids.fund}&from=2000-01-01&to=2020-01-01`, 400, 'A report covers at most ten years.'],
      [`from=${from}&to=${today}`, 400, 'Choose a fund.'],
      [`fund_id=${randomUUID()}&from=${from}&to=${today}`, 404, 'This fund does not exist.'],
      [`fund_id=nope&from=${from}&to=${today}`, 404, 'This fund does not exist.'],
    ];
    for (const [query, status, message] of cases) {
      for (const path of ['/api/reports/fund_activity', '/api/reports/fund_activity.csv']) {
        const res = await t.inject({ method: 'GET', url: `${path}?locale=en&${query}`, headers: auth });
        expect(res.statusCode, query).toBe(status);
        expect(res.json().errors.message).toBe(message);
      }
    }
    const fr = await report(`fund_id=${ids.fund}&from=${today}&to=${from}`, 'fr');
    expect(fr.json().errors.message).toBe('La période doit se terminer le jour de son début ou après.');
    expect((await report(`fund_id=${ids.fund}&from=${from}&to=${today}&x=1`)).statusCode).toBe(400);
  });
});

/** A contribution fund of the test's own: its reports hold only the test's loans. */
async function newFund(): Promise<string> {
  const key = `fonds-${randomUUID().slice(0, 8)}`;
  const [row] = await selectRows<{ id: string }>(
    t.database.db,
    sql`INSERT INTO contribution_funds (key, name_fr, name_en) VALUES (${key}, ${`Fonds ${key}`}, ${`Fund ${key}`}) RETURNING id`,
  );
  return row!.id;
}

/** Dollars summed to the cent (no floating-point dust). */
const cents = (dollars: number) => Math.round(dollars * 100) / 100;

/** A company's loans as its file lists them, with their own figures. */
const loansOf = async (companyId: string) =>
  (await t.inject({ method: 'GET', url: `/api/companies/${companyId}/loans`, headers: auth })).json().data as Json[];

describe('what was written off, from the loans’ own figures', () => {
  it('reports the audit’s loan as its figures say, whatever its write-off row kept, and refuses the correction under it', async () => {
    const fund = await newFund();
    // 20 000 $ at 6 % over 24 months, paid out on 15 January 2025, 5 000 $ received on 5 February, written off on
    // 31 December 2025: 15 540,62 $ of principal and 339,84 $ of interest.
    const [loan] = await createLoans(t, auth, ids, [
      loanTerms(ids, {
        contribution_fund_id: fund,
        amount: '20000',
        rate: '6',
        amortization: '24',
        authorization_date: '2025-01-15',
      }),
    ]);
    await post(t, auth, `${loan!.url}/disbursements`, { date: '2025-01-15', amount: '20000', method: 'eft' });
    const paid = await post(t, auth, `${loan!.url}/repayments`, {
      received_on: '2025-02-05',
      amount: '5000',
      method: 'eft',
    });
    await post(t, auth, `${loan!.url}/write_off`, { date: '2025-12-31', reason: 'Faillite' });
    const query = `fund_id=${fund}&from=2025-01-01&to=${today}`;
    const first = (await report(query)).json().data as Json;
    expect(first).toMatchObject({ written_off_count: 1, written_off_amount: 15880.46 });

    // The correction the audit made is refused: the write-off stands as it was.
    const reversed = await t.inject({
      method: 'POST',
      url: `${loan!.url}/repayments/${paid.data.id}/reverse?locale=fr`,
      headers: auth,
      payload: { reason: 'Erreur' },
    });
    expect(reversed.statusCode).toBe(409);
    expect(reversed.json().errors.message).toContain('annulez d’abord la radiation');

    // A write-off row whose kept amounts disagree with the loan (written by an older version, or by hand) does
    // not move the report: it reads the loan's own figures.
    // (Kept money is never updated: the trigger that guards it is set aside for this one statement.)
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      await tx.execute(
        sql`UPDATE write_offs SET principal_cents = 2000000, interest_cents = 0 WHERE contribution_id = ${loan!.id}`,
      );
    });
    const figures = (await loansOf(loan!.companyId))[0]!.figures;
    expect(figures).toMatchObject({ written_off_principal: 15540.62, written_off_interest: 339.84 });
    expect((await report(query)).json().data).toMatchObject({ written_off_count: 1, written_off_amount: 15880.46 });

    // Undone, corrected, written off again: the report follows the loan.
    await post(t, auth, `${loan!.url}/write_off/undo`, { reason: 'Erreur' }, 200);
    expect((await report(query)).json().data).toMatchObject({ written_off_count: 0, written_off_amount: 0 });
    await post(t, auth, `${loan!.url}/repayments/${paid.data.id}/reverse`, { reason: 'Erreur' }, 200);
    await post(t, auth, `${loan!.url}/write_off`, { date: '2025-12-31', reason: 'Faillite' });
    const again = (await loansOf(loan!.companyId))[0]!.figures;
    expect(again.written_off_principal).toBe(20000);
    expect((await report(query)).json().data).toMatchObject({
      written_off_count: 1,
      written_off_amount: cents(again.written_off_principal + again.written_off_interest),
    });
  });
});

describe('requests received and decided', () => {
  it('counts the requests asking money of the fund submitted in the period and the decisions by outcome, as SQL written here says', async () => {
    const adminRow = await t.createUser({ role: 'admin', firstName: 'Ada', lastName: 'Admin' });
    const admin = await t.authHeader(adminRow);
    const committee = await committeeOfOne(t, admin, adminRow.id, 'Comité du rapport');
    const asking = (fund: string, amount: string) => ({ fund_id: fund, amount });
    async function request(amounts: Json[], until: string[]): Promise<Json> {
      const res = await t.inject({
        method: 'POST',
        url: '/api/funding_requests?locale=en',
        headers: admin,
        payload: {
          company_id: companies[0],
          project_name: `Projet ${randomUUID().slice(0, 6)}`,
          project_cost: '300000',
          amounts,
          sources: [],
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      let current = res.json().data as Json;
      for (const to of until) current = await moveRequest(t, admin, current, to);
      return current;
    }
    const toCommittee = ['submitted', 'in_analysis', 'ready_for_committee'];
    const approval = (outcome: string, amount: string, fund = ids.fund) => ({
      outcome,
      amounts: [{ fund_id: fund, amount }],
      rate: '5',
      amortization: '60',
      moratorium: '0',
      warranty_id: ids.warranty,
      conditions: outcome === 'approved_with_conditions' ? [{ text: 'Assurance', kind: 'before_disbursement' }] : [],
    });
    const refusal = (outcome: string) => ({ outcome, amounts: [] });
    const yesterday = addDays(today, -1);

    // Asking the fund: approved (45 000 of the 50 000 asked), approved with conditions, declined, deferred.
    const approved = await request([asking(ids.fund, '50000'), asking(ids.otherFund, '20000')], toCommittee);
    await decideRequest(t, admin, committee, approved.id, yesterday, approval('approved', '45000'));
    const conditional = await request([asking(ids.fund, '30000')], toCommittee);
    await decideRequest(t, admin, committee, conditional.id, yesterday, approval('approved_with_conditions', '30000'));
    const declined = await request([asking(ids.fund, '20000')], toCommittee);
    await decideRequest(t, admin, committee, declined.id, yesterday, refusal('declined'));
    const deferred = await request([asking(ids.fund, '15000')], toCommittee);
    await decideRequest(t, admin, committee, deferred.id, yesterday, refusal('deferred'));
    // Submitted and decided before the period (neither); one received in the period, still in analysis; a draft
    // (not received); another fund's alone (neither).
    const early = await request([asking(ids.fund, '9000')], toCommittee);
    await decideRequest(t, admin, committee, early.id, addDays(from, -5), approval('approved', '9000'));
    await request([asking(ids.fund, '12000')], ['submitted', 'in_analysis']);
    await request([asking(ids.fund, '10000')], []);
    const elsewhere = await request([asking(ids.otherFund, '8000')], toCommittee);
    await decideRequest(t, admin, committee, elsewhere.id, yesterday, approval('approved', '8000', ids.otherFund));

    const data = (await report(`fund_id=${ids.fund}&from=${from}&to=${today}`)).json().data as Json;
    const db = t.database.db;
    const [received] = await selectRows<{ n: number; cents: number }>(
      db,
      sql`SELECT count(*)::int AS n, sum(a.amount_cents)::float8 AS cents
            FROM funding_requests r, funding_request_amounts a
           WHERE a.request_id = r.id AND a.fund_id = ${ids.fund}
             AND r.id IN (SELECT request_id FROM funding_request_moves
                           WHERE to_state = 'submitted'
                             AND to_char(inserted_at AT TIME ZONE 'America/Toronto', 'YYYY-MM-DD') >= ${from}
                             AND to_char(inserted_at AT TIME ZONE 'America/Toronto', 'YYYY-MM-DD') <= ${today})`,
    );
    const byOutcome = async (outcome: string, amount: ReturnType<typeof sql>) =>
      (
        await selectRows<{ n: number; cents: number }>(
          db,
          sql`SELECT count(*)::int AS n, coalesce(sum(${amount}), 0)::float8 AS cents
                FROM committee_decisions d
               WHERE d.outcome = ${outcome} AND d.decided_on >= ${from} AND d.decided_on <= ${today}
                 AND d.request_id IN (SELECT request_id FROM funding_request_amounts WHERE fund_id = ${ids.fund})`,
        )
      )[0]!;
    const decidedAmount = sql`(SELECT amount_cents FROM decision_amounts x WHERE x.decision_id = d.id AND x.fund_id = ${ids.fund})`;
    const askedAmount = sql`(SELECT amount_cents FROM funding_request_amounts x WHERE x.request_id = d.request_id AND x.fund_id = ${ids.fund})`;
    const expected: Record<string, { n: number; cents: number }> = {
      approved: await byOutcome('approved', decidedAmount),
      approved_with_conditions: await byOutcome('approved_with_conditions', decidedAmount),
      declined: await byOutcome('declined', askedAmount),
      deferred: await byOutcome('deferred', askedAmount),
    };
    expect(data).toMatchObject({
      requests_received: received!.n,
      requests_received_amount: received!.cents / 100,
      requests_decided: Object.values(expected).reduce((sum, row) => sum + row.n, 0),
      requests_approved: expected['approved']!.n,
      requests_approved_amount: expected['approved']!.cents / 100,
      requests_approved_with_conditions: expected['approved_with_conditions']!.n,
      requests_approved_with_conditions_amount: expected['approved_with_conditions']!.cents / 100,
      requests_declined: expected['declined']!.n,
      requests_declined_amount: expected['declined']!.cents / 100,
      requests_deferred: expected['deferred']!.n,
      requests_deferred_amount: expected['deferred']!.cents / 100,
    });
    // And what the story above says, so that the SQL here is not wrong the same way.
    expect(data).toMatchObject({
      requests_received: 5,
      requests_received_amount: 127000,
      requests_decided: 4,
      requests_approved: 1,
      requests_approved_amount: 45000,
      requests_approved_with_conditions_amount: 30000,
      requests_declined_amount: 20000,
      requests_deferred_amount: 15000,
    });

    const csv = await periodCsv('fr');
    expect(csv.body).toContain('Demandes de financement reçues;5\r\n');
    expect(csv.body).toContain('Montant accepté avec conditions;30000,00\r\n');
    const en = await periodCsv('en');
    expect(en.body).toContain('Committee decisions,4\r\n');
    expect(en.body).toContain('"Amount requested, declined",20000.00\r\n');
  });
});
