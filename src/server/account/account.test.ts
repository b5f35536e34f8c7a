import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { expectFieldErrors, TEST_PASSWORD, TEST_SECRET, useTestApp } from '../test/harness';
import { users } from '../db/schema';

const t = useTestApp();

const validAccount = {
  locale: 'en',
  email: 'new.address@example.com',
  first_name: 'Émilie',
  last_name: 'Tremblay',
  // A new email needs the current password (ADR 0014): every account of these tests has this one.
  current_password: TEST_PASSWORD,
};

/** POST /api/account: the signed-in user's own account saved. */
const saveAccount = (headers: { authorization: string }, payload: object, query = '') =>
  t.inject({ method: 'POST', url: `/api/account${query}`, headers, payload });

async function rowOf(id: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
  return row!;
}

describe('GET /api/user', () => {
  it('answers the signed-in account in snake_case, with derived status and full name', async () => {
    const user = await t.createUser({ firstName: 'Jean', lastName: 'Côté', city: 'Lévis' });
    const res = await t.inject({ method: 'GET', url: '/api/user', headers: await t.authHeader(user) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: user.id,
      full_name: 'Jean Côté',
      status: 'active',
      city: 'Lévis',
      postal_code: null,
      lock_version: 0,
      archivable: false,
    });
  });

  it('refuses a missing, malformed, tampered, expired or foreign token with a localized 401', async () => {
    const user = await t.createUser();
    const good = (await t.authHeader(user)).authorization;
    const expired = await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuedAt(1_600_000_000)
      .setExpirationTime(1_600_000_100)
      .sign(new TextEncoder().encode(TEST_SECRET));
    const foreign = await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    const [head, payload, signature] = good.replace('Bearer ', '').split('.');
    const tampered = `${head}.${payload}x.${signature}`;
    const cases: Array<Record<string, string>> = [
      {},
      { authorization: 'Bearer not-a-jwt' },
      { authorization: good.replace('Bearer ', 'Basic ') },
      { authorization: `Bearer ${tampered}` },
      { authorization: `Bearer ${expired}` },
      { authorization: `Bearer ${foreign}` },
    ];
    for (const headers of cases) {
      const res = await t.inject({ method: 'GET', url: '/api/user?locale=en', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json().errors).toEqual({
        code: 'unauthorized',
        message: 'Your session has ended. Please sign in again.',
      });
    }
    const fr = await t.inject({ method: 'GET', url: '/api/user' });
    expect(fr.json().errors.message).toBe('Votre session a pris fin. Veuillez vous reconnecter.');
  });

  it('stops a disabled user at once, and any token issued before a version bump', async () => {
    const user = await t.createUser();
    const headers = await t.authHeader(user);
    expect((await t.inject({ method: 'GET', url: '/api/user', headers })).statusCode).toBe(200);

    await t.database.db.update(users).set({ tokenVersion: 1 }).where(eq(users.id, user.id));
    expect((await t.inject({ method: 'GET', url: '/api/user', headers })).statusCode).toBe(401);

    const fresh = await t.authHeader(await rowOf(user.id));
    expect((await t.inject({ method: 'GET', url: '/api/user', headers: fresh })).statusCode).toBe(200);
    await t.database.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, user.id));
    expect((await t.inject({ method: 'GET', url: '/api/user', headers: fresh })).statusCode).toBe(401);
  });
});

describe('POST /api/account', () => {
  it('saves names, email and language, keeps the address fields, and bumps the version', async () => {
    const user = await t.createUser({ address: '12 rue Principale', phone: '4185551234' });
    const res = await saveAccount(await t.authHeader(user), {
      ...validAccount,
      address: '12 rue Principale',
      phone: '4185551234',
      lock_version: 0,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      email: 'new.address@example.com',
      first_name: 'Émilie',
      last_name: 'Tremblay',
      locale: 'en',
      address: '12 rue Principale',
      lock_version: 1,
    });
    const row = await rowOf(user.id);
    expect(row).toMatchObject({ email: 'new.address@example.com', locale: 'en', phone: '4185551234', lockVersion: 1 });
  });

  it('answers 422 with the field map in the asked language and changes nothing', async () => {
    const user = await t.createUser({ firstName: 'Avant' });
    const res = await saveAccount(
      await t.authHeader(user),
      { locale: 'de', email: 'nope', first_name: '   ', last_name: 'x'.repeat(101) },
      '?locale=en',
    );
    expectFieldErrors(res, {
      locale: ['Not a valid choice'],
      email: ['Must be a valid email'],
      first_name: ['Field is required'],
      last_name: ['Must be at most 100 characters'],
    });
    expect((await rowOf(user.id)).firstName).toBe('Avant');
  });

  it('refuses an email that another account uses, on the email field', async () => {
    const other = await t.createUser({ email: 'taken@example.com' });
    const user = await t.createUser();
    const res = await saveAccount(await t.authHeader(user), { ...validAccount, email: 'TAKEN@example.com' });
    expectFieldErrors(res, {
      email: ['Cette adresse courriel est déjà utilisée par un autre compte.'],
    });
    expect((await rowOf(user.id)).email).toBe(user.email);
    expect((await rowOf(other.id)).email).toBe('taken@example.com');
  });

  it('answers 409 when the account changed since it was read, keeping the newer data', async () => {
    const user = await t.createUser({ firstName: 'Original' });
    const headers = await t.authHeader(user);
    const first = await saveAccount(headers, {
      ...validAccount,
      email: `first-${user.id}@example.com`,
      first_name: 'Premier',
      lock_version: 0,
    });
    expect(first.statusCode).toBe(200);
    const stale = await saveAccount(
      headers,
      { ...validAccount, email: `stale-${user.id}@example.com`, first_name: 'Second', lock_version: 0 },
      '?locale=en',
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().errors.code).toBe('stale_record');
    expect(stale.json().errors.message).toContain('Someone else changed this record');
    expect((await rowOf(user.id)).firstName).toBe('Premier');
  });

  it('is refused without a session', async () => {
    const res = await t.inject({ method: 'POST', url: '/api/account', payload: validAccount });
    expect(res.statusCode).toBe(401);
  });
});
