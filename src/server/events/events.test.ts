import { beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expectBadRequests, expectFieldErrors, useAuthHeader, useTestApp } from '../test/harness';
import { events } from '../db/schema';
import { createCompany } from '../test/document-fixtures';
import { eventCount as countEvents } from '../test/history-fixtures';

const t = useTestApp();
const auth = useAuthHeader(t, { firstName: 'Émile', lastName: 'Nelligan' });

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const THIS_YEAR = new Date().getFullYear();

const newCompany = (name = 'Boulangerie Saint-Roch') => createCompany(t, auth, name);

const url = (companyId: string, rest = '', query = '') => `/api/companies/${companyId}/events${rest}?${query}`;
const post = (companyId: string, body: unknown, locale = 'en') =>
  t.inject({ method: 'POST', url: url(companyId, '', `locale=${locale}`), headers: auth, payload: body as object });
const patch = (companyId: string, id: string, body: unknown, locale = 'en') =>
  t.inject({
    method: 'PATCH',
    url: url(companyId, `/${id}`, `locale=${locale}`),
    headers: auth,
    payload: body as object,
  });
const del = (companyId: string, id: string, locale = 'en') =>
  t.inject({ method: 'DELETE', url: url(companyId, `/${id}`, `locale=${locale}`), headers: auth });
const show = (companyId: string, id: string) =>
  t.inject({ method: 'GET', url: url(companyId, `/${id}`, 'locale=en'), headers: auth });
const list = (companyId: string, query = '') =>
  t.inject({ method: 'GET', url: url(companyId, '', `locale=en&${query}`), headers: auth });

async function added(companyId: string, body: Record<string, unknown>): Promise<Json> {
  const res = await post(companyId, { category_slug: 'other', title: 'Event', date: '2024-05-01', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Json;
}

async function titles(companyId: string, query: string): Promise<string[]> {
  const res = await list(companyId, `page[size]=50&${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as Json[]).map((e) => e.title as string);
}

const eventCount = () => countEvents(t);

describe('POST, GET, PATCH, DELETE /api/companies/:companyId/events', () => {
  it('adds a person’s event and reads it back, with its author', async () => {
    const companyId = await newCompany();
    const res = await post(companyId, {
      category_slug: 'technicalHelp',
      title: '  Visite de l’usine  ',
      date: '2024-03-01',
      notes: 'Avec le conseiller',
    });
    expect(res.statusCode, res.body).toBe(201);
    const event = res.json().data as Json;
    expect(event).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      company_id: companyId,
      category_slug: 'technicalHelp',
      title: 'Visite de l’usine',
      code: null,
      details: null,
      date: '2024-03-01',
      notes: 'Avec le conseiller',
      author_id: expect.any(String),
      author_name: 'Émile Nelligan',
      inserted_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(event).not.toHaveProperty('search_text');
    expect((await show(companyId, event.id)).json().data).toEqual(event);
  });

  it('stores blank notes as none', async () => {
    const companyId = await newCompany();
    expect((await added(companyId, { notes: '   ' })).notes).toBeNull();
    expect((await added(companyId, { notes: null })).notes).toBeNull();
  });

  it('edits every field of a person’s event, and search follows the new text', async () => {
    const companyId = await newCompany();
    const event = await added(companyId, { title: 'Ancien titre', notes: 'vieilles notes' });
    const res = await patch(companyId, event.id, {
      category_slug: 'funding',
      title: 'Prêt accordé',
      date: '2023-11-12',
      notes: 'Montant révisé',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      id: event.id,
      category_slug: 'funding',
      title: 'Prêt accordé',
      date: '2023-11-12',
      notes: 'Montant révisé',
      author_name: 'Émile Nelligan',
    });
    expect(await titles(companyId, 'filter[search]=pret')).toEqual(['Prêt accordé']);
    expect(await titles(companyId, 'filter[search]=revise')).toEqual(['Prêt accordé']);
    expect(await titles(companyId, 'filter[search]=ancien')).toEqual([]);
    expect(await titles(companyId, 'filter[search]=vieilles')).toEqual([]);
  });

  it('deletes a person’s event', async () => {
    const companyId = await newCompany();
    const event = await added(companyId, { title: 'À supprimer' });
    const res = await del(companyId, event.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.id).toBe(event.id);
    expect((await show(companyId, event.id)).statusCode).toBe(404);
    expect(await titles(companyId, '')).not.toContain('À supprimer');
    expect((await del(companyId, event.id)).statusCode).toBe(404);
  });
});

describe('bad input', () => {
  it('answers 422 with docs/SPEC.md §5 messages for a missing title, date and category, in the user’s language, and writes nothing', async () => {
    const companyId = await newCompany();
    const before = await eventCount();
    const res = await post(companyId, { title: ' ', notes: 'x' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      code: 'validation_failed',
      message: 'Some fields are invalid.',
      detail: {
        category_slug: ['Field is required'],
        title: ['Field is required'],
        date: ['Field is required'],
      },
    });
    const fr = await post(companyId, { category_slug: '', title: '', date: '' }, 'fr');
    expect(fr.json().errors.detail).toEqual({
      category_slug: ['Champ obligatoire'],
      title: ['Champ obligatoire'],
      date: ['Champ obligatoire'],
    });
    expect(await eventCount()).toBe(before);
  });

  it('answers 422 for an unknown category, an impossible date, a title too long or a wrong type', async () => {
    const companyId = await newCompany();
    const before = await eventCount();
    const res = await post(companyId, {
      category_slug: 'party',
      title: 'x'.repeat(201),
      date: '2024-02-30',
      notes: 12,
    });
    expectFieldErrors(res, {
      category_slug: ['This choice does not exist (anymore)'],
      title: ['Must be at most 200 characters'],
      date: ['Must be a valid date'],
      notes: ['Must be text'],
    });
    for (const date of ['12/03/2024', '2024-3-1', '2024-03-01T10:00:00Z']) {
      const again = await post(companyId, { category_slug: 'other', title: 'x', date });
      expect(again.json().errors.detail, date).toEqual({ date: ['Must be a valid date'] });
    }
    // A real day outside the product's years is told its bounds.
    const old = await post(companyId, { category_slug: 'other', title: 'x', date: '0999-01-01' });
    expect(old.json().errors.detail.date[0]).toMatch(/^Must be a date between .*1900.* and .*2100/);
    const number = await post(companyId, { category_slug: 'other', title: 'x', date: 20240301 });
    expect(number.statusCode).toBe(422);
    expect(Object.keys(number.json().errors.detail)).toEqual(['date']);
    expect(await eventCount()).toBe(before);
  });

  it('answers 422 on a bad edit and keeps the event as it was', async () => {
    const companyId = await newCompany();
    const event = await added(companyId, { title: 'Intact' });
    const res = await patch(companyId, event.id, { category_slug: 'other', title: '', date: '2024-01-01' });
    expectFieldErrors(res, { title: ['Field is required'] });
    expect((await show(companyId, event.id)).json().data).toEqual(event);
  });

  // A title is one line; the notes keep their line breaks.
  it('refuses a title with a line break or a control character, in both languages, and writes nothing', async () => {
    const companyId = await newCompany();
    const before = await eventCount();
    const en = await post(companyId, { category_slug: 'other', title: 'Visite\nde suivi', date: '2024-01-01' });
    expectFieldErrors(en, {
      title: ['Must fit on one line, without line breaks or control characters'],
    });
    const fr = await post(companyId, { category_slug: 'other', title: 'Visite\u0007', date: '2024-01-01' }, 'fr');
    expect(fr.json().errors.detail).toEqual({
      title: ['Doit tenir sur une seule ligne, sans saut de ligne ni caractère de contrôle'],
    });
    expect(await eventCount()).toBe(before);
    const kept = await post(companyId, {
      category_slug: 'other',
      title: 'Visite',
      date: '2024-01-01',
      notes: 'Un\nDeux',
    });
    expect(kept.statusCode).toBe(201);
    expect(kept.json().data.notes).toBe('Un\nDeux');
  });

  it('answers 400 for a body that is not an object, 401 without a session', async () => {
    const companyId = await newCompany();
    const res = await t.inject({
      method: 'POST',
      url: url(companyId),
      headers: auth,
      payload: [1] as unknown as object,
    });
    expect(res.statusCode).toBe(400);
    expect((await t.inject({ method: 'GET', url: url(companyId) })).statusCode).toBe(401);
    expect(
      (
        await t.inject({
          method: 'POST',
          url: url(companyId),
          payload: { category_slug: 'other', title: 'x', date: '2024-01-01' },
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('system events are the server’s own', () => {
  async function systemEventOf(companyId: string): Promise<Json> {
    const res = await list(companyId, 'filter[category_slug]=system');
    const [event] = res.json().data as Json[];
    expect(event).toBeDefined();
    return event!;
  }

  // Creating with the system category answered 403 while editing answered 422: both are a
  // wrong choice in the form, so both are 422 on category_slug, next to the other field messages.
  it('refuses to create one (422 on category_slug, localized, with the other field messages) and writes nothing', async () => {
    const companyId = await newCompany();
    const before = await eventCount();
    const res = await post(companyId, { category_slug: 'system', title: '', date: '2024-01-01' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.code).toBe('validation_failed');
    expect(res.json().errors.detail).toEqual({
      category_slug: ['The system category is reserved for events recorded by the application'],
      title: ['Field is required'],
    });
    const fr = await post(companyId, { category_slug: 'system', title: 'Faux', date: '2024-01-01' }, 'fr');
    expectFieldErrors(fr, {
      category_slug: ['La catégorie Système est réservée aux événements consignés par l’application'],
    });
    expect(await eventCount()).toBe(before);
  });

  it('refuses to edit or delete one (403) and leaves it as it was', async () => {
    const companyId = await newCompany();
    const system = await systemEventOf(companyId);
    const edit = await patch(companyId, system.id, { category_slug: 'other', title: 'Piraté', date: '2024-01-01' });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().errors.code).toBe('system_event_read_only');
    const remove = await del(companyId, system.id, 'fr');
    expect(remove.statusCode).toBe(403);
    expect(remove.json().errors.message).toMatch(/^Les événements consignés par l’application/);
    expect((await show(companyId, system.id)).json().data).toEqual(system);
  });

  it('refuses the system category on a person’s event (422 on category_slug, with the other field messages)', async () => {
    const companyId = await newCompany();
    const event = await added(companyId, { title: 'Mien' });
    const res = await patch(companyId, event.id, { category_slug: 'system', title: '', date: '2024-01-01' });
    expectFieldErrors(res, {
      category_slug: ['The system category is reserved for events recorded by the application'],
      title: ['Field is required'],
    });
    const fr = await patch(companyId, event.id, { category_slug: 'system', title: 'x', date: '2024-01-01' }, 'fr');
    expect(fr.json().errors.detail).toEqual({
      category_slug: ['La catégorie Système est réservée aux événements consignés par l’application'],
    });
    expect((await show(companyId, event.id)).json().data).toEqual(event);
  });

  it('cannot be smuggled in through a code or by changing a row’s category', async () => {
    const companyId = await newCompany();
    const res = await post(companyId, {
      category_slug: 'other',
      title: 'Normal',
      date: '2024-01-01',
      code: 'companyArchived',
      params: { name: 'x' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ category_slug: 'other', title: 'Normal', code: null });
    // The database itself refuses a system row without a code, or a person's row with one.
    await expect(
      t.database.db.insert(events).values({ companyId, categorySlug: 'system', title: 'x', searchText: '' }),
    ).rejects.toThrow();
    await expect(
      t.database.db
        .update(events)
        .set({ categorySlug: 'system' })
        .where(eq(events.id, res.json().data.id as string)),
    ).rejects.toThrow();
  });
});

describe('company scoping and ids', () => {
  it('keeps each company’s events to itself: another company’s event is a 404 through this company', async () => {
    const mine = await newCompany('Mine');
    const theirs = await newCompany('Theirs');
    const their = await added(theirs, { title: 'Secret' });
    expect(await titles(mine, '')).not.toContain('Secret');
    expect((await show(mine, their.id)).statusCode).toBe(404);
    const before = await eventCount();
    expect(
      (await patch(mine, their.id, { category_slug: 'other', title: 'Volé', date: '2024-01-01' })).statusCode,
    ).toBe(404);
    expect((await del(mine, their.id)).statusCode).toBe(404);
    expect(await eventCount()).toBe(before);
    expect((await show(theirs, their.id)).json().data.title).toBe('Secret');
  });

  it('answers 404 for an unknown or malformed company or event id, and writes nothing', async () => {
    const companyId = await newCompany();
    const event = await added(companyId, {});
    const before = await eventCount();
    const body = { category_slug: 'other', title: 'x', date: '2024-01-01' };
    for (const company of [randomUUID(), 'not-a-uuid']) {
      expect((await list(company)).statusCode).toBe(404);
      expect((await t.inject({ method: 'GET', url: url(company, '/years'), headers: auth })).statusCode).toBe(404);
      expect((await post(company, body)).statusCode).toBe(404);
      expect((await show(company, event.id)).statusCode).toBe(404);
      expect((await patch(company, event.id, body)).statusCode).toBe(404);
      expect((await del(company, event.id)).statusCode).toBe(404);
    }
    for (const id of [randomUUID(), 'nope', '1']) {
      expect((await show(companyId, id)).statusCode).toBe(404);
      expect((await patch(companyId, id, body)).statusCode).toBe(404);
      expect((await del(companyId, id)).statusCode).toBe(404);
    }
    expect(await eventCount()).toBe(before);
  });
});

describe('GET /api/companies/:companyId/events: filters, order, pages', () => {
  let companyId: string;
  beforeAll(async () => {
    companyId = await newCompany('Filtres inc.');
    await added(companyId, { category_slug: 'starting', title: 'Événement de démarrage', date: '2023-03-01' });
    await added(companyId, {
      category_slug: 'funding',
      title: 'Rencontre annuelle',
      date: '2024-12-31',
      notes: 'Prêt à 50% remboursé',
    });
    await added(companyId, {
      category_slug: 'funding',
      title: 'Subvention',
      date: '2024-01-01',
      notes: 'Dossier COMPLÉTÉ',
    });
    await added(companyId, { category_slug: 'followup', title: 'Appel de suivi', date: '2022-06-15' });
  });

  it('lists newest first by default, with the list meta', async () => {
    const res = await list(companyId);
    expect(res.statusCode).toBe(200);
    expect((res.json().data as Json[]).map((e) => [e.date.slice(0, 4), e.title])).toEqual([
      [String(THIS_YEAR), 'Company “Filtres inc.” created'],
      ['2024', 'Rencontre annuelle'],
      ['2024', 'Subvention'],
      ['2023', 'Événement de démarrage'],
      ['2022', 'Appel de suivi'],
    ]);
    expect(res.json().meta).toEqual({ total_pages: 1, total_count: 5, page_number: 1, page_size: 10 });
    expect((await list(companyId, 'sort=-date')).json().data).toEqual(res.json().data);
  });

  it('filters by year, and refuses a year that is not a number (400)', async () => {
    expect(await titles(companyId, 'filter[year]=2024')).toEqual(['Rencontre annuelle', 'Subvention']);
    expect(await titles(companyId, 'filter[year]=2021')).toEqual([]);
    expect(await titles(companyId, 'filter[year]=')).toHaveLength(5);
    for (const year of ['abc', '24', '2024.5', '20240', '-2024', '0999']) {
      const res = await list(companyId, `filter[year]=${year}`);
      expect(res.statusCode, year).toBe(400);
      expect(res.json().errors.message).toBe('The year filter must be a year, such as 2024.');
    }
    expect(
      (await t.inject({ method: 'GET', url: url(companyId, '', 'filter[year]=abc&locale=fr'), headers: auth })).json()
        .errors.message,
    ).toBe('Le filtre d’année doit être une année, par exemple 2024.');
  });

  it('filters by category, system included, and refuses an unknown one (400)', async () => {
    expect(await titles(companyId, 'filter[category_slug]=funding')).toEqual(['Rencontre annuelle', 'Subvention']);
    expect(await titles(companyId, 'filter[category_slug]=system')).toEqual(['Company “Filtres inc.” created']);
    expect(await titles(companyId, 'filter[category_slug]=collection')).toEqual([]);
    const res = await list(companyId, 'filter[category_slug]=party');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.message).toBe('The category filter names no event category.');
  });

  it('searches titles and notes, accent- and case-insensitively, every word', async () => {
    expect(await titles(companyId, 'filter[search]=evenement')).toEqual(['Événement de démarrage']);
    expect(await titles(companyId, 'filter[search]=ÉVÉNEMENT')).toEqual(['Événement de démarrage']);
    expect(await titles(companyId, 'filter[search]=complete')).toEqual(['Subvention']);
    expect(await titles(companyId, 'filter[search]=pret%20annuelle')).toEqual(['Rencontre annuelle']);
    expect(await titles(companyId, 'filter[search]=pret%20subvention')).toEqual([]);
    // LIKE wildcards are plain characters.
    expect(await titles(companyId, 'filter[search]=50%25')).toEqual(['Rencontre annuelle']);
    expect(await titles(companyId, 'filter[search]=_')).toEqual([]);
    expect((await list(companyId, `filter[search]=${'a'.repeat(101)}`)).statusCode).toBe(400);
  });

  it('finds system events by their title in either language', async () => {
    expect(await titles(companyId, 'filter[search]=creee')).toEqual(['Company “Filtres inc.” created']);
    expect(await titles(companyId, 'filter[search]=created')).toEqual(['Company “Filtres inc.” created']);
  });

  it('combines the filters', async () => {
    expect(await titles(companyId, 'filter[year]=2024&filter[category_slug]=funding&filter[search]=subv')).toEqual([
      'Subvention',
    ]);
    expect(await titles(companyId, 'filter[year]=2023&filter[category_slug]=funding')).toEqual([]);
  });

  it('sorts by -date only (400 otherwise) and refuses unknown filters and page sizes', async () => {
    await expectBadRequests(
      ['sort=date', 'sort=title', 'sort=-date,-title', 'filter[archived]=true', 'page[size]=7', 'page[number]=0'],
      (query) => list(companyId, query),
    );
  });

  it('pages through a long history without repeating or skipping an event, same-day events newest first', async () => {
    const longId = await newCompany('Longue histoire');
    for (let i = 0; i < 11; i += 1) await added(longId, { title: `Même jour ${i}`, date: '2020-06-01' });
    const first = await list(longId, 'page[size]=10');
    expect(first.json().meta).toEqual({ total_pages: 2, total_count: 12, page_number: 1, page_size: 10 });
    const second = await list(longId, 'page[size]=10&page[number]=2');
    const all = [...first.json().data, ...second.json().data].map((e: Json) => e.title);
    expect(all).toEqual([
      'Company “Longue histoire” created',
      ...Array.from({ length: 11 }, (_, i) => `Même jour ${10 - i}`),
    ]);
  });
});

describe('GET /api/companies/:companyId/events/years', () => {
  it('answers the years that have events, newest first, whatever the filters', async () => {
    const companyId = await newCompany();
    await added(companyId, { date: '2019-12-31' });
    await added(companyId, { date: '2021-01-01' });
    await added(companyId, { date: '2021-07-14' });
    const res = await t.inject({ method: 'GET', url: url(companyId, '/years', 'filter[year]=2019'), headers: auth });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([THIS_YEAR, 2021, 2019]);
  });
});
