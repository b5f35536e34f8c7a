import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { count } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/harness';
import { events } from '../db/schema';
import type { UserRow } from '../users/store';
import { fullCompany, lookupIds, type LookupIds } from '../companies/fixtures';
import { formatMoney } from '../../shared/events';

/**
 * The history a company action writes by itself (issue 6): one system event per recorded change, in the
 * transaction of the change, naming who made it; none when the action fails.
 */

let t: TestApp;
let ids: LookupIds;
let alice: UserRow;
let auth: { authorization: string };

beforeAll(async () => {
  t = await createTestApp();
  ids = await lookupIds(t.database.db);
  alice = await t.createUser({ firstName: 'Alice', lastName: 'Archambault' });
  auth = await t.authHeader(alice);
});
afterAll(() => t.close());

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function eventCount(): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(events);
  return row!.n;
}

/** The company's system events, newest first: [code, title in `locale`, author]. */
async function history(companyId: string, locale = 'en'): Promise<Array<[string, string, string | null]>> {
  const res = await t.inject({
    method: 'GET',
    url: `/api/companies/${companyId}/events?locale=${locale}&page[size]=50&filter[category_slug]=system`,
    headers: auth,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as Json[]).map((e) => [e.code, e.title, e.author_name]);
}

async function created(overrides: Record<string, unknown> = {}, headers = auth): Promise<Json> {
  const res = await t.inject({
    method: 'POST',
    url: '/api/companies',
    headers,
    payload: fullCompany(ids, { name: 'Érablière Lachance', ...overrides }),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Json;
}

/** The form sends back what it read: the whole company with its ids and version. */
function asForm(company: Json): Json {
  const {
    id: _id,
    reference_number: _r,
    avatar_url: _a,
    archived_at: _ar,
    inserted_at: _i,
    updated_at: _u,
    ...rest
  } = company;
  return structuredClone(rest);
}

const patch = (id: string, body: unknown, headers = auth) =>
  t.inject({ method: 'PATCH', url: `/api/companies/${id}`, headers, payload: body as object });
const archive = (id: string, headers = auth) => t.inject({ method: 'DELETE', url: `/api/companies/${id}`, headers });
const restore = (id: string, headers = auth) =>
  t.inject({ method: 'POST', url: `/api/companies/${id}/restore`, headers });

describe('company created', () => {
  it('is recorded with the company’s name, by its creator, in both languages', async () => {
    const company = await created();
    expect(await history(company.id)).toEqual([
      ['companyCreated', 'Company “Érablière Lachance” created', 'Alice Archambault'],
    ]);
    expect(await history(company.id, 'fr')).toEqual([
      ['companyCreated', 'Entreprise « Érablière Lachance » créée', 'Alice Archambault'],
    ]);
    const [event] = (
      await t.inject({ method: 'GET', url: `/api/companies/${company.id}/events`, headers: auth })
    ).json().data as Json[];
    expect(event).toMatchObject({ category_slug: 'system', author_id: alice.id, notes: null });
    expect(event!.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('is not recorded when the creation is refused', async () => {
    const before = await eventCount();
    const res = await t.inject({
      method: 'POST',
      url: '/api/companies',
      headers: auth,
      payload: fullCompany(ids, { name: '' }),
    });
    expect(res.statusCode).toBe(422);
    const unknown = await t.inject({
      method: 'POST',
      url: '/api/companies',
      headers: auth,
      payload: fullCompany(ids, { status_id: randomUUID() }),
    });
    expect(unknown.statusCode).toBe(422);
    expect(await eventCount()).toBe(before);
  });
});

describe('company archived and restored', () => {
  it('records each actual change, by whoever made it; a refused repeat (422) records nothing', async () => {
    const company = await created();
    const bob = await t.createUser({ firstName: 'Bob', lastName: 'Bérubé' });
    const bobAuth = await t.authHeader(bob);
    expect((await archive(company.id, bobAuth)).statusCode).toBe(200);
    expect((await archive(company.id)).statusCode).toBe(422);
    expect((await restore(company.id)).statusCode).toBe(200);
    expect((await restore(company.id)).statusCode).toBe(422);
    expect(await history(company.id)).toEqual([
      ['companyRestored', 'Company restored', 'Alice Archambault'],
      ['companyArchived', 'Company archived', 'Bob Bérubé'],
      ['companyCreated', 'Company “Érablière Lachance” created', 'Alice Archambault'],
    ]);
    expect((await history(company.id, 'fr')).map(([, title]) => title)).toEqual([
      'Entreprise restaurée',
      'Entreprise archivée',
      'Entreprise « Érablière Lachance » créée',
    ]);
  });

  it('records nothing for an unknown company', async () => {
    const before = await eventCount();
    expect((await archive(randomUUID())).statusCode).toBe(404);
    expect((await restore(randomUUID())).statusCode).toBe(404);
    expect(await eventCount()).toBe(before);
  });
});

describe('company saved', () => {
  it('records a status change with both names, in the reader’s language', async () => {
    const company = await created();
    const res = await patch(company.id, { ...asForm(company), status_id: ids.prospect });
    expect(res.statusCode, res.body).toBe(200);
    expect((await history(company.id))[0]).toEqual([
      'statusChanged',
      'Status changed from Active client to Prospect',
      'Alice Archambault',
    ]);
    expect((await history(company.id, 'fr'))[0]![1]).toBe('Statut changé de Client actif à Prospect');
  });

  it('records a change of overseeing user, to and from nobody', async () => {
    const company = await created();
    const carole = await t.createUser({ firstName: 'Carole', lastName: 'Côté' });
    const first = await patch(company.id, { ...asForm(company), overseeing_user_id: carole.id });
    expect(first.statusCode, first.body).toBe(200);
    const second = await patch(company.id, { ...asForm(first.json().data as Json), overseeing_user_id: null });
    expect(second.statusCode, second.body).toBe(200);
    expect((await history(company.id)).slice(0, 2).map(([code, title]) => [code, title])).toEqual([
      ['overseeingUserChanged', 'Overseeing user changed from Carole Côté to nobody'],
      ['overseeingUserChanged', 'Overseeing user changed from nobody to Carole Côté'],
    ]);
    expect((await history(company.id, 'fr'))[0]![1]).toBe('Responsable du dossier changé de Carole Côté à personne');
  });

  it('records contributions removed and added, with fund and amount in the reader’s language', async () => {
    const company = await created();
    const form = asForm(company);
    form.financial_contributions = [
      { contribution_fund_id: ids.otherFund, amount: '12500.5' },
      { contribution_fund_id: ids.fund },
    ];
    const res = await patch(company.id, form);
    expect(res.statusCode, res.body).toBe(200);
    const titles = (await history(company.id)).slice(0, 3).map(([code, title]) => [code, title]);
    expect(titles).toEqual([
      ['contributionAdded', 'Financial contribution added: Local Investment Fund (LIF)'],
      ['contributionAdded', `Financial contribution added: Local Solidarity Fund (LSF), ${formatMoney(12500.5, 'en')}`],
      [
        'contributionRemoved',
        `Financial contribution removed: Local Investment Fund (LIF), ${formatMoney(50000, 'en')}`,
      ],
    ]);
    expect(formatMoney(12500.5, 'en')).toBe('$12,500.50');
    const fr = (await history(company.id, 'fr')).slice(0, 3).map(([, title]) => title);
    expect(fr[1]).toBe(
      `Contribution financière ajoutée : Fonds local de solidarité (FLS), ${formatMoney(12500.5, 'fr')}`,
    );
    expect(formatMoney(12500.5, 'fr').replace(/\s/g, ' ')).toBe('12 500,50 $');
    expect(fr[2]).toMatch(/^Contribution financière retirée : Fonds local d’investissement \(FLI\), 50\s000,00\s\$$/);
  });

  it('records nothing when the save changes none of these (a contribution edited in place included)', async () => {
    const company = await created();
    const before = await eventCount();
    const form = asForm(company);
    form.name = 'Érablière Lachance et fils';
    form.financial_contributions[0].amount = '75000';
    const res = await patch(company.id, form);
    expect(res.statusCode, res.body).toBe(200);
    expect(await eventCount()).toBe(before);
  });

  it('records several changes of one save together', async () => {
    const company = await created();
    const dave = await t.createUser({ firstName: 'Dave', lastName: 'Dion' });
    const res = await patch(company.id, {
      ...asForm(company),
      status_id: ids.prospect,
      overseeing_user_id: dave.id,
      financial_contributions: [],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await history(company.id)).map(([code]) => code)).toEqual([
      'contributionRemoved',
      'overseeingUserChanged',
      'statusChanged',
      'companyCreated',
    ]);
  });

  it('records nothing when the save fails: stale version (409), bad input (422), unknown company (404)', async () => {
    const company = await created();
    const saved = await patch(company.id, { ...asForm(company), name: 'Première sauvegarde' });
    expect(saved.statusCode).toBe(200);
    const before = await eventCount();
    const changes = { status_id: ids.prospect, overseeing_user_id: alice.id, financial_contributions: [] };

    const stale = await patch(company.id, { ...asForm(company), ...changes });
    expect(stale.statusCode).toBe(409);
    const invalid = await patch(company.id, { ...asForm(saved.json().data as Json), ...changes, name: '' });
    expect(invalid.statusCode).toBe(422);
    const inactive = await t.createUser({ disabledAt: new Date() });
    const refused = await patch(company.id, {
      ...asForm(saved.json().data as Json),
      ...changes,
      overseeing_user_id: inactive.id,
    });
    expect(refused.statusCode).toBe(422);
    const missing = await patch(randomUUID(), { ...asForm(saved.json().data as Json), ...changes });
    expect(missing.statusCode).toBe(404);

    expect(await eventCount()).toBe(before);
    expect((await history(company.id)).map(([code]) => code)).toEqual(['companyCreated']);
  });

  it('records a change once when two saves of the same version race: the loser writes nothing', async () => {
    const company = await created();
    const results = await Promise.all([
      patch(company.id, { ...asForm(company), status_id: ids.prospect }),
      patch(company.id, { ...asForm(company), status_id: ids.prospect }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await history(company.id)).map(([code]) => code)).toEqual(['statusChanged', 'companyCreated']);
  });
});
