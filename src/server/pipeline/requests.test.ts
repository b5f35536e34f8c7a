import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useAuthHeader, useLookupIds, useTestApp } from '../test/harness';
import { createCompany, useCategoryIds } from '../test/document-fixtures';
import { selectRows } from '../db/rows';

/*
 * Funding requests, their moves and checklists on the real app and database (docs/decisions/0039, 0040): each
 * route, each role, each bad input the rules name, and that a refusal leaves nothing written.
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Auth = { authorization: string };

let analyst: Auth;
let analystId: string;
let other: Auth;
let companyId: string;
let otherCompanyId: string;

const t = useTestApp();
const ids = useLookupIds(t);
const cats = useCategoryIds(t);
const admin = useAuthHeader(t, { role: 'admin', firstName: 'Ada', lastName: 'Admin' });
beforeAll(async () => {
  const analystRow = await t.createUser({ firstName: 'Lise', lastName: 'Caron' });
  analystId = analystRow.id;
  analyst = await t.authHeader(analystRow);
  other = await t.authHeader(await t.createUser({ firstName: 'Paul', lastName: 'Roy' }));
  companyId = await createCompany(t, admin, 'Boulangerie Laval');
  otherCompanyId = await createCompany(t, admin, 'Ferme Tremblay');
  // Fund FLI asks a business plan at intake and a resolution before disbursement; FLS the business plan too
  // (same item: listed once) and financial statements at analysis.
  for (const [fundId, items] of [
    [
      ids.fund,
      [
        { stage: 'intake', category_id: cats.financial, label_fr: "Plan d'affaires", label_en: 'Business plan' },
        { stage: 'intake', category_id: cats.other, label_fr: 'Lettre', label_en: 'Letter', required: false },
        { stage: 'before_disbursement', category_id: cats.legal, label_fr: 'Résolution', label_en: 'Resolution' },
      ],
    ],
    [
      ids.otherFund,
      [
        { stage: 'intake', category_id: cats.financial, label_fr: "Plan d'affaires", label_en: 'Business plan' },
        {
          stage: 'analysis',
          category_id: cats.statements,
          label_fr: 'États financiers',
          label_en: 'Financial statements',
        },
      ],
    ],
  ] as const) {
    const res = await put('/api/checklist_templates', { fund_id: fundId, items }, admin);
    expect(res.statusCode, res.body).toBe(200);
  }
});

const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, headers: Auth, payload?: unknown) =>
  t.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as Json }) });
const get = (url: string, auth: Auth = analyst) => call('GET', url, auth);
const post = (url: string, payload: unknown, auth: Auth = analyst) => call('POST', url, auth, payload);
const patch = (url: string, payload: unknown, auth: Auth = analyst) => call('PATCH', url, auth, payload);
const put = (url: string, payload: unknown, auth: Auth = admin) => call('PUT', url, auth, payload);

const requestBody = (overrides: Json = {}) => ({
  company_id: companyId,
  project_name: 'Four à pain',
  project_cost: '250000',
  amounts: [
    { fund_id: ids.fund, amount: '50000' },
    { fund_id: ids.otherFund, amount: '25000' },
  ],
  sources: [{ name: 'Caisse Desjardins', amount: '100000', confirmed: true, is_public: false }],
  assignee_id: analystId,
  ...overrides,
});

async function createRequest(overrides: Json = {}, auth: Auth = analyst): Promise<Json> {
  const res = await post('/api/funding_requests?locale=en', requestBody(overrides), auth);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

const move = (request: Json, to: string, auth: Auth = analyst, locale = 'en') =>
  post(
    `/api/funding_requests/${request.id}/transitions?locale=${locale}`,
    { to, lock_version: request.lock_version },
    auth,
  );

async function moved(request: Json, to: string, auth: Auth = analyst): Promise<Json> {
  const res = await move(request, to, auth);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function insertDocument(company: string, name: string, categoryId: string): Promise<string> {
  const [row] = await selectRows<{ id: string }>(
    t.database.db,
    sql`INSERT INTO documents (company_id, category_id, name, date, file_name, file_type, file_size)
        VALUES (${company}, ${categoryId}, ${name}, '2026-11-01', ${`${randomUUID()}.pdf`}, 'application/pdf', 1000)
        RETURNING id`,
  );
  return row!.id;
}

const count = async (table: string) =>
  (await selectRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`))[0]!.n;

describe('creating and reading', () => {
  it('creates a draft with its amounts and sources, and answers it with its timeline and next moves', async () => {
    const data = await createRequest();
    expect(data).toMatchObject({
      company_id: companyId,
      company_name: 'Boulangerie Laval',
      project_name: 'Four à pain',
      project_cost: 250000,
      state: 'draft',
      assignee_id: analystId,
      assignee_name: 'Lise Caron',
      total_amount: 75000,
      lock_version: 0,
      next_states: ['submitted', 'withdrawn'],
      sources: [{ name: 'Caisse Desjardins', amount: 100000, confirmed: true, is_public: false }],
    });
    expect(data.amounts.map((a: Json) => a.amount)).toEqual([50000, 25000]);
    expect(data.moves).toMatchObject([{ from_state: null, to_state: 'draft', author_name: 'Lise Caron' }]);
    const again = await get(`/api/funding_requests/${data.id}?locale=en`);
    expect(again.json().data).toEqual(data);
  });

  // Overrides are functions: the lookup ids exist only once beforeAll ran.
  it.each([
    ['no amount', () => ({ amounts: [] }), 'amounts'],
    [
      'the same fund twice',
      () => ({
        amounts: [
          { fund_id: ids.fund, amount: '1' },
          { fund_id: ids.fund, amount: '2' },
        ],
      }),
      'amounts.1.fund_id',
    ],
    ['a negative amount', () => ({ amounts: [{ fund_id: ids.fund, amount: '-5' }] }), 'amounts.0.amount'],
    ['no project name', () => ({ project_name: '' }), 'project_name'],
    ['a cost in words', () => ({ project_cost: 'beaucoup' }), 'project_cost'],
    ['a malformed assignee', () => ({ assignee_id: 'x' }), 'assignee_id'],
    ['a source without a name', () => ({ sources: [{ name: '', amount: '5' }] }), 'sources.0.name'],
  ])('refuses %s with a 422 on the field, writing nothing', async (_name, overrides, field) => {
    const before = await count('funding_requests');
    const res = await post('/api/funding_requests?locale=en', requestBody(overrides()));
    expect(res.statusCode, res.body).toBe(422);
    expect(Object.keys(res.json().errors.detail)).toContain(field);
    expect(await count('funding_requests')).toBe(before);
  });

  it('refuses an unknown fund, user or company by name', async () => {
    const res = await post(
      '/api/funding_requests?locale=en',
      requestBody({
        company_id: randomUUID(),
        assignee_id: randomUUID(),
        amounts: [{ fund_id: randomUUID(), amount: '5' }],
      }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.detail).toEqual({
      'amounts.0.fund_id': ['This fund does not exist.'],
      assignee_id: ['This user does not exist or is no longer active.'],
      company_id: ['This company does not exist.'],
    });
  });

  it('answers 404 for an unknown request and 401 without a session', async () => {
    expect((await get(`/api/funding_requests/${randomUUID()}`)).statusCode).toBe(404);
    expect((await get('/api/funding_requests/nope')).statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: '/api/funding_requests' })).statusCode).toBe(401);
  });
});

describe('the board', () => {
  it('filters by state, fund, company and "assigned to me", and counts per state', async () => {
    const mine = await createRequest({ project_name: 'Board mine', company_id: otherCompanyId });
    await createRequest(
      {
        project_name: 'Board theirs',
        company_id: otherCompanyId,
        assignee_id: null,
        amounts: [{ fund_id: ids.otherFund, amount: '10' }],
      },
      other,
    );
    const list = (query: string, auth: Auth = analyst) => get(`/api/funding_requests?${query}`, auth);

    const byCompany = (await list(`filter[company_id]=${otherCompanyId}`)).json();
    expect(byCompany.data.map((r: Json) => r.project_name).sort()).toEqual(['Board mine', 'Board theirs']);
    expect(byCompany.meta).toMatchObject({ total_count: 2, counts_by_state: { draft: 2 } });

    const myOwn = (await list(`filter[company_id]=${otherCompanyId}&filter[assignee]=me`)).json();
    expect(myOwn.data.map((r: Json) => r.id)).toEqual([mine.id]);

    const byFund = (await list(`filter[company_id]=${otherCompanyId}&filter[fund_id]=${ids.fund}`)).json();
    expect(byFund.data.map((r: Json) => r.id)).toEqual([mine.id]);

    await moved(mine, 'submitted');
    const submitted = (await list(`filter[company_id]=${otherCompanyId}&filter[state]=submitted`)).json();
    expect(submitted.data.map((r: Json) => r.id)).toEqual([mine.id]);
    expect(submitted.meta).toMatchObject({ total_count: 1, counts_by_state: { draft: 1, submitted: 1 } });
  });

  it.each([
    'filter[state]=lost',
    'filter[assignee]=someone',
    'filter[fund_id]=12',
    'filter[colour]=red',
    'sort=amount',
    'page[size]=7',
  ])('refuses %s with a 400', async (query) => {
    const res = await get(`/api/funding_requests?${query}`);
    expect(res.statusCode, res.body).toBe(400);
  });
});

describe('moves', () => {
  it('refuses a move that skips a state, and one only a decision makes, with a 409 saying why', async () => {
    const request = await createRequest();
    const skip = await move(request, 'ready_for_committee');
    expect(skip.statusCode).toBe(409);
    expect(skip.json().errors).toMatchObject({
      code: 'transition_not_allowed',
      message: 'A request Draft cannot be moved to Ready for committee.',
    });
    const french = await move(request, 'disbursed', analyst, 'fr');
    expect(french.json().errors.message).toBe('Une demande « Brouillon » ne peut passer à « Décaissée ».');
    const unknown = await move(request, 'approved');
    expect(unknown.statusCode).toBe(422);
  });

  it('fixes the checklist at submission from every fund asked (union), and blocks leaving a stage on its required items', async () => {
    const request = await moved(await createRequest(), 'submitted');
    const checklist = (await get(`/api/funding_requests/${request.id}/checklist?locale=en`)).json().data;
    expect(checklist.map((i: Json) => [i.stage, i.label, i.required, i.status])).toEqual([
      ['intake', 'Business plan', true, 'missing'],
      ['intake', 'Letter', false, 'missing'],
      ['analysis', 'Financial statements', true, 'missing'],
      ['before_disbursement', 'Resolution', true, 'missing'],
    ]);

    const blocked = await move(request, 'in_analysis');
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().errors).toMatchObject({
      code: 'checklist_incomplete',
      detail: { missing_items: ['Business plan'] },
    });
    const inFrench = await move(request, 'in_analysis', analyst, 'fr');
    expect(inFrench.json().errors.detail.missing_items).toEqual(["Plan d'affaires"]);

    const plan = checklist[0];
    const itemUrl = `/api/funding_requests/${request.id}/checklist/${plan.id}?locale=en`;
    const theirs = await insertDocument(otherCompanyId, 'Plan (autre)', cats.financial);
    const wrong = await patch(itemUrl, { status: 'received', document_id: theirs });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.detail).toEqual({ document_id: ['This document belongs to another company.'] });
    expect((await patch(itemUrl, { status: 'received' })).statusCode).toBe(422);
    expect((await patch(itemUrl, { status: 'verified' })).json().errors.detail).toEqual({
      document_id: ['An item is verified once a document is linked to it.'],
    });
    expect((await patch(itemUrl, { status: 'waived', waived_reason: '  ' })).json().errors.detail).toEqual({
      waived_reason: ['Say why this item is waived.'],
    });
    expect((await patch(itemUrl, { status: 'lost' })).statusCode).toBe(422);

    const document = await insertDocument(companyId, 'Plan 2026', cats.financial);
    const received = await patch(itemUrl, { status: 'received', document_id: document });
    expect(received.json().data).toMatchObject({
      status: 'received',
      document_id: document,
      document_name: 'Plan 2026',
    });
    const verified = await patch(itemUrl, { status: 'verified' });
    expect(verified.json().data).toMatchObject({
      status: 'verified',
      document_id: document,
      verified_by_name: 'Lise Caron',
    });

    const analysis = await moved(request, 'in_analysis');
    const statements = checklist[2];
    const waived = await patch(`/api/funding_requests/${request.id}/checklist/${statements.id}`, {
      status: 'waived',
      waived_reason: 'Entreprise en démarrage',
    });
    expect(waived.json().data).toMatchObject({ status: 'waived', waived_reason: 'Entreprise en démarrage' });
    const ready = await moved(analysis, 'ready_for_committee');
    expect(ready.next_states).toEqual(['in_analysis', 'withdrawn']);
    const decided = await move(ready, 'decided');
    expect(decided.json().errors.code).toBe('decision_only');

    const events = await selectRows<{ code: string }>(
      t.database.db,
      sql`SELECT code FROM events WHERE company_id = ${companyId} AND code IN
            ('fundingRequestMoved', 'checklistItemChanged') ORDER BY inserted_at`,
    );
    expect(events.filter((e) => e.code === 'fundingRequestMoved').length).toBeGreaterThanOrEqual(3);
    expect(events.filter((e) => e.code === 'checklistItemChanged').length).toBe(3);
  });

  it('keeps an item done once the request has passed the stage it gates, in both languages', async () => {
    const request = await moved(await createRequest({ project_name: 'Étape franchie' }), 'submitted');
    const checklist = (await get(`/api/funding_requests/${request.id}/checklist?locale=en`)).json().data;
    const [plan, letter, statements] = checklist;
    const url = (item: Json, locale = 'en') =>
      `/api/funding_requests/${request.id}/checklist/${item.id}?locale=${locale}`;
    const document = await insertDocument(companyId, 'Plan étape', cats.financial);
    expect((await patch(url(plan), { status: 'received', document_id: document })).statusCode).toBe(200);
    expect((await patch(url(plan), { status: 'verified' })).statusCode).toBe(200);
    // Before the gate an item may go back and forth.
    expect((await patch(url(plan), { status: 'missing' })).statusCode).toBe(200);
    expect((await patch(url(plan), { status: 'received', document_id: document })).statusCode).toBe(200);
    expect((await patch(url(plan), { status: 'verified' })).statusCode).toBe(200);
    await moved(request, 'in_analysis');

    const missing = await patch(url(plan), { status: 'missing' });
    expect(missing.statusCode).toBe(409);
    expect(missing.json().errors).toMatchObject({
      code: 'item_stage_passed',
      message:
        'This document can no longer be reopened: the request has passed the “Intake” stage it gates (it is now “In analysis”).',
    });
    expect((await patch(url(plan, 'fr'), { status: 'received' })).json().errors.message).toBe(
      'Ce document ne peut plus être rouvert : la demande a franchi l’étape « Réception » qu’il conditionne (elle est maintenant « En analyse »).',
    );
    const [kept] = await selectRows<{ status: string }>(
      t.database.db,
      sql`SELECT status FROM checklist_items WHERE id = ${plan.id}`,
    );
    expect(kept!.status).toBe('verified');
    // An optional intake item may still be received late; the analysis stage's items are still open.
    const letterDocument = await insertDocument(companyId, 'Lettre', cats.other);
    expect((await patch(url(letter), { status: 'received', document_id: letterDocument })).statusCode).toBe(200);
    expect((await patch(url(statements), { status: 'waived', waived_reason: 'Démarrage' })).statusCode).toBe(200);
    expect((await patch(url(statements), { status: 'missing' })).statusCode).toBe(200);
  });

  it('gives one of two staff moving the same request at once a 409 saying what it is now', async () => {
    const request = await createRequest({ assignee_id: null });
    const [a, b] = await Promise.all([move(request, 'submitted', analyst), move(request, 'withdrawn', other)]);
    const statuses = [a.statusCode, b.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    const winner = (a.statusCode === 200 ? a : b).json().data;
    expect(loser.json().errors.code).toBe('stale_record');
    expect(loser.json().errors.detail.lock_version).toEqual([String(winner.lock_version)]);
    expect(loser.json().errors.message).toContain(winner.state === 'submitted' ? 'Submitted' : 'Withdrawn');
    const moves = (await get(`/api/funding_requests/${request.id}`)).json().data.moves;
    expect(moves).toHaveLength(2);
  });
});

describe('editing', () => {
  it('saves an edit with its lock_version and writes the field-level history', async () => {
    const request = await createRequest();
    const res = await patch(`/api/funding_requests/${request.id}?locale=en`, {
      ...requestBody({ project_name: 'Four à bois', project_cost: '260000' }),
      company_id: undefined,
      lock_version: 0,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ project_name: 'Four à bois', project_cost: 260000, lock_version: 1 });
    const stale = await patch(`/api/funding_requests/${request.id}?locale=en`, {
      ...requestBody(),
      company_id: undefined,
      lock_version: 0,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().errors.detail).toEqual({ state: ['Draft'], lock_version: ['1'] });
    const events = (await get(`/api/companies/${companyId}/events?locale=en&filter[search]=bois`)).json();
    const changed = events.data.find((e: Json) => e.code === 'fundingRequestChanged');
    expect(changed.title).toContain('Four à bois');
    expect(changed.details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'Project name', before: 'Four à pain', after: 'Four à bois' }),
      ]),
    );
  });

  it('lets only the assigned analyst or an administrator work on a request (ADR 0040)', async () => {
    const request = await createRequest();
    const body = { ...requestBody(), company_id: undefined, lock_version: 0 };
    const refused = await patch(`/api/funding_requests/${request.id}?locale=en`, body, other);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors.message).toMatch(/assigned to another analyst/);
    expect((await move(request, 'submitted', other)).statusCode).toBe(403);
    expect((await patch(`/api/funding_requests/${request.id}`, body, admin)).statusCode).toBe(200);
    // Reading stays open to every staff member.
    expect((await get(`/api/funding_requests/${request.id}`, other)).statusCode).toBe(200);
  });
});

describe('checklist templates', () => {
  it('are read by any staff and replaced by administrators only', async () => {
    const all = (await get('/api/checklist_templates?locale=en')).json().data;
    expect(all.filter((x: Json) => x.fund_id === ids.fund).map((x: Json) => x.label_en)).toEqual([
      'Business plan',
      'Letter',
      'Resolution',
    ]);
    const one = (await get(`/api/checklist_templates?filter[fund_id]=${ids.otherFund}`)).json().data;
    expect(one).toHaveLength(2);
    expect((await get('/api/checklist_templates?filter[stage]=x')).statusCode).toBe(400);

    const body = { fund_id: ids.otherFund, items: [] };
    expect((await put('/api/checklist_templates', body, analyst)).statusCode).toBe(403);
    const badCategory = await put('/api/checklist_templates?locale=en', {
      fund_id: ids.otherFund,
      items: [{ stage: 'intake', category_id: randomUUID(), label_fr: 'x', label_en: 'x' }],
    });
    expect(badCategory.statusCode).toBe(422);
    expect(Object.keys(badCategory.json().errors.detail)).toEqual(['items.0.category_id']);
    expect((await get(`/api/checklist_templates?filter[fund_id]=${ids.otherFund}`)).json().data).toHaveLength(2);
    const badStage = await put('/api/checklist_templates', {
      fund_id: ids.otherFund,
      items: [{ stage: 'later', category_id: cats.other, label_fr: 'x', label_en: 'x' }],
    });
    expect(badStage.statusCode).toBe(422);
  });
});
