import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, expectFieldErrors, TEST_PASSWORD, useTestApp, useUser } from '../test/harness';
import { readOutbox, tokenIn } from '../test/mail';
import { oneTimeTokens, users } from '../db/schema';
import type { UserRow } from './store';

const t = useTestApp();
const admin = useUser(t, { email: 'admin@example.com', role: 'admin', firstName: 'Ada', lastName: 'Admin' });
const staff = useUser(t, { email: 'staff@example.com', firstName: 'Sam', lastName: 'Staff' });

type Method = 'GET' | 'PATCH' | 'DELETE' | 'POST';
const call = async (method: Method, url: string, user: UserRow | null = admin, payload?: unknown) =>
  t.inject({
    method,
    url: `/api${url}${url.includes('?') ? '&' : '?'}locale=en`,
    headers: user ? await t.authHeader(user) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const fresh = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;
const signIn = (email: string, password = TEST_PASSWORD) =>
  t.inject({ method: 'POST', url: '/api/sign_in', payload: { email, password } });

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe('GET /api/users/:id', () => {
  it('answers the user to an administrator, 403 to other signed-in users', async () => {
    const refused = await call('GET', `/users/${admin.id}`, staff);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain(admin.email);
    const res = await call('GET', `/users/${admin.id}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: admin.id, full_name: 'Ada Admin', role: 'admin', status: 'active' });
    expect(res.json().data).not.toHaveProperty('password_hash');
    expect(res.json().data).not.toHaveProperty('token_version');
  });

  it('answers 404 for an unknown id and for something that is not a UUID, 401 signed out', async () => {
    expect((await call('GET', `/users/${UNKNOWN_ID}`)).statusCode).toBe(404);
    const bad = await call('GET', '/users/not-a-uuid');
    expect(bad.statusCode).toBe(404);
    expect(bad.json().errors.code).toBe('not_found');
    expect((await call('GET', `/users/${admin.id}`, null)).statusCode).toBe(401);
  });
});

describe('PATCH /api/users/:id', () => {
  it('changes names and role, bumping lock_version; a stale lock_version gets 409', async () => {
    const user = await t.createUser({ firstName: 'Old', lastName: 'Name' });
    const res = await call('PATCH', `/users/${user.id}`, admin, {
      first_name: ' New ',
      last_name: 'Name',
      role: 'admin',
      lock_version: user.lockVersion,
      email: 'ignored@example.com',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      first_name: 'New',
      role: 'admin',
      email: user.email,
      lock_version: user.lockVersion + 1,
    });
    const stale = await call('PATCH', `/users/${user.id}`, admin, {
      first_name: 'Other',
      last_name: 'Name',
      role: 'user',
      lock_version: user.lockVersion,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().errors.code).toBe('stale_record');
    expect((await fresh(user.id)).firstName).toBe('New');
  });

  it('requires names, role and lock_version (docs/SPEC.md §5)', async () => {
    const user = await t.createUser();
    const res = await call('PATCH', `/users/${user.id}`, admin, { first_name: '', role: 'chief' });
    expectFieldErrors(res, {
      first_name: ['Field is required'],
      last_name: ['Field is required'],
      role: ['Not a valid choice'],
      lock_version: ['Field is required'],
    });
    const tooLong = await call('PATCH', `/users/${user.id}`, admin, {
      first_name: 'x'.repeat(101),
      last_name: 'ok',
      role: 'user',
      lock_version: 0,
    });
    expect(tooLong.json().errors.detail).toEqual({ first_name: ['Must be at most 100 characters'] });
    expect((await call('PATCH', `/users/${user.id}`, admin, [1, 2])).statusCode).toBe(400);
  });

  it('does not change the names of an invited user, but changes the role', async () => {
    const invited = await t.createUser({ firstName: null, lastName: null, confirmedAt: null });
    const names = await call('PATCH', `/users/${invited.id}`, admin, {
      first_name: 'Named',
      last_name: '',
      role: 'user',
      lock_version: 0,
    });
    expectFieldErrors(names, {
      first_name: ['The name of an invited user cannot be changed: they enter it when accepting the invitation.'],
    });
    expect((await fresh(invited.id)).firstName).toBeNull();
    const role = await call('PATCH', `/users/${invited.id}`, admin, {
      first_name: null,
      last_name: '',
      role: 'admin',
      lock_version: 0,
    });
    expect(role.statusCode).toBe(200);
    expect(role.json().data).toMatchObject({ role: 'admin', status: 'invited', first_name: null });
  });

  it('never demotes the last active administrator', async () => {
    const solo = await createTestApp();
    try {
      const only = await solo.createUser({ role: 'admin' });
      await solo.createUser({ role: 'admin', confirmedAt: null });
      await solo.createUser({ role: 'admin', disabledAt: new Date() });
      const res = await solo.inject({
        method: 'PATCH',
        url: `/api/users/${only.id}?locale=fr`,
        headers: await solo.authHeader(only),
        payload: { first_name: 'A', last_name: 'B', role: 'user', lock_version: only.lockVersion },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.message).toBe(
        'C’est le dernier administrateur actif : nommez d’abord un autre administrateur.',
      );
      expect(res.json().errors.detail.role).toHaveLength(1);
      const [row] = await solo.database.db.select().from(users).where(eq(users.id, only.id));
      expect(row!.role).toBe('admin');

      const second = await solo.createUser({ role: 'admin' });
      const ok = await solo.inject({
        method: 'PATCH',
        url: `/api/users/${only.id}`,
        headers: await solo.authHeader(second),
        payload: { first_name: 'A', last_name: 'B', role: 'user', lock_version: only.lockVersion },
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().data.role).toBe('user');
    } finally {
      await solo.close();
    }
  });

  it('is for administrators: 403 for a user, 401 signed out, 404 for bad ids', async () => {
    const body = { first_name: 'Hacked', last_name: 'Name', role: 'admin', lock_version: staff.lockVersion };
    expect((await call('PATCH', `/users/${staff.id}`, staff, body)).statusCode).toBe(403);
    expect((await call('PATCH', `/users/${staff.id}`, null, body)).statusCode).toBe(401);
    expect((await fresh(staff.id)).role).toBe('user');
    expect((await call('PATCH', `/users/${UNKNOWN_ID}`, admin, body)).statusCode).toBe(404);
    expect((await call('PATCH', '/users/123', admin, body)).statusCode).toBe(404);
  });
});

describe('DELETE /api/users/:id and POST /api/users/:id/restore', () => {
  it('archive ends the user’s session and sign-in; restore lets them sign in again', async () => {
    const user = await t.createUser({ email: 'leaving@example.com' });
    const session = await t.authHeader(user);
    expect((await t.inject({ method: 'GET', url: '/api/user', headers: session })).statusCode).toBe(200);

    const res = await call('DELETE', `/users/${user.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: user.id, status: 'disabled', lock_version: user.lockVersion + 1 });
    expect(res.json().data.disabled_at).not.toBeNull();
    const row = await fresh(user.id);
    expect(row.disabledAt).not.toBeNull();
    expect(row.tokenVersion).toBe(user.tokenVersion + 1);

    expect((await t.inject({ method: 'GET', url: '/api/user', headers: session })).statusCode).toBe(401);
    expect((await signIn('leaving@example.com')).statusCode).toBe(401);

    const again = await call('DELETE', `/users/${user.id}`);
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ code: 'already_archived', message: 'This user is already archived.' });

    const restored = await call('POST', `/users/${user.id}/restore`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json().data).toMatchObject({ status: 'active', disabled_at: null });
    expect((await signIn('leaving@example.com')).statusCode).toBe(200);
    // The session from before the archive stays ended.
    expect((await t.inject({ method: 'GET', url: '/api/user', headers: session })).statusCode).toBe(401);

    const notArchived = await call('POST', `/users/${user.id}/restore`);
    expect(notArchived.statusCode).toBe(422);
    expect(notArchived.json().errors.code).toBe('not_archived');
  });

  it('nobody archives themselves', async () => {
    const other = await t.createUser({ role: 'admin' });
    const res = await call('DELETE', `/users/${other.id}`, other);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ code: 'cannot_archive_self', message: 'You cannot archive your own account.' });
    expect((await fresh(other.id)).disabledAt).toBeNull();
    const self = await call('GET', `/users/${other.id}`, other);
    expect(self.json().data.archivable).toBe(false);
    expect((await call('GET', `/users/${other.id}`, admin)).json().data.archivable).toBe(true);
  });

  it('the last active administrator stays, even when two archive each other at once', async () => {
    const solo = await createTestApp();
    try {
      const a = await solo.createUser({ role: 'admin' });
      const b = await solo.createUser({ role: 'admin' });
      const [byA, byB] = await Promise.all([
        solo.inject({ method: 'DELETE', url: `/api/users/${b.id}`, headers: await solo.authHeader(a) }),
        solo.inject({ method: 'DELETE', url: `/api/users/${a.id}`, headers: await solo.authHeader(b) }),
      ]);
      const codes = [byA.statusCode, byB.statusCode].sort((x, y) => x - y);
      expect(codes[0]).toBe(200);
      // The loser was either refused as the last administrator or, archived first, signed out.
      expect([401, 422]).toContain(codes[1]);
      const rows = await solo.database.db.select().from(users);
      expect(rows.filter((r) => r.disabledAt === null)).toHaveLength(1);
      const survivor = rows.find((r) => r.disabledAt === null)!;
      const got = await solo.inject({
        method: 'GET',
        url: `/api/users/${survivor.id}`,
        headers: await solo.authHeader(survivor),
      });
      expect(got.json().data.archivable).toBe(false);
    } finally {
      await solo.close();
    }
  });

  it('archives invited users too, voiding their invitation', async () => {
    const invited = await t.createUser({ confirmedAt: null, firstName: null, lastName: null });
    const reinvite = await call('POST', `/users/${invited.id}/reinvite`);
    expect(reinvite.statusCode).toBe(200);
    expect((await call('DELETE', `/users/${invited.id}`)).statusCode).toBe(200);
    const tokens = await t.database.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, invited.id));
    expect(tokens.length).toBeGreaterThan(0);
    expect(tokens.every((tk) => tk.usedAt !== null)).toBe(true);
    const restored = await call('POST', `/users/${invited.id}/restore`);
    expect(restored.json().data.status).toBe('invited');
  });

  it('is for administrators, with 404 for unknown or malformed ids', async () => {
    const target = await t.createUser();
    expect((await call('DELETE', `/users/${target.id}`, staff)).statusCode).toBe(403);
    expect((await call('DELETE', `/users/${target.id}`, null)).statusCode).toBe(401);
    expect((await call('POST', `/users/${target.id}/restore`, staff)).statusCode).toBe(403);
    expect((await call('POST', `/users/${target.id}/restore`, null)).statusCode).toBe(401);
    expect((await fresh(target.id)).disabledAt).toBeNull();
    expect((await call('DELETE', `/users/${UNKNOWN_ID}`)).statusCode).toBe(404);
    expect((await call('DELETE', '/users/zzz')).statusCode).toBe(404);
    expect((await call('POST', `/users/${UNKNOWN_ID}/restore`)).statusCode).toBe(404);
    expect((await call('POST', '/users/1/restore')).statusCode).toBe(404);
  });
});

describe('POST /api/users/:id/reinvite', () => {
  it('mails a new link in the administrator’s language and voids the earlier one', async () => {
    const invite = await call('POST', '/invitations', admin, { email: 'again@example.com', role: 'user' });
    expect(invite.statusCode).toBe(201);
    const id = invite.json().data.id as string;
    await t.app.mail.settled();
    const first = decodeURIComponent(
      tokenIn(
        (await readOutbox(t.dataDir)).filter((m) => m.to.includes('again@example.com'))[0]!,
        '/invitations/confirm',
      )!,
    );

    const res = await t.inject({
      method: 'POST',
      url: `/api/users/${id}/reinvite?locale=fr`,
      headers: await t.authHeader(admin),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id, status: 'invited' });
    const mails = (await readOutbox(t.dataDir)).filter((m) => m.to.includes('again@example.com'));
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toBe('Votre invitation à Atrium');
    expect(mails[1]!.text).toContain('Ada Admin vous invite à utiliser Atrium.');
    const second = decodeURIComponent(tokenIn(mails[1]!, '/invitations/confirm')!);

    const confirm = (token: string) =>
      t.inject({
        method: 'POST',
        url: '/api/invitations/confirm',
        payload: { token, password: 'password!', password_confirmation: 'password!', first_name: 'A', last_name: 'B' },
      });
    expect((await confirm(first)).statusCode).toBe(422);
    expect((await confirm(second)).statusCode).toBe(200);
  });

  it('only for invited users, only by administrators', async () => {
    const res = await call('POST', `/users/${staff.id}/reinvite`);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      code: 'not_invited',
      message: 'Only a user who has not accepted their invitation yet can be re-invited.',
    });
    const invited = await t.createUser({ confirmedAt: null });
    expect((await call('POST', `/users/${invited.id}/reinvite`, staff)).statusCode).toBe(403);
    expect((await call('POST', `/users/${invited.id}/reinvite`, null)).statusCode).toBe(401);
    expect((await call('POST', `/users/${UNKNOWN_ID}/reinvite`)).statusCode).toBe(404);
    expect((await call('POST', '/users/nope/reinvite')).statusCode).toBe(404);
    const tokens = await t.database.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, invited.id));
    expect(tokens).toHaveLength(0);
  });
});
