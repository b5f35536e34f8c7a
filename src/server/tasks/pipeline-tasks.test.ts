import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { todayIso } from '../../shared/portfolio/schedule';
import { addDays } from '../../shared/servicing/calendar';
import { useAuthHeader, useAuthHeaderOf, useLookupIds, useTestApp, useUser } from '../test/harness';
import { createCompany, useCategoryIds } from '../test/document-fixtures';
import { committeeOfOne, decideRequest, moveRequest } from '../test/pipeline-fixtures';
import { selectRows } from '../db/rows';
import { sweepTasks } from './sweep';

/*
 * The pipeline's tasks on the real app and database (docs/decisions/0041, 0045): a decision condition coming due
 * and a required checklist item still missing — each created once, closed by its cause in the write that removes
 * it, never made for an ended request — a manual task on a request, and a task sent back to the administrators'
 * queue. Dates are relative to today (in Québec), since the generators read the calendar.
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Auth = { authorization: string };

let companyId: string;
let otherCompanyId: string;
let committee: Json;
const today = todayIso();

const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, headers: Auth, payload?: unknown) =>
  t.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as Json }) });

const t = useTestApp();
const ids = useLookupIds(t);
const cats = useCategoryIds(t);
const adminRow = useUser(t, { role: 'admin', firstName: 'Ada', lastName: 'Admin' });
const admin = useAuthHeaderOf(t, adminRow);
const lise = useUser(t, { firstName: 'Lise', lastName: 'Caron' });
const analyst = useAuthHeaderOf(t, lise);
const other = useAuthHeader(t, { firstName: 'Paul', lastName: 'Roy' });
beforeAll(async () => {
  // Nobody oversees these companies: a request without analyst sends its tasks to the administrators' queue.
  companyId = await createCompany(t, admin, 'Boulangerie Laval');
  otherCompanyId = await createCompany(t, admin, 'Ferme Tremblay');
  await t.database.db.execute(sql`UPDATE companies SET overseeing_user_id = NULL`);
  // The main fund asks a business plan at intake (and an optional letter) and statements at analysis.
  const templates = await call('PUT', '/api/checklist_templates', admin, {
    fund_id: ids.fund,
    items: [
      { stage: 'intake', category_id: cats.financial, label_fr: "Plan d'affaires", label_en: 'Business plan' },
      { stage: 'intake', category_id: cats.other, label_fr: 'Lettre', label_en: 'Letter', required: false },
      { stage: 'analysis', category_id: cats.statements, label_fr: 'États financiers', label_en: 'Statements' },
    ],
  });
  expect(templates.statusCode, templates.body).toBe(200);
  committee = await committeeOfOne(t, admin, adminRow.id, 'Comité des tâches');
});

async function createRequest(overrides: Json = {}): Promise<Json> {
  const res = await call('POST', '/api/funding_requests?locale=en', analyst, {
    company_id: companyId,
    project_name: `Projet ${randomUUID().slice(0, 6)}`,
    project_cost: '200000',
    amounts: [{ fund_id: ids.otherFund, amount: '50000' }],
    sources: [],
    assignee_id: lise.id,
    ...overrides,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

const moved = (request: Json, to: string, extra: Json = {}) => moveRequest(t, admin, request, to, extra);

/** A request approved with these conditions by a committee of one. */
async function approvedWith(conditions: Json[]): Promise<{ request: Json; conditions: Json[] }> {
  let request = await createRequest();
  for (const to of ['submitted', 'in_analysis', 'ready_for_committee']) request = await moved(request, to);
  const decision = await decideRequest(t, admin, committee, request.id, addDays(today, -1), {
    outcome: 'approved_with_conditions',
    amounts: [{ fund_id: ids.otherFund, amount: '50000' }],
    rate: '6',
    amortization: '60',
    moratorium: '0',
    warranty_id: ids.warranty,
    conditions,
  });
  const fresh = (await call('GET', `/api/funding_requests/${request.id}`, admin)).json().data;
  return { request: fresh, conditions: decision.conditions };
}

async function tasksOf(requestId: string, kind?: string) {
  return selectRows<{ id: string; key: string; status: string; assigneeId: string | null; dueOn: string }>(
    t.database.db,
    sql`SELECT id, source_key AS key, status, assignee_id AS "assigneeId", due_on::text AS "dueOn" FROM tasks
         WHERE funding_request_id = ${requestId} ${kind ? sql`AND kind = ${kind}` : sql``} ORDER BY source_key`,
  );
}

async function listed(query: string, auth: Auth = analyst, locale = 'en'): Promise<Json[]> {
  const res = await call('GET', `/api/tasks?page[size]=50&locale=${locale}${query}`, auth);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Json[];
}

describe('a decision condition coming due', () => {
  it('makes one task for its analyst from the lead days on, closed when the condition is met or its date moves', async () => {
    const { request, conditions } = await approvedWith([
      { text: 'Preuve d’assurance', kind: 'before_disbursement', due_date: addDays(today, 3) },
      { text: 'Mise de fonds', kind: 'before_disbursement', due_date: addDays(today, -2) },
      { text: 'Rapport annuel', kind: 'covenant', due_date: addDays(today, 30) },
      { text: 'Emplois maintenus', kind: 'covenant' },
    ]);
    const [insurance, equity, report] = conditions as [Json, Json, Json, Json];

    // My tasks generates what is due for its reader: the two near or past, not the far one nor the undated.
    const mine = (await listed('')).filter((task) => task.request?.id === request.id);
    expect(mine.map((task) => [task.kind, task.title, task.due_on, task.due_group]).sort()).toEqual(
      [
        [
          'condition',
          `Condition to meet: “Mise de fonds” (${request.project_name}, Boulangerie Laval)`,
          addDays(today, -2),
          'overdue',
        ],
        [
          'condition',
          `Condition to meet: “Preuve d’assurance” (${request.project_name}, Boulangerie Laval)`,
          addDays(today, 3),
          'week',
        ],
      ].sort(),
    );
    expect(mine.every((task) => task.assignee?.id === lise.id && task.company?.id === companyId)).toBe(true);
    const french = (await listed('', analyst, 'fr')).find((task) => task.due_on === addDays(today, 3));
    expect(french?.title).toBe(
      `Condition à remplir : « Preuve d’assurance » (${request.project_name}, Boulangerie Laval)`,
    );

    // Created once, whoever runs it again.
    await sweepTasks(t.database.db);
    await sweepTasks(t.database.db);
    await listed('');
    const keys = (await tasksOf(request.id)).map((row) => row.key);
    expect(keys).toEqual(
      [`condition:${insurance.id}:${addDays(today, 3)}`, `condition:${equity.id}:${addDays(today, -2)}`].sort(),
    );

    // Met: closed in the write's own transaction, before any sweep.
    const met = await call('PATCH', `/api/decision_conditions/${insurance.id}?locale=en`, analyst, { status: 'met' });
    expect(met.statusCode, met.body).toBe(200);
    const byKey = async () => new Map((await tasksOf(request.id)).map((row) => [row.key, row.status]));
    expect((await byKey()).get(`condition:${insurance.id}:${addDays(today, 3)}`)).toBe('resolved');

    // Its due date moved (by a script: the API does not move it): the old date's task closes, the new one is
    // made on the next run; the far covenant coming near makes its own.
    await t.database.db.execute(
      sql`UPDATE decision_conditions SET due_date = ${addDays(today, 1)} WHERE id = ${equity.id}`,
    );
    expect((await byKey()).get(`condition:${equity.id}:${addDays(today, -2)}`)).toBe('resolved');
    await sweepTasks(t.database.db);
    expect((await byKey()).get(`condition:${equity.id}:${addDays(today, 1)}`)).toBe('open');
    expect((await byKey()).has(`condition:${report.id}:${addDays(today, 30)}`)).toBe(false);

    // Breached closes it too; a resolved task cannot be reopened by hand.
    const breached = await call('PATCH', `/api/decision_conditions/${equity.id}`, analyst, { status: 'breached' });
    expect(breached.statusCode, breached.body).toBe(200);
    const closed = (await tasksOf(request.id)).find((row) => row.key === `condition:${equity.id}:${addDays(today, 1)}`);
    expect(closed?.status).toBe('resolved');
    const reopen = await call('PATCH', `/api/tasks/${closed!.id}?locale=en`, analyst, { status: 'open' });
    expect(reopen.statusCode).toBe(409);
    expect((await listed('')).some((task) => task.request?.id === request.id)).toBe(false);
  });

  it('closes with its request withdrawn, and is never made for a withdrawn request', async () => {
    const first = await approvedWith([{ text: 'Garantie', kind: 'before_disbursement', due_date: today }]);
    await sweepTasks(t.database.db);
    expect((await tasksOf(first.request.id)).map((row) => row.status)).toEqual(['open']);
    await moved(first.request, 'withdrawn');
    expect((await tasksOf(first.request.id)).map((row) => row.status)).toEqual(['resolved']);

    const second = await approvedWith([{ text: 'Garantie', kind: 'before_disbursement', due_date: today }]);
    await moved(second.request, 'withdrawn');
    await sweepTasks(t.database.db);
    await listed('');
    expect(await tasksOf(second.request.id)).toEqual([]);
  });
});

describe('a required checklist item still missing', () => {
  it('makes one task per required item of the stage that holds the request, closed when verified or waived', async () => {
    const request = await moved(
      await createRequest({ amounts: [{ fund_id: ids.fund, amount: '40000' }] }),
      'submitted',
    );
    const checklist = (await call('GET', `/api/funding_requests/${request.id}/checklist?locale=en`, analyst)).json()
      .data as Json[];
    const plan = checklist.find((item) => item.label === 'Business plan');
    expect(plan, JSON.stringify(checklist)).toBeDefined();

    // Only the required item of the intake stage: not the optional letter, not the statements of analysis.
    const mine = (await listed('')).filter((task) => task.request?.id === request.id);
    expect(mine.map((task) => [task.kind, task.title, task.due_group])).toEqual([
      ['checklist', `Document to obtain or verify: Business plan (${request.project_name}, Boulangerie Laval)`, 'week'],
    ]);
    // Due on the (Québec) day the request entered the stage it cannot leave: today, unless the move crossed
    // midnight after this file read the calendar.
    expect(mine[0]!.due_on).toBe(todayIso(new Date(request.state_changed_at as string)));
    const french = (await listed('', analyst, 'fr')).find((task) => task.request?.id === request.id);
    expect(french?.title).toBe(
      `Document à obtenir ou à vérifier : Plan d'affaires (${request.project_name}, Boulangerie Laval)`,
    );
    await sweepTasks(t.database.db);
    await sweepTasks(t.database.db);
    expect((await tasksOf(request.id)).map((row) => [row.key, row.status])).toEqual([
      [`checklist:${plan!.id}`, 'open'],
    ]);

    // Waived: closed in the same write; the request moves on and the analysis stage's item makes its task.
    const waived = await call('PATCH', `/api/funding_requests/${request.id}/checklist/${plan!.id}?locale=en`, analyst, {
      status: 'waived',
      waived_reason: 'Plan reçu par courriel',
    });
    expect(waived.statusCode, waived.body).toBe(200);
    expect((await tasksOf(request.id)).map((row) => row.status)).toEqual(['resolved']);
    const fresh = (await call('GET', `/api/funding_requests/${request.id}`, analyst)).json().data;
    const analysis = await moved(fresh, 'in_analysis');
    await sweepTasks(t.database.db);
    const open = (await tasksOf(request.id)).filter((row) => row.status === 'open');
    expect(open).toHaveLength(1);
    expect(open[0]!.assigneeId).toBe(lise.id);

    // The request withdrawn: its checklist blocks nothing any more.
    await moved(analysis, 'withdrawn');
    expect((await tasksOf(request.id)).map((row) => row.status)).toEqual(['resolved', 'resolved']);
  });

  it('goes to the administrators’ queue when nobody works the request, and is not made for an ended request', async () => {
    const unassigned = await moved(
      await createRequest({ amounts: [{ fund_id: ids.fund, amount: '40000' }], assignee_id: null }),
      'submitted',
    );
    const queue = (await listed('&filter[assignee]=queue', admin)).filter((task) => task.request?.id === unassigned.id);
    expect(queue.map((task) => [task.kind, task.assignee])).toEqual([['checklist', null]]);
    expect((await call('GET', '/api/tasks?filter[assignee]=queue', analyst)).statusCode).toBe(403);

    const ended = await moved(await createRequest({ amounts: [{ fund_id: ids.fund, amount: '40000' }] }), 'submitted');
    await moved(ended, 'withdrawn');
    await sweepTasks(t.database.db);
    await listed('');
    expect(await tasksOf(ended.id)).toEqual([]);
  });
});

describe('a manual task on a request', () => {
  it('is about the request and its company, and opens it', async () => {
    const request = await createRequest();
    const res = await call('POST', '/api/tasks?locale=en', analyst, {
      title: 'Rappeler le promoteur',
      due_on: addDays(today, 2),
      funding_request_id: request.id,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      kind: 'manual',
      title: 'Rappeler le promoteur',
      company: { id: companyId, name: 'Boulangerie Laval' },
      request: { id: request.id, project_name: request.project_name },
      assignee: { id: lise.id },
    });
    const same = await call('POST', '/api/tasks?locale=en', other, {
      title: 'Visite',
      due_on: today,
      company_id: companyId,
      funding_request_id: request.id,
    });
    expect(same.statusCode, same.body).toBe(201);
  });

  it('refuses another company’s request, an unknown one and a malformed id, writing nothing', async () => {
    const request = await createRequest();
    const before = await selectRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM tasks`);
    const cases: [Json, number, string?][] = [
      [{ company_id: otherCompanyId, funding_request_id: request.id }, 404],
      [{ funding_request_id: randomUUID() }, 404],
      [{ funding_request_id: 'nope' }, 422, 'funding_request_id'],
    ];
    for (const [subject, status, field] of cases) {
      const res = await call('POST', '/api/tasks?locale=fr', analyst, { title: 'x', due_on: today, ...subject });
      expect(res.statusCode, res.body).toBe(status);
      const errors = res.json().errors;
      expect(errors.message).toEqual(expect.any(String));
      if (field) expect(Object.keys(errors.detail)).toEqual([field]);
    }
    const after = await selectRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM tasks`);
    expect(after[0]!.n).toBe(before[0]!.n);
  });
});

describe('back to the administrators’ queue', () => {
  it('lets an administrator send a task back, and nobody else', async () => {
    const res = await call('POST', '/api/tasks?locale=en', analyst, { title: 'Dossier à redistribuer', due_on: today });
    const task = res.json().data as Json;
    const refused = await call('PATCH', `/api/tasks/${task.id}?locale=en`, analyst, { assignee_id: null });
    expect(refused.statusCode).toBe(403);
    expect((await call('PATCH', `/api/tasks/${task.id}`, analyst, { status: 'done' })).json().data.assignee.id).toBe(
      lise.id,
    );

    const back = await call('PATCH', `/api/tasks/${task.id}?locale=en`, admin, { assignee_id: null, status: 'open' });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().data).toMatchObject({ assignee: null, status: 'open' });
    expect((await listed('&filter[assignee]=queue', admin)).map((x) => x.id)).toContain(task.id);
    expect((await listed('')).map((x) => x.id)).not.toContain(task.id);

    // Leaving the key out changes nobody; an administrator hands it out again.
    const untouched = await call('PATCH', `/api/tasks/${task.id}`, admin, { title: 'Dossier à redistribuer (2)' });
    expect(untouched.json().data.assignee).toBeNull();
    const given = await call('PATCH', `/api/tasks/${task.id}`, admin, { assignee_id: lise.id });
    expect(given.json().data.assignee.id).toBe(lise.id);
  });
});
