import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectBadRequests, useTestApp } from '../test/harness';
import { hashPassword } from '../platform/auth/passwords';
import { selectRows } from '../db/rows';
import { seedDemo, DEMO_ADMIN_PASSWORD, type DemoSeedResult } from '../db/demo-seed';
import { computeState, loanColumns, loanInputOf, loanOf, readEntries, termsOf, type RawLoan } from '../servicing/store';
import { DEFAULT_BUCKETS, addDays, computeLoan, loanCollections } from '../../shared/servicing';
import { todayIso } from '../../shared/portfolio/schedule';
import type { UserRow } from '../users/store';

/*
 * The portfolio's figures (docs/decisions/0037) over the demo dataset's loans and their servicing histories
 * (demo-servicing.ts: on time, late in every bucket, partial, reversed, written off and recovered, amended, one
 * fund deferred): each answer is checked against SQL written here over `loan_states`, and against the shared
 * computation run loan by loan, to the cent.
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let seeded: DemoSeedResult;
let admin: { authorization: string };
let user: { authorization: string };
let mine: UserRow;
let mineAuth: { authorization: string };
const today = todayIso();

const t = useTestApp();
beforeAll(async () => {
  seeded = await seedDemo(t.database.db, {
    companies: 90,
    users: 6,
    bigTimelineEvents: 0,
    batchSize: 45,
    passwordHash: await hashPassword(DEMO_ADMIN_PASSWORD),
  });
  admin = await t.authHeader(await t.createUser({ role: 'admin' }));
  user = await t.authHeader(await t.createUser());
  // A user who oversees a third of the companies, for "my loans".
  mine = await t.createUser({ firstName: 'Moi', lastName: 'Même' });
  mineAuth = await t.authHeader(mine);
  await t.database.db.execute(
    sql`UPDATE companies SET overseeing_user_id = ${mine.id} WHERE id IN (SELECT id FROM companies ORDER BY id LIMIT 30)`,
  );
}, 300_000);

const get = (url: string, headers = admin) => t.inject({ method: 'GET', url, headers });
const put = (url: string, payload: object, headers = admin) => t.inject({ method: 'PUT', url, headers, payload });
const cents = (dollars: number) => Math.round(dollars * 100);
/** The loans the figures count (docs/decisions/0060): every loan of an active company, and any loan still active. */
const COUNTED = sql`(c.archived_at IS NULL
  OR EXISTS (SELECT 1 FROM loan_states live WHERE live.contribution_id = f.id AND live.status = 'active'))`;

/** Every loan of active companies computed by the shared module as of `asOf` (default buckets). */
async function computedLoans(asOf: string, where = sql`TRUE`) {
  const loans = (
    await selectRows<RawLoan>(
      t.database.db,
      sql`SELECT ${loanColumns} FROM financial_contributions f JOIN companies c ON c.id = f.company_id
            JOIN contribution_funds fu ON fu.id = f.contribution_fund_id
           WHERE ${COUNTED} AND ${where}`,
    )
  ).map(loanOf);
  const entries = await readEntries(
    t.database.db,
    loans.map((loan) => loan.id),
  );
  return loans.map((loan) => ({
    loan,
    entries: entries.get(loan.id)!,
    ...computeState(loan, entries.get(loan.id)!, asOf, DEFAULT_BUCKETS),
  }));
}

/** The aging cells in cents, by bucket, from the shared computation of every loan. */
function agingOf(loans: Awaited<ReturnType<typeof computedLoans>>) {
  const rows = DEFAULT_BUCKETS.map((bucket) => ({ bucket: bucket.key, count: 0, outstanding: 0, arrears: 0 }));
  for (const { status, figures } of loans) {
    if (status !== 'active' || !figures) continue;
    const row = rows.find((r) => r.bucket === figures.bucket)!;
    row.count += 1;
    row.outstanding += figures.outstandingPrincipal;
    row.arrears += figures.arrearsPrincipal + figures.arrearsInterest;
  }
  return rows;
}

const answeredAging = (rows: Json[]) =>
  rows.map((row) => ({
    bucket: row.bucket,
    count: row.count,
    outstanding: cents(row.outstanding_principal),
    arrears: cents(row.arrears_principal) + cents(row.arrears_interest),
  }));

describe('the demo servicing histories', () => {
  it('record disbursements, about twelve repayments per active loan, reversals, write-offs and amendments', async () => {
    const s = seeded.servicing;
    expect(s.loans).toBeGreaterThan(100);
    expect(s.disbursements).toBeGreaterThan(s.loans * 0.7);
    expect(s.repayments).toBeGreaterThan(s.loans * 5);
    expect(s.writeOffs).toBeGreaterThan(0);
    expect(s.amendments).toBeGreaterThan(0);
    const [counts] = await selectRows<{ reversed: number; recoveries: number; bulk: number; states: number }>(
      t.database.db,
      sql`SELECT (SELECT count(*) FROM repayments WHERE reversed_at IS NOT NULL)::int AS reversed,
                 (SELECT count(*) FROM repayments WHERE kind = 'recovery')::int AS recoveries,
                 (SELECT count(*) FROM term_amendments WHERE bulk_action_id IS NOT NULL)::int AS bulk,
                 (SELECT count(*) FROM loan_states)::int AS states`,
    );
    expect(counts!.reversed).toBeGreaterThan(0);
    expect(counts!.recoveries).toBeGreaterThan(0);
    expect(counts!.bulk).toBeGreaterThan(0);
    expect(counts!.states).toBe(s.loans);
  });
});

describe('GET /api/portfolio/arrears_aging', () => {
  it('today: every bucket has loans, and each cell is the SQL sum over loan_states and the shared computation', async () => {
    const res = await get('/api/portfolio/arrears_aging?locale=en');
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as Json;
    expect(data.as_of).toBe(today);
    expect(data.rows.map((row: Json) => row.bucket)).toEqual(DEFAULT_BUCKETS.map((b) => b.key));
    for (const row of data.rows) expect(row.count, row.bucket).toBeGreaterThan(0);

    // Independent SQL: days past due = today − overdue_since, bucketed with the default bounds.
    const sqlRows = await selectRows<{ bucket: string; count: number; outstanding: number; arrears: number }>(
      t.database.db,
      sql`SELECT CASE WHEN d = 0 THEN 'current' WHEN d <= 30 THEN 'days_1_30' WHEN d <= 60 THEN 'days_31_60'
                      WHEN d <= 90 THEN 'days_61_90' WHEN d <= 180 THEN 'days_91_180'
                      WHEN d <= 365 THEN 'days_181_365' ELSE 'over_365' END AS bucket,
                 count(*)::int AS count, sum(o)::float8 AS outstanding, sum(a)::float8 AS arrears
            FROM (SELECT coalesce(${today}::date - s.overdue_since, 0) AS d, s.outstanding_principal_cents AS o,
                         s.arrears_principal_cents + s.arrears_interest_cents AS a
                    FROM loan_states s JOIN financial_contributions f ON f.id = s.contribution_id
                    JOIN companies c ON c.id = f.company_id
                   WHERE s.status = 'active' AND ${COUNTED}) x
           GROUP BY 1`,
    );
    const answered = answeredAging(data.rows);
    for (const row of answered) {
      const expected = sqlRows.find((r) => r.bucket === row.bucket)!;
      expect(row, row.bucket).toEqual(expected);
    }
    expect(answered).toEqual(agingOf(await computedLoans(today)));

    // The total and each fund's rows add up to the same cents.
    expect(data.total.count).toBe(answered.reduce((sum, row) => sum + row.count, 0));
    expect(cents(data.total.outstanding_principal)).toBe(answered.reduce((sum, row) => sum + row.outstanding, 0));
    const perFund = data.funds.flatMap((fund: Json) => fund.rows as Json[]);
    expect(perFund.reduce((sum: number, row: Json) => sum + row.count, 0)).toBe(data.total.count);
  });

  it('a past day is computed from the entries, as the shared module gives it to the cent', async () => {
    const asOf = addDays(today, -200);
    const res = await get(`/api/portfolio/arrears_aging?as_of=${asOf}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.as_of).toBe(asOf);
    expect(answeredAging(res.json().data.rows)).toEqual(agingOf(await computedLoans(asOf)));
  });

  it('filters by fund and by my loans', async () => {
    const [fund] = await selectRows<{ id: string }>(
      t.database.db,
      sql`SELECT f.contribution_fund_id AS id FROM loan_states s JOIN financial_contributions f ON f.id = s.contribution_id
           WHERE s.status = 'active' GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`,
    );
    const byFund = (await get(`/api/portfolio/arrears_aging?filter[fund_id]=${fund!.id}`)).json().data as Json;
    expect(answeredAging(byFund.rows)).toEqual(
      agingOf(await computedLoans(today, sql`f.contribution_fund_id = ${fund!.id}`)),
    );
    expect(byFund.funds.map((f: Json) => f.fund_id)).toEqual([fund!.id]);
    const myLoans = (await get('/api/portfolio/arrears_aging?filter[mine]=true', mineAuth)).json().data as Json;
    const expected = agingOf(await computedLoans(today, sql`c.overseeing_user_id = ${mine.id}`));
    expect(answeredAging(myLoans.rows)).toEqual(expected);
    expect(myLoans.total.count).toBeLessThan(
      ((await get('/api/portfolio/arrears_aging')).json().data as Json).total.count,
    );
  });

  it('answers 400 for an unknown or malformed fund, a malformed or impossible day, a repeated one', async () => {
    await expectBadRequests(
      [
        'filter[fund_id]=00000000-0000-4000-8000-000000000000',
        'filter[fund_id]=nope',
        'as_of=2026-13-01',
        'as_of=yesterday',
        'as_of=9999-01-01',
        'as_of=2026-01-01&as_of=2026-02-01',
        'filter[mine]=perhaps',
      ],
      (query) => get(`/api/portfolio/arrears_aging?${query}&locale=en`),
      (res, query) => expect(res.json().errors.message, query).not.toMatch(/servicing\.|portfolio\.|SELECT/),
    );
    expect((await t.inject({ method: 'GET', url: '/api/portfolio/arrears_aging' })).statusCode).toBe(401);
  });
});

describe('GET /api/portfolio/arrears_aging/loans', () => {
  it('lists the loans behind each cell, page by page, as many as the cell counts', async () => {
    const aging = (await get('/api/portfolio/arrears_aging')).json().data as Json;
    for (const row of aging.rows as Json[]) {
      const first = await get(
        `/api/portfolio/arrears_aging/loans?filter[bucket]=${row.bucket}&page[size]=10&locale=en`,
      );
      expect(first.statusCode, first.body).toBe(200);
      const body = first.json();
      expect(body.meta.total_count, row.bucket).toBe(row.count);
      const bucket = DEFAULT_BUCKETS.find((b) => b.key === row.bucket)!;
      for (const loan of body.data as Json[]) {
        expect(loan.bucket).toBe(row.bucket);
        expect(loan.days_past_due).toBeGreaterThanOrEqual(bucket.minDays);
        if (bucket.maxDays !== null) expect(loan.days_past_due).toBeLessThanOrEqual(bucket.maxDays);
        expect(cents(loan.arrears)).toBe(cents(loan.arrears_principal) + cents(loan.arrears_interest));
      }
      // Every page together: the cell's outstanding principal to the cent.
      let outstanding = 0;
      for (let page = 1; page <= Math.ceil(row.count / 50); page += 1) {
        const url = `/api/portfolio/arrears_aging/loans?filter[bucket]=${row.bucket}&page[size]=50&page[number]=${page}`;
        const res = await get(url);
        for (const loan of res.json().data as Json[]) outstanding += cents(loan.outstanding_principal);
      }
      expect(outstanding, row.bucket).toBe(cents(row.outstanding_principal));
    }
  });

  it('a past day lists what the shared module computes then', async () => {
    const asOf = addDays(today, -200);
    const expected = agingOf(await computedLoans(asOf)).find((row) => row.bucket === 'days_91_180')!;
    let outstanding = 0;
    for (let page = 1; page <= Math.max(1, Math.ceil(expected.count / 50)); page += 1) {
      const url = `/api/portfolio/arrears_aging/loans?filter[bucket]=days_91_180&as_of=${asOf}&page[size]=50&page[number]=${page}`;
      const res = await get(url);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().meta.total_count).toBe(expected.count);
      outstanding += (res.json().data as Json[]).reduce((sum, loan) => sum + cents(loan.outstanding_principal), 0);
    }
    expect(outstanding).toBe(expected.outstanding);
  });

  it('answers 400 for an unknown bucket or sort', async () => {
    expect((await get('/api/portfolio/arrears_aging/loans?filter[bucket]=days_1_2')).statusCode).toBe(400);
    expect((await get('/api/portfolio/arrears_aging/loans')).statusCode).toBe(400);
    expect((await get('/api/portfolio/arrears_aging/loans?filter[bucket]=current&sort=rate')).statusCode).toBe(400);
  });
});

describe('GET /api/portfolio/par', () => {
  it('PAR over 30, 60 and 90 days and the arrears rate, checked against SQL over loan_states', async () => {
    const res = await get('/api/portfolio/par');
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as Json;
    const [expected] = await selectRows<{ total: number; p30: number; p60: number; p90: number; arrears: number }>(
      t.database.db,
      sql`SELECT sum(o)::float8 AS total, coalesce(sum(o) FILTER (WHERE d > 30), 0)::float8 AS p30,
                 coalesce(sum(o) FILTER (WHERE d > 60), 0)::float8 AS p60,
                 coalesce(sum(o) FILTER (WHERE d > 90), 0)::float8 AS p90, sum(a)::float8 AS arrears
            FROM (SELECT coalesce(${today}::date - s.overdue_since, 0) AS d, s.outstanding_principal_cents AS o,
                         s.arrears_principal_cents + s.arrears_interest_cents AS a
                    FROM loan_states s JOIN financial_contributions f ON f.id = s.contribution_id
                    JOIN companies c ON c.id = f.company_id
                   WHERE s.status = 'active' AND ${COUNTED}) x`,
    );
    expect(data.par.map((p: Json) => p.days)).toEqual([30, 60, 90]);
    for (const [index, numerator] of [expected!.p30, expected!.p60, expected!.p90].entries()) {
      const par = data.par[index] as Json;
      expect(cents(par.numerator)).toBe(numerator);
      expect(cents(par.denominator)).toBe(expected!.total);
      expect(par.value).toBeCloseTo(numerator / expected!.total, 12);
    }
    expect(data.par[0].value).toBeGreaterThan(data.par[2].value);
    expect(data.par[2].value).toBeGreaterThan(0);
    expect(cents(data.arrears_rate.numerator)).toBe(expected!.arrears);
    expect(data.arrears_rate.value).toBeCloseTo(expected!.arrears / expected!.total, 12);

    // Written-off loans are out of both terms: none of them is active.
    const [writtenOff] = await selectRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM loan_states WHERE status = 'written_off'`,
    );
    expect(writtenOff!.n).toBeGreaterThan(0);
  });

  it('any days asked, in order; bad ones are a 400', async () => {
    const res = await get('/api/portfolio/par?days=0,365');
    expect(res.json().data.par.map((p: Json) => p.days)).toEqual([0, 365]);
    for (const days of ['30,30', 'x', '-1', '30;60', '1,2,3,4,5,6,7,8,9,10,11', '99999']) {
      expect((await get(`/api/portfolio/par?days=${encodeURIComponent(days)}`)).statusCode, days).toBe(400);
    }
  });

  it('the dashboard shows the same outstanding, arrears, PAR30, PAR90 and arrears rate', async () => {
    const [dashboard, par, aging] = await Promise.all([
      get('/api/dashboard'),
      get('/api/portfolio/par'),
      get('/api/portfolio/arrears_aging'),
    ]);
    const d = dashboard.json().data as Json;
    const p = par.json().data as Json;
    const a = aging.json().data as Json;
    expect(cents(d.outstanding_total)).toBe(cents(a.total.outstanding_principal));
    expect(cents(d.arrears_total)).toBe(cents(a.total.arrears_principal) + cents(a.total.arrears_interest));
    expect(d.par30).toBe(p.par[0].value);
    expect(d.par90).toBe(p.par[2].value);
    expect(d.arrears_rate).toBe(p.arrears_rate.value);
    const byFund = (d.by_fund as Json[]).reduce((sum, fund) => sum + cents(fund.outstanding), 0);
    expect(byFund).toBe(cents(d.outstanding_total));
  });
});

describe('GET /api/portfolio/collections', () => {
  it('the collection rate of a period is the shared module’s, loan by loan, to the cent', async () => {
    const from = addDays(today, -90);
    const to = addDays(today, -1);
    const res = await get(`/api/portfolio/collections?from=${from}&to=${to}`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as Json;
    expect([data.from, data.to]).toEqual([from, to]);
    let due = 0;
    let collected = 0;
    let received = 0;
    for (const { loan, entries } of await computedLoans(to)) {
      const terms = termsOf(loan);
      if (!terms.ok) continue;
      const own = loanCollections(computeLoan(loanInputOf(terms.terms, entries, to, DEFAULT_BUCKETS)), from, to);
      due += own.due;
      collected += own.collected;
      received += own.received;
    }
    expect(cents(data.due)).toBe(due);
    expect(cents(data.collected)).toBe(collected);
    expect(cents(data.received)).toBe(received);
    expect(data.rate.value).toBeCloseTo(collected / due, 12);
    expect(data.rate.value).toBeGreaterThan(0.3);
    expect(data.rate.value).toBeLessThanOrEqual(1);
    // Received in the period, straight from the table.
    const [sum] = await selectRows<{ cents: number }>(
      t.database.db,
      sql`SELECT coalesce(sum(p.amount_cents), 0)::float8 AS cents FROM repayments p
            JOIN financial_contributions f ON f.id = p.contribution_id JOIN companies c ON c.id = f.company_id
           WHERE ${COUNTED} AND p.received_on BETWEEN ${from} AND ${to} AND p.reversed_at IS NULL`,
    );
    expect(sum!.cents).toBe(received);
  });

  it('defaults to the month to date, and refuses a period that ends before it starts or malformed days', async () => {
    const res = await get('/api/portfolio/collections');
    expect(res.json().data).toMatchObject({ from: `${today.slice(0, 8)}01`, to: today });
    const backwards = await get(`/api/portfolio/collections?from=${today}&to=${addDays(today, -1)}&locale=en`);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors.detail).toHaveProperty('to');
    expect((await get('/api/portfolio/collections?from=2026-02-30')).statusCode).toBe(400);
    expect((await get('/api/portfolio/collections?to=soon')).statusCode).toBe(400);
  });
});

describe('GET|PUT /api/delinquency_buckets', () => {
  it('answers the defaults, refuses a user (403) and buckets that overlap, leave a gap or do not start at 0', async () => {
    const res = await get('/api/delinquency_buckets', user);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((b: Json) => b.key)).toEqual(DEFAULT_BUCKETS.map((b) => b.key));
    expect(res.json().meta.custom).toBe(false);

    const good = {
      buckets: [
        { min_days: '0', max_days: '0', provision_rate: '' },
        { min_days: '1', max_days: '90', provision_rate: '10' },
        { min_days: '91', max_days: '', provision_rate: '50' },
      ],
    };
    expect((await put('/api/delinquency_buckets', good, user)).statusCode).toBe(403);
    for (const buckets of [
      [good.buckets[0], { min_days: '0', max_days: '90', provision_rate: '' }, good.buckets[2]],
      [good.buckets[0], { min_days: '2', max_days: '90', provision_rate: '' }, good.buckets[2]],
      [{ min_days: '1', max_days: '90', provision_rate: '' }, good.buckets[2]],
      [good.buckets[0], good.buckets[1], { min_days: '91', max_days: '400', provision_rate: '' }],
      [good.buckets[0], { min_days: '1', max_days: '90', provision_rate: '101' }, good.buckets[2]],
    ]) {
      const refused = await put('/api/delinquency_buckets?locale=en', { buckets });
      expect(refused.statusCode, JSON.stringify(buckets)).toBe(422);
      expect(refused.json().errors.message).not.toMatch(/servicing\./);
    }
    expect((await get('/api/delinquency_buckets')).json().meta.custom).toBe(false);
  });

  it('an administrator sets them: the aging, its provision and the loan figures follow', async () => {
    const before = (await get('/api/portfolio/arrears_aging')).json().data as Json;
    const res = await put('/api/delinquency_buckets', {
      buckets: [
        { min_days: '0', max_days: '0', provision_rate: '' },
        { min_days: '1', max_days: '90', provision_rate: '10' },
        { min_days: '91', max_days: '', provision_rate: '50,5' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.map((b: Json) => b.key)).toEqual(['current', 'days_1_90', 'over_90']);
    expect(res.json().meta.custom).toBe(true);

    const after = (await get('/api/portfolio/arrears_aging')).json().data as Json;
    expect(after.rows.map((r: Json) => r.bucket)).toEqual(['current', 'days_1_90', 'over_90']);
    const old = (keys: string[]) =>
      (before.rows as Json[]).filter((r) => keys.includes(r.bucket)).reduce((s, r) => s + r.count, 0);
    expect(after.rows[1].count).toBe(old(['days_1_30', 'days_31_60', 'days_61_90']));
    expect(after.rows[2].count).toBe(old(['days_91_180', 'days_181_365', 'over_365']));
    expect(after.rows[0].provision).toBeNull();
    expect(cents(after.rows[1].provision)).toBe(Math.round(cents(after.rows[1].outstanding_principal) * 0.1));
    expect(cents(after.rows[2].provision)).toBe(Math.round(cents(after.rows[2].outstanding_principal) * 0.505));
    const [stale] = await selectRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM loan_states
           WHERE status = 'active' AND bucket NOT IN ('current', 'days_1_90', 'over_90')`,
    );
    expect(stale!.n).toBe(0);

    // Back to the defaults' bounds, for the other tests.
    const back = await put('/api/delinquency_buckets', {
      buckets: DEFAULT_BUCKETS.map((b) => ({
        min_days: String(b.minDays),
        max_days: b.maxDays === null ? '' : String(b.maxDays),
        provision_rate: '',
      })),
    });
    expect(back.statusCode, back.body).toBe(200);
  });
});

describe('GET /api/portfolio/funds and PUT /api/portfolio/funds/:fund_id', () => {
  it('capital, outstanding, approved not disbursed and available per fund; only an administrator sets a capital', async () => {
    const list = (await get('/api/portfolio/funds?locale=en')).json().data as Json;
    const fund = (list.funds as Json[]).find((f) => f.loans_count > 0)!;
    expect(fund.capital).toBeNull();
    expect(fund.available).toBeNull();
    const [expected] = await selectRows<{ outstanding: number; undisbursed: number }>(
      t.database.db,
      sql`SELECT coalesce(sum(s.outstanding_principal_cents) FILTER (WHERE s.status = 'active'), 0)::float8 AS outstanding,
                 coalesce(sum(s.undisbursed_cents), 0)::float8 AS undisbursed
            FROM loan_states s JOIN financial_contributions f ON f.id = s.contribution_id
            JOIN companies c ON c.id = f.company_id
           WHERE ${COUNTED} AND f.contribution_fund_id = ${fund.fund_id}`,
    );
    expect(cents(fund.outstanding_principal)).toBe(expected!.outstanding);
    expect(cents(fund.undisbursed)).toBe(expected!.undisbursed);

    expect((await put(`/api/portfolio/funds/${fund.fund_id}`, { capital: '5000000' }, user)).statusCode).toBe(403);
    const set = await put(`/api/portfolio/funds/${fund.fund_id}?locale=fr`, { capital: '5 000 000,00' });
    expect(set.statusCode, set.body).toBe(200);
    const row = set.json().data as Json;
    expect(row.capital).toBe(5_000_000);
    expect(cents(row.available)).toBe(500_000_000 - expected!.outstanding - expected!.undisbursed);
    const again = (await get('/api/portfolio/funds')).json().data as Json;
    expect(again.total.capital).toBe(5_000_000);

    expect((await put(`/api/portfolio/funds/${fund.fund_id}`, { capital: '-1' })).statusCode).toBe(422);
    expect((await put(`/api/portfolio/funds/${fund.fund_id}`, { capital: 'beaucoup' })).statusCode).toBe(422);
    expect((await put('/api/portfolio/funds/00000000-0000-4000-8000-000000000000', { capital: '1' })).statusCode).toBe(
      404,
    );
    expect((await put('/api/portfolio/funds/nope', { capital: '1' })).statusCode).toBe(404);
    const cleared = await put(`/api/portfolio/funds/${fund.fund_id}`, { capital: '' });
    expect(cleared.json().data.capital).toBeNull();
  });
});
