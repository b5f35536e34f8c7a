import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { expectFieldErrors, TEST_PASSWORD, useTestApp, useUser } from '../test/harness';
import { readOutbox, tokenIn } from '../test/mail';
import { oneTimeTokens, users } from '../db/schema';
import type { UserRow } from '../users/store';

const t = useTestApp();
const admin = useUser(t, { email: 'admin@example.com', role: 'admin', firstName: 'Ada', lastName: 'Admin' });
const staff = useUser(t, { email: 'staff@example.com', role: 'user' });

const as = async (user: UserRow | null) => (user ? await t.authHeader(user) : {});

const invite = async (body: unknown, user: UserRow | null = admin, locale = 'en') =>
  t.inject({
    method: 'POST',
    url: `/api/invitations?locale=${locale}`,
    headers: await as(user),
    payload: body as object,
  });

const confirm = (body: unknown, locale = 'en') =>
  t.inject({ method: 'POST', url: `/api/invitations/confirm?locale=${locale}`, payload: body as object });

const resend = (email: unknown, locale = 'en') =>
  t.inject({ method: 'POST', url: `/api/invitations/resend?locale=${locale}`, payload: { email } });

async function mailsTo(email: string) {
  await t.app.mail.settled();
  return (await readOutbox(t.dataDir)).filter((m) => m.to.includes(email));
}

async function lastInvitationToken(email: string): Promise<string> {
  const mails = await mailsTo(email);
  const token = tokenIn(mails.at(-1)!, 'http://atrium.test/invitations/confirm');
  expect(token).toBeDefined();
  return decodeURIComponent(token!);
}

const userByEmail = async (email: string) =>
  (await t.database.db.select().from(users).where(eq(users.email, email)))[0];

const confirmation = (token: string, extra: Record<string, unknown> = {}) => ({
  token,
  password: 'a new secret',
  password_confirmation: 'a new secret',
  first_name: 'Nina',
  last_name: 'Newcomer',
  ...extra,
});

describe('POST /api/invitations', () => {
  it('creates an invited user and mails a link in the inviter’s language', async () => {
    const res = await invite({ email: 'Newbie@Example.com', role: 'user' }, admin, 'en');
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      email: 'newbie@example.com',
      role: 'user',
      status: 'invited',
      first_name: null,
      locale: 'en',
      archivable: true,
    });
    const [mail] = await mailsTo('newbie@example.com');
    expect(mail!.subject).toBe('Your invitation to Atrium');
    expect(mail!.from).toContain('no-reply@atrium.local');
    expect(mail!.contentType).toMatch(/^multipart\/alternative/);
    expect(mail!.text).toContain('Ada Admin invites you to use Atrium.');
    expect(mail!.text).toMatch(/http:\/\/atrium\.test\/invitations\/confirm\?token=[\w-]{43}/);
    expect(mail!.html).toContain('<html lang="en">');
    expect(mail!.html).toMatch(/href="http:\/\/atrium\.test\/invitations\/confirm\?token=[\w-]{43}"/);
    expect(mail!.text).toContain('expires in 7 days');
  });

  it('writes French when the inviter works in French, and escapes names in the HTML part', async () => {
    const sneaky = await t.createUser({ role: 'admin', firstName: '<b>Zoé</b>', lastName: 'O’Brien & fils' });
    const res = await invite({ email: 'francais@example.com', role: 'admin' }, sneaky, 'fr');
    expect(res.statusCode).toBe(201);
    expect(res.json().data.locale).toBe('fr');
    const [mail] = await mailsTo('francais@example.com');
    expect(mail!.subject).toBe('Votre invitation à Atrium');
    expect(mail!.text).toContain('<b>Zoé</b> O’Brien & fils vous invite à utiliser Atrium.');
    expect(mail!.html).toContain('&lt;b&gt;Zoé&lt;/b&gt; O’Brien &amp; fils vous invite');
    expect(mail!.html).not.toContain('<b>Zoé</b>');
  });

  it('answers 422 on email, localized, when the address already has an account', async () => {
    const en = await invite({ email: 'STAFF@example.com', role: 'user' }, admin, 'en');
    expectFieldErrors(en, { email: ['This email address already has an account.'] });
    const fr = await invite({ email: 'staff@example.com', role: 'user' }, admin, 'fr');
    expect(fr.json().errors.detail).toEqual({ email: ['Cette adresse courriel a déjà un compte.'] });
  });

  it('validates email and role (docs/SPEC.md §5) without creating anything', async () => {
    const before = (await t.database.db.select().from(users)).length;
    const missing = await invite({});
    expectFieldErrors(missing, { email: ['Field is required'], role: ['Field is required'] });
    const wrong = await invite({ email: 'not-an-email', role: 'boss' });
    expect(wrong.json().errors.detail).toEqual({ email: ['Must be a valid email'], role: ['Not a valid choice'] });
    const tooLong = await invite({ email: `${'a'.repeat(250)}@example.com`, role: 'user' });
    expect(tooLong.json().errors.detail.email).toEqual(['Must be at most 254 characters']);
    const notObject = await invite(['x']);
    expect(notObject.statusCode).toBe(400);
    expect((await t.database.db.select().from(users)).length).toBe(before);
  });

  it('is for administrators only', async () => {
    expect((await invite({ email: 'x@example.com', role: 'user' }, null)).statusCode).toBe(401);
    const res = await invite({ email: 'x@example.com', role: 'user' }, staff);
    expect(res.statusCode).toBe(403);
    expect(await userByEmail('x@example.com')).toBeUndefined();
  });
});

describe('POST /api/invitations/confirm', () => {
  it('sets password and names, confirms, signs in, and the link works only once', async () => {
    await invite({ email: 'nina@example.com', role: 'user' });
    const token = await lastInvitationToken('nina@example.com');
    const res = await confirm(confirmation(token));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      email: 'nina@example.com',
      first_name: 'Nina',
      last_name: 'Newcomer',
      full_name: 'Nina Newcomer',
      status: 'active',
    });
    const header = res.headers.authorization as string;
    expect(header).toMatch(/^Bearer /);
    const me = await t.inject({ method: 'GET', url: '/api/user', headers: { authorization: header } });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.email).toBe('nina@example.com');

    const signIn = await t.inject({
      method: 'POST',
      url: '/api/sign_in',
      payload: { email: 'nina@example.com', password: 'a new secret' },
    });
    expect(signIn.statusCode).toBe(200);

    const again = await confirm(
      confirmation(token, { password: 'other secret', password_confirmation: 'other secret' }),
    );
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({
      code: 'invalid_token',
      message: 'This invitation link is invalid, has already been used or has expired. Ask for a new one.',
    });
    expect(again.headers.authorization).toBeUndefined();
  });

  it('refuses an expired link, and changes nothing', async () => {
    await invite({ email: 'late@example.com', role: 'user' });
    const token = await lastInvitationToken('late@example.com');
    const user = (await userByEmail('late@example.com'))!;
    await t.database.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.userId, user.id));
    const res = await confirm(confirmation(token), 'fr');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.message).toBe(
      'Ce lien d’invitation est invalide, a déjà servi ou a expiré. Demandez-en un nouveau.',
    );
    const after = (await userByEmail('late@example.com'))!;
    expect(after.confirmedAt).toBeNull();
    expect(after.passwordHash).toBeNull();
    expect(after.firstName).toBeNull();
    const [row] = await t.database.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, user.id));
    expect(row!.usedAt).toBeNull();
  });

  it('lasts 7 days', async () => {
    await invite({ email: 'week@example.com', role: 'user' });
    const user = (await userByEmail('week@example.com'))!;
    const [row] = await t.database.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, user.id));
    const days = (row!.expiresAt.getTime() - row!.insertedAt.getTime()) / 86_400_000;
    expect(days).toBeCloseTo(7, 2);
    // Only the SHA-256 of the token is stored.
    const token = await lastInvitationToken('week@example.com');
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.tokenHash).not.toContain(token);
  });

  it('refuses unknown and malformed tokens, and a reset token', async () => {
    await t.inject({ method: 'POST', url: '/api/passwords/forgot', payload: { email: 'staff@example.com' } });
    const resetMails = await mailsTo('staff@example.com');
    const resetToken = decodeURIComponent(tokenIn(resetMails.at(-1)!, 'http://atrium.test/passwords/reset')!);
    for (const token of [resetToken, 'A'.repeat(43), 'short', 'x'.repeat(150), '../../etc']) {
      const res = await confirm(confirmation(token));
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.code).toBe('invalid_token');
    }
  });

  it('checks docs/SPEC.md §5 rules before touching the token', async () => {
    await invite({ email: 'rules@example.com', role: 'user' });
    const token = await lastInvitationToken('rules@example.com');
    const mismatch = await confirm(confirmation(token, { password_confirmation: 'something else' }));
    expectFieldErrors(mismatch, { password_confirmation: ['Passwords must match'] });
    const short = await confirm(confirmation(token, { password: 'short', password_confirmation: 'short' }));
    expect(short.json().errors.detail).toEqual({ password: ['Must be at least 8 characters'] });
    const empty = await confirm({ token });
    expect(empty.json().errors.detail).toEqual({
      password: ['Field is required'],
      password_confirmation: ['Field is required'],
      first_name: ['Field is required'],
      last_name: ['Field is required'],
    });
    const noToken = await confirm({ ...confirmation(token), token: undefined });
    expect(noToken.json().errors.detail).toEqual({ token: ['Field is required'] });
    // The token survived all of that.
    expect((await confirm(confirmation(token))).statusCode).toBe(200);
  });

  it('does not confirm an archived invitee', async () => {
    await invite({ email: 'archived-invitee@example.com', role: 'user' });
    const token = await lastInvitationToken('archived-invitee@example.com');
    const user = (await userByEmail('archived-invitee@example.com'))!;
    const del = await t.inject({ method: 'DELETE', url: `/api/users/${user.id}`, headers: await as(admin) });
    expect(del.statusCode).toBe(200);
    const res = await confirm(confirmation(token));
    expect(res.statusCode).toBe(422);
    expect((await userByEmail('archived-invitee@example.com'))!.confirmedAt).toBeNull();
  });
});

describe('POST /api/invitations/resend', () => {
  it('answers the same for an invited, an active and an unknown address', async () => {
    await invite({ email: 'waiting@example.com', role: 'user' });
    const staffMailsBefore = (await mailsTo('staff@example.com')).length;
    const answers = await Promise.all(
      ['waiting@example.com', 'staff@example.com', 'nobody@example.com'].map((email) => resend(email)),
    );
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(answers[0]!.body);
    }
    expect(answers[0]!.json().data.message).toBe(
      'If your email exists in our database, you should receive a new invitation link in a few minutes.',
    );
    expect(await mailsTo('nobody@example.com')).toHaveLength(0);
    expect(await mailsTo('staff@example.com')).toHaveLength(staffMailsBefore);
    expect(await mailsTo('waiting@example.com')).toHaveLength(2);
  });

  it('sends a new link to an invited user and voids the earlier one', async () => {
    await invite({ email: 'lost@example.com', role: 'user' });
    const first = await lastInvitationToken('lost@example.com');
    const res = await resend('LOST@example.com', 'fr');
    expect(res.statusCode).toBe(200);
    const mails = await mailsTo('lost@example.com');
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toBe('Votre invitation à Atrium');
    const second = await lastInvitationToken('lost@example.com');
    expect(second).not.toBe(first);
    expect((await confirm(confirmation(first))).statusCode).toBe(422);
    expect((await confirm(confirmation(second))).statusCode).toBe(200);
  });

  it('validates the email (docs/SPEC.md §5)', async () => {
    const res = await resend('nope');
    expectFieldErrors(res, { email: ['Must be a valid email'] });
  });
});

describe('invited users cannot sign in', () => {
  it('until they confirm', async () => {
    await invite({ email: 'pending@example.com', role: 'user' });
    const res = await t.inject({
      method: 'POST',
      url: '/api/sign_in',
      payload: { email: 'pending@example.com', password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(401);
  });
});
