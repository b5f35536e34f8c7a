import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { readOutbox } from '../test/mail';
import { TEST_PASSWORD, useAuthHeader, useLookupIds, useTestApp } from '../test/harness';
import { fullCompany } from '../test/company-fixtures';
import type { UserRow } from '../users/store';

/**
 * ADR 0029: what a process keeps between requests, and what ends it. The user of a session token
 * and a list's total are read once and then kept until PostgreSQL says their tables changed (migrations 0013,
 * 0015, 0016). Each "kept" test first shows the value really is kept — a change made with the table's
 * notification switched off is not seen — so that the "ends at once" tests are about the notifications, not
 * about a cache that is never used.
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const t = useTestApp();
const ids = useLookupIds(t);
const admin = useAuthHeader(t, { role: 'admin', firstName: 'Ada', lastName: 'Admin' });

const get = (url: string, headers: Record<string, string>) => t.inject({ method: 'GET', url: `/api${url}`, headers });
const send = (method: 'POST' | 'PATCH' | 'DELETE', url: string, headers: Record<string, string>, payload?: object) =>
  t.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });

/** An administrator's edit of a user, as the users screen sends it. */
const editUser = (user: UserRow, values: { role: 'user' | 'admin'; first_name: string; last_name: string }) =>
  send('PATCH', `/users/${user.id}`, admin, { ...values, lock_version: user.lockVersion });

/** Runs `change` with the table's identity or list notification off: what a cache would miss. */
async function unannounced(trigger: string, table: string, change: string): Promise<void> {
  await t.database.db.execute(sql.raw(`ALTER TABLE ${table} DISABLE TRIGGER ${trigger}`));
  try {
    await t.database.db.execute(sql.raw(change));
  } finally {
    await t.database.db.execute(sql.raw(`ALTER TABLE ${table} ENABLE TRIGGER ${trigger}`));
  }
}

/** A staff member with a session that has been used once (so its user is kept). */
async function usedSession(role: 'user' | 'admin' = 'user') {
  const user = await t.createUser({ role, firstName: 'Kept', lastName: 'Person' });
  const session = await t.authHeader(user);
  expect((await get('/user', session)).statusCode).toBe(200);
  return { user, session };
}

describe('the user of a session token, kept between requests', () => {
  it('is kept: a change to the user that PostgreSQL does not announce is not seen', async () => {
    const { user, session } = await usedSession();
    await unannounced(
      'users_identity_change',
      'users',
      `UPDATE users SET first_name = 'Silent' WHERE id = '${user.id}'`,
    );
    expect((await get('/user', session)).json().data.first_name).toBe('Kept');
    // Any announced change to users drops it, and the next request reads the row again.
    await t.database.db.execute(sql`UPDATE users SET updated_at = now() WHERE id = ${user.id}`);
    expect((await get('/user', session)).json().data.first_name).toBe('Silent');
  });

  it('ends at once when an administrator archives the user', async () => {
    const { user, session } = await usedSession();
    expect((await send('DELETE', `/users/${user.id}`, admin)).statusCode).toBe(200);
    expect((await get('/user', session)).statusCode).toBe(401);
  });

  it('narrows at once when an administrator takes the administrator role away', async () => {
    const { user, session } = await usedSession('admin');
    expect((await get('/users', session)).statusCode).toBe(200);
    const edit = await editUser(user, { role: 'user', first_name: 'Kept', last_name: 'Person' });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await get('/users', session)).statusCode).toBe(403);
    expect((await get('/user', session)).json().data.role).toBe('user');
  });

  it('ends at once on a password reset by mail', async () => {
    const { user, session } = await usedSession();
    await send('POST', '/passwords/forgot', {}, { email: user.email });
    await t.app.mail.settled();
    const mail = (await readOutbox(t.dataDir)).find((m) => m.to.includes(user.email));
    const token = /reset\?token=([\w-]+)/.exec(mail!.text)![1]!;
    const reset = await send(
      'POST',
      '/passwords/reset',
      {},
      {
        token,
        password: 'a new long password',
        password_confirmation: 'a new long password',
      },
    );
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await get('/user', session)).statusCode).toBe(401);
  });

  it('ends the other sessions at once when the user changes their password, and keeps this one', async () => {
    const { user, session } = await usedSession();
    const other = await t.authHeader(user);
    expect((await get('/user', other)).statusCode).toBe(200);
    const change = await send('POST', '/account/password', session, {
      current_password: TEST_PASSWORD,
      password: 'another long password',
      password_confirmation: 'another long password',
    });
    expect(change.statusCode, change.body).toBe(200);
    expect((await get('/user', other)).statusCode).toBe(401);
    expect((await get('/user', session)).statusCode).toBe(200);
  });

  it('ends at once on sign-out, and when another client disables the user in SQL', async () => {
    const first = await usedSession();
    expect((await send('POST', '/sign_out', first.session)).statusCode).toBe(200);
    expect((await get('/user', first.session)).statusCode).toBe(401);

    const second = await usedSession();
    await t.database.db.execute(sql`UPDATE users SET disabled_at = now() WHERE id = ${second.user.id}`);
    expect((await get('/user', second.session)).statusCode).toBe(401);
  });
});

describe('a list total, kept between requests', () => {
  it('is kept through writes that cannot change the list, and dropped by one that can', async () => {
    const create = async (name: string) => {
      const res = await send('POST', '/companies', admin, fullCompany(ids, { name }));
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data as Json;
    };
    const total = async () => {
      const res = await get('/companies?page[size]=10', admin);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().meta.total_count as number;
    };
    const company = await create('Quincaillerie Gendron');
    const other = await create('Fromagerie Boivin');
    const before = await total();
    // Archived without the companies notification: a rebuilt total would show one less.
    await unannounced(
      'companies_list_change',
      'companies',
      `UPDATE companies SET archived_at = now() WHERE id = '${company.id as string}'`,
    );
    expect(await total()).toBe(before);

    // None of these can change the companies list: each leaves its total kept.
    const staff = await t.createUser({ email: 'kept-lists@example.com', firstName: 'Kept', lastName: 'Lists' });
    const signIn = await send('POST', '/sign_in', {}, { email: staff.email, password: TEST_PASSWORD });
    expect(signIn.statusCode).toBe(200);
    expect((await send('POST', '/companies', admin, { name: '' })).statusCode).toBe(422);
    const event = await send('POST', `/companies/${other.id as string}/events`, admin, {
      category_slug: 'technicalHelp',
      title: 'Visite',
      date: '2024-03-01',
    });
    expect(event.statusCode, event.body).toBe(201);
    const renamed = await editUser(staff, { role: 'user', first_name: 'Renamed', last_name: 'Lists' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await total()).toBe(before);

    // A change to companies, announced: the total is counted again, the silent archive included.
    await t.database.db.execute(sql`UPDATE companies SET updated_at = now() WHERE id = ${other.id as string}`);
    expect(await total()).toBe(before - 1);
  });
});
