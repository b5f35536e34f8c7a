import { beforeAll, describe, expect, it } from 'vitest';
import { useAuthHeader, useLookupIds, useTestApp } from '../test/harness';
import { asForm, fullCompany } from '../test/company-fixtures';

type Card = {
  id: string;
  name: string;
  reference_number: string;
  avatar_url: string | null;
  status: { id: string; name: string; color: string };
  archived_at: string | null;
};

const list = (query = '') => t.inject({ method: 'GET', url: `/api/companies${query}`, headers: auth });
const names = async (query = '') => ((await list(query)).json().data as Card[]).map((c) => c.name);

async function create(
  name: string,
  overrides: Record<string, unknown> = {},
): Promise<{ id: string; reference_number: string }> {
  const res = await t.inject({
    method: 'POST',
    url: '/api/companies',
    headers: auth,
    payload: fullCompany(ids, { name, ...overrides }),
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().data;
}

const at = (municipalityId: string, zip: string) => ({
  address: { address: '1, rue Principale', zip_code: zip, municipality_id: municipalityId },
});

let archivedId: string;
let reference: string;

const t = useTestApp();
const ids = useLookupIds(t);
const auth = useAuthHeader(t);
beforeAll(async () => {
  // Twelve active companies, names chosen to exercise accents and case in the sort.
  await create('Érablière Gagnon', { ...at(ids.saintJerome, 'J7Z 5T3'), email_address: 'sirop@erable.example' });
  await create('atelier Boréal', at(ids.levis, 'G6V 4J8'));
  await create('Boulangerie Montréalaise', at(ids.levis, 'G6V 4J8'));
  await create('Zinc & Cie', { ...at(ids.montreal, 'H2X 1Y4'), status_id: ids.prospect });
  reference = (await create('Quincaillerie 50% Rabais', at(ids.levis, 'G6V 4J8'))).reference_number;
  for (const n of ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot', 'Golf']) {
    await create(`Entreprise ${n}`, at(ids.levis, 'G6V 4J8'));
  }
  archivedId = (await create('Ancienne Fonderie', at(ids.montreal, 'H2X 1Y4'))).id;
  await t.inject({ method: 'DELETE', url: `/api/companies/${archivedId}`, headers: auth });
});

describe('GET /api/companies', () => {
  it('answers the first page of active companies by name (accent- and case-insensitive) with list meta', async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta).toEqual({ total_pages: 2, total_count: 12, page_number: 1, page_size: 10 });
    expect(body.data.map((c: Card) => c.name)).toEqual([
      'atelier Boréal',
      'Boulangerie Montréalaise',
      'Entreprise Alpha',
      'Entreprise Bravo',
      'Entreprise Charlie',
      'Entreprise Delta',
      'Entreprise Echo',
      'Entreprise Foxtrot',
      'Entreprise Golf',
      'Érablière Gagnon',
    ]);
  });

  it('answers what a card needs, and only that, with the status in the locale asked', async () => {
    const [card] = (await list('?filter[search]=zinc&locale=en')).json().data as Card[];
    expect(Object.keys(card!).sort()).toEqual([
      'archived_at',
      'avatar_url',
      'id',
      'name',
      'reference_number',
      'status',
    ]);
    expect(card!.status).toEqual({ id: ids.prospect, name: 'Prospect', color: 'blue' });
    expect(card!.avatar_url).toBeNull();
    expect(card!.archived_at).toBeNull();
    const [active] = (await list('?filter[search]=boreal&locale=en')).json().data as Card[];
    expect(active!.status.name).toBe('Active client');
    const [actif] = (await list('?filter[search]=boreal&locale=fr')).json().data as Card[];
    expect(actif!.status.name).toBe('Client actif');
  });

  it('pages with page[number] (1-based) and page[size] among 10, 25 and 50', async () => {
    const second = await list('?page[number]=2&page[size]=10');
    expect(second.json().meta).toEqual({ total_pages: 2, total_count: 12, page_number: 2, page_size: 10 });
    expect(second.json().data.map((c: Card) => c.name)).toEqual(['Quincaillerie 50% Rabais', 'Zinc & Cie']);
    const big = await list('?page[size]=25');
    expect(big.json().meta).toEqual({ total_pages: 1, total_count: 12, page_number: 1, page_size: 25 });
    expect(big.json().data).toHaveLength(12);
    const beyond = await list('?page[number]=9');
    expect(beyond.json()).toEqual({
      data: [],
      meta: { total_pages: 2, total_count: 12, page_number: 9, page_size: 10 },
    });
  });

  it.each([
    '?page[size]=7',
    '?page[size]=100',
    '?page[number]=0',
    '?page[number]=abc',
    '?sort=unknown',
    '?sort=search_text',
    '?sort=referenceNumber',
    '?filter[archived]=maybe',
    '?filter[unknown]=x',
    `?filter[search]=${'x'.repeat(101)}`,
  ])('answers 400 for %s', async (query) => {
    const res = await list(query);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.code).toBe('bad_request');
  });

  it('sorts by the fields asked, descending with a minus', async () => {
    const all = '&page[size]=50';
    const byName = await names(`?sort=name${all}`);
    expect(await names(`?sort=-name${all}`)).toEqual([...byName].reverse());
    const byReference = ((await list(`?sort=reference_number${all}`)).json().data as Card[]).map(
      (c) => c.reference_number,
    );
    expect(byReference).toEqual([...byReference].sort());
    expect((await names(`?sort=-inserted_at${all}`))[0]).toBe('Entreprise Golf');
    expect((await names(`?sort=inserted_at${all}`))[0]).toBe('Érablière Gagnon');
    expect(await names(`?sort=-updated_at,name${all}`)).toHaveLength(12);
  });

  it('hides archived companies by default and shows only them with filter[archived]=true', async () => {
    expect(await names('?filter[search]=fonderie')).toEqual([]);
    expect(await names('?filter[search]=fonderie&filter[archived]=false')).toEqual([]);
    const archived = await list('?filter[archived]=true');
    expect(archived.json().meta.total_count).toBe(1);
    expect(archived.json().data[0]).toMatchObject({ id: archivedId, name: 'Ancienne Fonderie' });
    expect(archived.json().data[0].archived_at).not.toBeNull();
  });

  describe('filter[search]', () => {
    it.each([
      ['montreal', ['Boulangerie Montréalaise', 'Zinc & Cie']],
      ['MONTRÉAL', ['Boulangerie Montréalaise', 'Zinc & Cie']],
      ['levis', ['atelier Boréal', 'Boulangerie Montréalaise', 'Entreprise Alpha']],
      ['saint-jérôme', ['Érablière Gagnon']],
      ['saint jerome', ['Érablière Gagnon']],
      ['erabliere', ['Érablière Gagnon']],
      ['ÉRABLE', ['Érablière Gagnon']],
      ['sirop@erable', ['Érablière Gagnon']],
      ['boreal', ['atelier Boréal']],
      ['entreprise golf', ['Entreprise Golf']],
      ['golf entreprise', ['Entreprise Golf']],
      ['50%', ['Quincaillerie 50% Rabais']],
      ['5_%', []],
      ['nothing-like-this', []],
    ])('"%s" finds %j', async (search, expected) => {
      const found = await names(`?filter[search]=${encodeURIComponent(search)}&page[size]=50`);
      expect(found.slice(0, expected.length)).toEqual(expected);
      if (expected.length < 3) expect(found).toEqual(expected);
    });

    it('finds a company by its reference number and counts only the matches', async () => {
      const res = await list(`?filter[search]=${reference.toLowerCase()}`);
      expect(res.json().data.map((c: Card) => c.name)).toEqual(['Quincaillerie 50% Rabais']);
      expect(res.json().meta).toEqual({ total_pages: 1, total_count: 1, page_number: 1, page_size: 10 });
    });

    it('follows the municipality when the address moves', async () => {
      const company = await create('Déménageurs Express', at(ids.levis, 'G6V 4J8'));
      expect(await names('?filter[search]=demenageurs montreal')).toEqual([]);
      const current = (await t.inject({ method: 'GET', url: `/api/companies/${company.id}`, headers: auth })).json()
        .data;
      const form = asForm(current);
      await t.inject({
        method: 'PATCH',
        url: `/api/companies/${company.id}`,
        headers: auth,
        payload: { ...form, ...at(ids.montreal, 'H2X 1Y4') },
      });
      expect(await names('?filter[search]=demenageurs montreal')).toEqual(['Déménageurs Express']);
      await t.inject({ method: 'DELETE', url: `/api/companies/${company.id}`, headers: auth });
    });
  });
});
