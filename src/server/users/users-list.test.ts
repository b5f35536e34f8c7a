import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useTestApp, useUser } from '../test/harness';
import { users } from '../db/schema';
import { userListWhere, type UserRow } from './store';

const t = useTestApp();
const admin = useUser(t, { email: 'admin@example.com', role: 'admin', firstName: 'Zoé', lastName: 'Admin' });
const staff = useUser(t, { email: 'staff@example.com', firstName: 'Émilie', lastName: 'Lefèvre' });
beforeAll(async () => {
  await t.createUser({ email: 'bob@example.com', firstName: 'bob', lastName: 'Martin' });
  await t.createUser({ email: 'alice@example.com', firstName: 'Alice', lastName: 'Martin' });
  await t.createUser({ email: 'alice2@example.com', firstName: 'Alice', lastName: 'Dupont' });
  await t.createUser({ email: 'invited@example.com', firstName: null, lastName: null, confirmedAt: null });
  await t.createUser({ email: 'gone@example.com', firstName: 'Gaston', lastName: 'Gone', disabledAt: new Date() });
  await t.createUser({ email: 'percent@example.com', firstName: '100%', lastName: 'Sure' });
  for (let i = 0; i < 22; i++) {
    await t.createUser({
      email: `bulk${String(i).padStart(2, '0')}@example.org`,
      firstName: 'Bulk',
      lastName: `N${i}`,
    });
  }
});

const list = async (query = '', user: UserRow | null = admin) =>
  t.inject({
    method: 'GET',
    url: `/api/users${query ? `?${query}` : ''}`,
    headers: user ? await t.authHeader(user) : {},
  });

const emails = (res: Awaited<ReturnType<typeof list>>) =>
  (res.json().data as Array<{ email: string }>).map((u) => u.email);

describe('GET /api/users', () => {
  it('pages 10 by default, sorted by first then last name, with list meta', async () => {
    const res = await list('filter[search]=example.com');
    expect(res.statusCode).toBe(200);
    expect(res.json().meta).toEqual({ total_pages: 1, total_count: 8, page_number: 1, page_size: 10 });
    // Accent- and case-insensitive order; the invited user without a name comes last.
    expect(emails(res)).toEqual([
      'percent@example.com',
      'alice2@example.com',
      'alice@example.com',
      'bob@example.com',
      'staff@example.com',
      'gone@example.com',
      'admin@example.com',
      'invited@example.com',
    ]);
    const first = res.json().data[0];
    expect(Object.keys(first).sort()).toEqual(
      [
        'archivable',
        'confirmed_at',
        'digest_time',
        'disabled_at',
        'email',
        'first_name',
        'full_name',
        'id',
        'last_name',
        'lock_version',
        'locale',
        'may_approve',
        'role',
        'status',
      ].sort(),
    );
  });

  it('pages with page[number] and page[size]', async () => {
    const all = await list('page[size]=25');
    expect(all.json().meta).toEqual({ total_pages: 2, total_count: 30, page_number: 1, page_size: 25 });
    expect(all.json().data).toHaveLength(25);
    const second = await list('page[size]=25&page[number]=2');
    expect(second.json().data).toHaveLength(5);
    expect(second.json().meta.page_number).toBe(2);
    const firstIds = new Set(emails(all));
    expect(emails(second).some((e) => firstIds.has(e))).toBe(false);
    const fifty = await list('page[size]=50');
    expect(fifty.json().data).toHaveLength(30);
    const beyond = await list('page[number]=9');
    expect(beyond.statusCode).toBe(200);
    expect(beyond.json().data).toEqual([]);
    expect(beyond.json().meta.total_count).toBe(30);
  });

  it('sorts by any allowed field, descending with a minus', async () => {
    const byEmail = await list('sort=-email&filter[search]=example.com');
    expect(emails(byEmail)[0]).toBe('staff@example.com');
    expect(emails(byEmail).at(-1)).toBe('admin@example.com');
    const byLast = await list('sort=last_name,-first_name&filter[search]=martin');
    expect(emails(byLast)).toEqual(['bob@example.com', 'alice@example.com']);
    const byStatus = await list('sort=status,email&filter[search]=example.com');
    expect(emails(byStatus)[0]).toBe('invited@example.com');
    expect(emails(byStatus).at(-1)).toBe('gone@example.com');
  });

  it('searches first name, last name and email, ignoring accents and case', async () => {
    expect(emails(await list('filter[search]=EMILIE'))).toEqual(['staff@example.com']);
    expect(emails(await list('filter[search]=lefevre'))).toEqual(['staff@example.com']);
    expect(emails(await list(`filter[search]=${encodeURIComponent('émilie lefèvre')}`))).toEqual(['staff@example.com']);
    expect(emails(await list('filter[search]=ALICE2@'))).toEqual(['alice2@example.com']);
    // Wildcards typed by the user are literal characters.
    expect(emails(await list('filter[search]=%25'))).toEqual(['percent@example.com']);
    expect(emails(await list('filter[search]=_'))).toEqual([]);
    expect((await list('filter[search]=nothing-like-this')).json().meta).toMatchObject({
      total_count: 0,
      total_pages: 1,
    });
  });

  it('filters by status', async () => {
    expect(emails(await list('filter[status]=invited'))).toEqual(['invited@example.com']);
    expect(emails(await list('filter[status]=disabled'))).toEqual(['gone@example.com']);
    const active = await list('filter[status]=active&page[size]=50');
    expect(active.json().meta.total_count).toBe(28);
    expect(emails(await list('filter[status]=active&filter[search]=martin'))).toEqual([
      'alice@example.com',
      'bob@example.com',
    ]);
  });

  it('answers 400 naming the parameter for unknown sort fields, page sizes, pages and filters', async () => {
    const unknown = (name: string) => `This address takes no parameter “${name}”.`;
    const bad = (name: string) => `The parameter “${name}” has a value this address does not accept.`;
    for (const [query, name, message] of [
      ['page[size]=20', 'page[size]', bad],
      ['page[size]=abc', 'page[size]', bad],
      ['page[number]=0', 'page[number]', bad],
      ['page[number]=-1', 'page[number]', bad],
      ['page[number]=1.5', 'page[number]', bad],
      ['sort=password_hash', 'sort', bad],
      ['sort=firstName', 'sort', bad],
      ['sort=first_name,', 'sort', bad],
      ['filter[status]=sleeping', 'filter[status]', bad],
      ['filter[role]=admin', 'filter[role]', unknown],
      ['page[size]=10&page[size]=25', 'page[size]', bad],
    ] as const) {
      const res = await list(`${query}&locale=en`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errors, query).toEqual({
        code: 'bad_request',
        message: message(name),
        detail: { [name]: [message(name)] },
      });
    }
  });

  it('is for administrators: 403 to other signed-in users, 401 to strangers', async () => {
    const refused = await list('filter[status]=active&filter[search]=admin', staff);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('admin@example.com');
    const res = await list('filter[status]=active&filter[search]=admin');
    expect(res.statusCode).toBe(200);
    expect(emails(res)).toEqual(['admin@example.com']);
    // The only active administrator, and nobody archives themselves.
    expect(res.json().data[0].archivable).toBe(false);
    expect((await list('', null)).statusCode).toBe(401);
  });

  it('uses the trigram index of migration 0001 for the search', async () => {
    const plan = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const query = tx
        .select()
        .from(users)
        .where(userListWhere({ search: 'lefevre' }));
      const result = await tx.execute(sql`explain ${query}`);
      return (result as unknown as { rows: Array<Record<string, string>> }).rows
        .map((r) => Object.values(r)[0])
        .join('\n');
    });
    expect(plan).toContain('users_search_trgm_idx');
  });
});
