import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIso } from '../../shared/portfolio/schedule';
import { addDays, dateParts } from '../../shared/servicing/calendar';
import { selectRows } from '../db/rows';
import { lookupIds, type LookupIds } from '../test/company-fixtures';
import { createTestApp, type TestApp } from '../test/harness';
import { createLoans, loanTerms, post, type TestLoan } from '../test/servicing-fixtures';
import { startSmtpPeer, type SmtpPeer } from '../test/smtp-peer';
import type { UserRow } from '../users/store';
import { eraseCompanyContacts } from './actions';
import { NOTICE_MAX_ATTEMPTS, runNotices } from './sender';

/*
 * Company contacts and notices to borrowers on the real app and database (docs/decisions/0073): contacts and their
 * history, fund settings and texts (bad input refused, in both languages), and the sender through a real SMTP
 * peer — what was sent, to whom, in which language, with the statement's PDF; once per notice across concurrent
 * runs; never to a company on hold; retried, then listed as "cannot notify". The app's own tick is off
 * (DIGEST_CHECK_SECONDS=0): each test runs the sender by hand for the day it reasons about.
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let smtp: SmtpPeer;
let t: TestApp;
let ids: LookupIds;
let admin: UserRow;
let analyst: UserRow;
let adminAuth: { authorization: string };
let auth: { authorization: string };
const today = todayIso();

beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await createTestApp({ SMTP_URL: smtp.url, DIGEST_CHECK_SECONDS: '0' });
  ids = await lookupIds(t.database.db);
  admin = await t.createUser({ role: 'admin', firstName: 'Alice', lastName: 'Admin' });
  analyst = await t.createUser({ firstName: 'Lise', lastName: 'Caron', phone: '418-555-0199' });
  adminAuth = await t.authHeader(admin);
  auth = await t.authHeader(analyst);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const run = (day: string) => runNotices(t.database.db, { mail: t.app.mail, log: t.app.log }, { day });
const mailsTo = (email: string) => smtp.received.filter((m) => m.envelopeTo.includes(email));
const email = () => `contact-${randomUUID().slice(0, 8)}@example.com`;

async function call(method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object, who = auth) {
  return t.inject({ method, url, headers: who, ...(payload ? { payload } : {}) });
}

/** A company with one loan paid out ten days ago; its first installment's due day. */
async function borrower(
  name = `Boulangerie ${randomUUID().slice(0, 6)}`,
): Promise<{ loan: TestLoan; firstDue: string }> {
  const start = addDays(today, -10);
  const [loan] = await createLoans(t, auth, ids, [loanTerms(ids, { authorization_date: start })], {
    name,
    overseeing_user_id: analyst.id,
  });
  await post(t, auth, `${loan!.url}/disbursements`, { date: start, amount: '1200', method: 'eft' });
  const schedule = await call('GET', `${loan!.url}/schedule`);
  return { loan: loan!, firstDue: schedule.json().data.rows[0].date as string };
}

async function addContact(companyId: string, body: object, locale = 'fr') {
  return call('POST', `/api/companies/${companyId}/contacts?locale=${locale}`, body);
}

async function noticeRows(companyId: string): Promise<Json[]> {
  return selectRows<Json>(
    t.database.db,
    sql`SELECT kind, status, attempts, day::text AS day, last_error AS "lastError", recipient
          FROM notices WHERE company_id = ${companyId} ORDER BY day, kind`,
  );
}

async function history(companyId: string, locale = 'fr'): Promise<Json[]> {
  const res = await call('GET', `/api/companies/${companyId}/events?locale=${locale}&page[size]=50`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function allNoticesOn() {
  const res = await call(
    'PUT',
    `/api/funds/${ids.fund}/notice_settings`,
    {
      payment_due_enabled: true,
      payment_due_days: 5,
      payment_late_enabled: true,
      statements_due_enabled: true,
      statement_of_account_enabled: true,
      statement_of_account_frequency: 'monthly',
    },
    adminAuth,
  );
  expect(res.statusCode, res.body).toBe(200);
}

describe('company contacts', () => {
  it('are added, changed and removed, each change in the company’s history', async () => {
    const { loan } = await borrower();
    const added = await addContact(loan.companyId, {
      name: 'Jeanne Roy',
      email: 'Jeanne.Roy@Example.com',
      locale: 'fr',
      roles: ['finance', 'signatory'],
      preferred_for: ['finance'],
    });
    expect(added.statusCode, added.body).toBe(201);
    const contact = added.json().data;
    expect(contact).toMatchObject({
      name: 'Jeanne Roy',
      email: 'jeanne.roy@example.com',
      locale: 'fr',
      roles: ['finance', 'signatory'],
      preferred_for: ['finance'],
    });

    // A second preferred finance contact takes the place of the first: one preferred contact per role.
    const second = await addContact(loan.companyId, {
      name: 'Paul Smith',
      email: 'paul@example.com',
      locale: 'en',
      roles: ['finance'],
      preferred_for: ['finance'],
    });
    expect(second.statusCode, second.body).toBe(201);
    const list = await call('GET', `/api/companies/${loan.companyId}/contacts`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.map((c: Json) => [c.name, c.preferred_for])).toEqual([
      ['Jeanne Roy', []],
      ['Paul Smith', ['finance']],
    ]);
    expect(list.json().meta.notice_hold).toMatchObject({ held: false, reason: null });

    const changed = await call('PATCH', `/api/companies/${loan.companyId}/contacts/${contact.id}`, {
      locale: 'en',
      preferred_for: ['signatory'],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ locale: 'en', preferred_for: ['signatory'], name: 'Jeanne Roy' });

    const removed = await call('DELETE', `/api/companies/${loan.companyId}/contacts/${second.json().data.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await call('GET', `/api/companies/${loan.companyId}/contacts`)).json().data).toHaveLength(1);

    const titles = (await history(loan.companyId)).map((e) => e.title);
    expect(titles).toEqual(
      expect.arrayContaining([
        'Personne-ressource ajoutée : Jeanne Roy (jeanne.roy@example.com)',
        'Personne-ressource modifiée : Jeanne Roy (jeanne.roy@example.com)',
        'Personne-ressource retirée : Paul Smith (paul@example.com)',
      ]),
    );
    const english = (await history(loan.companyId, 'en')).map((e) => e.title);
    expect(english).toContain('Contact added: Jeanne Roy (jeanne.roy@example.com)');
  });

  it('make an owner a contact in one step: the name and the owner role come from the owner', async () => {
    const { loan } = await borrower();
    const company = (await call('GET', `/api/companies/${loan.companyId}`)).json().data;
    const owner = company.owners[0];
    const res = await addContact(loan.companyId, { owner_id: owner.id, email: email(), locale: 'fr', roles: [] });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ name: owner.name, roles: ['owner'], owner_id: owner.id });

    // Another company's owner is not this company's.
    const other = await borrower();
    const otherOwner = (await call('GET', `/api/companies/${other.loan.companyId}`)).json().data.owners[0];
    const refused = await addContact(
      loan.companyId,
      { owner_id: otherOwner.id, email: email(), locale: 'fr', roles: [] },
      'en',
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.detail).toEqual({ owner_id: ['This owner is not one of the company’s.'] });
  });

  it('refuse an invalid e-mail, an unknown language and a preferred role the contact lacks, localized, writing nothing', async () => {
    const { loan } = await borrower();
    const fr = await addContact(loan.companyId, {
      name: 'X',
      email: 'pas-un-courriel',
      locale: 'de',
      roles: ['finance'],
    });
    expect(fr.statusCode).toBe(422);
    expect(Object.keys(fr.json().errors.detail).sort()).toEqual(['email', 'locale']);
    expect(fr.json().errors.detail.locale).toEqual(['Choisissez le français ou l’anglais.']);
    const en = await addContact(
      loan.companyId,
      { name: 'X', email: 'x@example.com', locale: 'en', roles: ['owner'], preferred_for: ['finance'] },
      'en',
    );
    expect(en.statusCode).toBe(422);
    expect(en.json().errors.detail).toEqual({
      preferred_for: ['A contact can only be the preferred one for a role it has.'],
    });
    const wrongRole = await addContact(loan.companyId, {
      name: 'X',
      email: 'x@example.com',
      locale: 'en',
      roles: ['boss'],
    });
    expect(wrongRole.statusCode).toBe(422);
    expect((await call('GET', `/api/companies/${loan.companyId}/contacts`)).json().data).toEqual([]);

    // Another company's contact, or an unknown company: 404.
    const other = await borrower();
    const theirs = (
      await addContact(other.loan.companyId, { name: 'Y', email: email(), locale: 'fr', roles: [] })
    ).json().data;
    expect(
      (await call('PATCH', `/api/companies/${loan.companyId}/contacts/${theirs.id}`, { name: 'Z' })).statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/api/companies/${loan.companyId}/contacts/${theirs.id}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/companies/${randomUUID()}/contacts`)).statusCode).toBe(404);
    expect((await addContact(randomUUID(), { name: 'Y', email: email(), locale: 'fr', roles: [] })).statusCode).toBe(
      404,
    );
  });

  it('are erased with a destroyed file: the contacts and the recipients of what was sent', async () => {
    const { loan } = await borrower();
    await addContact(loan.companyId, { name: 'À effacer', email: email(), locale: 'fr', roles: ['finance'] });
    await t.database.db.transaction((tx) => eraseCompanyContacts(tx, loan.companyId));
    expect((await call('GET', `/api/companies/${loan.companyId}/contacts`)).json().data).toEqual([]);
  });
});

describe('notice settings and texts', () => {
  it('a fund’s settings: all off by default; administrators only may change them; bad days refused', async () => {
    const read = await call('GET', `/api/funds/${ids.otherFund}/notice_settings`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data).toMatchObject({
      payment_due_enabled: false,
      payment_due_days: 5,
      payment_late_enabled: false,
      statements_due_enabled: false,
      statement_of_account_enabled: false,
      statement_of_account_frequency: 'monthly',
      updated_at: null,
    });
    const body = { ...read.json().data, payment_late_enabled: true };
    delete body.fund_id;
    delete body.updated_at;
    expect((await call('PUT', `/api/funds/${ids.otherFund}/notice_settings`, body)).statusCode).toBe(403);
    const saved = await call('PUT', `/api/funds/${ids.otherFund}/notice_settings`, body, adminAuth);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.payment_late_enabled).toBe(true);

    const bad = await call(
      'PUT',
      `/api/funds/${ids.otherFund}/notice_settings?locale=en`,
      { ...body, payment_due_days: 0, statement_of_account_frequency: 'weekly' },
      adminAuth,
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.detail.payment_due_days).toEqual(['Give a whole number of days from 1 to 60.']);
    expect(bad.json().errors.detail.statement_of_account_frequency).toBeDefined();
    expect((await call('GET', `/api/funds/${randomUUID()}/notice_settings`)).statusCode).toBe(404);
    expect((await call('PUT', `/api/funds/${randomUUID()}/notice_settings`, body, adminAuth)).statusCode).toBe(404);
  });

  it('texts: natural defaults in both languages; an unknown or malformed merge field refused, naming it', async () => {
    const read = await call('GET', '/api/notice_templates/payment_late');
    expect(read.statusCode, read.body).toBe(200);
    const template = read.json().data;
    expect(template.customized).toBe(false);
    expect(template.fr.subject).toBe('Avis de retard : prêt {{loan_number}}');
    expect(template.en.body).toContain('{{days_late}} days past due');
    expect(template.fields).toContain('analyst_phone');

    const put = (payload: object, locale = 'fr', who = adminAuth) =>
      call('PUT', `/api/notice_templates/payment_late?locale=${locale}`, payload, who);
    const texts = { fr: template.fr, en: template.en };
    expect((await put(texts, 'fr', auth)).statusCode).toBe(403);

    const unknown = await put({ ...texts, fr: { ...texts.fr, body: 'Bonjour {{nom_du_client}}' } });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.detail['fr.body'][0]).toMatch(/^Champ de fusion inconnu « nom_du_client »/);

    for (const body of ['Hello {{company', 'Hello company}}', 'Hello {{ 2pac }}', 'Hello {{}}']) {
      const malformed = await put({ ...texts, en: { ...texts.en, body } }, 'en');
      expect(malformed.statusCode, body).toBe(422);
      expect(malformed.json().errors.detail['en.body'][0], body).toMatch(/^Malformed merge field/);
    }
    // A field of another kind is unknown to this one.
    const otherKind = await put({ ...texts, en: { ...texts.en, subject: 'Statement {{period_end}}' } }, 'en');
    expect(otherKind.json().errors.detail['en.subject'][0]).toMatch(/^Unknown merge field “period_end”/);
    const lineBreak = await put({ ...texts, en: { ...texts.en, subject: 'Line\nbreak' } }, 'en');
    expect(lineBreak.statusCode).toBe(422);
    expect((await call('GET', '/api/notice_templates/payment_late')).json().data.customized).toBe(false);
    expect((await call('GET', '/api/notice_templates/nope')).statusCode).toBe(404);

    const saved = await put({ ...texts, en: { subject: 'Overdue: {{loan_number}}', body: template.en.body } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ customized: true, en: { subject: 'Overdue: {{loan_number}}' } });
  });

  it('the preview fills the texts with a real loan, amounts in each language’s format', async () => {
    const { loan } = await borrower('Café <Le Bon> & fils');
    const template = (await call('GET', '/api/notice_templates/payment_due')).json().data;
    const res = await call(
      'POST',
      '/api/notice_templates/payment_due/preview',
      { fr: template.fr, en: template.en, loan_id: loan.id },
      adminAuth,
    );
    expect(res.statusCode, res.body).toBe(200);
    const { fr, en } = res.json().data;
    expect(fr.subject).toBe(`Rappel : versement à venir sur le prêt ${loan.loanNumber}`);
    expect(fr.body).toMatch(/106,62\s\$/);
    expect(fr.body).toContain('Café <Le Bon> & fils');
    expect(fr.body).toContain('Lise Caron au 418-555-0199');
    expect(en.body).toContain('$106.62');
    const missing = await call(
      'POST',
      '/api/notice_templates/payment_due/preview?locale=en',
      { fr: template.fr, en: template.en, loan_id: randomUUID() },
      adminAuth,
    );
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.detail).toEqual({ loan_id: ['This loan does not exist.'] });
  });
});

describe('sending notices', () => {
  beforeAll(allNoticesOn);

  it('sends the payment-due notice in the contact’s language, once, and records it in the history', async () => {
    const { loan, firstDue } = await borrower('Café <Le Bon> & fils');
    const to = email();
    await addContact(loan.companyId, { name: 'Jeanne Roy', email: to, locale: 'fr', roles: ['finance'] });
    const day = addDays(firstDue, -5);

    const upcoming = await call('GET', `/api/notices/upcoming?date=${day}&locale=fr`);
    expect(upcoming.statusCode, upcoming.body).toBe(200);
    const mine = upcoming.json().data.filter((n: Json) => n.company_id === loan.companyId);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      kind: 'payment_due',
      loan_number: loan.loanNumber,
      recipient: { name: 'Jeanne Roy', email: to, locale: 'fr' },
      held: false,
    });
    expect(mine[0].reason).toMatch(/^Versement de 106,62\s\$ dû le /);

    await run(day);
    await run(day);
    const mails = mailsTo(to);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.subject).toBe(`Rappel : versement à venir sur le prêt ${loan.loanNumber}`);
    expect(mail!.text).toMatch(/un versement de 106,62\s\$/);
    expect(mail!.html).toContain('Café &lt;Le Bon&gt; &amp; fils');
    expect(mail!.html).not.toContain('<Le Bon>');
    expect(mail!.to).toBe(to);

    expect(await noticeRows(loan.companyId)).toEqual([
      { kind: 'payment_due', status: 'sent', attempts: 1, day, lastError: null, recipient: to },
    ]);
    const [event] = (await history(loan.companyId)).filter((e) => e.code === 'noticeSent');
    expect(event!.title).toBe(`Avis envoyé — Versement à venir — à Jeanne Roy <${to}>`);
    expect(event!.notes).toContain(mail!.subject);
    expect(event!.notes).toMatch(/un versement de 106,62\s\$/);

    const sent = await call('GET', `/api/notices?filter[state]=sent&filter[company_id]=${loan.companyId}`);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data).toHaveLength(1);
    expect(sent.json().data[0]).toMatchObject({ state: 'sent', recipient: to, subject: mail!.subject });
  });

  it('late notices at 1 and 15 days, in English, and the statement of account with its PDF', async () => {
    const { loan, firstDue } = await borrower();
    const to = email();
    await addContact(loan.companyId, { name: 'Paul Smith', email: to, locale: 'en', roles: ['finance'] }, 'en');
    await run(addDays(firstDue, 1));
    await run(addDays(firstDue, 15));
    const late = mailsTo(to).filter((m) => m.subject.startsWith('Overdue'));
    expect(late.map((m) => m.subject)).toEqual([`Overdue: ${loan.loanNumber}`, `Overdue: ${loan.loanNumber}`]);
    expect(late[0]!.text).toContain('has been 1 days past due');
    expect(late[1]!.text).toContain('has been 15 days past due');

    const [year, month] = dateParts(addDays(firstDue, 20));
    const firstOfMonth = `${year}-${String(month).padStart(2, '0')}-01`;
    await run(firstOfMonth);
    const statement = mailsTo(to).find((m) => m.subject.startsWith('Statement of account'));
    expect(
      statement,
      mailsTo(to)
        .map((m) => m.subject)
        .join('; '),
    ).toBeDefined();
    expect(statement!.attachments).toHaveLength(1);
    const [pdf] = statement!.attachments;
    expect(pdf!.contentType).toBe('application/pdf');
    expect(pdf!.filename).toBe(`statement-${loan.loanNumber}-${addDays(firstOfMonth, -1)}.pdf`);
    const doc = await PDFDocument.load(pdf!.content);
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(1);
    expect(doc.getTitle()).toBe(`Statement of account ${loan.loanNumber}`);
  });

  it('sends one mail per notice when runs claim at the same moment', async () => {
    const { loan, firstDue } = await borrower();
    const to = email();
    await addContact(loan.companyId, { name: 'Ann', email: to, locale: 'en', roles: ['finance'] });
    const day = addDays(firstDue, -5);
    await Promise.all([run(day), run(day), run(day)]);
    expect(mailsTo(to)).toHaveLength(1);
    expect((await noticeRows(loan.companyId)).filter((n) => n.day === day)).toHaveLength(1);
  });

  it('sends nothing to a company on hold, shows it held, and sends again once the hold is lifted', async () => {
    const { loan, firstDue } = await borrower();
    const to = email();
    await addContact(loan.companyId, { name: 'Ann', email: to, locale: 'fr', roles: ['finance'] });
    const noReason = await call('PUT', `/api/companies/${loan.companyId}/notice_hold?locale=en`, { held: true });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors.detail).toEqual({ reason: ['Say why the notices are held.'] });
    const held = await call('PUT', `/api/companies/${loan.companyId}/notice_hold`, {
      held: true,
      reason: 'Procédures judiciaires',
    });
    expect(held.statusCode, held.body).toBe(200);
    expect(held.json().data).toMatchObject({ held: true, reason: 'Procédures judiciaires' });

    const day = addDays(firstDue, -5);
    const upcoming = (await call('GET', `/api/notices/upcoming?date=${day}`)).json().data;
    expect(upcoming.find((n: Json) => n.company_id === loan.companyId)).toMatchObject({
      held: true,
      hold_reason: 'Procédures judiciaires',
    });
    await run(day);
    expect(mailsTo(to)).toEqual([]);
    const list = await call('GET', `/api/notices?filter[state]=held&filter[company_id]=${loan.companyId}`);
    expect(list.json().data[0]).toMatchObject({ state: 'held', problem: 'Suspendu : Procédures judiciaires' });

    const resumed = await call('PUT', `/api/companies/${loan.companyId}/notice_hold`, { held: false });
    expect(resumed.json().data).toMatchObject({ held: false, reason: null });
    await run(addDays(firstDue, 1));
    expect(mailsTo(to)).toHaveLength(1);
    const titles = (await history(loan.companyId)).map((e) => e.title);
    expect(titles).toEqual(
      expect.arrayContaining(['Avis à l’entreprise suspendus : Procédures judiciaires', 'Avis à l’entreprise repris']),
    );
  });

  it('lists a company without a contact, and an archived company is never written to', async () => {
    const { loan, firstDue } = await borrower();
    const day = addDays(firstDue, -5);
    const upcoming = (await call('GET', `/api/notices/upcoming?date=${day}`)).json().data;
    expect(upcoming.find((n: Json) => n.company_id === loan.companyId)).toMatchObject({ recipient: null });
    await run(day);
    const failed = await call(
      'GET',
      `/api/notices?filter[state]=failed&filter[company_id]=${loan.companyId}&locale=en`,
    );
    expect(failed.json().data).toMatchObject([{ state: 'failed', problem: 'The company has no contact to write to.' }]);
    // A contact added the same day: the notice given up for want of one goes out.
    await t.database.db.execute(sql`UPDATE notices SET day = ${today} WHERE company_id = ${loan.companyId}`);
    const late = email();
    await addContact(loan.companyId, { name: 'Enfin', email: late, locale: 'fr', roles: ['finance'] });
    await run(day);
    expect(mailsTo(late)).toHaveLength(1);

    const archived = await borrower();
    const to = email();
    await addContact(archived.loan.companyId, { name: 'Ann', email: to, locale: 'fr', roles: ['finance'] });
    const res = await call('DELETE', `/api/companies/${archived.loan.companyId}?confirm_live_loans=true`);
    expect(res.statusCode, res.body).toBe(200);
    await run(addDays(archived.firstDue, -5));
    expect(mailsTo(to)).toEqual([]);
    expect(await noticeRows(archived.loan.companyId)).toEqual([]);
  });

  it('retries a refused delivery later, as the digest does, then lists it as cannot notify', async () => {
    const { loan, firstDue } = await borrower();
    const to = email();
    await addContact(loan.companyId, { name: 'Ann', email: to, locale: 'fr', roles: ['finance'] });
    smtp.refuse = (address) => address === to;
    const day = addDays(firstDue, -5);
    await run(day);
    expect(await noticeRows(loan.companyId)).toMatchObject([{ status: 'pending', attempts: 1 }]);
    expect((await noticeRows(loan.companyId))[0]!.lastError).toMatch(/451|Try again later/);
    await run(day);
    expect(await noticeRows(loan.companyId)).toMatchObject([{ status: 'pending', attempts: 1 }]);
    const dueNow = () =>
      t.database.db.execute(sql`UPDATE notices SET next_attempt_at = now() WHERE company_id = ${loan.companyId}`);
    for (let attempt = 2; attempt <= NOTICE_MAX_ATTEMPTS; attempt += 1) {
      await dueNow();
      await run(day);
    }
    expect(await noticeRows(loan.companyId)).toMatchObject([{ status: 'failed', attempts: NOTICE_MAX_ATTEMPTS }]);
    const failed = await call('GET', `/api/notices?filter[state]=failed&filter[company_id]=${loan.companyId}`);
    expect(failed.json().data[0]).toMatchObject({
      state: 'failed',
      problem: 'Le serveur de courriel a refusé le message après plusieurs tentatives.',
    });
    expect(mailsTo(to)).toEqual([]);
    smtp.refuse = () => false;
  });

  it('refuses bad list parameters and dates with a 400 naming them', async () => {
    expect((await call('GET', '/api/notices?filter[state]=lost')).statusCode).toBe(400);
    expect((await call('GET', '/api/notices?filter[company_id]=abc')).statusCode).toBe(400);
    expect((await call('GET', '/api/notices/upcoming?date=2026-02-30')).statusCode).toBe(400);
    expect((await call('GET', '/api/notices/upcoming?date=tomorrow')).statusCode).toBe(400);
    expect(
      (await call('PUT', `/api/companies/${randomUUID()}/notice_hold`, { held: true, reason: 'x' })).statusCode,
    ).toBe(404);
  });
});
