import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/harness';
import { companies, documents } from '../db/schema';
import { fullCompany, lookupIds, type LookupIds } from '../test/company-fixtures';
import { categoryIds } from '../test/document-fixtures';

type Auth = { authorization: string };
interface Hit {
  id: string;
  title: string;
  highlight: string;
  company_id?: string;
  company_name?: string;
  archived?: boolean;
  company_archived?: boolean;
  reference_number?: string;
  municipality?: string | null;
  detail?: string;
  email?: string;
}
type Answer = { companies?: Hit[]; documents?: Hit[]; events?: Hit[]; users?: Hit[] };

/** ADR 0022: one search over companies, documents, events and (administrators only) users. */
describe('GET /search', () => {
  let t: TestApp;
  let ids: LookupIds;
  let user: Auth;
  let admin: Auth;
  const company: Record<string, string> = {};
  let reportId: string;
  let planId: string;
  let visitId: string;
  let staffId: string;

  async function createCompany(name: string, overrides: Record<string, unknown> = {}) {
    const res = await t.inject({
      method: 'POST',
      url: '/api/companies?locale=en',
      headers: admin,
      payload: fullCompany(ids, { name, ...overrides }),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: string; reference_number: string };
  }

  /** A document whose text was extracted (the extraction itself is content.test.ts). */
  async function insertDocument(companyId: string, name: string, contentText: string | null) {
    const cats = await categoryIds(t.database.db);
    const [row] = await t.database.db
      .insert(documents)
      .values({
        companyId,
        categoryId: cats.statements,
        name,
        date: '2025-01-01',
        fileName: `${crypto.randomUUID()}.pdf`,
        fileType: 'application/pdf',
        fileSize: 1000,
        contentStatus: contentText ? 'indexed' : 'no_text',
        contentText,
      })
      .returning({ id: documents.id });
    return row!.id;
  }

  beforeAll(async () => {
    t = await createTestApp();
    ids = await lookupIds(t.database.db);
    admin = await t.authHeader(await t.createUser({ role: 'admin', firstName: 'Alice', lastName: 'Admin' }));
    user = await t.authHeader(await t.createUser({ firstName: 'Ulysse', lastName: 'User' }));
    const staff = await t.createUser({ firstName: 'Gisèle', lastName: 'Bélanger', email: 'gbelanger@example.com' });
    staffId = staff.id;

    const gagnon = await createCompany('Érablière Gagnon', {
      owners: [
        { name: 'Réjean Lévesque', phone_number: '', shares_percentage: '100', address: '', city: '', zip_code: '' },
      ],
    });
    company['gagnon'] = gagnon.id;
    company['gagnonRef'] = gagnon.reference_number;
    company['gagnonFils'] = (
      await createCompany('Érablière Gagnon et fils', {
        address: { address: '1, rue du Quai', zip_code: 'g6v1a1', municipality_id: ids.levis },
      })
    ).id;
    company['bakery'] = (await createCompany('Boulangerie du Fjord')).id;
    company['archived'] = (await createCompany('Quincaillerie Fermée')).id;
    await t.database.db.update(companies).set({ archivedAt: new Date() }).where(eq(companies.id, company['archived']));

    reportId = await insertDocument(
      company['bakery'],
      'Rapport annuel 2024',
      'Les financements accordés ont permis l’achat du nouveau four. The grants were approved by the board.',
    );
    planId = await insertDocument(company['archived'], 'Plan d’affaires', null);

    const event = await t.inject({
      method: 'POST',
      url: `/api/companies/${company['bakery']}/events?locale=en`,
      headers: admin,
      payload: {
        category_slug: 'followup',
        title: 'Visite de l’usine',
        date: '2025-05-02',
        notes: 'Discussion sur le déménagement de la boutique et le financement du four à bois.',
      },
    });
    expect(event.statusCode, event.body).toBe(201);
    visitId = event.json().data.id;
  });
  afterAll(async () => {
    await t.close();
  });

  async function search(auth: Auth, q: string, extra = ''): Promise<Answer> {
    const res = await t.inject({
      method: 'GET',
      url: `/api/search?locale=fr&q=${encodeURIComponent(q)}${extra}`,
      headers: auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Answer;
  }
  const idsOf = (hits: Hit[] | undefined) => (hits ?? []).map((hit) => hit.id);

  describe('companies', () => {
    it('by name, accents and case both ways, the exact name first, with the words marked', async () => {
      const found = await search(user, 'erabliere GAGNON');
      expect(idsOf(found.companies)).toEqual([company['gagnon'], company['gagnonFils']]);
      expect(found.companies![0]!.highlight).toBe('<mark>Érablière</mark> <mark>Gagnon</mark>');
      // The name once; under it what tells it apart: the reference number and the municipality.
      expect(found.companies![0]!.detail).toBe(`${company['gagnonRef']} · ${found.companies![0]!.municipality}`);
      expect(found.companies![0]!.municipality).toEqual(expect.any(String));
      // The longer name typed exactly comes first in its turn.
      expect(idsOf((await search(user, 'Érablière Gagnon et fils')).companies)[0]).toBe(company['gagnonFils']);
      // Typed without accents, stored with them, and the other way round.
      expect(idsOf((await search(user, 'boulangerie')).companies)).toEqual([company['bakery']]);
      expect(idsOf((await search(user, 'Boulangérie')).companies)).toEqual([company['bakery']]);
    });

    it('by reference number, municipality and owner name; several words narrow', async () => {
      expect(idsOf((await search(user, company['gagnonRef']!)).companies)).toEqual([company['gagnon']]);
      const levis = await search(user, 'levis');
      expect(idsOf(levis.companies)).toEqual([company['gagnonFils']]);
      expect(levis.companies![0]!.highlight).toBe('Érablière Gagnon et fils');
      expect(levis.companies![0]!.detail).toMatch(/ · <mark>Lévis<\/mark>$/);
      const owner = await search(user, 'rejean levesque');
      expect(idsOf(owner.companies)).toEqual([company['gagnon']]);
      expect(owner.companies![0]!.highlight).toBe('Érablière Gagnon');
      expect(owner.companies![0]!.detail).toMatch(/ · <mark>Réjean<\/mark> <mark>Lévesque<\/mark>$/);
      expect(idsOf((await search(user, 'gagnon levis')).companies)).toEqual([company['gagnonFils']]);
    });

    it('ranks the exact name, then a name starting with the words, then words starting words, then parts of the name, then elsewhere', async () => {
      const owner = (name: string) => ({
        owners: [{ name, phone_number: '', shares_percentage: '100', address: '', city: '', zip_code: '' }],
      });
      // Created loosest first, so that no order of insertion explains the answer.
      const elsewhere = (await createCompany('Zephyr Boutique', owner('Atelier Roy'))).id;
      const parts = (await createCompany('Lateliers Zephyrin')).id;
      const wordStarts = (await createCompany('Zephyr et Atelier')).id;
      const starting = (await createCompany('Atelier Zéphyr-Nord inc.')).id;
      const exact = (await createCompany('Atelier Zephyr')).id;
      const found = await search(user, 'atelier zephyr');
      expect(idsOf(found.companies)).toEqual([exact, starting, wordStarts, parts, elsewhere]);
      // Punctuation and accents aside, the full name typed is the exact one.
      expect(idsOf((await search(user, 'atelier zephyr nord inc')).companies)[0]).toBe(starting);
      // A one-letter word marks only a word it starts.
      const oneLetter = await search(user, 'atelier z');
      expect(oneLetter.companies!.map((hit) => hit.highlight)).toContain('<mark>Atelier</mark> <mark>Z</mark>ephyr');
      expect(oneLetter.companies!.find((hit) => hit.id === parts)!.highlight).toBe(
        'L<mark>atelier</mark>s <mark>Z</mark>ephyrin',
      );
      // Found through its owner: the owner on the second line, marked; the name as it is.
      const byOwner = found.companies!.find((hit) => hit.id === elsewhere)!;
      expect(byOwner.highlight).toBe('<mark>Zephyr</mark> Boutique');
      expect(byOwner.detail).toMatch(/ · <mark>Atelier<\/mark> Roy$/);
    });

    it('ranks a name holding the words first even when hundreds of files hold them elsewhere', async () => {
      // 220 files whose owners hold the words, written before the one whose name starts with them: more
      // than the candidates a search ranks from the files' index.
      const [template] = await t.database.db.select().from(companies).where(eq(companies.id, company['bakery']!));
      const { id: _id, referenceNumber: _ref, nameKey: _key, ...rest } = template!;
      await t.database.db.insert(companies).values(
        Array.from({ length: 220 }, (_, i) => ({
          ...rest,
          name: `Fournisseur ${i}`,
          searchText: `fournisseur ${i} kestrel atelier`,
        })),
      );
      const named = (await createCompany('Atelier Kestrel du Nord')).id;
      const found = await search(user, 'atelier kestrel');
      expect(idsOf(found.companies)[0]).toBe(named);
      expect(found.companies).toHaveLength(5);
    });

    it('includes archived companies, marked', async () => {
      const [hit] = (await search(user, 'quincaillerie')).companies!;
      expect(hit).toMatchObject({ id: company['archived'], archived: true, title: 'Quincaillerie Fermée' });
      expect((await search(user, 'boulangerie')).companies![0]!.archived).toBe(false);
    });
  });

  describe('documents', () => {
    it('by name and by content, stemmed in French and English, with the company to open and an excerpt', async () => {
      const byName = await search(user, 'rapport annuel');
      expect(byName.documents).toEqual([
        expect.objectContaining({
          id: reportId,
          company_id: company['bakery'],
          company_name: 'Boulangerie du Fjord',
          company_archived: false,
          title: 'Rapport annuel 2024',
          highlight: '<mark>Rapport</mark> <mark>annuel</mark> 2024',
        }),
      ]);
      // "financement" finds "financements"; "accordes" finds "accordés".
      const french = await search(user, 'financement accordes');
      expect(idsOf(french.documents)).toEqual([reportId]);
      expect(french.documents![0]!.highlight).toBe('Rapport annuel 2024');
      expect(french.documents![0]!.detail).toMatch(/<mark>financements<\/mark> <mark>accordés<\/mark>/);
      // "grant" finds "grants", "approving" finds "approved".
      expect(idsOf((await search(user, 'grant approving')).documents)).toEqual([reportId]);
      expect(idsOf((await search(user, 'croissant')).documents)).toEqual([]);
    });

    it('of an archived company, marked', async () => {
      const [hit] = (await search(user, 'plan affaires')).documents!;
      expect(hit).toMatchObject({ id: planId, company_id: company['archived'], company_archived: true });
    });
  });

  describe('events', () => {
    it('by title and by notes, with the company to open', async () => {
      const byTitle = await search(user, 'visite usine');
      expect(byTitle.events).toEqual([
        expect.objectContaining({
          id: visitId,
          company_id: company['bakery'],
          title: 'Visite de l’usine',
          highlight: '<mark>Visite</mark> de l’<mark>usine</mark>',
        }),
      ]);
      const byNotes = await search(user, 'demenagement boutique');
      expect(idsOf(byNotes.events)).toEqual([visitId]);
      expect(byNotes.events![0]!.highlight).toBe('Visite de l’usine');
      expect(byNotes.events![0]!.detail).toContain('<mark>déménagement</mark>');
    });

    it('system events by their title in the reader’s language', async () => {
      const created = await search(user, 'quincaillerie', '&filter[kinds]=events');
      expect(created.events?.length).toBeGreaterThan(0);
      expect(created.events![0]!.company_id).toBe(company['archived']);
    });
  });

  describe('users', () => {
    it('for administrators only: by name and email, accents both ways', async () => {
      const byName = await search(admin, 'gisele belanger');
      expect(idsOf(byName.users)).toEqual([staffId]);
      expect(byName.users![0]).toMatchObject({ title: 'Gisèle Bélanger', email: 'gbelanger@example.com' });
      expect(idsOf((await search(admin, 'gbelanger@example')).users)).toEqual([staffId]);

      const asUser = await search(user, 'gisele belanger');
      expect(asUser).not.toHaveProperty('users');
      expect(await search(user, 'gisele', '&filter[kinds]=users')).toEqual({});
    });
  });

  describe('kinds', () => {
    it('filter[kinds] answers only the kinds asked for; an unknown kind is refused', async () => {
      expect(Object.keys(await search(user, 'gagnon', '&filter[kinds]=companies,documents')).sort()).toEqual([
        'companies',
        'documents',
      ]);
      expect(Object.keys(await search(admin, 'gagnon')).sort()).toEqual(['companies', 'documents', 'events', 'users']);
      const res = await t.inject({
        method: 'GET',
        url: '/api/search?locale=en&q=x&filter[kinds]=companies,secrets',
        headers: user,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.code).toBe('bad_request');
      expect(res.json().errors.message).toBe('The parameter “filter[kinds]” has a value this address does not accept.');
    });

    it('needs a signed-in user', async () => {
      expect((await t.inject({ method: 'GET', url: '/api/search?q=gagnon' })).statusCode).toBe(401);
      expect((await t.inject({ method: 'GET', url: '/api/companies/similar?name=gagnon' })).statusCode).toBe(401);
    });
  });

  describe('hostile queries: no results or real ones, never a 5xx', () => {
    const empty = { companies: [], documents: [], events: [], users: [] };
    it.each([
      ['nothing', ''],
      ['only spaces', '     '],
      ['only punctuation', '!?.,;:-_()[]{}'],
      ['tsquery operators', '& | ! :* <-> ( )'],
      ['quotes', `'" '' ""`],
      ['LIKE wildcards', '% _ %%'],
    ])('%s', async (_label, q) => {
      expect(await search(admin, q)).toEqual(empty);
    });

    it('NUL and control characters: refused with a clear message, like every query string', async () => {
      for (const [q, locale, message] of [
        ['\u0000\u0001\u0002', 'fr', 'L’adresse de cette requête contient des caractères non permis.'],
        ['gag\u0000non', 'en', 'The address of this request holds characters that are not allowed.'],
      ] as const) {
        const res = await t.inject({
          method: 'GET',
          url: `/api/search?locale=${locale}&q=${encodeURIComponent(q)}`,
          headers: admin,
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().errors).toEqual({ code: 'bad_request', message });
      }
    });

    it('syntax around real words searches the words', async () => {
      expect(idsOf((await search(user, "gagnon' & !fils:* | 'x")).companies)).toContain(company['gagnonFils']);
      // Only the words are searched: the statement is text, and the table is still there.
      await search(user, "'; DROP TABLE companies; --");
      expect(idsOf((await search(user, 'boulangerie')).companies)).toEqual([company['bakery']]);
      expect(idsOf((await search(user, '"boulangerie"')).companies)).toEqual([company['bakery']]);
    });

    it('500 characters, and a thousand words', async () => {
      expect(await search(admin, 'é'.repeat(500))).toEqual(empty);
      const many = await search(user, `boulangerie ${'fjord '.repeat(1000)}`);
      expect(idsOf(many.companies)).toEqual([company['bakery']]);
    });
  });
});

describe('GET /companies/similar', () => {
  let t: TestApp;
  let auth: Auth;
  const created: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    const ids = await lookupIds(t.database.db);
    auth = await t.authHeader(await t.createUser());
    for (const [key, name, municipality] of [
      ['gagnon', 'Érablière Gagnon', ids.montreal],
      ['gagnonFils', 'Érablière Gagnon et fils', ids.levis],
      ['other', 'Boulangerie du Fjord', ids.montreal],
    ] as const) {
      const res = await t.inject({
        method: 'POST',
        url: '/api/companies?locale=en',
        headers: auth,
        payload: fullCompany(ids, {
          name,
          address: { address: '1, rue A', zip_code: 'h2y1h2', municipality_id: municipality },
        }),
      });
      expect(res.statusCode, res.body).toBe(201);
      created[key] = res.json().data.id;
    }
  });
  afterAll(async () => {
    await t.close();
  });

  const similar = async (name: string, locale = 'fr') => {
    const res = await t.inject({
      method: 'GET',
      url: `/api/companies/similar?locale=${locale}&name=${encodeURIComponent(name)}`,
      headers: auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Array<{ id: string; name: string; municipality_name: string; similarity: number }>;
  };

  it('finds the same name typed without accents or capitals first, with its municipality', async () => {
    const found = await similar('erabliere gagnon');
    expect(found[0]).toEqual({
      id: created['gagnon'],
      name: 'Érablière Gagnon',
      municipality_name: 'Montréal',
      similarity: 1,
    });
    expect(found.map((c) => c.id)).toEqual([created['gagnon'], created['gagnonFils']]);
    expect(found[1]!.similarity).toBeLessThan(1);
    expect((await similar('ERABLIERE GAGNON ET FILS', 'en'))[0]).toMatchObject({
      id: created['gagnonFils'],
      municipality_name: 'Lévis',
    });
  });

  it('answers at most five', async () => {
    const ids = await lookupIds(t.database.db);
    for (let i = 0; i < 6; i++) {
      await t.database.db.execute(
        sql`INSERT INTO companies (name, legal_form_id, status_id, activity_area_id)
            VALUES (${`Érablière Gagnon ${i}`}, ${ids.legalForm}, ${ids.status}, ${ids.activityArea})`,
      );
    }
    expect(await similar('erabliere gagnon')).toHaveLength(5);
  });

  it('nothing for a name too short, blank, or nothing like any other; never a 5xx for odd input', async () => {
    expect(await similar('')).toEqual([]);
    expect(await similar('  er ')).toEqual([]);
    expect(await similar('Zzyzx Quartz')).toEqual([]);
    expect(await similar("%' OR 1=1 -- & | !:*")).toEqual([]);
    const nul = await t.inject({
      method: 'GET',
      url: `/api/companies/similar?locale=en&name=${encodeURIComponent('\u0000\u0000\u0000')}`,
      headers: auth,
    });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().errors.message).toBe('The address of this request holds characters that are not allowed.');
    expect(Array.isArray(await similar('x'.repeat(5000)))).toBe(true);
  });
});
