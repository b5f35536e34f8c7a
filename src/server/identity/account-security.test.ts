import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { limitCounters, sessions, users } from '../db/schema';
import { TEST_PASSWORD, useTestApp } from '../test/harness';
import { readOutbox } from '../test/mail';

/** ADR 0014: private accounts, sign-out on the server, password and email changes. */
const t = useTestApp();

const NEW_PASSWORD = 'a brand new passphrase';

async function signIn(email: string, password = TEST_PASSWORD): Promise<{ authorization: string }> {
  const res = await t.inject({ method: 'POST', url: '/api/sign_in', payload: { email, password } });
  expect(res.statusCode).toBe(200);
  return { authorization: String(res.headers['authorization']) };
}

const me = (headers: Record<string, string>) => t.inject({ method: 'GET', url: '/api/user?locale=en', headers });

describe('users are private', () => {
  it('answers 403 to a non-administrator on the users list and a user, 200 to an administrator', async () => {
    const user = await t.createUser();
    const admin = await t.createUser({ role: 'admin' });
    for (const url of ['/api/users', `/api/users/${admin.id}`]) {
      const refused = await t.inject({ method: 'GET', url: `${url}?locale=en`, headers: await t.authHeader(user) });
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().errors.code).toBe('forbidden');
      expect(refused.body).not.toContain(admin.email);
      const allowed = await t.inject({ method: 'GET', url, headers: await t.authHeader(admin) });
      expect(allowed.statusCode, url).toBe(200);
    }
  });

  it('gives any signed-in user exactly the active users’ id and full name for the picker, searched', async () => {
    const marker = `Picker${Date.now()}`;
    const active = await t.createUser({ firstName: 'Jeanne', lastName: marker });
    await t.createUser({ firstName: 'Archivée', lastName: marker, disabledAt: new Date() });
    await t.createUser({ firstName: null, lastName: null, email: `invited-${marker}@example.com`, confirmedAt: null });
    const viewer = await t.createUser();
    const res = await t.inject({
      method: 'GET',
      url: `/api/users/options?filter[search]=${marker}`,
      headers: await t.authHeader(viewer),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([{ id: active.id, full_name: `Jeanne ${marker}` }]);
    expect(res.json().meta.total_count).toBe(1);
    expect((await t.inject({ method: 'GET', url: '/api/users/options' })).statusCode).toBe(401);
  });
});

describe('POST /api/sign_out (ADR 0014)', () => {
  it('ends that session at once; another session of the same user stays valid', async () => {
    const user = await t.createUser();
    const first = await signIn(user.email);
    const second = await signIn(user.email);
    const out = await t.inject({ method: 'POST', url: '/api/sign_out', headers: first });
    expect(out.statusCode).toBe(200);
    const refused = await me(first);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().errors.code).toBe('unauthorized');
    expect((await me(second)).statusCode).toBe(200);
    // Signing out twice is refused like any ended session, not a 5xx.
    expect((await t.inject({ method: 'POST', url: '/api/sign_out', headers: first })).statusCode).toBe(401);
  });

  it('refuses a well-signed token whose session row is unknown', async () => {
    const user = await t.createUser();
    const headers = await t.authHeader(user);
    await t.database.db.delete(sessions).where(eq(sessions.userId, user.id));
    expect((await me(headers)).statusCode).toBe(401);
  });
});

describe('POST /api/account/password (ADR 0014)', () => {
  it('refuses a wrong current password on that field and changes nothing', async () => {
    const user = await t.createUser();
    const headers = await signIn(user.email);
    const res = await t.inject({
      method: 'POST',
      url: '/api/account/password?locale=en',
      headers,
      payload: { current_password: 'not it', password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.detail).toEqual({ current_password: ['This is not your current password.'] });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.passwordHash).toBe(user.passwordHash);
  });

  it('checks the new password like every other form (length, confirmation), in French by default', async () => {
    const user = await t.createUser();
    const res = await t.inject({
      method: 'POST',
      url: '/api/account/password',
      headers: await signIn(user.email),
      payload: { current_password: TEST_PASSWORD, password: 'short', password_confirmation: 'other' },
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors.detail)).toEqual(['password']);
  });

  it('changes it: this session continues, the other sessions end, the new password signs in', async () => {
    const user = await t.createUser({ email: `pw-${Date.now()}@example.com` });
    const other = await signIn(user.email);
    const current = await signIn(user.email);
    const res = await t.inject({
      method: 'POST',
      url: '/api/account/password',
      headers: current,
      payload: { current_password: TEST_PASSWORD, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.id).toBe(user.id);
    expect((await me(current)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    const old = await t.inject({
      method: 'POST',
      url: '/api/sign_in',
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    expect(old.statusCode).toBe(401);
    await signIn(user.email, NEW_PASSWORD);
  });
});

describe('POST /api/account email change (ADR 0014)', () => {
  const account = (email: string, extra: object = {}) => ({
    locale: 'en',
    email,
    first_name: 'Émilie',
    last_name: 'Tremblay',
    ...extra,
  });

  it('requires the current password when the email changes, on that field, and changes nothing without it', async () => {
    const user = await t.createUser({ email: `keep-${Date.now()}@example.com` });
    const headers = await signIn(user.email);
    for (const [extra, message] of [
      [{}, 'Enter your current password to change your sign-in email.'],
      [{ current_password: 'wrong one' }, 'This is not your current password.'],
    ] as const) {
      const res = await t.inject({
        method: 'POST',
        url: '/api/account?locale=en',
        headers,
        payload: account(`moved-${user.id}@example.com`, extra),
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.detail).toEqual({ current_password: [message] });
    }
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.email).toBe(user.email);
    expect(row!.firstName).toBe(user.firstName);
  });

  it('saves other fields without the password when the email stays', async () => {
    const user = await t.createUser();
    const res = await t.inject({
      method: 'POST',
      url: '/api/account',
      headers: await signIn(user.email),
      payload: account(user.email.toUpperCase()),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.first_name).toBe('Émilie');
  });

  it('changes it with the current password and tells the OLD address by mail, in the account’s language', async () => {
    for (const locale of ['fr', 'en'] as const) {
      const oldEmail = `old-${locale}-${Date.now()}@example.com`;
      const newEmail = `new-${locale}-${Date.now()}@example.com`;
      const user = await t.createUser({ email: oldEmail });
      const res = await t.inject({
        method: 'POST',
        url: '/api/account',
        headers: await signIn(oldEmail),
        payload: account(newEmail, { locale, current_password: TEST_PASSWORD }),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.email).toBe(newEmail);
      await t.app.mail.settled();
      const mails = (await readOutbox(t.dataDir)).filter((m) => m.to.includes(oldEmail));
      expect(mails).toHaveLength(1);
      const mail = mails[0]!;
      expect(mail.text).toContain(newEmail);
      expect(mail.html).toContain(newEmail);
      expect(mail.subject).toContain(locale === 'fr' ? 'courriel de connexion' : 'sign-in email');
      expect((await readOutbox(t.dataDir)).some((m) => m.to.includes(newEmail))).toBe(false);
      expect(user.id).toBe(res.json().data.id);
    }
  });
});

describe('current-password checks are limited like sign-in (third audit, finding 2)', () => {
  const changePassword = (headers: Record<string, string>, current: string, locale = 'en') =>
    t.inject({
      method: 'POST',
      url: `/api/account/password?locale=${locale}`,
      headers,
      payload: { current_password: current, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
    });
  const changeEmail = (headers: Record<string, string>, current: string) =>
    t.inject({
      method: 'POST',
      url: '/api/account?locale=en',
      headers,
      payload: {
        locale: 'en',
        email: `elsewhere-${Date.now()}@example.com`,
        first_name: 'A',
        last_name: 'B',
        current_password: current,
      },
    });
  /** The minutes of a delay, run out on the database's clock (which every process reads). */
  const letDelayPass = () =>
    t.database.db
      .update(limitCounters)
      .set({ lastHitAt: sql`now() - interval '2 hours'` })
      .where(sql`starts_with(${limitCounters.key}, 'current-password-fail-user:')`);

  it('slows guesses after five, even the right password, on both routes, with the wait in minutes', async () => {
    const user = await t.createUser();
    const headers = await signIn(user.email);
    // Five free guesses, shared by the password change and the email change.
    for (let i = 0; i < 5; i += 1) {
      const res = await (i % 2 ? changeEmail(headers, `guess ${i}`) : changePassword(headers, `guess ${i}`));
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.detail).toEqual({ current_password: ['This is not your current password.'] });
    }
    // From then on the account waits, even with the right password.
    for (const res of [await changePassword(headers, TEST_PASSWORD), await changeEmail(headers, TEST_PASSWORD)]) {
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(50);
      expect(res.json().errors).toEqual({
        code: 'rate_limited',
        message: 'Too many attempts. Please try again in 1 minute.',
      });
    }
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.passwordHash).toBe(user.passwordHash);
    expect(row!.email).toBe(user.email);
    // Once the wait is over the right password works, and forgets the count.
    await letDelayPass();
    expect((await changePassword(headers, TEST_PASSWORD)).statusCode).toBe(200);
    expect((await changeEmail(headers, 'a slip')).statusCode).toBe(422);
  });

  it('ends the session after ten wrong passwords, in French by default, and counts afresh after a sign-in', async () => {
    const user = await t.createUser();
    const other = await signIn(user.email);
    const headers = await signIn(user.email);
    for (let i = 1; i <= 9; i += 1) {
      await letDelayPass();
      expect((await changePassword(headers, `guess ${i}`)).statusCode, `guess ${i}`).toBe(422);
    }
    await letDelayPass();
    const tenth = await changePassword(headers, 'guess 10', 'fr');
    expect(tenth.statusCode).toBe(401);
    expect(tenth.json().errors).toEqual({
      code: 'signed_out',
      message:
        'Trop de mots de passe erronés : vous avez été déconnecté. Reconnectez-vous, ou réinitialisez votre mot de passe si vous l’avez oublié.',
    });
    // This session is over; the account and its other sessions are not.
    expect((await me(headers)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(200);
    const again = await signIn(user.email);
    expect((await changePassword(again, TEST_PASSWORD)).statusCode).toBe(200);
  });
});
