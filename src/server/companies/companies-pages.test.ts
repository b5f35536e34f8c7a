/**
 * Deep pages of the companies list start from the anchors of the list's snapshot (ADR 0012). Every page
 * here is compared with the same page read the plain way (ORDER BY … OFFSET, count(*)) on a few hundred
 * companies: more than several anchor steps, sorted every way the API allows.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../db/rows';
import { seedDemo } from '../db/demo-seed';
import { useTestApp } from '../test/harness';
import { fullCompany, lookupIds } from '../test/company-fixtures';

let auth: { authorization: string };

const t = useTestApp();
beforeAll(async () => {
  await seedDemo(t.database.db, { companies: 420, users: 3, bigTimelineEvents: 0, batchSize: 100, passwordHash: 'x' });
  auth = await t.authHeader(await t.createUser({ role: 'admin' }));
}, 120_000);

interface Page {
  ids: string[];
  total: number;
  totalPages: number;
}

async function apiPage(query: string): Promise<Page> {
  const res = await t.inject({ method: 'GET', url: `/api/companies?${query}`, headers: auth });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  return {
    ids: (body.data as { id: string }[]).map((card) => card.id),
    total: body.meta.total_count,
    totalPages: body.meta.total_pages,
  };
}

/** The reference: the plain query, written independently of the store (`number` counts from 0). */
const ORDER = {
  name: 'public.f_search_text(name)',
  reference_number: 'reference_number',
  inserted_at: 'inserted_at',
  updated_at: 'updated_at',
} as const;

async function plainPage(options: {
  sort: string;
  search?: string;
  archived?: boolean;
  number: number;
  size: number;
}): Promise<{ ids: string[]; total: number }> {
  const terms = options.sort.split(',').map((term) => {
    const field = term.replace(/^-/, '') as keyof typeof ORDER;
    return `${ORDER[field]} ${term.startsWith('-') ? 'DESC' : 'ASC'}`;
  });
  const idDirection = options.sort.startsWith('-') ? 'DESC' : 'ASC';
  const where = sql.join(
    [
      options.archived ? sql`archived_at IS NOT NULL` : sql`archived_at IS NULL`,
      ...(options.search ?? '')
        .split(' ')
        .filter(Boolean)
        .map((word) => sql`search_text LIKE '%' || public.f_search_text(${word}) || '%'`),
    ],
    sql` AND `,
  );
  const rows = await selectRows<{ id: string }>(
    t.database.db,
    sql`SELECT id FROM companies WHERE ${where}
        ORDER BY ${sql.raw(terms.join(', '))}, id ${sql.raw(idDirection)}
        LIMIT ${options.size} OFFSET ${options.number * options.size}`,
  );
  const [counted] = await selectRows<{ n: number }>(
    t.database.db,
    sql`SELECT count(*)::int AS n FROM companies WHERE ${where}`,
  );
  return { ids: rows.map((row) => row.id), total: Number(counted!.n) };
}

async function expectSamePages(options: { sort: string; search?: string; archived?: boolean; size: number }) {
  const filters = [
    options.search ? `filter[search]=${encodeURIComponent(options.search)}` : '',
    options.archived ? 'filter[archived]=true' : '',
  ].filter(Boolean);
  const first = await plainPage({ ...options, number: 0 });
  const lastPage = Math.max(0, Math.ceil(first.total / options.size) - 1);
  const numbers = [...new Set([0, 1, Math.floor(lastPage / 2), lastPage - 1, lastPage, lastPage + 1])].filter(
    (n) => n >= 0,
  );
  for (const number of numbers) {
    const query = [`sort=${options.sort}`, `page[number]=${number + 1}`, `page[size]=${options.size}`, ...filters].join(
      '&',
    );
    const expected = await plainPage({ ...options, number });
    const actual = await apiPage(query);
    expect(actual.ids, `${query}`).toEqual(expected.ids);
    expect(actual.total, `${query}`).toBe(expected.total);
    expect(actual.totalPages).toBe(Math.max(1, Math.ceil(expected.total / options.size)));
  }
  return first.total;
}

describe('companies list pages from anchors', () => {
  it('gives every page of the default list exactly as ORDER BY … OFFSET would, to the last and past it', async () => {
    const total = await expectSamePages({ sort: 'name', size: 10 });
    expect(total).toBeGreaterThan(300); // several anchor steps of 100
    // Every page in a row, so that each anchor boundary is crossed at least once.
    const seen: string[] = [];
    for (let number = 1; (number - 1) * 25 < total; number += 1) {
      seen.push(...(await apiPage(`page[number]=${number}&page[size]=25`)).ids);
    }
    expect(seen).toEqual((await plainPage({ sort: 'name', number: 0, size: total })).ids);
  });

  it('does the same for every sort, descending ones, ties (one insert time for a whole batch) and mixed directions', async () => {
    for (const sort of [
      '-name',
      'reference_number',
      '-reference_number',
      'inserted_at',
      '-inserted_at',
      '-updated_at',
      'name,-inserted_at',
    ]) {
      await expectSamePages({ sort, size: 50 });
    }
  });

  it('pages through searches, accented or not, and the archived list', async () => {
    for (const search of ['montreal', 'Montréal', 'saint', 'inc saint']) {
      const total = await expectSamePages({ sort: 'name', search, size: 10 });
      expect(total, search).toBeGreaterThan(0);
    }
    await expectSamePages({ sort: '-name', search: 'quebec', size: 10 });
    await expectSamePages({ sort: 'name', archived: true, size: 10 });
  });

  it('counts a company created or archived at once, on the next request', async () => {
    const before = await apiPage('page[size]=10');
    const ids = await lookupIds(t.database.db);
    const created = await t.inject({
      method: 'POST',
      url: '/api/companies',
      headers: auth,
      payload: fullCompany(ids, { name: '000 Première entreprise' }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const createdId = created.json().data.id as string;
    const after = await apiPage('page[size]=10');
    expect(after.total).toBe(before.total + 1);
    expect(after.ids[0]).toBe(createdId);
    await expectSamePages({ sort: 'name', size: 10 });

    const archived = await t.inject({ method: 'DELETE', url: `/api/companies/${createdId}`, headers: auth });
    expect(archived.statusCode, archived.body).toBeLessThan(300);
    expect((await apiPage('page[size]=10')).total).toBe(before.total);
    await expectSamePages({ sort: 'name', archived: true, size: 10 });
  });
});
