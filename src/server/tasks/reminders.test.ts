import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDay } from '../../shared/intl';
import { todayIso } from '../../shared/portfolio/schedule';
import { addDays } from '../../shared/servicing/calendar';
import { selectRows } from '../db/rows';
import { lookupIds, type LookupIds } from '../test/company-fixtures';
import { createTestApp, type TestApp } from '../test/harness';
import { startSmtpPeer, type SmtpPeer } from '../test/smtp-peer';
import { createLoans, loanTerms } from '../test/servicing-fixtures';
import { findUserById, type UserRow } from '../users/store';
import { foldLine, writeCalendar } from './calendar';
import { DIGEST_MAX_ATTEMPTS, runDigests } from './digest';

/*
 * Reminders on the real app and database (docs/decisions/0044): the digest's settings, the digest mail received by
 * a real SMTP peer in both languages, once per day, retried when the relay fails; the calendar feed parsed by
 * ical.js. The app's own digest tick is off here (DIGEST_CHECK_SECONDS=0): each test runs it by hand.
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let smtp: SmtpPeer;
let t: TestApp;
let ids: LookupIds;
const today = todayIso();

beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await createTestApp({ SMTP_URL: smtp.url, DIGEST_CHECK_SECONDS: '0' });
  ids = await lookupIds(t.database.db);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const run = (at?: Date) =>
  runDigests(t.database.db, { mail: t.app.mail, publicUrl: t.config.publicUrl, log: t.app.log }, at ? { at } : {});
const mailsTo = (email: string) => smtp.received.filter((m) => m.envelopeTo.includes(email));

async function settings(user: UserRow, payload: object, locale = 'en') {
  return t.inject({
    method: 'PUT',
    url: `/api/account/notification_settings?locale=${locale}`,
    headers: await t.authHeader(user),
    payload,
  });
}

async function delivery(user: UserRow): Promise<Json | undefined> {
  const [row] = await selectRows<Json>(
    t.database.db,
    sql`SELECT status, attempts, last_error AS "lastError", task_count AS "taskCount", day::text AS day
          FROM digest_deliveries WHERE user_id = ${user.id}`,
  );
  return row;
}

/** A user overseeing a company with a loan whose follow-up date is today, and with a manual task overdue. */
async function userWithTasks(locale: 'fr' | 'en', name = `Entreprise ${randomUUID().slice(0, 6)}`) {
  const user = await t.createUser({ locale, firstName: 'Lise', lastName: 'Caron' });
  const auth = await t.authHeader(user);
  const [loan] = await createLoans(t, auth, ids, [loanTerms(ids, { followup_date: today })], {
    overseeing_user_id: user.id,
    end_of_financial_year: '',
    name,
  });
  const manual = await t.inject({
    method: 'POST',
    url: '/api/tasks',
    headers: auth,
    payload: { title: 'Rappeler, vite; svp', due_on: addDays(today, -2) },
  });
  expect(manual.statusCode, manual.body).toBe(201);
  return { user, auth, loan: loan!, company: name };
}

describe('notification settings', () => {
  it('are off at 07:00 until saved; a valid time is saved and read back', async () => {
    const user = await t.createUser();
    const headers = await t.authHeader(user);
    const read = await t.inject({ method: 'GET', url: '/api/account/notification_settings', headers });
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toEqual({ digest_enabled: false, digest_time: '07:00', calendar_link_created_at: null });

    const saved = await settings(user, { digest_enabled: true, digest_time: '06:45' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ digest_enabled: true, digest_time: '06:45' });
    const again = await t.inject({ method: 'GET', url: '/api/account/notification_settings', headers });
    expect(again.json().data).toMatchObject({ digest_enabled: true, digest_time: '06:45' });
  });

  it.each([
    [{ digest_enabled: true, digest_time: '24:00' }, 'digest_time', 'Give a time of day as HH:MM, for example 07:30.'],
    [{ digest_enabled: true, digest_time: '7:30' }, 'digest_time', 'Give a time of day as HH:MM, for example 07:30.'],
    [
      { digest_enabled: true, digest_time: '07:30:00' },
      'digest_time',
      'Give a time of day as HH:MM, for example 07:30.',
    ],
    [{ digest_enabled: true, digest_time: '' }, 'digest_time', 'Field is required'],
    [{ digest_enabled: true }, 'digest_time', 'Field is required'],
    [{ digest_enabled: 'yes', digest_time: '07:30' }, 'digest_enabled', undefined],
    [{ digest_enabled: true, digest_time: 730 }, 'digest_time', undefined],
  ])('refuses %j with a localized message on %s, and saves nothing', async (payload, field, message) => {
    const user = await t.createUser();
    const res = await settings(user, payload);
    expect(res.statusCode, res.body).toBe(422);
    const detail = res.json().errors.detail as Record<string, string[]>;
    expect(Object.keys(detail)).toEqual([field]);
    if (message) expect(detail[field]).toEqual([message]);
    const fr = await settings(user, payload, 'fr');
    expect(fr.json().errors.detail[field][0]).not.toEqual(detail[field]![0]);
    const [row] = await selectRows(t.database.db, sql`SELECT 1 FROM notification_settings WHERE user_id = ${user.id}`);
    expect(row).toBeUndefined();
  });

  it('in French, the time error is French', async () => {
    const res = await settings(await t.createUser(), { digest_enabled: true, digest_time: '25:61' }, 'fr');
    expect(res.json().errors.detail.digest_time).toEqual(['Indiquez une heure au format HH:MM, par exemple 07:30.']);
  });

  it('need a session', async () => {
    const res = await t.inject({ method: 'PUT', url: '/api/account/notification_settings', payload: {} });
    expect(res.statusCode).toBe(401);
  });

  it('show administrators who receives the digest, and when, on the users list', async () => {
    const on = await t.createUser({ email: `digest-on-${randomUUID()}@example.com` });
    const off = await t.createUser({ email: `digest-off-${randomUUID()}@example.com` });
    const disabled = await t.createUser({ email: `digest-disabled-${randomUUID()}@example.com` });
    await settings(on, { digest_enabled: true, digest_time: '08:15' });
    await settings(off, { digest_enabled: false, digest_time: '09:00' });
    await settings(disabled, { digest_enabled: true, digest_time: '08:00' });
    await t.database.db.execute(sql`UPDATE users SET disabled_at = now() WHERE id = ${disabled.id}`);
    const admin = await t.createUser({ role: 'admin' });
    const res = await t.inject({
      method: 'GET',
      url: '/api/users?filter[search]=digest-&page[size]=50',
      headers: await t.authHeader(admin),
    });
    expect(res.statusCode, res.body).toBe(200);
    const byId = Object.fromEntries((res.json().data as Json[]).map((u) => [u.id, u.digest_time]));
    expect(byId).toEqual({ [on.id]: '08:15', [off.id]: null, [disabled.id]: null });
  });
});

describe('the daily digest', () => {
  it('mails each user their overdue and this week’s tasks in their language, with links, once a day', async () => {
    const en = await userWithTasks('en', 'Boulangerie, Côté & fils');
    const fr = await userWithTasks('fr', 'Fromagerie du Lac');
    await settings(en.user, { digest_enabled: true, digest_time: '00:00' });
    await settings(fr.user, { digest_enabled: true, digest_time: '00:00' });

    await run();
    const [english] = mailsTo(en.user.email);
    expect(mailsTo(en.user.email)).toHaveLength(1);
    expect(english!.subject).toBe(`Atrium: your tasks for ${formatDay(today, 'en')}`);
    expect(english!.contentType).toMatch(/^multipart\/alternative/);
    expect(english!.text).toContain('Overdue: 1. Due in the next seven days: 1.');
    expect(english!.text).toContain('Overdue (1)\n\n- Rappeler, vite; svp\n');
    expect(english!.text).toContain(`Follow up on loan ${en.loan.loanNumber} (Boulangerie, Côté & fils)`);
    expect(english!.text).toContain(`Due ${formatDay(today, 'en')} · Boulangerie, Côté & fils`);
    const loanLink = `http://atrium.test/companies/${en.loan.companyId}/contributions/${en.loan.id}`;
    expect(english!.text).toContain(loanLink);
    expect(english!.text).toContain('Open My tasks:\nhttp://atrium.test/tasks');
    expect(english!.html).toContain('<html lang="en">');
    expect(english!.html).toContain(`<a href="${loanLink}"`);
    expect(english!.html).toContain('Boulangerie, Côté &amp; fils');

    const [french] = mailsTo(fr.user.email);
    expect(french!.subject).toBe(`Atrium : vos tâches du ${formatDay(today, 'fr')}`);
    expect(french!.text).toContain('En retard : 1. À faire dans les sept prochains jours : 1.');
    expect(french!.text).toContain(`Faire le suivi du prêt ${fr.loan.loanNumber} (Fromagerie du Lac)`);
    expect(french!.text).toContain(`Échéance : ${formatDay(today, 'fr')} · Fromagerie du Lac`);
    expect(french!.html).toContain('<html lang="fr">');
    expect(await delivery(fr.user)).toMatchObject({ status: 'sent', attempts: 1, taskCount: 2, day: today });

    // The next ticks of the day send nothing more.
    await run();
    await run();
    expect(mailsTo(en.user.email)).toHaveLength(1);
    expect(mailsTo(fr.user.email)).toHaveLength(1);
  });

  it('sends nothing when nothing is due, nor to a user who has it off or is disabled', async () => {
    const idle = await t.createUser({ locale: 'en' });
    await settings(idle, { digest_enabled: true, digest_time: '00:00' });
    const off = await userWithTasks('en');
    await settings(off.user, { digest_enabled: false, digest_time: '00:00' });
    const gone = await userWithTasks('fr');
    await settings(gone.user, { digest_enabled: true, digest_time: '00:00' });
    await t.database.db.execute(sql`UPDATE users SET disabled_at = now() WHERE id = ${gone.user.id}`);

    await run();
    expect(mailsTo(idle.email)).toEqual([]);
    expect(await delivery(idle)).toMatchObject({ status: 'empty', taskCount: 0 });
    expect(mailsTo(off.user.email)).toEqual([]);
    expect(await delivery(off.user)).toBeUndefined();
    expect(mailsTo(gone.user.email)).toEqual([]);
    expect(await delivery(gone.user)).toBeUndefined();
  });

  it('waits for the user’s time of day, in Québec', async () => {
    const early = await userWithTasks('en');
    await settings(early.user, { digest_enabled: true, digest_time: '08:30' });
    // Today 12:00 UTC is 07:00 or 08:00 in Québec (winter, summer); 13:45 UTC is 08:45 or 09:45.
    await run(new Date(`${today}T12:00:00Z`));
    expect(await delivery(early.user)).toBeUndefined();
    await run(new Date(`${today}T13:45:00Z`));
    expect(await delivery(early.user)).toMatchObject({ day: today, status: 'sent' });
  });

  it('sends once when two runs claim at the same moment', async () => {
    const both = await userWithTasks('en');
    await settings(both.user, { digest_enabled: true, digest_time: '00:00' });
    await Promise.all([run(), run(), run()]);
    expect(mailsTo(both.user.email)).toHaveLength(1);
    expect(await delivery(both.user)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('retries a failed mail later, without holding up the others, and gives up after the last attempt', async () => {
    const unlucky = await userWithTasks('en');
    const lucky = await userWithTasks('fr');
    const hopeless = await userWithTasks('en');
    for (const u of [unlucky, lucky, hopeless]) await settings(u.user, { digest_enabled: true, digest_time: '00:00' });
    smtp.refuse = (to) => to === unlucky.user.email || to === hopeless.user.email;

    await run();
    expect(mailsTo(lucky.user.email)).toHaveLength(1);
    expect(mailsTo(unlucky.user.email)).toEqual([]);
    expect(await delivery(unlucky.user)).toMatchObject({ status: 'pending', attempts: 1 });
    expect((await delivery(unlucky.user))!.lastError).toMatch(/451|Try again later/);
    // Not before its delay.
    await run();
    expect(await delivery(unlucky.user)).toMatchObject({ status: 'pending', attempts: 1 });

    // The delay over (moved forward in SQL rather than waited for), the relay answers again.
    smtp.refuse = (to) => to === hopeless.user.email;
    const dueNow = () =>
      t.database.db.execute(sql`UPDATE digest_deliveries SET next_attempt_at = now() WHERE status = 'pending'`);
    await dueNow();
    await run();
    expect(mailsTo(unlucky.user.email)).toHaveLength(1);
    expect(await delivery(unlucky.user)).toMatchObject({ status: 'sent', attempts: 2 });

    for (let attempt = 2; attempt <= DIGEST_MAX_ATTEMPTS; attempt += 1) {
      await dueNow();
      await run();
    }
    expect(await delivery(hopeless.user)).toMatchObject({ status: 'failed', attempts: DIGEST_MAX_ATTEMPTS });
    await dueNow();
    await run();
    expect(await delivery(hopeless.user)).toMatchObject({ status: 'failed', attempts: DIGEST_MAX_ATTEMPTS });
    expect(mailsTo(hopeless.user.email)).toEqual([]);
    expect(mailsTo(lucky.user.email)).toHaveLength(1);
    smtp.refuse = () => false;
  });
});

describe('the calendar feed', () => {
  const feed = (url: string) => t.inject({ method: 'GET', url: new URL(url).pathname });

  it('answers the user’s open tasks and coming follow-up dates as all-day events, parsed by ical.js', async () => {
    const { user, auth, loan, company } = await userWithTasks('fr', 'Ébénisterie; Nord, Sud');
    const later = addDays(today, 30);
    const [future] = await createLoans(t, auth, ids, [loanTerms(ids, { followup_date: later })], {
      overseeing_user_id: user.id,
      end_of_financial_year: '',
      name: company,
    });
    // My tasks makes the follow-up task of today's date; a done task leaves the feed.
    await t.inject({ method: 'GET', url: '/api/tasks', headers: auth });
    const done = await t.inject({
      method: 'POST',
      url: '/api/tasks',
      headers: auth,
      payload: { title: 'Déjà fait', due_on: today },
    });
    await t.inject({
      method: 'PATCH',
      url: `/api/tasks/${done.json().data.id}`,
      headers: auth,
      payload: { status: 'done' },
    });

    const made = await t.inject({ method: 'POST', url: '/api/account/calendar_token', headers: auth, payload: {} });
    expect(made.statusCode, made.body).toBe(201);
    const { url } = made.json().data as { url: string };
    expect(url).toMatch(/^http:\/\/atrium\.test\/api\/calendar\/[\w-]{43}\.ics$/);
    const settingsRead = await t.inject({ method: 'GET', url: '/api/account/notification_settings', headers: auth });
    expect(settingsRead.json().data.calendar_link_created_at).toEqual(made.json().data.created_at);

    const res = await feed(url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.body.split('\r\n').every((line) => Buffer.byteLength(line, 'utf8') <= 75)).toBe(true);

    const calendar = new ICAL.Component(ICAL.parse(res.body));
    const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    const summaries = events.map((e) => e.summary).sort();
    expect(summaries).toEqual(
      [
        'Rappeler, vite; svp',
        `Faire le suivi du prêt ${loan.loanNumber} (Ébénisterie; Nord, Sud)`,
        `Faire le suivi du prêt ${future!.loanNumber} (Ébénisterie; Nord, Sud)`,
      ].sort(),
    );
    const todayEvent = events.find((e) => e.summary.includes(loan.loanNumber))!;
    expect(todayEvent.startDate.isDate).toBe(true);
    expect(todayEvent.startDate.toString()).toBe(today);
    expect(todayEvent.endDate.toString()).toBe(addDays(today, 1));
    expect(todayEvent.uid).toBe(`followup-${loan.id}-${today}@atrium.test`);
    expect(todayEvent.description).toContain(`http://atrium.test/companies/${loan.companyId}/contributions/${loan.id}`);
    const futureEvent = events.find((e) => e.summary.includes(future!.loanNumber))!;
    expect(futureEvent.startDate.toString()).toBe(later);
    // The same UID the task will have once the date comes near: the calendar moves the event, it does not double it.
    expect(futureEvent.uid).toBe(`followup-${future!.id}-${later}@atrium.test`);
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Atrium — Mes tâches');
  });

  it('a new link revokes the old one; an unknown, malformed or disabled user’s link is the same 404', async () => {
    const user = await t.createUser();
    const auth = await t.authHeader(user);
    const first = (
      await t.inject({ method: 'POST', url: '/api/account/calendar_token', headers: auth, payload: {} })
    ).json().data;
    expect((await feed(first.url)).statusCode).toBe(200);
    const second = (
      await t.inject({ method: 'POST', url: '/api/account/calendar_token', headers: auth, payload: {} })
    ).json().data;
    expect(second.url).not.toBe(first.url);
    const revoked = await feed(first.url);
    const unknown = await t.inject({ method: 'GET', url: `/api/calendar/${'A'.repeat(43)}.ics` });
    const malformed = await t.inject({ method: 'GET', url: '/api/calendar/not-a-token.ics' });
    expect(revoked.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(malformed.statusCode).toBe(404);
    expect(revoked.body).toBe(unknown.body);
    expect(malformed.body).toBe(unknown.body);
    expect((await feed(second.url)).statusCode).toBe(200);
    await t.database.db.execute(sql`UPDATE users SET disabled_at = now() WHERE id = ${user.id}`);
    expect((await feed(second.url)).body).toBe(unknown.body);
    // Only the hash is kept.
    const token = new URL(second.url).pathname.split('/').pop()!.replace('.ics', '');
    const stored = await selectRows<{ hash: string }>(
      t.database.db,
      sql`SELECT token_hash AS hash FROM calendar_tokens WHERE user_id = ${user.id}`,
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]!.hash).not.toContain(token);
  });

  it('a restored user’s old link stays dead: the restore issues a new secret, and a link made after works', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const adminAuth = await t.authHeader(admin);
    const user = await t.createUser();
    const made = (
      await t.inject({
        method: 'POST',
        url: '/api/account/calendar_token',
        headers: await t.authHeader(user),
        payload: {},
      })
    ).json().data;
    expect((await feed(made.url)).statusCode).toBe(200);
    const hashOfLink = async () =>
      (
        await selectRows<{ hash: string }>(
          t.database.db,
          sql`SELECT token_hash AS hash FROM calendar_tokens WHERE user_id = ${user.id}`,
        )
      )[0]?.hash;
    const before = await hashOfLink();

    expect((await t.inject({ method: 'DELETE', url: `/api/users/${user.id}`, headers: adminAuth })).statusCode).toBe(
      200,
    );
    expect((await feed(made.url)).statusCode).toBe(404);
    const restored = await t.inject({ method: 'POST', url: `/api/users/${user.id}/restore`, headers: adminAuth });
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await feed(made.url)).statusCode).toBe(404);
    expect(await hashOfLink()).not.toBe(before);

    // Archiving ended the user's sessions: a new one, as after signing in again.
    const auth = await t.authHeader((await findUserById(t.database.db, user.id))!);
    const settings = await t.inject({ method: 'GET', url: '/api/account/notification_settings', headers: auth });
    expect(settings.statusCode, settings.body).toBe(200);
    expect(settings.json().data.calendar_link_created_at).not.toBe(made.created_at);
    const fresh = (
      await t.inject({ method: 'POST', url: '/api/account/calendar_token', headers: auth, payload: {} })
    ).json().data;
    expect((await feed(fresh.url)).statusCode).toBe(200);
    expect((await feed(made.url)).statusCode).toBe(404);

    // A user who never made a link gets none by being restored.
    const other = await t.createUser();
    await t.inject({ method: 'DELETE', url: `/api/users/${other.id}`, headers: adminAuth });
    await t.inject({ method: 'POST', url: `/api/users/${other.id}/restore`, headers: adminAuth });
    const otherSettings = await t.inject({
      method: 'GET',
      url: '/api/account/notification_settings',
      headers: await t.authHeader((await findUserById(t.database.db, other.id))!),
    });
    expect(otherSettings.statusCode, otherSettings.body).toBe(200);
    expect(otherSettings.json().data.calendar_link_created_at).toBeNull();
  });
});

describe('iCalendar writing (RFC 5545)', () => {
  it('escapes text and folds long lines at 75 octets without splitting a character', () => {
    const summary = `${'é'.repeat(50)}; a, b\\c\nd`;
    const ics = writeCalendar({
      name: 'Agenda',
      at: new Date('2026-01-02T03:04:05Z'),
      events: [
        { uid: 'x@atrium.test', day: '2026-12-31', summary, description: 'Note', url: 'http://atrium.test/tasks' },
      ],
    });
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent('vevent')!);
    expect(event.summary).toBe(summary);
    expect(event.endDate.toString()).toBe('2027-01-01');
    expect(
      foldLine('x'.repeat(160))
        .split('\r\n ')
        .map((part) => part.length),
    ).toEqual([75, 74, 11]);
  });
});
