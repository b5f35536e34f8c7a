import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { todayIso } from '../../shared/portfolio/schedule';
import { addDays, addMonths } from '../../shared/servicing/calendar';
import { useAuthHeader, useAuthHeaderOf, useLookupIds, useTestApp, useUser } from '../test/harness';
import { asForm } from '../test/company-fixtures';
import { createLoans, loanTerms, post } from '../test/servicing-fixtures';
import { selectRows } from '../db/rows';
import { sweepTasks } from './sweep';

/*
 * Tasks on the real app and database (docs/decisions/0041): manual tasks and their bad input, and each generator
 * — created once, closed by its cause. Dates are relative to today (in Québec), since the generators read the
 * calendar.
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const today = todayIso();

const t = useTestApp();
const ids = useLookupIds(t);
const lise = useUser(t, { firstName: 'Lise', lastName: 'Caron' });
const auth = useAuthHeaderOf(t, lise);
const other = useAuthHeader(t, { firstName: 'Paul', lastName: 'Roy' });
const admin = useAuthHeader(t, { firstName: 'Ada', lastName: 'Admin', role: 'admin' });

const get = (url: string, headers = auth) => t.inject({ method: 'GET', url, headers });
const send = (method: 'POST' | 'PATCH', url: string, payload: object, headers = auth, locale = 'en') =>
  t.inject({ method, url: `${url}?locale=${locale}`, headers, payload });

async function myTasks(query = '', headers = auth): Promise<Json[]> {
  const res = await get(`/api/tasks?page[size]=50&locale=en${query}`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Json[];
}

const taskCount = async () =>
  (await selectRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM tasks`))[0]!.n;

/** A company overseen by Lise, with these loans; no financial year end unless told (no statement task). */
async function company(loans: Record<string, unknown>[], overrides: Record<string, unknown> = {}) {
  return createLoans(t, auth, ids, loans, {
    overseeing_user_id: lise.id,
    end_of_financial_year: '',
    name: `Entreprise ${randomUUID().slice(0, 8)}`,
    ...overrides,
  });
}

async function companyForm(id: string): Promise<Json> {
  return asForm((await get(`/api/companies/${id}`)).json().data as Json);
}

async function saveCompany(id: string, change: (form: Json) => void) {
  const form = await companyForm(id);
  change(form);
  const res = await t.inject({ method: 'PATCH', url: `/api/companies/${id}`, headers: auth, payload: form });
  expect(res.statusCode, res.body).toBe(200);
}

describe('manual tasks', () => {
  it('creates one on a loan, lists it under this week for its assignee, marks it done and open again', async () => {
    const [loan] = await company([loanTerms(ids)]);
    const res = await send('POST', '/api/tasks', {
      title: 'Appeler la propriétaire',
      due_on: addDays(today, 2),
      contribution_id: loan!.id,
    });
    expect(res.statusCode, res.body).toBe(201);
    const task = res.json().data as Json;
    expect(task).toMatchObject({
      kind: 'manual',
      status: 'open',
      title: 'Appeler la propriétaire',
      due_group: 'week',
      assignee: { id: lise.id, name: 'Lise Caron' },
      company: { id: loan!.companyId },
      loan: { id: loan!.id, number: loan!.loanNumber },
    });
    expect((await myTasks('&filter[due]=week')).map((x) => x.id)).toContain(task.id);
    expect((await myTasks('&filter[due]=later')).map((x) => x.id)).not.toContain(task.id);
    // Another user does not see it, and cannot change it.
    expect((await myTasks('', other)).map((x) => x.id)).not.toContain(task.id);
    expect((await send('PATCH', `/api/tasks/${task.id}`, { status: 'done' }, other)).statusCode).toBe(404);

    const done = await send('PATCH', `/api/tasks/${task.id}`, { status: 'done' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({ status: 'done', done_at: expect.any(String) });
    expect((await myTasks()).map((x) => x.id)).not.toContain(task.id);
    expect((await myTasks('&filter[status]=done')).map((x) => x.id)).toContain(task.id);
    const again = await send('PATCH', `/api/tasks/${task.id}`, { status: 'open' });
    expect(again.json().data).toMatchObject({ status: 'open', done_at: null });
  });

  it('assigns to another active user, and groups overdue and later', async () => {
    const overdue = await send('POST', '/api/tasks', { title: 'En retard', due_on: addDays(today, -3) });
    const later = await send('POST', '/api/tasks', { title: 'Plus tard', due_on: addDays(today, 40) });
    expect(overdue.json().data.due_group).toBe('overdue');
    expect(later.json().data.due_group).toBe('later');
    const res = await get('/api/tasks?filter[due]=overdue');
    expect(res.json().meta.overdue_count).toBeGreaterThanOrEqual(1);
    expect((res.json().data as Json[]).every((x) => x.due_on < today)).toBe(true);
  });

  it('refuses bad input with a localized message and writes nothing', async () => {
    const [loan] = await company([loanTerms(ids)]);
    const [elsewhere] = await company([loanTerms(ids)]);
    const before = await taskCount();
    const cases: [object, number, string?][] = [
      [{ title: 'x', due_on: addMonths(today, 12 * 6) }, 422, 'due_on'],
      [{ title: 'x', due_on: addMonths(today, -24) }, 422, 'due_on'],
      [{ title: 'x', due_on: '2026-02-30' }, 422, 'due_on'],
      [{ title: '', due_on: today }, 422, 'title'],
      [{ title: 'x'.repeat(201), due_on: today }, 422, 'title'],
      [{ due_on: today }, 422, 'title'],
      [{ title: 'x', due_on: today, assignee_id: randomUUID() }, 422, 'assignee_id'],
      [{ title: 'x', due_on: today, company_id: loan!.companyId, contribution_id: elsewhere!.id }, 404],
      [{ title: 'x', due_on: today, contribution_id: randomUUID() }, 404],
      [{ title: 'x', due_on: today, company_id: randomUUID() }, 404],
    ];
    for (const [payload, status, field] of cases) {
      const res = await send('POST', '/api/tasks', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      if (field) expect(Object.keys(res.json().errors.detail)).toContain(field);
    }
    const fr = await send('POST', '/api/tasks', { title: 'x', due_on: '2099-01-01' }, auth, 'fr');
    expect(fr.json().errors.detail.due_on[0]).toMatch(/^L’échéance doit être entre le .+ et le .+\.$/);
    const en = await send('POST', '/api/tasks', { title: 'x', due_on: '2099-01-01' });
    expect(en.json().errors.detail.due_on[0]).toMatch(/^The due date must be between .+ and .+\.$/);
    expect(await taskCount()).toBe(before);
  });

  it('refuses unknown filters, and the administrators’ queue to others', async () => {
    expect((await get('/api/tasks?filter[due]=soon')).statusCode).toBe(400);
    expect((await get('/api/tasks?filter[assignee]=someone')).statusCode).toBe(400);
    expect((await get('/api/tasks?filter[color]=red')).statusCode).toBe(400);
    expect((await get('/api/tasks?filter[assignee]=queue')).statusCode).toBe(403);
    expect((await get('/api/tasks?filter[assignee]=queue', admin)).statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: '/api/tasks' })).statusCode).toBe(401);
  });
});

describe('generated tasks', () => {
  it('a follow-up date due today: one task for the overseeing user, closed when the date moves', async () => {
    const [loan] = await company([loanTerms(ids, { followup_date: today })]);
    const mine = async () => (await myTasks()).filter((x) => x.kind === 'followup' && x.loan?.id === loan!.id);
    const [task] = await mine();
    expect(task).toMatchObject({ due_on: today, due_group: 'week', assignee: { id: lise.id } });
    expect(task!.title).toBe(`Follow up on loan ${loan!.loanNumber} (${task!.company.name})`);
    // Never twice: another read, the sweep, another save.
    await myTasks();
    expect((await sweepTasks(t.database.db)).created.filter((key) => key.includes(loan!.id))).toEqual([]);
    await saveCompany(loan!.companyId, (form) => (form.name = `${form.name} inc.`));
    expect(await mine()).toHaveLength(1);

    await saveCompany(loan!.companyId, (form) => (form.financial_contributions[0].followup_date = addDays(today, 60)));
    expect(await mine()).toEqual([]);
    const [row] = await selectRows<Json>(t.database.db, sql`SELECT status FROM tasks WHERE id = ${task!.id}`);
    expect(row!.status).toBe('resolved');
    // Closed by its cause: nobody reopens it.
    const reopen = await send('PATCH', `/api/tasks/${task!.id}`, { status: 'open' });
    expect(reopen.statusCode).toBe(409);
    expect(reopen.json().errors.code).toBe('invalid_transition');
  });

  it('goes to the administrators’ queue when nobody oversees the company', async () => {
    const [loan] = await company([loanTerms(ids, { followup_date: addDays(today, 1) })], { overseeing_user_id: null });
    const queue = await myTasks('&filter[assignee]=queue', admin);
    expect(queue.filter((x) => x.loan?.id === loan!.id)).toMatchObject([{ kind: 'followup', assignee: null }]);
  });

  it('statements not received six months after the financial year: one task, closed when entered', async () => {
    const yearEnd = addMonths(today, -7);
    const dayMonth = `${yearEnd.slice(8, 10)}/${yearEnd.slice(5, 7)}`;
    const year = Number(yearEnd.slice(0, 4));
    const [loan] = await company([loanTerms(ids)], {
      end_of_financial_year: dayMonth,
      financial_statements: [{ year: String(year - 1), sales: '1000' }],
    });
    const statementTasks = async () =>
      (await myTasks()).filter((x) => x.kind === 'statement' && x.company.id === loan!.companyId);
    const [task] = await statementTasks();
    expect(task).toMatchObject({ due_group: 'overdue', title: expect.stringContaining(String(year)) });
    await sweepTasks(t.database.db);
    expect(await statementTasks()).toHaveLength(1);

    await saveCompany(loan!.companyId, (form) => form.financial_statements.push({ year: String(year), sales: '5' }));
    expect(await statementTasks()).toEqual([]);
    const [row] = await selectRows<Json>(t.database.db, sql`SELECT status FROM tasks WHERE id = ${task!.id}`);
    expect(row!.status).toBe('resolved');
  });

  it('a loan crossing 1, 30 and 90 days late: the highest crossed, closed when the payment is recorded', async () => {
    // Paid out 75 days ago, 12 monthly payments, none made: the first fell due ~45 days ago.
    const start = addDays(today, -75);
    const [loan] = await company([loanTerms(ids, { authorization_date: start })]);
    await post(t, auth, `${loan!.url}/disbursements`, { date: start, amount: '1200', method: 'eft' });
    const lateTasks = async () => (await myTasks()).filter((x) => x.kind === 'late' && x.loan?.id === loan!.id);
    const [task] = await lateTasks();
    expect(task).toMatchObject({ late_days: 30, title: expect.stringContaining('30 days past due') });
    expect(await lateTasks()).toHaveLength(1);

    // Ninety days on, the same late spell crosses 90: a new task, which supersedes the 30-day one.
    const { created } = await sweepTasks(t.database.db, addDays(today, 60));
    expect(created.filter((key) => key.startsWith(`late:${loan!.id}`))).toHaveLength(1);
    const rows = await selectRows<Json>(
      t.database.db,
      sql`SELECT late_days AS "lateDays", status FROM tasks WHERE contribution_id = ${loan!.id} ORDER BY late_days`,
    );
    expect(rows).toEqual([
      { lateDays: 30, status: 'resolved' },
      { lateDays: 90, status: 'open' },
    ]);
    // Back to today: paying what is in arrears ends the spell, and the open task with it.
    const payoff = (await get(`${loan!.url}/schedule`)).json().data as Json;
    const due = Number(payoff.arrears_principal ?? 0) + Number(payoff.arrears_interest ?? 0);
    await post(t, auth, `${loan!.url}/repayments`, {
      received_on: today,
      amount: String(Math.max(due, 106.62 * 3).toFixed(2)),
      method: 'pad',
    });
    expect(await lateTasks()).toEqual([]);
    const [open] = await selectRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM tasks WHERE contribution_id = ${loan!.id} AND status = 'open'`,
    );
    expect(open!.n).toBe(0);
  });

  it('a generated task keeps its title and date, but may be marked done', async () => {
    const [loan] = await company([loanTerms(ids, { followup_date: addDays(today, 3) })]);
    const [task] = (await myTasks()).filter((x) => x.loan?.id === loan!.id);
    const res = await send('PATCH', `/api/tasks/${task!.id}`, { title: 'Autre' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.detail.title[0]).toContain('keeps its title');
    expect((await send('PATCH', `/api/tasks/${task!.id}`, { status: 'done' })).statusCode).toBe(200);
  });
});

describe('the employee count kept with its history', () => {
  it('writes a dated row on creation and on each change, none when it stays', async () => {
    const [loan] = await company([loanTerms(ids)], { employee_count: '12' });
    await saveCompany(loan!.companyId, (form) => (form.name = `${form.name} ltée`));
    await saveCompany(loan!.companyId, (form) => (form.employee_count = '15'));
    const rows = await selectRows<Json>(
      t.database.db,
      sql`SELECT employee_count AS "count", recorded_on::text AS "on" FROM company_employee_counts
           WHERE company_id = ${loan!.companyId} ORDER BY inserted_at`,
    );
    expect(rows).toEqual([
      { count: 12, on: today },
      { count: 15, on: today },
    ]);
  });
});
