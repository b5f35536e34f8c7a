import { afterEach, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { accountEvents, limitCounters, recoveryCodes, securitySettings, totpAuthenticators, users } from '../db/schema';
import { liftAccountLimits } from '../platform/rate-limit/limits';
import { issueToken } from '../identity/one-time-tokens';
import { TEST_PASSWORD, useTestApp } from '../test/harness';
import type { UserRow } from '../users/store';

/**
 * Two-factor sign-in through the real API (docs/decisions/0035-two-factor-sign-in.md). Authenticator-app codes
 * are computed with otpauth, the library the server uses, for chosen instants: the server's clock (`Date` only)
 * is moved forward to them, so that each test owns its 30-second steps.
 */
const t = useTestApp();
afterEach(() => vi.useRealTimers());

const STEP_MS = 30_000;
/** The start of a step well ahead of now: a test's "now" only ever moves forward from the real clock. */
let nextFreeStep = Math.floor(Date.now() / STEP_MS) + 4;
function reserveSteps(count: number): number {
  const first = nextFreeStep;
  nextFreeStep += count + 2;
  return first;
}
/** The server's clock at `seconds` into step `step`. */
function at(step: number, seconds = 5): number {
  const instant = step * STEP_MS + seconds * 1000;
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(instant);
  return instant;
}
const codeAt = (secret: string, step: number) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: step * STEP_MS + 1000 });

const post = (url: string, payload: object, headers: Record<string, string> = {}, remoteAddress?: string) =>
  t.inject({ method: 'POST', url, payload, headers, ...(remoteAddress ? { remoteAddress } : {}) });
const signIn = (email: string, remoteAddress?: string, password = TEST_PASSWORD) =>
  post('/api/sign_in?locale=en', { email, password }, {}, remoteAddress);
const secondFactor = (payload: object, remoteAddress?: string) =>
  post('/api/sign_in/second_factor?locale=en', payload, {}, remoteAddress);
const bearer = (res: { headers: Record<string, unknown> }) => String(res.headers['authorization'] ?? '');

/** Sets up an authenticator app through the API at `step`: its secret and the recovery codes it brought. */
async function enrolTotp(user: UserRow, step: number): Promise<{ secret: string; codes: string[] }> {
  at(step);
  const headers = await t.authHeader(user);
  const started = await post('/api/account/two_factor/totp', {}, headers);
  expect(started.statusCode).toBe(200);
  const { secret, uri } = started.json().data;
  expect(uri).toMatch(/^otpauth:\/\/totp\/Atrium:.+\?.*secret=/);
  expect(uri).toContain(`secret=${secret}`);
  const confirmed = await post('/api/account/two_factor/totp/confirm', { code: codeAt(secret, step) }, headers);
  expect(confirmed.statusCode).toBe(200);
  const { recovery_codes: codes, status } = confirmed.json().data;
  expect(status).toMatchObject({ enabled: true, totp: true, recovery_codes_left: 10 });
  return { secret, codes };
}

async function proofFor(email: string, remoteAddress?: string): Promise<string> {
  const res = await signIn(email, remoteAddress);
  expect(res.statusCode).toBe(200);
  expect(res.headers['authorization']).toBeUndefined();
  return res.json().data.proof;
}

async function setPolicy(value: 'nobody' | 'admins' | 'everyone'): Promise<void> {
  await t.database.db
    .insert(securitySettings)
    .values({ id: 1, twoFactorRequired: value })
    .onConflictDoUpdate({ target: securitySettings.id, set: { twoFactorRequired: value } });
}

describe('sign-in with an authenticator app', () => {
  it('answers a right password with second_factor_required and a proof, and no session', async () => {
    const user = await t.createUser();
    const step = reserveSteps(2);
    await enrolTotp(user, step);
    at(step + 1);
    const res = await signIn(user.email);
    expect(res.statusCode).toBe(200);
    expect(res.headers['authorization']).toBeUndefined();
    const data = res.json().data;
    expect(data).toEqual({
      second_factor_required: true,
      enrolment_required: false,
      proof: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      expires_at: expect.any(String),
      methods: ['totp', 'recovery_code'],
      passkey_options: null,
    });
    expect(new Date(data.expires_at).getTime()).toBeGreaterThan(Date.now());
    // The proof is not a session.
    const me = await t.inject({ method: 'GET', url: '/api/user', headers: { authorization: `Bearer ${data.proof}` } });
    expect(me.statusCode).toBe(401);
  });

  it('signs in with the current code, and refuses the same code a second time', async () => {
    const user = await t.createUser();
    const step = reserveSteps(2);
    const { secret } = await enrolTotp(user, step);
    at(step + 1);
    const res = await secondFactor({ proof: await proofFor(user.email), code: codeAt(secret, step + 1) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: user.id, email: user.email });
    const me = await t.inject({ method: 'GET', url: '/api/user', headers: { authorization: bearer(res) } });
    expect(me.statusCode).toBe(200);

    // Seen over a shoulder: the same code, still within its 30 seconds, is refused.
    at(step + 1, 20);
    const again = await secondFactor({ proof: await proofFor(user.email), code: codeAt(secret, step + 1) });
    expect(again.statusCode).toBe(422);
    expect(again.headers['authorization']).toBeUndefined();
    expect(again.json().errors).toEqual({
      code: 'invalid_second_factor',
      message: 'This code is not right, or was already used. Wait for the next code and try again.',
      detail: { code: ['This code is not right, or was already used. Wait for the next code and try again.'] },
    });
  });

  it('accepts the code of the previous 30-second window, and refuses one two windows old', async () => {
    const user = await t.createUser();
    const step = reserveSteps(6);
    const { secret } = await enrolTotp(user, step);
    // Typed just as the app moved on: the previous step's code still works.
    at(step + 3, 2);
    const previous = await secondFactor({ proof: await proofFor(user.email), code: codeAt(secret, step + 2) });
    expect(previous.statusCode).toBe(200);
    // Two steps back is too old, even though it was never used.
    at(step + 6, 2);
    const old = await secondFactor({ proof: await proofFor(user.email), code: codeAt(secret, step + 4) });
    expect(old.statusCode).toBe(422);
    // And once a newer code was used, an older one is refused too.
    const current = await secondFactor({ proof: await proofFor(user.email), code: codeAt(secret, step + 6) });
    expect(current.statusCode).toBe(200);
    at(step + 6, 25);
    const older = await secondFactor({ proof: await proofFor(user.email), code: codeAt(secret, step + 5) });
    expect(older.statusCode).toBe(422);
  });

  /**
   * A user enrolled in TOTP, proven by password from `address`, who then sent five wrong codes from there (each
   * refused 422): the free attempts of the limit are used up, the proof is not.
   */
  async function fiveWrongCodes(address: string) {
    const user = await t.createUser();
    const step = reserveSteps(2);
    const { secret } = await enrolTotp(user, step);
    at(step + 1);
    const proof = await proofFor(user.email, address);
    const right = codeAt(secret, step + 1);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const res = await secondFactor({ proof, code: wrong }, address);
      expect(res.statusCode, `attempt ${attempt}`).toBe(422);
    }
    return { user, proof, right };
  }

  it('rate-limits wrong codes like passwords: five free, then a wait, even for the right code from there', async () => {
    const address = '10.9.8.7';
    const { proof, right } = await fiveWrongCodes(address);
    const blocked = await secondFactor({ proof, code: right }, address);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(blocked.json().errors).toEqual({
      code: 'rate_limited',
      message: 'Too many attempts. Please try again in 1 minute.',
    });
    // The owner elsewhere is not slowed by these guesses, and the proof was not used up by them.
    const elsewhere = await secondFactor({ proof, code: right }, '10.9.8.8');
    expect(elsewhere.statusCode).toBe(200);
  });

  it('is lifted by npm run admin -- unlock: the owner’s right code is accepted at once from the guessing address (ADR 0034 §5)', async () => {
    const address = '10.9.7.1';
    const { user, proof, right } = await fiveWrongCodes(address);
    // Many addresses guessing too: the account's cap across addresses is full as well.
    await t.database.db
      .update(limitCounters)
      .set({ hits: 30 })
      .where(eq(limitCounters.key, `second-factor-fail-account:${user.id}`));
    expect((await secondFactor({ proof, code: right }, address)).statusCode).toBe(429);
    expect((await secondFactor({ proof, code: right }, '10.9.7.2')).statusCode).toBe(429);

    const lifted = await liftAccountLimits(t.database.db, user);
    expect(lifted.addresses).toEqual([address]);
    const remaining = await t.database.db
      .select({ key: limitCounters.key })
      .from(limitCounters)
      .where(sql`${limitCounters.key} like ${'second-factor-%'}`);
    expect(remaining.filter((row) => row.key.includes(user.id) || row.key.endsWith(address))).toEqual([]);
    const res = await secondFactor({ proof, code: right }, address);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses a used, unknown or malformed proof with 401, and a body without exactly one factor with 422', async () => {
    const user = await t.createUser();
    const step = reserveSteps(3);
    const { secret } = await enrolTotp(user, step);
    at(step + 1);
    const proof = await proofFor(user.email);
    expect((await secondFactor({ proof, code: codeAt(secret, step + 1) })).statusCode).toBe(200);
    at(step + 2);
    const reused = await secondFactor({ proof, code: codeAt(secret, step + 2) });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().errors).toEqual({
      code: 'sign_in_expired',
      message: 'This sign-in has expired. Enter your email and password again.',
    });
    for (const bad of ['x'.repeat(43), 'not a proof']) {
      expect((await secondFactor({ proof: bad, code: '123456' })).statusCode).toBe(401);
    }
    const fresh = await proofFor(user.email);
    const none = await secondFactor({ proof: fresh });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.detail).toEqual({
      code: ['Give one of: a code from your app, a recovery code or your passkey'],
    });
    const both = await secondFactor({ proof: fresh, code: '123456', recovery_code: 'ABCD-EFGH-JKMN' });
    expect(both.statusCode).toBe(422);
    const shape = await secondFactor({ proof: fresh, code: '12 34 5' });
    expect(shape.json().errors.detail).toEqual({ code: ['Enter the 6-digit code your app shows'] });
    expect((await secondFactor({ proof: fresh, code: 123456 })).statusCode).toBe(422);
    // None of that used the proof up: the right code still works.
    expect((await secondFactor({ proof: fresh, code: codeAt(secret, step + 2) })).statusCode).toBe(200);
  });
});

describe('recovery codes', () => {
  it('sign in once each, typed in any case with spaces, and are recorded in the history', async () => {
    const user = await t.createUser();
    const step = reserveSteps(1);
    const { codes } = await enrolTotp(user, step);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    // Stored hashed, never in clear.
    const stored = await t.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    expect(stored.map((row) => row.codeHash)).not.toContain(codes[0]);
    expect(JSON.stringify(stored)).not.toContain(codes[0]!.replace(/-/g, ''));

    const typed = ` ${codes[0]!.toLowerCase().replace(/-/g, ' ')} `;
    const res = await secondFactor({ proof: await proofFor(user.email), recovery_code: typed });
    expect(res.statusCode).toBe(200);
    expect(bearer(res)).toMatch(/^Bearer /);
    const again = await secondFactor({ proof: await proofFor(user.email), recovery_code: codes[0] });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.detail).toEqual({
      recovery_code: ['This recovery code is not right, or was already used.'],
    });
    const status = await t.inject({ method: 'GET', url: '/api/account/two_factor', headers: await t.authHeader(user) });
    expect(status.json().data.recovery_codes_left).toBe(9);
    const events = await t.database.db.select().from(accountEvents).where(eq(accountEvents.userId, user.id));
    expect(events.map((e) => e.code).sort()).toEqual(['recoveryCodeUsed', 'totpAdded']);
  });

  it('regenerated, the old set stops working and the new one works', async () => {
    const user = await t.createUser();
    const step = reserveSteps(1);
    const { codes: old } = await enrolTotp(user, step);
    const res = await post('/api/account/two_factor/recovery_codes', {}, await t.authHeader(user));
    expect(res.statusCode).toBe(200);
    const fresh: string[] = res.json().data.recovery_codes;
    expect(fresh).toHaveLength(10);
    expect(fresh.some((code) => old.includes(code))).toBe(false);
    expect((await secondFactor({ proof: await proofFor(user.email), recovery_code: old[1] })).statusCode).toBe(422);
    expect((await secondFactor({ proof: await proofFor(user.email), recovery_code: fresh[1] })).statusCode).toBe(200);
  });

  it('are refused without a second factor, and forgotten with the last one', async () => {
    const user = await t.createUser();
    const headers = await t.authHeader(user);
    const none = await post('/api/account/two_factor/recovery_codes?locale=en', {}, headers);
    expect(none.statusCode).toBe(409);
    expect(none.json().errors.code).toBe('no_second_factor');
    await enrolTotp(user, reserveSteps(1));
    const removed = await t.inject({ method: 'DELETE', url: '/api/account/two_factor/totp', headers });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data).toMatchObject({ enabled: false, totp: false, recovery_codes_left: 0 });
    expect(await t.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id))).toEqual([]);
    // Back to a password-only sign-in.
    const res = await signIn(user.email);
    expect(bearer(res)).toMatch(/^Bearer /);
    expect(res.json().data.id).toBe(user.id);
  });
});

describe('setting up an authenticator app', () => {
  it('keeps a started set-up unconfirmed until a right code, and refuses a second app', async () => {
    const user = await t.createUser();
    const headers = await t.authHeader(user);
    const step = reserveSteps(1);
    at(step);
    const first = (await post('/api/account/two_factor/totp', {}, headers)).json().data.secret;
    const second = (await post('/api/account/two_factor/totp', {}, headers)).json().data.secret;
    expect(second).not.toBe(first);
    // Not a factor yet: sign-in stays password-only.
    expect(bearer(await signIn(user.email))).toMatch(/^Bearer /);
    const wrong = await post('/api/account/two_factor/totp/confirm?locale=en', { code: codeAt(first, step) }, headers);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.detail.code).toBeDefined();
    const [row] = await t.database.db.select().from(totpAuthenticators).where(eq(totpAuthenticators.userId, user.id));
    expect(row!.confirmedAt).toBeNull();
    expect(
      (await post('/api/account/two_factor/totp/confirm', { code: codeAt(second, step) }, headers)).statusCode,
    ).toBe(200);
    const again = await post('/api/account/two_factor/totp?locale=en', {}, headers);
    expect(again.statusCode).toBe(409);
    expect(again.json().errors.code).toBe('totp_exists');
    const notStarted = await post('/api/account/two_factor/totp/confirm', { code: '123456' }, headers);
    expect(notStarted.statusCode).toBe(409);
  });
});

describe('the enforcement setting', () => {
  it('is read and saved by administrators only, with its lock_version', async () => {
    const admin = await t.createUser({ role: 'admin', firstName: 'Réglage', lastName: 'Admin' });
    const user = await t.createUser();
    expect(
      (await t.inject({ method: 'GET', url: '/api/settings/security', headers: await t.authHeader(user) })).statusCode,
    ).toBe(403);
    const headers = await t.authHeader(admin);
    const read = await t.inject({ method: 'GET', url: '/api/settings/security', headers });
    expect(read.statusCode).toBe(200);
    const { lock_version: version } = read.json().data;
    const patch = (payload: object) =>
      t.inject({ method: 'PATCH', url: '/api/settings/security?locale=en', headers, payload });
    const bad = await patch({ two_factor_required: 'sometimes', lock_version: version });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.detail).toEqual({ two_factor_required: ['Not a valid choice'] });
    const saved = await patch({ two_factor_required: 'nobody', lock_version: version });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({
      two_factor_required: 'nobody',
      lock_version: version + 1,
      updated_by_name: 'Réglage Admin',
    });
    const stale = await patch({ two_factor_required: 'everyone', lock_version: version });
    expect(stale.statusCode).toBe(409);
  });

  it('makes an administrator without a factor set one up after the password, which then signs them in', async () => {
    await setPolicy('admins');
    try {
      const admin = await t.createUser({ role: 'admin' });
      const user = await t.createUser();
      // A user is not concerned by "administrators".
      expect(bearer(await signIn(user.email))).toMatch(/^Bearer /);

      const step = reserveSteps(1);
      at(step);
      const res = await signIn(admin.email);
      expect(res.statusCode).toBe(200);
      expect(res.headers['authorization']).toBeUndefined();
      expect(res.json().data).toMatchObject({ second_factor_required: true, enrolment_required: true, methods: [] });
      const proof = { authorization: `Bearer ${res.json().data.proof}` };
      // The proof opens the set-up routes only.
      expect((await t.inject({ method: 'GET', url: '/api/user', headers: proof })).statusCode).toBe(401);
      expect((await t.inject({ method: 'GET', url: '/api/account/two_factor', headers: proof })).statusCode).toBe(401);
      const started = await post('/api/account/two_factor/totp', {}, proof);
      expect(started.statusCode).toBe(200);
      const confirmed = await post(
        '/api/account/two_factor/totp/confirm',
        { code: codeAt(started.json().data.secret, step) },
        proof,
      );
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json().data.recovery_codes).toHaveLength(10);
      const me = await t.inject({ method: 'GET', url: '/api/user', headers: { authorization: bearer(confirmed) } });
      expect(me.statusCode).toBe(200);
      expect(me.json().data.id).toBe(admin.id);
      // The proof is used up, and now that a factor exists it cannot start another set-up.
      expect((await post('/api/account/two_factor/totp', {}, proof)).statusCode).toBe(401);
      // Removing the last factor is refused while it is required.
      const removed = await t.inject({
        method: 'DELETE',
        url: '/api/account/two_factor/totp?locale=en',
        headers: { authorization: bearer(confirmed) },
      });
      expect(removed.statusCode).toBe(409);
      expect(removed.json().errors.message).toBe(
        'A second factor is required for your account: add another one before you remove this one.',
      );
    } finally {
      await setPolicy('nobody');
    }
  });

  it('with "everyone", asks a user too; a proof of an account that has a factor opens no set-up route', async () => {
    await setPolicy('everyone');
    try {
      const user = await t.createUser();
      expect((await signIn(user.email)).json().data.enrolment_required).toBe(true);
      const other = await t.createUser();
      await enrolTotp(other, reserveSteps(1));
      const proof = { authorization: `Bearer ${await proofFor(other.email)}` };
      expect((await post('/api/account/two_factor/totp', {}, proof)).statusCode).toBe(401);
      expect((await post('/api/account/passkeys/options', {}, proof)).statusCode).toBe(401);
    } finally {
      await setPolicy('nobody');
    }
  });
});

describe('a second factor newly required', () => {
  const me = (headers: Record<string, string>) => t.inject({ method: 'GET', url: '/api/user', headers });
  const savePolicy = async (headers: Record<string, string>, value: 'nobody' | 'admins' | 'everyone') => {
    const read = await t.inject({ method: 'GET', url: '/api/settings/security', headers });
    const res = await t.inject({
      method: 'PATCH',
      url: '/api/settings/security',
      headers,
      payload: { two_factor_required: value, lock_version: read.json().data.lock_version },
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('ends the open sessions of those it now concerns who have no factor, never the administrator’s own', async () => {
    await setPolicy('nobody');
    try {
      const admin = await t.createUser({ role: 'admin' });
      const adminHere = await t.authHeader(admin);
      const adminElsewhere = await t.authHeader(admin);
      const user = await t.createUser();
      const userSession = await t.authHeader(user);
      const protectedUser = await t.createUser();
      await enrolTotp(protectedUser, reserveSteps(1));
      const protectedSession = await t.authHeader(protectedUser);

      // "Administrators": the users are not concerned, the other administrator session is.
      await savePolicy(adminHere, 'admins');
      expect((await me(userSession)).statusCode).toBe(200);
      expect((await me(adminElsewhere)).statusCode).toBe(401);
      expect((await me(adminHere)).statusCode).toBe(200);

      // "Everyone": the user without a factor signs in again (and sets one up); who has a factor signed in with it.
      await savePolicy(adminHere, 'everyone');
      expect((await me(userSession)).statusCode).toBe(401);
      expect((await me(protectedSession)).statusCode).toBe(200);
      expect((await me(adminHere)).statusCode).toBe(200);
      expect((await signIn(user.email)).json().data.enrolment_required).toBe(true);

      // Asking less of people ends nobody's session.
      const later = await t.authHeader(user);
      await savePolicy(adminHere, 'nobody');
      expect((await me(later)).statusCode).toBe(200);
    } finally {
      await setPolicy('nobody');
    }
  });
});

describe('the password reset and the invitation do not bypass the second factor', () => {
  it('a reset link sets the password, and then asks for the second factor instead of signing in', async () => {
    const user = await t.createUser();
    const step = reserveSteps(2);
    const { secret } = await enrolTotp(user, step);
    at(step + 1);
    const token = await issueToken(t.database.db, user.id, 'reset');
    const password = 'a fresh password for this';
    const res = await post('/api/passwords/reset', { token, password, password_confirmation: password });
    expect(res.statusCode).toBe(200);
    expect(res.headers['authorization']).toBeUndefined();
    expect(res.json().data).toMatchObject({ second_factor_required: true, methods: ['totp', 'recovery_code'] });
    const done = await secondFactor({ proof: res.json().data.proof, code: codeAt(secret, step + 1) });
    expect(done.statusCode).toBe(200);
    expect(bearer(done)).toMatch(/^Bearer /);
    // The new password is the one now.
    expect((await signIn(user.email, undefined, password)).json().data.second_factor_required).toBe(true);
  });

  it('an invitation confirmed where a factor is required asks to set one up before any session', async () => {
    await setPolicy('everyone');
    try {
      const [invited] = await t.database.db
        .insert(users)
        .values({ email: `invited-${Date.now()}@example.com`, role: 'user' })
        .returning();
      const token = await issueToken(t.database.db, invited!.id, 'invitation');
      const password = 'my very own password';
      const res = await post('/api/invitations/confirm', {
        token,
        password,
        password_confirmation: password,
        first_name: 'Nouvelle',
        last_name: 'Recrue',
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['authorization']).toBeUndefined();
      expect(res.json().data).toMatchObject({ second_factor_required: true, enrolment_required: true });
    } finally {
      await setPolicy('nobody');
    }
  });
});

describe("an administrator's reset of a user's second factor", () => {
  it('removes every factor, is recorded in the user’s history with who did it, in the reader’s language', async () => {
    const admin = await t.createUser({ role: 'admin', firstName: 'Alice', lastName: 'Admin' });
    const user = await t.createUser();
    await enrolTotp(user, reserveSteps(1));
    const headers = await t.authHeader(admin);
    const before = await t.inject({ method: 'GET', url: `/api/users/${user.id}/two_factor?locale=en`, headers });
    expect(before.json().data).toMatchObject({ enabled: true, totp: true, recovery_codes_left: 10 });

    const res = await post(`/api/users/${user.id}/two_factor/reset?locale=en`, {}, headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ enabled: false, totp: false, passkeys: [], recovery_codes_left: 0 });
    expect(res.json().data.history[0]).toMatchObject({
      code: 'twoFactorReset',
      description: 'Second factor reset by an administrator',
      actor_name: 'Alice Admin',
    });
    const fr = await t.inject({ method: 'GET', url: `/api/users/${user.id}/two_factor`, headers });
    expect(fr.json().data.history.map((e: { description: string }) => e.description)).toEqual([
      'Second facteur réinitialisé par un administrateur',
      'Application d’authentification configurée',
    ]);
    // Password-only again.
    expect(bearer(await signIn(user.email))).toMatch(/^Bearer /);
  });

  it('ends the user’s open sessions (a lost phone may be in other hands); an administrator’s own reset keeps this session', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const headers = await t.authHeader(admin);
    const user = await t.createUser();
    await enrolTotp(user, reserveSteps(1));
    const userSessions = [await t.authHeader(user), await t.authHeader(user)];
    const otherUserSession = await t.authHeader(await t.createUser());
    expect((await post(`/api/users/${user.id}/two_factor/reset`, {}, headers)).statusCode).toBe(200);
    for (const session of userSessions) {
      expect((await t.inject({ method: 'GET', url: '/api/user', headers: session })).statusCode).toBe(401);
    }
    expect((await t.inject({ method: 'GET', url: '/api/user', headers: otherUserSession })).statusCode).toBe(200);

    await enrolTotp(admin, reserveSteps(1));
    const adminElsewhere = await t.authHeader(admin);
    expect((await post(`/api/users/${admin.id}/two_factor/reset`, {}, headers)).statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: '/api/user', headers })).statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: '/api/user', headers: adminElsewhere })).statusCode).toBe(401);
  });

  it('is for administrators only, and a 404 for someone who does not exist', async () => {
    const user = await t.createUser();
    const other = await t.createUser();
    const asUser = await post(`/api/users/${other.id}/two_factor/reset`, {}, await t.authHeader(user));
    expect(asUser.statusCode).toBe(403);
    const admin = await t.createUser({ role: 'admin' });
    const missing = await post(
      '/api/users/00000000-0000-4000-8000-000000000000/two_factor/reset',
      {},
      await t.authHeader(admin),
    );
    expect(missing.statusCode).toBe(404);
    expect((await post('/api/users/not-an-id/two_factor/reset', {}, await t.authHeader(admin))).statusCode).toBe(404);
  });
});
