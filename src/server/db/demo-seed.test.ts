import { sql } from 'drizzle-orm';
import { REQUEST_STATES } from '../../shared/pipeline';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/harness';
import { agreementDifferences, scheduleFigures, todayIso } from '../../shared/portfolio/schedule';
import { hashPassword } from '../platform/auth/passwords';
import { sweepTasks } from '../tasks/sweep';
import { selectRows } from './rows';
import { disburseRequest } from '../pipeline/disbursement';
import {
  DEMO_ADMIN_EMAIL,
  DEMO_ADMIN_PASSWORD,
  DemoDataPresentError,
  seedDemo,
  type DemoSeedResult,
} from './demo-seed';
import { asForm } from '../test/company-fixtures';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let seeded: DemoSeedResult;
let auth: { authorization: string };
const BIG_TIMELINE = 300;

const t = useTestApp();
beforeAll(async () => {
  seeded = await seedDemo(t.database.db, {
    companies: 20,
    users: 12,
    bigTimelineEvents: BIG_TIMELINE,
    batchSize: 7, // several batches, as with a large dataset
    passwordHash: await hashPassword(DEMO_ADMIN_PASSWORD),
    disburseRequest,
  });
  // The demo admin signs in with the printed password: the shared hash is a real one.
  const signIn = await t.inject({
    method: 'POST',
    url: '/api/sign_in',
    payload: { email: DEMO_ADMIN_EMAIL, password: DEMO_ADMIN_PASSWORD },
  });
  expect(signIn.statusCode, signIn.body).toBe(200);
  auth = { authorization: signIn.headers['authorization'] as string };
}, 120_000);

const get = (url: string) => t.inject({ method: 'GET', url, headers: auth });

describe('the demo dataset, read back through the API', () => {
  it('lists the companies, one in twenty archived, and finds them by municipality with or without accents', async () => {
    const active = await get('/api/companies?page[size]=50');
    expect(active.statusCode, active.body).toBe(200);
    expect(active.json().meta.total_count).toBe(19);
    const archived = await get('/api/companies?page[size]=50&filter[archived]=true');
    expect(archived.json().meta.total_count).toBe(1);

    const plain = await get('/api/companies?page[size]=50&filter[search]=montreal');
    const accented = await get(`/api/companies?page[size]=50&filter[search]=${encodeURIComponent('MONTRÉAL')}`);
    expect(plain.statusCode).toBe(200);
    // Every fourth company is in Montréal (the twentieth is archived).
    expect(plain.json().meta.total_count).toBeGreaterThanOrEqual(4);
    expect(accented.json().data).toEqual(plain.json().data);
  });

  it('shows every company as a full graph that the form can save back unchanged', async () => {
    const list = (await get('/api/companies?page[size]=50')).json().data as Json[];
    const fromRequests = new Set(
      (
        await selectRows<{ id: string }>(
          t.database.db,
          sql`SELECT contribution_id AS id FROM decision_amounts WHERE contribution_id IS NOT NULL`,
        )
      ).map((row) => row.id),
    );
    for (const summary of list) {
      const res = await get(`/api/companies/${summary.id}`);
      expect(res.statusCode, res.body).toBe(200);
      const company = res.json().data as Json;
      expect(company.name).toBe(summary.name);
      expect(company.reference_number).toMatch(/^C-\d{4}-\d{6}$/);
      expect(company.address.zip_code).toMatch(/^[A-Z]\d[A-Z] \d[A-Z]\d$/);
      expect(company.owners.length).toBeGreaterThanOrEqual(1);
      expect(company.owners.length).toBeLessThanOrEqual(3);
      expect(company.financial_statements.length).toBeGreaterThanOrEqual(1);
      expect(company.financial_statements.length).toBeLessThanOrEqual(5);
      // Up to three loans typed as the servicing demo makes them, plus those of its disbursed funding requests.
      const typed = company.financial_contributions.filter((c: Json) => !fromRequests.has(c.id));
      expect(typed.length).toBeLessThanOrEqual(3);
      expect(company.blocks.length).toBeGreaterThanOrEqual(1);
      expect(company.presentation).not.toBeNull();
    }
    // Every value passes the form's validation: saving the first company as read changes nothing.
    const first = (await get(`/api/companies/${list[0]!.id}`)).json().data as Json;
    const saved = await t.inject({
      method: 'PATCH',
      url: `/api/companies/${first.id}`,
      headers: auth,
      payload: asForm(first),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.lock_version).toBe(1);
  });

  it('gives every loan the agreed payment and expected end date its terms give, as the schedule computes them', async () => {
    const list = (await get('/api/companies?page[size]=50')).json().data as Json[];
    let loans = 0;
    for (const summary of list) {
      const company = (await get(`/api/companies/${summary.id}`)).json().data as Json;
      for (const loan of company.financial_contributions as Json[]) {
        const result = scheduleFigures(
          {
            amount: loan.amount,
            rate: loan.rate,
            amortization: loan.amortization,
            moratorium: loan.moratorium,
            authorizationDate: loan.authorization_date,
          },
          todayIso(),
        );
        expect(result.ok).toBe(true);
        if (!result.ok) continue;
        const agreed = { refund: loan.refund, expectedEndDate: loan.expected_end_date };
        expect(agreementDifferences(agreed, result.figures), JSON.stringify(loan)).toEqual({
          payment: false,
          endDate: false,
        });
        loans += 1;
      }
    }
    expect(loans).toBeGreaterThan(10);
  });

  it('lists documents and the history of a company, and the long timeline of the first', async () => {
    const list = (await get('/api/companies?page[size]=50&sort=reference_number')).json().data as Json[];
    const some = list[1]!;
    const documents = await get(`/api/companies/${some.id}/documents`);
    expect(documents.statusCode, documents.body).toBe(200);
    expect(documents.json().meta.total_count).toBeGreaterThanOrEqual(2);
    expect(documents.json().meta.total_count).toBeLessThanOrEqual(4);

    const history = await get(`/api/companies/${some.id}/events?locale=fr&filter[category_slug]=system`);
    expect(history.statusCode, history.body).toBe(200);
    // "Company created" and one "document added" per document.
    expect(history.json().meta.total_count).toBe(1 + documents.json().meta.total_count);
    const found = await get(`/api/companies/${some.id}/events?filter[search]=${encodeURIComponent('creee')}`);
    expect(found.json().meta.total_count).toBe(1);

    const timeline = await get(`/api/companies/${seeded.bigTimelineCompanyId}/events`);
    expect(timeline.statusCode, timeline.body).toBe(200);
    expect(timeline.json().meta.total_count).toBe(BIG_TIMELINE);
  });

  it('refuses to seed the same database twice', async () => {
    await expect(seedDemo(t.database.db, { companies: 1, passwordHash: 'x' })).rejects.toBeInstanceOf(
      DemoDataPresentError,
    );
  });
  it('has funding requests in every state, two committees and a year of their meetings', async () => {
    const states = (await get('/api/funding_requests?page[size]=50')).json().meta.counts_by_state;
    expect(Object.keys(states).sort()).toEqual([...REQUEST_STATES].sort());
    const committees = (await get('/api/committees')).json().data;
    expect(committees).toHaveLength(2);
    const meetings = (await get('/api/committee_meetings?page[size]=50')).json();
    expect(meetings.meta.total_count).toBe(24);
    const dates = meetings.data.map((m: { date: string }) => m.date).sort();
    expect(daysApart(dates[0], dates.at(-1))).toBeGreaterThanOrEqual(300);
    const decided = meetings.data.find((m: { decided_count: number }) => m.decided_count > 0);
    const meeting = (await get(`/api/committee_meetings/${decided.id}`)).json().data;
    expect(meeting.agenda.some((item: { decision: unknown }) => item.decision !== null)).toBe(true);
  });

  it('gives the sweep conditions coming due and required checklist items missing to make tasks of', async () => {
    const { created } = await sweepTasks(t.database.db);
    expect(created.filter((key) => key.startsWith('condition:')).length).toBeGreaterThan(0);
    expect(created.filter((key) => key.startsWith('checklist:')).length).toBeGreaterThan(0);
  });

  it('has loans behind every disbursed request, with the decided terms and their first disbursement', async () => {
    const disbursed = (await get('/api/funding_requests?filter[state]=disbursed&page[size]=50')).json().data;
    expect(disbursed.length).toBeGreaterThan(0);
    for (const summary of disbursed) {
      const request = (await get(`/api/funding_requests/${summary.id}`)).json().data;
      expect(request.contribution_ids).toHaveLength(1);
      const [decision] = request.decisions;
      const loanId = request.contribution_ids[0];
      const loans = (await get(`/api/companies/${request.company_id}/loans`)).json().data;
      const loan = loans.find((l: { contribution_id: string }) => l.contribution_id === loanId);
      expect(loan, `loan ${loanId} of ${request.project_name}`).toBeDefined();
      const [row] = await selectRows<{ amount: number; rate: number; amortization: number; authorized: string }>(
        t.database.db,
        sql`SELECT amount::float8 AS amount, rate::float8 AS rate, amortization, authorization_date::text AS authorized
              FROM financial_contributions WHERE id = ${loanId}`,
      );
      expect(row).toEqual({
        amount: decision.amounts[0].amount,
        rate: decision.rate,
        amortization: decision.amortization,
        authorized: decision.decided_on,
      });
      const entries = (
        await get(`/api/companies/${request.company_id}/financial_contributions/${loanId}/disbursements`)
      ).json().data;
      expect(entries.map((e: { amount: number }) => e.amount)).toEqual([decision.amounts[0].amount]);
    }
  });
});

const daysApart = (a: string, b: string) => (Date.parse(b) - Date.parse(a)) / 86_400_000;
