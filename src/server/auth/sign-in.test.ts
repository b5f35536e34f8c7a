import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, TEST_PASSWORD, useTestApp } from '../test/harness';
import { users } from '../db/schema';
import { ensureFirstAdmin } from '../users/first-admin';

const t = useTestApp();

const signIn = (body: unknown, locale?: string) =>
  t.inject({ method: 'POST', url: `/api/sign_in${locale ? `?locale=${locale}` : ''}`, payload: body as object });

describe('POST /api/sign_in', () => {
  it('answers the account and a bearer token whose subject is the user id', async () => {
    const user = await t.createUser({ email: 'marie@example.com', role: 'admin' });
    const res = await signIn({ email: 'Marie@Example.com', password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    const token = /^Bearer (.+)$/.exec(res.headers.authorization as string)?.[1];
    expect(token).toBeDefined();
    expect(res.headers['access-control-expose-headers']).toContain('authorization');
    expect((await t.tokens.verify(token!))?.sub).toBe(user.id);
    const body = res.json();
    expect(body.data).toMatchObject({ id: user.id, email: 'marie@example.com', role: 'admin', status: 'active' });
    expect(body.data.first_name).toBe('Test');
    expect(body.data).not.toHaveProperty('password_hash');
    expect(body.meta).toEqual({});
  });

  it('refuses a wrong password with docs/SPEC.md §8 message, in French by default and in English on demand', async () => {
    await t.createUser({ email: 'paul@example.com' });
    const fr = await signIn({ email: 'paul@example.com', password: 'wrong password' });
    expect(fr.statusCode).toBe(401);
    expect(fr.headers.authorization).toBeUndefined();
    expect(fr.json().errors).toEqual({
      code: 'invalid_credentials',
      message: 'Les identifiants fournis sont invalides. Veuillez réessayer.',
    });
    const en = await signIn({ email: 'paul@example.com', password: 'wrong password' }, 'en');
    expect(en.json().errors.message).toBe('The credentials you provided were invalid. Please try again.');
  });

  it('gives an unknown address, an invited user and a disabled user the same answer as a wrong password', async () => {
    await t.createUser({ email: 'invited@example.com', confirmedAt: null });
    await t.createUser({ email: 'gone@example.com', disabledAt: new Date() });
    for (const email of ['nobody@example.com', 'invited@example.com', 'gone@example.com']) {
      const res = await signIn({ email, password: TEST_PASSWORD }, 'en');
      expect(res.statusCode).toBe(401);
      expect(res.json().errors.code).toBe('invalid_credentials');
    }
  });

  it('answers 422 with a localized field map for missing or malformed fields', async () => {
    const res = await signIn({ email: 'not-an-email' }, 'en');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      code: 'validation_failed',
      message: 'Some fields are invalid.',
      detail: { email: ['Must be a valid email'], password: ['Field is required'] },
    });
    const fr = await signIn({ email: 42, password: ['x'] });
    expect(fr.json().errors.detail).toEqual({ email: ['Doit être du texte'], password: ['Doit être du texte'] });
  });

  it('answers 400 for malformed JSON and for a body that is not an object', async () => {
    const broken = await t.inject({
      method: 'POST',
      url: '/api/sign_in?locale=en',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().errors).toEqual({ code: 'invalid_json', message: 'The request body is not valid JSON.' });
    const array = await signIn([1, 2]);
    expect(array.statusCode).toBe(400);
    expect(array.json().errors.code).toBe('bad_request');
  });

  it('stores argon2id hashes, never the password', async () => {
    const user = await t.createUser({ email: 'hash@example.com', password: 'another password' });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.passwordHash).not.toContain('another password');
  });
});

describe('first administrator', () => {
  it('is created only on an empty database', async () => {
    const fresh = await createTestApp();
    try {
      const created = await ensureFirstAdmin(fresh.database.db, {
        email: 'Boss@Example.com',
        password: 'boss password',
      });
      expect(created).toEqual({ email: 'boss@example.com', generatedPassword: undefined });
      const again = await ensureFirstAdmin(fresh.database.db, {});
      expect(again).toBeUndefined();
      const res = await fresh.inject({
        method: 'POST',
        url: '/api/sign_in',
        payload: { email: 'boss@example.com', password: 'boss password' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.role).toBe('admin');
    } finally {
      await fresh.close();
    }
  });

  it('gets a generated password when none is configured', async () => {
    const fresh = await createTestApp();
    try {
      const created = await ensureFirstAdmin(fresh.database.db, {});
      expect(created?.generatedPassword).toMatch(/^[\w-]{16}$/);
      const res = await fresh.inject({
        method: 'POST',
        url: '/api/sign_in',
        payload: { email: created!.email, password: created!.generatedPassword },
      });
      expect(res.statusCode).toBe(200);
    } finally {
      await fresh.close();
    }
  });
});
