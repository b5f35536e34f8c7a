import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useLookupIds, useTestApp } from '../test/harness';
import { fullCompany } from '../test/company-fixtures';
import { selectRows } from '../db/rows';
import { addMonths, computeSchedule, todayIso } from '../../shared/portfolio/schedule';
import type { UserRow } from '../users/store';

let me: UserRow;
let auth: { authorization: string };
let testFund: string;
const today = todayIso();
const day = (offset: number) => {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};

const contribution = (overrides: Record<string, unknown> = {}) => ({
  contribution_fund_id: ids.fund,
  amount: '50000',
  rate: '5,5',
  amortization: '60',
  moratorium: '6',
  refund: '',
  warranty_id: null,
  authorization_date: addMonths(today, -14),
  followup_date: null,
  expected_end_date: null,
  project_name: 'Projet',
  project_cost: '',
  ...overrides,
});

async function create(overrides: Record<string, unknown>) {
  const res = await t.inject({
    method: 'POST',
    url: '/api/companies',
    headers: auth,
    payload: fullCompany(ids, overrides),
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().data as { id: string; financial_contributions: { id: string }[] };
}

const get = (url: string, headers = auth) => t.inject({ method: 'GET', url, headers });

let companyA: { id: string; financial_contributions: { id: string }[] };
let companyB: { id: string; financial_contributions: { id: string }[] };

const t = useTestApp();
const ids = useLookupIds(t);
beforeAll(async () => {
  [{ id: testFund }] = (await selectRows<{ id: string }>(
    t.database.db,
    sql`SELECT id FROM contribution_funds WHERE key = 'fae'`,
  )) as [{ id: string }];
  me = await t.createUser({ firstName: 'Moi', lastName: 'Même' });
  const other = await t.createUser();
  auth = await t.authHeader(me);
  companyA = await create({
    name: 'Alpha Inc.',
    overseeing_user_id: me.id,
    risk_rating: 'B',
    financial_contributions: [
      contribution({ project_name: 'Cave', followup_date: day(-5), expected_end_date: day(30) }),
      contribution({
        contribution_fund_id: ids.otherFund,
        amount: '12000',
        rate: '0',
        amortization: '12',
        moratorium: '',
        authorization_date: addMonths(today, -3),
        followup_date: day(10),
        project_name: 'Camion',
      }),
    ],
  });
  companyB = await create({
    name: 'Bêta ltée',
    overseeing_user_id: other.id,
    status_id: ids.prospect,
    risk_rating: '',
    financial_contributions: [
      contribution({ amount: '20000', amortization: '', followup_date: day(60), expected_end_date: day(200) }),
    ],
  });
  const archived = await create({
    name: 'Gamma archivée',
    financial_contributions: [contribution({ followup_date: day(-1) })],
  });
  await t.inject({ method: 'DELETE', url: `/api/companies/${archived.id}`, headers: auth });
  await create({ name: 'Delta', overseeing_user_id: me.id, risk_rating: 'A', financial_contributions: [] });
  // Loans of every shape in one fund, to compare the dashboard's SQL balance with the schedule module.
  const shapes: Record<string, unknown>[] = [];
  for (const [rate, amortization, moratorium, months, amount] of [
    ['0', '12', '', -3, '12000'],
    ['0', '7', '2', -5, '100'],
    ['7,125', '97', '5', -20, '123456,78'],
    ['12', '1', '', -1, '5000'],
    ['3', '36', '12', -6, '80000'],
    ['4,5', '60', '0', -70, '40000'],
    ['9,99', '24', '3', 2, '15000'],
    ['100', '12', '', -4, '1000'],
    ['6', '120', '24', -30, '999999,99'],
  ] as const) {
    shapes.push(
      contribution({
        contribution_fund_id: testFund,
        rate,
        amortization,
        moratorium,
        amount,
        authorization_date: addMonths(today, months),
      }),
    );
  }
  shapes.push(
    contribution({ contribution_fund_id: testFund, authorization_date: `${Number(today.slice(0, 4)) - 1}-03-31` }),
  );
  shapes.push(contribution({ contribution_fund_id: testFund, amount: '7000', authorization_date: null }));
  await create({ name: 'Banc d’essai', financial_contributions: shapes });
});

describe('GET /api/dashboard', () => {
  it('answers the key figures checked against SQL written here, and the lists and charts', async () => {
    const res = await get('/api/dashboard?locale=en');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    const [expected] = await selectRows<{ companies: number; loans: number; committed: string }>(
      t.database.db,
      sql`SELECT (SELECT count(*) FROM companies WHERE archived_at IS NULL)::int AS companies,
                 (SELECT count(*) FROM financial_contributions f JOIN companies c ON c.id = f.company_id
                   WHERE c.archived_at IS NULL)::int AS loans,
                 (SELECT sum(f.amount) FROM financial_contributions f JOIN companies c ON c.id = f.company_id
                   WHERE c.archived_at IS NULL)::text AS committed`,
    );
    expect(data.active_companies).toBe(expected!.companies);
    expect(data.active_companies).toBe(4);
    expect(data.loans_count).toBe(expected!.loans);
    expect(data.committed_total).toBe(Number(expected!.committed));

    const statusCounts = await selectRows<{ name: string; n: number }>(
      t.database.db,
      sql`SELECT s.name_en AS name, count(*)::int AS n FROM companies c JOIN statuses s ON s.id = c.status_id
           WHERE c.archived_at IS NULL GROUP BY s.name_en`,
    );
    expect(
      Object.fromEntries(
        data.by_status.map((s: { status_name: string; companies_count: number }) => [s.status_name, s.companies_count]),
      ),
    ).toEqual(Object.fromEntries(statusCounts.map((s) => [s.name, s.n])));
    expect(data.by_status.find((s: { status_name: string }) => s.status_name === 'Prospect').color).toBe('blue');
    expect(data.by_risk).toEqual([
      { risk_rating: 'A', companies_count: 1 },
      { risk_rating: 'B', companies_count: 2 },
      { risk_rating: null, companies_count: 1 },
    ]);

    // Follow-ups: overdue or within 30 days, of active companies only, oldest first, with the link's ids.
    expect(data.followups).toEqual([
      {
        company_id: companyA.id,
        company_name: 'Alpha Inc.',
        company_archived: false,
        contribution_id: companyA.financial_contributions[0]!.id,
        project_name: 'Cave',
        fund_name: 'Local Investment Fund (LIF)',
        followup_date: day(-5),
        overdue: true,
      },
      expect.objectContaining({
        contribution_id: companyA.financial_contributions[1]!.id,
        followup_date: day(10),
        overdue: false,
      }),
    ]);
    expect(data.ending_soon).toEqual([
      expect.objectContaining({ contribution_id: companyA.financial_contributions[0]!.id, expected_end_date: day(30) }),
    ]);
    expect(res.json().meta).toEqual({ followups_total: 2, ending_soon_total: 1 });
  });

  it('outstanding by fund is the recorded outstanding principal: paid out, less repaid (ADR 0037)', async () => {
    // Nothing paid out yet: nothing outstanding, whatever the schedules say.
    const before = (await get('/api/dashboard')).json().data;
    expect(before.outstanding_total).toBe(0);
    expect(before.arrears_total).toBe(0);
    expect(before.par30).toBeNull();

    // Every loan of the test fund dated by today paid out in full on its authorization day, by another tool;
    // its row of figures is made stale, as a servicing write does.
    const paid = await selectRows<{ id: string; cents: number }>(
      t.database.db,
      sql`SELECT f.id, round(f.amount * 100)::float8 AS cents FROM financial_contributions f
            JOIN companies c ON c.id = f.company_id
           WHERE c.archived_at IS NULL AND f.contribution_fund_id = ${testFund}
             AND f.authorization_date <= ${today}::date AND f.amount > 0`,
    );
    expect(paid.length).toBeGreaterThan(5);
    for (const loan of paid) {
      await t.database.db.execute(
        sql`INSERT INTO disbursements (contribution_id, date, amount_cents, method)
            SELECT id, authorization_date, ${loan.cents}, 'eft' FROM financial_contributions WHERE id = ${loan.id}`,
      );
    }
    await t.database.db.execute(
      sql`UPDATE loan_states SET as_of = '1900-01-01', holds_until = '1900-01-01'
           WHERE contribution_id IN (SELECT id FROM financial_contributions WHERE contribution_fund_id = ${testFund})`,
    );

    const data = (await get('/api/dashboard')).json().data;
    const outstanding = (fund: string) =>
      data.by_fund.find((f: { fund_id: string }) => f.fund_id === fund).outstanding as number;
    // A loan whose terms give no schedule counts as not paid out; every other one owes what it was lent.
    const [expected] = await selectRows<{ cents: number }>(
      t.database.db,
      sql`SELECT coalesce(sum(s.outstanding_principal_cents), 0)::float8 AS cents FROM loan_states s
            JOIN financial_contributions f ON f.id = s.contribution_id
           WHERE f.contribution_fund_id = ${testFund} AND s.status = 'active'`,
    );
    expect(Math.round(outstanding(testFund) * 100)).toBe(expected!.cents);
    const [withTerms] = await selectRows<{ cents: number }>(
      t.database.db,
      sql`SELECT coalesce(sum(d.amount_cents), 0)::float8 AS cents FROM disbursements d
            JOIN loan_states s ON s.contribution_id = d.contribution_id WHERE s.has_terms`,
    );
    expect(expected!.cents).toBe(withTerms!.cents);
    expect(expected!.cents).toBeGreaterThan(0);
    expect(outstanding(ids.otherFund)).toBe(0);
    expect(data.outstanding_total).toBeCloseTo(
      data.by_fund.reduce((sum: number, f: { outstanding: number }) => sum + f.outstanding, 0),
      2,
    );
    // Nothing was repaid: whatever fell due is in arrears, and PAR counts the loans more than 30 days late.
    expect(data.arrears_total).toBeGreaterThan(0);
    expect(data.par30).toBeGreaterThan(0);
    expect(data.par30).toBeLessThanOrEqual(1);
    expect(data.par90).toBeLessThanOrEqual(data.par30);
    expect(data.arrears_rate).toBeGreaterThan(0);
  });

  it('filters by fund and by "my companies", together', async () => {
    const byFund = (await get(`/api/dashboard?filter[fund_id]=${ids.otherFund}`)).json().data;
    expect(byFund.active_companies).toBe(1);
    expect(byFund.loans_count).toBe(1);
    expect(byFund.committed_total).toBe(12000);
    expect(byFund.followups.map((f: { project_name: string }) => f.project_name)).toEqual(['Camion']);
    expect(byFund.by_fund.map((f: { fund_id: string }) => f.fund_id)).toEqual([ids.otherFund]);

    const mine = (await get('/api/dashboard?filter[mine]=true')).json().data;
    expect(mine.active_companies).toBe(2);
    expect(mine.loans_count).toBe(2);
    expect(mine.by_risk).toEqual([
      { risk_rating: 'A', companies_count: 1 },
      { risk_rating: 'B', companies_count: 1 },
    ]);
    const both = (await get(`/api/dashboard?filter[mine]=true&filter[fund_id]=${ids.fund}`)).json().data;
    expect(both.active_companies).toBe(1);
    expect(both.committed_total).toBe(50000);
    expect((await get(`/api/dashboard?filter[fund_id]=${testFund}&filter[mine]=true`)).json().data.loans_count).toBe(0);
  });

  it.each([
    [
      'an unknown fund',
      'filter[fund_id]=00000000-0000-4000-8000-000000000000',
      'The fund filter names no contribution fund.',
    ],
    ['a malformed fund id', 'filter[fund_id]=fli', 'The fund filter names no contribution fund.'],
    ['a malformed mine', 'filter[mine]=yes', 'The parameter “filter[mine]” has a value this address does not accept.'],
    ['an unknown filter', 'filter[status]=x', 'This address takes no parameter “filter[status]”.'],
    [
      'a repeated filter',
      'filter[mine]=true&filter[mine]=false',
      'The parameter “filter[mine]” has a value this address does not accept.',
    ],
  ])('answers 400 with a clear message for %s', async (_label, query, message) => {
    const res = await get(`/api/dashboard?${query}&locale=en`);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({ code: 'bad_request', message });
  });

  it('speaks French by default and needs a signed-in user', async () => {
    const res = await get('/api/dashboard?filter[fund_id]=nope');
    expect(res.json().errors.message).toBe('Le filtre de fonds ne désigne aucun fonds de contribution.');
    expect((await get('/api/dashboard', {} as typeof auth)).statusCode).toBe(401);
    const fr = (await get('/api/dashboard')).json().data;
    expect(fr.followups[0].fund_name).toBe('Fonds local d’investissement (FLI)');
  });
});

describe('the dashboard between writes (kept like a list total, ADR 0020)', () => {
  // Each write is made in SQL, as another process or a script would, not through this app: only the
  // tables' notifications (migration 0015) can tell it the figures changed.
  const run = (statement: ReturnType<typeof sql>) => t.database.db.execute(statement);
  const dashboard = async () => (await get('/api/dashboard?locale=en')).json();

  it('follows a loan, a company, a fund and a status changed elsewhere at once', async () => {
    const before = await dashboard();
    const loan = companyA.financial_contributions[1]!.id;
    await run(sql`UPDATE financial_contributions SET amount = amount + 1000 WHERE id = ${loan}`);
    const afterLoan = await dashboard();
    expect(afterLoan.data.committed_total).toBe(before.data.committed_total + 1000);

    await run(sql`UPDATE companies SET risk_rating = 'C' WHERE id = ${companyA.id}`);
    expect((await dashboard()).data.by_risk).toContainEqual({ risk_rating: 'C', companies_count: 1 });

    await run(sql`UPDATE contribution_funds SET name_en = 'Renamed fund' WHERE id = ${ids.otherFund}`);
    const renamed = (await dashboard()).data;
    expect(renamed.by_fund.map((f: { fund_name: string }) => f.fund_name)).toContain('Renamed fund');
    expect(renamed.followups.map((f: { fund_name: string }) => f.fund_name)).toContain('Renamed fund');

    await run(sql`UPDATE statuses SET color = 'grape' WHERE name_en = 'Prospect'`);
    const recoloured = (await dashboard()).data;
    expect(recoloured.by_status.find((s: { status_name: string }) => s.status_name === 'Prospect').color).toBe('grape');

    await run(sql`UPDATE financial_contributions SET followup_date = NULL WHERE id = ${loan}`);
    const followedUp = await dashboard();
    expect(followedUp.meta.followups_total).toBe(before.meta.followups_total - 1);
    expect(followedUp.data.followups.map((f: { contribution_id: string }) => f.contribution_id)).not.toContain(loan);

    // Put everything back for the tests after these.
    await run(
      sql`UPDATE financial_contributions SET amount = amount - 1000, followup_date = ${day(10)} WHERE id = ${loan}`,
    );
    await run(sql`UPDATE companies SET risk_rating = 'B' WHERE id = ${companyA.id}`);
    await run(
      sql`UPDATE contribution_funds SET name_en = ${
        before.data.by_fund.find((f: { fund_id: string }) => f.fund_id === ids.otherFund).fund_name
      } WHERE id = ${ids.otherFund}`,
    );
    await run(sql`UPDATE statuses SET color = 'blue' WHERE name_en = 'Prospect'`);
    expect(await dashboard()).toEqual(before);
  });

  it('follows a company archived through the API at once', async () => {
    const before = (await dashboard()).data.active_companies;
    const res = await t.inject({ method: 'DELETE', url: `/api/companies/${companyB.id}`, headers: auth });
    expect(res.statusCode).toBe(200);
    expect((await dashboard()).data.active_companies).toBe(before - 1);
    const back = await t.inject({ method: 'POST', url: `/api/companies/${companyB.id}/restore`, headers: auth });
    expect(back.statusCode).toBe(200);
    expect((await dashboard()).data.active_companies).toBe(before);
  });
});

describe('GET /api/companies/:companyId/financial_contributions/:id/schedule', () => {
  const url = (companyId: string, id: string) => `/api/companies/${companyId}/financial_contributions/${id}/schedule`;

  it('answers the schedule of the shared module', async () => {
    const res = await get(url(companyA.id, companyA.financial_contributions[1]!.id));
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    // Every field it answered before servicing (ADR 0036) is still there; the servicing fields come beside them.
    expect(Object.keys(data)).toEqual(
      expect.arrayContaining(['balance_today', 'last_payment_date', 'payment', 'rows', 'total_interest', 'total_paid']),
    );
    expect(data).toMatchObject({ status: 'not_disbursed', projected: true });
    expect(data.payment).toBe(1000);
    expect(data.rows).toHaveLength(12);
    expect(data.rows[0]).toMatchObject({
      date: addMonths(addMonths(today, -3), 1),
      payment: 1000,
      interest: 0,
      principal: 1000,
      balance: 11000,
    });
    expect(data.total_paid).toBe(12000);
    expect(data.balance_today).toBe(9000);
    // The date the expected end date is compared with: the last row's.
    expect(data.last_payment_date).toBe(data.rows[11].date);
  });

  it('answers 422 with the field to fix, in the language asked, when the terms give no schedule', async () => {
    const res = await get(`${url(companyB.id, companyB.financial_contributions[0]!.id)}?locale=en`);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      code: 'validation_failed',
      message: 'This contribution has no schedule: complete its terms in the company file.',
      detail: { amortization: ['The amortization must be a whole number of months between 1 and 600.'] },
    });
  });

  it('answers 404 for another company’s contribution, an unknown one or a malformed id', async () => {
    expect((await get(url(companyB.id, companyA.financial_contributions[0]!.id))).statusCode).toBe(404);
    expect((await get(url(companyA.id, '00000000-0000-4000-8000-000000000000'))).statusCode).toBe(404);
    expect((await get(url(companyA.id, 'abc'))).statusCode).toBe(404);
  });

  it('absurd terms stored by another tool (rate over 100 %, zero amortization) get a message, not a 5xx', async () => {
    await t.database.db.execute(
      sql`UPDATE financial_contributions SET rate = 250, amortization = 0 WHERE id = ${companyA.financial_contributions[0]!.id}`,
    );
    const res = await get(`${url(companyA.id, companyA.financial_contributions[0]!.id)}?locale=fr`);
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors.detail)).toEqual(['rate', 'amortization']);
    expect(res.json().errors.detail.rate).toEqual(['Le taux doit être compris entre 0 % et 100 %.']);
    // The dashboard still answers, counting that loan's whole amount.
    expect((await get('/api/dashboard')).statusCode).toBe(200);
    await t.database.db.execute(
      sql`UPDATE financial_contributions SET rate = 5.5, amortization = 60 WHERE id = ${companyA.financial_contributions[0]!.id}`,
    );
  });
});

const BOM = '\uFEFF';
const lines = (body: string) => body.slice(1).split('\r\n').filter(Boolean);

describe('CSV exports', () => {
  it('companies in French: BOM, semicolons, French headers, the list’s search and sort', async () => {
    const res = await get('/api/companies/export.csv?filter[search]=alpha&sort=-name');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="entreprises-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.body.startsWith(BOM)).toBe(true);
    const [header, ...rows] = lines(res.body);
    expect(header!.split(';').slice(0, 3)).toEqual(['Numéro de référence', 'Nom', 'Statut']);
    expect(rows).toHaveLength(1);
    const cells = rows[0]!.split(';');
    expect(cells[1]).toBe('Alpha Inc.');
    expect(cells[2]).toBe('Client actif');
    // The rating in the file's language, as the screens name it (ADR 0032).
    expect(cells[12]).toBe('B – Moyen');
    expect(cells[13]).toBe('Moi Même');
    expect(cells.at(-1)).toBe('non');

    const all = lines((await get('/api/companies/export.csv?sort=-name')).body).slice(1);
    expect(all.map((l) => l.split(';')[1])).toEqual(['Delta', 'Bêta ltée', 'Banc d’essai', 'Alpha Inc.']);
    const archived = lines((await get('/api/companies/export.csv?filter[archived]=true')).body).slice(1);
    expect(archived.map((l) => l.split(';')[1])).toEqual(['Gamma archivée']);
  });

  it('companies in English: commas, English headers; the list’s bad parameters are a 400', async () => {
    const res = await get('/api/companies/export.csv?locale=en&filter[search]=delta');
    const [header, row] = lines(res.body);
    expect(header!.split(',').slice(0, 3)).toEqual(['Reference number', 'Name', 'Status']);
    expect(row!.split(',')[1]).toBe('Delta');
    expect(row).toContain(',A – Low,');
    expect(res.headers['content-disposition']).toMatch(/filename="companies-/);
    expect((await get('/api/companies/export.csv?sort=nope')).statusCode).toBe(400);
    expect((await get('/api/companies/export.csv?filter[colour]=red')).statusCode).toBe(400);
    expect((await get('/api/companies/export.csv', {} as typeof auth)).statusCode).toBe(401);
  });

  it('portfolio in both languages: decimal comma or dot, the schedule’s figures, the fund filter', async () => {
    const fr = await get(`/api/portfolio/export.csv?filter[fund_id]=${ids.otherFund}`);
    expect(fr.statusCode).toBe(200);
    expect(fr.body.startsWith(BOM)).toBe(true);
    const [frHeader, frRow, ...frRest] = lines(fr.body);
    expect(frRest).toEqual([]);
    expect(frHeader).toBe(
      'Référence de l’entreprise;Entreprise;Entreprise archivée;Numéro du prêt;Fonds;Projet;Montant;Taux (%);Amortissement (mois);Moratoire (mois);Date d’autorisation;Date de suivi;Date de fin prévue;Versement mensuel;Total des intérêts;Solde à ce jour;État du prêt;Capital restant dû;Retards;Jours de retard;Tranche de retard',
    );
    const frCells = frRow!.split(';');
    expect([frCells[1], ...frCells.slice(4, 10)]).toEqual([
      'Alpha Inc.',
      'Fonds local de solidarité (FLS)',
      'Camion',
      '12000,00',
      '0',
      '12',
      '',
    ]);
    expect(frCells.slice(13, 16)).toEqual(['1000,00', '0,00', '9000,00']);
    // Nothing paid out yet: the loan's own figures say so.
    expect(frCells[2]).toBe('non');
    expect(frCells[3]).toMatch(/^C-/);
    expect(frCells.slice(16)).toEqual(['Non décaissé', '0,00', '0,00', '0', '']);

    const en = await get(`/api/portfolio/export.csv?locale=en&filter[fund_id]=${ids.fund}`);
    const [enHeader, ...enRows] = lines(en.body);
    expect(enHeader!.split(',')[0]).toBe('Company reference');
    expect(enRows.map((r) => r.split(',')[1])).toEqual(['Alpha Inc.', 'Bêta ltée']);
    const alpha = enRows[0]!.split(',');
    expect(alpha.slice(6, 8)).toEqual(['50000.00', '5.5']);
    const schedule = computeSchedule(
      { amount: 50000, rate: 5.5, amortization: 60, moratorium: 6, authorizationDate: addMonths(today, -14) },
      today,
    );
    expect(schedule.ok && alpha.slice(13, 16)).toEqual([
      schedule.ok && schedule.schedule.payment.toFixed(2),
      schedule.ok && schedule.schedule.totalInterest.toFixed(2),
      schedule.ok && schedule.schedule.balanceToday.toFixed(2),
    ]);
    // Bêta's loan has no amortization: no schedule figures, rather than made-up ones.
    expect(enRows[1]!.split(',').slice(13, 16)).toEqual(['', '', '']);
    expect((await get('/api/portfolio/export.csv?filter[fund_id]=nope')).statusCode).toBe(400);
  });

  it('quotes separators and quotes, and defuses cells Excel would run as formulas', async () => {
    await create({ name: '=HYPERLINK("x";"y")' });
    const body = (await get('/api/companies/export.csv?filter[search]=hyperlink')).body;
    const row = lines(body)[1]!;
    expect(row).toContain(`"'=HYPERLINK(""x"";""y"")"`);
  });
});
