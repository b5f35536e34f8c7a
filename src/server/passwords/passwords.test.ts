import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { expectFieldErrors, TEST_PASSWORD, useTestApp } from '../test/harness';
import { readOutbox, tokenIn } from '../test/mail';
import { oneTimeTokens, users } from '../db/schema';

const t = useTestApp();

const forgot = (email: unknown, locale = 'en') =>
  t.inject({ method: 'POST', url: `/api/passwords/forgot?locale=${locale}`, payload: { email } });

const reset = (body: unknown, locale = 'en') =>
  t.inject({ method: 'POST', url: `/api/passwords/reset?locale=${locale}`, payload: body as object });

const signIn = (email: string, password: string) =>
  t.inject({ method: 'POST', url: '/api/sign_in', payload: { email, password } });

const newPassword = (token: string, password = 'brand new secret') => ({
  token,
  password,
  password_confirmation: password,
});

async function mailsTo(email: string) {
  await t.app.mail.settled();
  return (await readOutbox(t.dataDir)).filter((m) => m.to.includes(email));
}

async function lastResetToken(email: string): Promise<string> {
  const token = tokenIn((await mailsTo(email)).at(-1)!, 'http://atrium.test/passwords/reset');
  expect(token).toBeDefined();
  return decodeURIComponent(token!);
}

describe('POST /api/passwords/forgot', () => {
  it('answers the same for active, invited, archived and unknown addresses; only the active user gets mail', async () => {
    await t.createUser({ email: 'active@example.com' });
    await t.createUser({ email: 'invited@example.com', confirmedAt: null, passwordHash: null });
    await t.createUser({ email: 'archived@example.com', disabledAt: new Date() });
    const emails = ['active@example.com', 'invited@example.com', 'archived@example.com', 'unknown@example.com'];
    const answers = [];
    for (const email of emails) answers.push(await forgot(email));
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(answers[0]!.body);
    }
    expect(answers[0]!.json().data.message).toBe(
      'If your email exists in our database, you should receive a password reset link in a few minutes.',
    );
    expect(await mailsTo('active@example.com')).toHaveLength(1);
    for (const email of emails.slice(1)) expect(await mailsTo(email)).toHaveLength(0);
    const fr = await forgot('unknown@example.com', 'fr');
    expect(fr.json().data.message).toMatch(/^Si votre adresse courriel existe dans notre base de données/);
  });

  it('writes in the user’s own language, with a link that lasts one hour', async () => {
    const user = await t.createUser({ email: 'anglo@example.com', locale: 'en' });
    await forgot('anglo@example.com', 'fr');
    const [mail] = await mailsTo('anglo@example.com');
    expect(mail!.subject).toBe('Reset your Atrium password');
    expect(mail!.text).toContain('expires in 1 hour');
    expect(mail!.html).toMatch(/href="http:\/\/atrium\.test\/passwords\/reset\?token=[\w-]{43}"/);
    const [row] = await t.database.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, user.id));
    expect(row!.purpose).toBe('reset');
    expect((row!.expiresAt.getTime() - row!.insertedAt.getTime()) / 60_000).toBeCloseTo(60, 1);
  });

  it('validates the email (docs/SPEC.md §5)', async () => {
    const res = await forgot('');
    expectFieldErrors(res, { email: ['Field is required'] });
  });
});

describe('POST /api/passwords/reset', () => {
  it('sets the new password, signs in, and ends every earlier session', async () => {
    const user = await t.createUser({ email: 'reset@example.com' });
    const oldSession = await t.authHeader(user);
    expect((await t.inject({ method: 'GET', url: '/api/user', headers: oldSession })).statusCode).toBe(200);

    await forgot('reset@example.com');
    const token = await lastResetToken('reset@example.com');
    const res = await reset(newPassword(token));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: user.id, email: 'reset@example.com', status: 'active' });
    const fresh = { authorization: res.headers.authorization as string };
    expect(fresh.authorization).toMatch(/^Bearer /);

    expect((await t.inject({ method: 'GET', url: '/api/user', headers: fresh })).statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: '/api/user', headers: oldSession })).statusCode).toBe(401);
    expect((await signIn('reset@example.com', 'brand new secret')).statusCode).toBe(200);
    expect((await signIn('reset@example.com', TEST_PASSWORD)).statusCode).toBe(401);
  });

  it('works once', async () => {
    await t.createUser({ email: 'once@example.com' });
    await forgot('once@example.com');
    const token = await lastResetToken('once@example.com');
    expect((await reset(newPassword(token, 'first new secret'))).statusCode).toBe(200);
    const again = await reset(newPassword(token, 'second new secret'));
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({
      code: 'invalid_token',
      message: 'This password reset link is invalid, has already been used or has expired. Ask for a new one.',
    });
    expect((await signIn('once@example.com', 'first new secret')).statusCode).toBe(200);
  });

  it('a newer request voids the earlier link', async () => {
    await t.createUser({ email: 'twice@example.com' });
    await forgot('twice@example.com');
    const first = await lastResetToken('twice@example.com');
    await forgot('twice@example.com');
    const second = await lastResetToken('twice@example.com');
    expect(second).not.toBe(first);
    expect((await reset(newPassword(first))).statusCode).toBe(422);
    expect((await reset(newPassword(second))).statusCode).toBe(200);
  });

  it('refuses an expired link and changes nothing', async () => {
    const user = await t.createUser({ email: 'expired@example.com' });
    await forgot('expired@example.com');
    const token = await lastResetToken('expired@example.com');
    await t.database.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.userId, user.id));
    const res = await reset(newPassword(token), 'fr');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.message).toBe(
      'Ce lien de réinitialisation du mot de passe est invalide, a déjà servi ou a expiré. Demandez-en un nouveau.',
    );
    const [after] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(after!.passwordHash).toBe(user.passwordHash);
    expect(after!.tokenVersion).toBe(user.tokenVersion);
    expect((await signIn('expired@example.com', TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses unknown, malformed and invitation tokens', async () => {
    const admin = await t.createUser({ role: 'admin' });
    await t.inject({
      method: 'POST',
      url: '/api/invitations',
      headers: await t.authHeader(admin),
      payload: { email: 'guest@example.com', role: 'user' },
    });
    const invitation = decodeURIComponent(
      tokenIn((await mailsTo('guest@example.com'))[0]!, 'http://atrium.test/invitations/confirm')!,
    );
    for (const token of [invitation, 'B'.repeat(43), 'x', '%%%']) {
      const res = await reset(newPassword(token));
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.code).toBe('invalid_token');
    }
  });

  it('does not reset the password of a user archived after asking', async () => {
    const user = await t.createUser({ email: 'leaving@example.com' });
    await forgot('leaving@example.com');
    const token = await lastResetToken('leaving@example.com');
    await t.database.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, user.id));
    expect((await reset(newPassword(token))).statusCode).toBe(422);
  });

  it('checks docs/SPEC.md §5 rules', async () => {
    const mismatch = await reset({
      token: 'A'.repeat(43),
      password: 'long enough',
      password_confirmation: 'different',
    });
    expectFieldErrors(mismatch, { password_confirmation: ['Passwords must match'] });
    const fr = await reset({ token: 'A'.repeat(43), password: 'court', password_confirmation: 'court' }, 'fr');
    expect(fr.json().errors.detail).toEqual({ password: ['Doit contenir au moins 8 caractères'] });
    const empty = await reset({});
    expect(empty.json().errors.detail).toEqual({
      token: ['Field is required'],
      password: ['Field is required'],
      password_confirmation: ['Field is required'],
    });
  });
});
