import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildApp, loggerOptions } from '../app';
import { users } from '../db/schema';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../test/harness';
import { readOutbox } from '../test/mail';
import type { FastifyInstance } from 'fastify';

/** The same app as the harness's, but logging at debug level into memory. */
let t: TestApp;
let app: FastifyInstance;
let logged = '';
beforeAll(async () => {
  t = await createTestApp();
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => {
    logged += chunk.toString('utf8');
  });
  app = await buildApp(
    { config: t.config, database: t.database, tokens: t.tokens },
    { logger: loggerOptions('debug', stream) },
  );
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await t.close();
});

describe('logs', () => {
  it('never contain passwords, tokens, reset links or authorization headers', async () => {
    const user = await t.createUser({ email: 'logged@example.com' });
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/sign_in',
      payload: { email: 'logged@example.com', password: TEST_PASSWORD },
    });
    const bearer = signIn.headers.authorization as string;
    expect(bearer).toMatch(/^Bearer /);
    await app.inject({ method: 'GET', url: '/api/user', headers: { authorization: bearer } });
    await app.inject({
      method: 'POST',
      url: '/api/sign_in',
      payload: { email: 'logged@example.com', password: 'wrong-secret-xyz' },
    });

    await app.inject({ method: 'POST', url: '/api/passwords/forgot', payload: { email: 'logged@example.com' } });
    await app.mail.settled();
    const mails = await readOutbox(t.dataDir);
    const link = mails.map((m) => /https?:\/\/\S+\/passwords\/reset\?token=[\w-]+/.exec(m.text)?.[0]).find(Boolean);
    expect(link).toBeDefined();
    const token = new URL(link!).searchParams.get('token')!;
    await app.inject({
      method: 'POST',
      url: '/api/passwords/reset',
      payload: { token, password: 'brand new secret 9', password_confirmation: 'brand new secret 9' },
    });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));

    expect(logged).toContain('"url":"/api/sign_in"');
    for (const secret of [
      TEST_PASSWORD,
      'wrong-secret-xyz',
      'brand new secret 9',
      bearer.slice(7),
      token,
      link!,
      row!.passwordHash!,
    ]) {
      expect(logged).not.toContain(secret);
    }
  });

  it('cut query strings, which may hold signed storage links', async () => {
    await app.inject({ method: 'GET', url: '/api/health?signature=abcdef0123456789&expires=1' });
    expect(logged).toContain('"url":"/api/health"');
    expect(logged).not.toContain('abcdef0123456789');
  });
});
