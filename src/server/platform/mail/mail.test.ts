import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFile, stat } from 'node:fs/promises';
import net from 'node:net';
import { startSmtpPeer, type SmtpPeer } from '../../test/smtp-peer';
import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/harness';
import { parseMail, readOutbox, tokenIn } from '../../test/mail';
import { users } from '../../db/schema';
import { createMailDelivery } from './delivery';
import { createMailer } from './mailer';

/** An administrator of that app invites `email` as a user, in English. */
async function invite(t: TestApp, admin: Parameters<TestApp['authHeader']>[0], email: string) {
  return t.inject({
    method: 'POST',
    url: '/api/invitations?locale=en',
    headers: await t.authHeader(admin),
    payload: { email, role: 'user' },
  });
}

/** A logger that keeps what it is told, to check what reaches the logs. */
function recordingLog() {
  const lines: Array<{ level: string; args: unknown[] }> = [];
  const record =
    (level: string) =>
    (...args: unknown[]) =>
      void lines.push({ level, args });
  const log = {
    info: record('info'),
    error: record('error'),
    warn: record('warn'),
    debug: record('debug'),
    trace: record('trace'),
    fatal: record('fatal'),
    silent: () => undefined,
    level: 'info',
    child: () => log,
  } as unknown as FastifyBaseLogger;
  return { log, lines };
}

describe('outbox adapter (no SMTP_URL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('writes an RFC 822 multipart/alternative .eml and logs one line with its path, never the link', async () => {
    const mailer = createMailer(t.config);
    const delivery = createMailDelivery(mailer);
    const { log, lines } = recordingLog();
    const link = 'http://atrium.test/passwords/reset?token=secret-token-value';
    await delivery.send(
      {
        to: 'someone@example.com',
        subject: 'Réinitialisation',
        text: `Lien : ${link}`,
        html: `<a href="${link}">lien</a>`,
      },
      log,
    );
    await delivery.close();

    expect(lines).toHaveLength(1);
    expect(lines[0]!.level).toBe('info');
    const [fields, message] = lines[0]!.args as [{ file: string }, string];
    expect(fields.file).toMatch(new RegExp(`^${t.dataDir}/outbox/.+\\.eml$`));
    expect(JSON.stringify(lines)).not.toContain('secret-token-value');
    expect(message).toContain('.eml');

    const raw = await readFile(fields.file, 'utf8');
    expect(raw).toContain('\r\n');
    expect(raw).toMatch(/^Message-ID: /im);
    expect(raw).toMatch(/^Date: /im);
    expect(raw).toMatch(/^MIME-Version: 1\.0/im);
    expect(((await stat(fields.file)).mode & 0o777).toString(8)).toBe('600');
    const mail = parseMail(raw);
    expect(mail.contentType).toMatch(/^multipart\/alternative/);
    expect(mail.subject).toBe('Réinitialisation');
    expect(mail.to).toBe('someone@example.com');
    expect(mail.from).toBe('Atrium <no-reply@atrium.local>');
    expect(mail.text).toBe(`Lien : ${link}`);
    expect(mail.html).toBe(`<a href="${link}">lien</a>`);
    expect(await readOutbox(t.dataDir)).toHaveLength(1);
  });
});

describe('SMTP adapter (SMTP_URL set)', () => {
  let smtp: SmtpPeer;
  let received: SmtpPeer['received'];
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    received = smtp.received;
    t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Atrium <atrium@example.org>' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('delivers the invitation, in the inviter’s language, with a link that confirms the account', async () => {
    const admin = await t.createUser({ role: 'admin', firstName: 'Ada', lastName: 'Lovelace' });
    const res = await invite(t, admin, 'smtp-guest@example.com');
    expect(res.statusCode).toBe(201);
    expect(received).toHaveLength(1);
    const mail = received[0]!;
    expect(mail.envelopeTo).toEqual(['smtp-guest@example.com']);
    expect(mail.from).toBe('Atrium <atrium@example.org>');
    expect(mail.subject).toBe('Your invitation to Atrium');
    expect(mail.contentType).toMatch(/^multipart\/alternative/);
    expect(mail.text).toContain('Ada Lovelace invites you to use Atrium.');
    expect(mail.html).toContain('<html lang="en">');
    const token = tokenIn(mail, 'http://atrium.test/invitations/confirm');
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(mail.html).toContain(`http://atrium.test/invitations/confirm?token=${token}`);
    // Nothing is written to the outbox when SMTP is configured.
    expect(await readOutbox(t.dataDir)).toHaveLength(0);

    const confirm = await t.inject({
      method: 'POST',
      url: '/api/invitations/confirm',
      payload: { token, password: 'via smtp!', password_confirmation: 'via smtp!', first_name: 'S', last_name: 'M' },
    });
    expect(confirm.statusCode).toBe(200);
  });

  it('delivers reset mail in French to a French-speaking user, after the answer', async () => {
    await t.createUser({ email: 'smtp-fr@example.com', locale: 'fr' });
    const res = await t.inject({
      method: 'POST',
      url: '/api/passwords/forgot?locale=en',
      payload: { email: 'smtp-fr@example.com' },
    });
    expect(res.statusCode).toBe(200);
    await t.app.mail.settled();
    const mail = received.find((m) => m.envelopeTo.includes('smtp-fr@example.com'))!;
    expect(mail.subject).toBe('Réinitialisez votre mot de passe Atrium');
    expect(mail.text).toContain('Ce lien ne sert qu’une fois et expire dans 1 heure.');
    expect(tokenIn(mail, 'http://atrium.test/passwords/reset')).toMatch(/^[\w-]{43}$/);
  });
});

describe('SMTP relay down', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A port that was free a moment ago: connections are refused at once.
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as net.AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
  });
  afterAll(() => t.close());

  it('an invitation that cannot be sent is undone and answered 503', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const res = await invite(t, admin, 'unlucky@example.com');
    expect(res.statusCode).toBe(503);
    expect(res.json().errors).toEqual({
      code: 'mail_failed',
      message: 'The email could not be sent. Please try again in a moment.',
    });
    expect(await t.database.db.select().from(users).where(eq(users.email, 'unlucky@example.com'))).toEqual([]);
  });

  it('forgot-password still answers as usual: the failure is only logged', async () => {
    await t.createUser({ email: 'known@example.com' });
    const known = await t.inject({
      method: 'POST',
      url: '/api/passwords/forgot',
      payload: { email: 'known@example.com' },
    });
    const unknown = await t.inject({
      method: 'POST',
      url: '/api/passwords/forgot',
      payload: { email: 'nope@example.com' },
    });
    await t.app.mail.settled();
    expect(known.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
  });
});
