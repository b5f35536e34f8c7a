import { sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { todayIso } from '../../shared/portfolio/schedule';
import { addDays } from '../../shared/servicing/calendar';
import { selectRows } from '../db/rows';
import { fullCompany } from '../test/company-fixtures';
import { PDF_BYTES } from '../test/images';
import { postPdfDocument, storageOf, upload, useCategoryIds } from '../test/document-fixtures';
import { useAuthHeader, useLookupIds, useTestApp, useUser, useAuthHeaderOf } from '../test/harness';
import { loanTerms, post } from '../test/servicing-fixtures';

/*
 * Law 25 on the real app and database (docs/decisions/0075): the person in charge, the incident register, the
 * retention schedule and destruction, access requests and a person's data — every rule, in both languages.
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const today = todayIso();
const t = useTestApp();
const ids = useLookupIds(t);
const categories = useCategoryIds(t);
const adminUser = useUser(t, { firstName: 'Ada', lastName: 'Lovelace', role: 'admin' });
const admin = useAuthHeaderOf(t, adminUser);
const staff = useAuthHeader(t, { firstName: 'Paul', lastName: 'Roy' });

const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object, headers = admin) =>
  t.inject({ method, url, headers, ...(payload ? { payload } : {}) });

const rows = <T = Json>(query: ReturnType<typeof sql>) => selectRows<T>(t.database.db, query);

const incident = (overrides: Json = {}) => ({
  personal_information: 'Noms et adresses de 40 propriétaires',
  circumstances: 'Un courriel envoyé au mauvais destinataire',
  occurred_on: addDays(today, -20),
  occurred_until: null,
  discovered_on: addDays(today, -10),
  people_count: 40,
  serious_harm_risk: false,
  risk_assessment: 'Le destinataire a confirmé la suppression',
  commission_notified_on: null,
  people_notified_on: null,
  measures: 'Rappel de la procédure',
  ...overrides,
});

describe('administrators only', () => {
  it('answers 403, localized, to a staff member on every privacy route but reading the officer', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const routes: [string, string][] = [
      ['PUT', '/api/privacy/officer'],
      ['GET', '/api/privacy/incidents'],
      ['POST', '/api/privacy/incidents'],
      ['GET', '/api/privacy/incidents.csv'],
      ['GET', `/api/privacy/incidents/${id}`],
      ['PATCH', `/api/privacy/incidents/${id}`],
      ['DELETE', `/api/privacy/incidents/${id}`],
      ['GET', '/api/privacy/retention_rules'],
      ['PUT', '/api/privacy/retention_rules'],
      ['GET', '/api/privacy/destruction_due'],
      ['POST', '/api/privacy/destructions'],
      ['GET', '/api/privacy/destructions'],
      ['GET', '/api/privacy/requests'],
      ['POST', '/api/privacy/requests'],
      ['PATCH', `/api/privacy/requests/${id}`],
      ['GET', '/api/privacy/people?q=x'],
      ['GET', `/api/privacy/people/owner/${id}/export`],
    ];
    for (const [method, url] of routes) {
      const res = await t.inject({
        method: method as 'GET',
        url: `${url}${url.includes('?') ? '&' : '?'}locale=fr`,
        headers: staff,
        ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().errors.message).toMatch(/permission|autoris/i);
    }
  });
});

describe('the person in charge', () => {
  it('is public to read, null until named, and named by an administrator', async () => {
    const before = await t.inject({ method: 'GET', url: '/api/privacy/officer' });
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json().data).toMatchObject({ name: null, email: null });

    const bad = await call('PUT', '/api/privacy/officer?locale=en', { name: '', title: 'DG', email: 'nope' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors.detail).sort()).toEqual(['email', 'name']);

    const res = await call('PUT', '/api/privacy/officer', {
      name: 'Hélène Paradis',
      title: 'Directrice générale',
      email: 'Vie.Privee@example.org',
      phone: '418 555-0100',
      user_id: adminUser.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    const read = (await t.inject({ method: 'GET', url: '/api/privacy/officer' })).json().data as Json;
    expect(read).toMatchObject({
      name: 'Hélène Paradis',
      title: 'Directrice générale',
      email: 'vie.privee@example.org',
      phone: '418 555-0100',
      user_id: adminUser.id,
    });
  });
});

describe('the incident register', () => {
  it('refuses an incident without a discovery date, or notified before the discovery, naming the field', async () => {
    const missing = await call('POST', '/api/privacy/incidents?locale=en', incident({ discovered_on: null }));
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.detail.discovered_on[0]).toMatch(/required/i);

    const early = await call(
      'POST',
      '/api/privacy/incidents?locale=fr',
      incident({ commission_notified_on: addDays(today, -11), people_notified_on: addDays(today, -12) }),
    );
    expect(early.statusCode).toBe(422);
    expect(early.json().errors.detail.commission_notified_on[0]).toMatch(/constaté/);
    expect(early.json().errors.detail.people_notified_on[0]).toMatch(/constaté/);
    expect((await rows(sql`SELECT id FROM privacy_incidents`)).length).toBe(0);
  });

  it('records, corrects with every change kept, never deletes, and exports CSV in both languages', async () => {
    const created = await call('POST', '/api/privacy/incidents', incident());
    expect(created.statusCode, created.body).toBe(201);
    const entry = created.json().data as Json;
    expect(entry.number).toMatch(/^I-\d{4}-\d{4}$/);
    expect(entry.recorded_by).toEqual({ id: adminUser.id, name: 'Ada Lovelace' });
    expect(entry.history).toEqual([]);

    const corrected = await call('PATCH', `/api/privacy/incidents/${entry.id}`, {
      commission_notified_on: addDays(today, -5),
      serious_harm_risk: true,
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    const after = corrected.json().data as Json;
    expect(after.serious_harm_risk).toBe(true);
    expect(after.history).toHaveLength(1);
    expect(after.history[0].changes).toEqual([
      { field: 'serious_harm_risk', from: false, to: true },
      { field: 'commission_notified_on', from: null, to: addDays(today, -5) },
    ]);

    const refused = await call('PATCH', `/api/privacy/incidents/${entry.id}?locale=en`, {
      people_notified_on: addDays(today, -30),
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.detail.people_notified_on[0]).toMatch(/discovered/);

    const deleted = await call('DELETE', `/api/privacy/incidents/${entry.id}?locale=fr`);
    expect(deleted.statusCode, deleted.body).toBe(405);
    expect(deleted.headers.allow).toBe('GET, PATCH');
    expect(deleted.json().errors?.message, deleted.body).toMatch(/jamais supprimés/);
    expect((await call('GET', `/api/privacy/incidents/${entry.id}`)).json().data.history).toHaveLength(1);

    const fr = await call('GET', '/api/privacy/incidents.csv?locale=fr');
    expect(fr.statusCode).toBe(200);
    expect(fr.headers['content-type']).toMatch(/text\/csv/);
    const [headerFr, lineFr] = fr.body.replace('\uFEFF', '').split('\r\n');
    expect(headerFr).toContain('Date de prise de connaissance;');
    expect(lineFr).toContain(`${entry.number};Noms et adresses de 40 propriétaires;`);
    expect(lineFr).toContain(';oui;');
    const en = await call('GET', '/api/privacy/incidents.csv?locale=en');
    expect(en.body.split('\r\n')[0]).toContain('Date discovered,');
    expect(en.body.split('\r\n')[1]).toContain(',yes,');

    const unknown = await call('GET', '/api/privacy/incidents/00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
  });
});

describe('the retention schedule', () => {
  it('refuses a period of zero or negative, a category twice or unknown, and writes nothing then', async () => {
    for (const [rule, field] of [
      [{ category_id: null, years: 0, months: 0 }, 'rules.0.years'],
      [{ category_id: null, years: -1, months: 0 }, 'rules.0.years'],
      [{ category_id: null, years: 1, months: -2 }, 'rules.0.months'],
    ] as const) {
      const res = await call('PUT', '/api/privacy/retention_rules?locale=en', { rules: [rule] });
      expect(res.statusCode, JSON.stringify(rule)).toBe(422);
      expect(res.json().errors.detail[field]).toBeDefined();
    }
    const twice = await call('PUT', '/api/privacy/retention_rules?locale=en', {
      rules: [
        { category_id: categories.statements, years: 2, months: 0 },
        { category_id: categories.statements, years: 3, months: 0 },
      ],
    });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors.detail['rules.1.category_id'][0]).toMatch(/already/);
    expect((await call('GET', '/api/privacy/retention_rules')).json().data).toEqual([]);
  });

  it('keeps the schedule, the closed files first, categories named in the reader’s language', async () => {
    const res = await call('PUT', '/api/privacy/retention_rules?locale=en', {
      rules: [
        { category_id: categories.statements, years: 2, months: 6 },
        { category_id: null, years: 7, months: 0 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as Json[];
    expect(data).toEqual([
      { category_id: null, category_name: null, years: 7, months: 0 },
      { category_id: categories.statements, category_name: expect.any(String), years: 2, months: 6 },
    ]);
  });
});

/** A company whose owner has a name found nowhere else, archived `yearsAgo` years ago (its archiving dated back). */
async function closedFile(
  owner: string,
  options: { yearsAgo?: number; loans?: Json[]; keepOpen?: boolean } = {},
): Promise<{ id: string; reference: string; documentKey: string; loans: Json[] }> {
  const res = await call('POST', '/api/companies', {
    ...fullCompany(ids, {
      name: `Atelier ${owner}`,
      email_address: `${owner.split(' ')[0]!.toLowerCase()}@example.org`.normalize('NFD').replace(/[^a-z@.]/g, ''),
      financial_contributions: options.loans ?? [],
    }),
    owners: [
      {
        name: owner,
        phone_number: '514-555-0101',
        shares_percentage: '100',
        address: '1, rue du Quai',
        city: 'Rimouski',
        zip_code: 'G5L 1A1',
      },
    ],
  });
  expect(res.statusCode, res.body).toBe(201);
  const company = res.json().data as Json;
  const key = await upload(t, admin, 'pdf', PDF_BYTES);
  const document = await postPdfDocument(t, admin, company.id, {
    name: `Pièce d’identité de ${owner}`,
    date: '2015-03-01',
    category_id: categories.other,
    file_name: key,
  });
  expect(document.statusCode, document.body).toBe(201);
  const event = await call('POST', `/api/companies/${company.id}/events`, {
    category_slug: 'technicalHelp',
    title: `Appel avec ${owner}`,
    date: '2016-01-10',
    notes: null,
  });
  expect(event.statusCode, event.body).toBe(201);
  if (!options.keepOpen) {
    const archived = await call('DELETE', `/api/companies/${company.id}?confirm_live_loans=true`);
    expect(archived.statusCode, archived.body).toBe(200);
    await t.database.db.execute(
      sql`UPDATE companies SET archived_at = now() - make_interval(years => ${options.yearsAgo ?? 8}) WHERE id = ${company.id}`,
    );
  }
  return {
    id: company.id,
    reference: company.reference_number,
    documentKey: document.json().data.file_name,
    loans: company.financial_contributions,
  };
}

const search = async (q: string) => {
  const res = await call('GET', `/api/search?locale=fr&q=${encodeURIComponent(q)}`);
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data as Json;
  return [...(data.companies ?? []), ...(data.events ?? []), ...(data.documents ?? [])];
};

describe('destruction', () => {
  it('destroys a due file: owners, documents and their files, history gone; money kept; logged with counts only', async () => {
    await call('PUT', '/api/privacy/retention_rules', { rules: [{ category_id: null, years: 7, months: 0 }] });
    // A loan paid out and written off: the money history the funders' reports read.
    const file = await closedFile('Éloïse Bérubé-Quintal', {
      loans: [loanTerms(ids, { authorization_date: '2025-01-15' })],
    });
    const loanUrl = `/api/companies/${file.id}/financial_contributions/${file.loans[0]!.id}`;
    await post(t, admin, `${loanUrl}/disbursements`, { date: '2025-02-01', amount: '1200', method: 'eft' });
    await post(t, admin, `${loanUrl}/write_off`, { date: '2025-03-01', reason: 'Faillite' });
    await t.database.db.execute(
      sql`UPDATE loan_states SET as_of = as_of - interval '8 years' WHERE contribution_id = ${file.loans[0]!.id}`,
    );
    const young = await closedFile('Octave Lachaîne-Sirois', { yearsAgo: 3 });
    // A backup made before the destruction: the list names it afterwards.
    const backup = await call('POST', '/api/backups');
    expect(backup.statusCode, backup.body).toBe(202);
    await t.app.backups.idle();

    const report = async () =>
      (await call('GET', `/api/reports/fund_activity?locale=en&fund_id=${ids.fund}&from=2025-01-01&to=${today}`)).json()
        .data as Json;
    const reportBefore = await report();
    expect(await search('eloise berube')).not.toEqual([]);

    const due = (await call('GET', '/api/privacy/destruction_due?locale=fr')).json().data as Json;
    expect(due.files.map((f: Json) => f.id)).toContain(file.id);
    expect(due.files.map((f: Json) => f.id)).not.toContain(young.id);
    expect(due.files.find((f: Json) => f.id === file.id).blockers).toEqual([]);

    const notDue = await call('POST', '/api/privacy/destructions?locale=en', {
      items: [
        { kind: 'file', id: file.id },
        { kind: 'file', id: young.id },
      ],
    });
    expect(notDue.statusCode).toBe(409);
    expect(notDue.json().errors.message).toMatch(/not due/);
    expect((await rows(sql`SELECT id FROM owners WHERE company_id = ${file.id}`)).length).toBe(1);

    const res = await call('POST', '/api/privacy/destructions?locale=en', { items: [{ kind: 'file', id: file.id }] });
    expect(res.statusCode, res.body).toBe(201);
    const [logged] = res.json().data as Json[];
    expect(logged).toMatchObject({
      kind: 'file',
      reference_number: file.reference,
      destroyed_by: { id: adminUser.id, name: 'Ada Lovelace' },
      counts: { owners: 1, documents: 1, events: expect.any(Number) },
      categories: [expect.any(String)],
    });
    expect(JSON.stringify(logged)).not.toMatch(/Éloïse|Bérubé|Pièce/);

    expect(await search('eloise berube')).toEqual([]);
    expect(await search('Bérubé-Quintal')).toEqual([]);
    expect((await call('GET', '/api/privacy/people?q=berube')).json().data).toEqual([]);
    expect(await rows(sql`SELECT id FROM documents WHERE company_id = ${file.id}`)).toEqual([]);
    expect(await (await storageOf(t)).head(file.documentKey)).toBeUndefined();
    const [company] = await rows(sql`SELECT name, email_address FROM companies WHERE id = ${file.id}`);
    expect(company).toEqual({ name: file.reference, email_address: null });
    expect(await report()).toEqual(reportBefore);

    const after = (await call('GET', '/api/privacy/destruction_due')).json().data as Json;
    expect(after.files.map((f: Json) => f.id)).not.toContain(file.id);
    expect(after.backups).toEqual([expect.objectContaining({ id: backup.json().data.id, destructions_since: 1 })]);
    const again = await call('POST', '/api/privacy/destructions?locale=en', { items: [{ kind: 'file', id: file.id }] });
    expect(again.statusCode).toBe(409);

    const log = (await call('GET', '/api/privacy/destructions?locale=en')).json().data as Json[];
    expect(log[0]).toMatchObject({ id: logged!.id, reference_number: file.reference });
  });

  it('refuses (409, naming the loan) a due file with an active loan, and destroys nothing', async () => {
    await call('PUT', '/api/privacy/retention_rules', { rules: [{ category_id: null, years: 7, months: 0 }] });
    const file = await closedFile('Gédéon Plamondon-Tessier', { loans: [loanTerms(ids)] });
    const loanUrl = `/api/companies/${file.id}/financial_contributions/${file.loans[0]!.id}`;
    await post(t, admin, `${loanUrl}/disbursements`, { date: '2026-01-15', amount: '1200', method: 'eft' });

    const due = (await call('GET', '/api/privacy/destruction_due?locale=en')).json().data as Json;
    const listed = due.files.find((f: Json) => f.id === file.id);
    expect(listed.blockers).toEqual([
      { code: 'active_loan', message: `Loan ${file.loans[0]!.loan_number} is still active.` },
    ]);
    const res = await call('POST', '/api/privacy/destructions?locale=fr', { items: [{ kind: 'file', id: file.id }] });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors.code).toBe('active_loan');
    expect(res.json().errors.message).toContain(file.loans[0]!.loan_number);
    expect((await rows(sql`SELECT id FROM owners WHERE company_id = ${file.id}`)).length).toBe(1);
    expect((await rows(sql`SELECT id FROM privacy_destructions WHERE company_id = ${file.id}`)).length).toBe(0);
  });

  it('refuses a file still open (not archived), and destroys a document past its category’s period alone', async () => {
    const open = await closedFile('Philomène Vachon-Ouellet', { keepOpen: true });
    const res = await call('POST', '/api/privacy/destructions?locale=en', { items: [{ kind: 'file', id: open.id }] });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors.code).toBe('not_due');

    await call('PUT', '/api/privacy/retention_rules', {
      rules: [{ category_id: categories.other, years: 5, months: 0 }],
    });
    const due = (await call('GET', '/api/privacy/destruction_due?locale=en')).json().data as Json;
    const document = due.documents.find((d: Json) => d.company.id === open.id);
    expect(document).toMatchObject({ kind: 'document', date: '2015-03-01', due_on: '2020-03-01' });
    const destroyed = await call('POST', '/api/privacy/destructions', {
      items: [{ kind: 'document', id: document.id }],
    });
    expect(destroyed.statusCode, destroyed.body).toBe(201);
    expect(destroyed.json().data[0]).toMatchObject({ kind: 'document', counts: { documents: 1 } });
    expect(await rows(sql`SELECT id FROM documents WHERE company_id = ${open.id}`)).toEqual([]);
    expect((await rows(sql`SELECT id FROM owners WHERE company_id = ${open.id}`)).length).toBe(1);
    expect(await (await storageOf(t)).head(open.documentKey)).toBeUndefined();

    const bad = await call('POST', '/api/privacy/destructions?locale=en', { items: [{ kind: 'shelf', id: 'x' }] });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.detail['items.0.kind']).toBeDefined();
  });
});

describe('guarantees and contacts in a destruction', () => {
  it('refuses while a guarantee is registered; once released, erases guarantors and contacts', async () => {
    await call('PUT', '/api/privacy/retention_rules', { rules: [{ category_id: null, years: 7, months: 0 }] });
    const file = await closedFile('Anatole Duchesne-Grenier', { loans: [loanTerms(ids)] });
    const loanUrl = `/api/companies/${file.id}/financial_contributions/${file.loans[0]!.id}`;
    const year = today.slice(0, 4);
    const guarantee = (
      await post(t, admin, `${loanUrl}/guarantees`, {
        kind: 'personal_guarantee',
        guarantor_name: 'Clémentine Fortier-Lajoie',
        guarantor_address: '12, rue des Érables, Rimouski',
        amount: '5000',
      })
    ).data as Json;
    const hypothec = (
      await post(t, admin, `${loanUrl}/guarantees`, {
        kind: 'movable_hypothec',
        amount: '600',
        property: 'Four à pain',
        registry: 'rdprm',
      })
    ).data as Json;
    const url = `${loanUrl}/guarantees/${hypothec.id}`;
    const signed = await call('PATCH', url, { state: 'signed', signed_on: `${year}-01-10`, lock_version: 0 });
    expect(signed.statusCode, signed.body).toBe(200);
    const registered = await call('PATCH', url, {
      state: 'registered',
      registration_number: `${year.slice(2)}-0999111-0001`,
      registered_on: `${year}-01-12`,
      lock_version: 1,
    });
    expect(registered.statusCode, registered.body).toBe(200);
    const contact = await call('POST', `/api/companies/${file.id}/contacts`, {
      name: 'Rosalie Thibodeau',
      email: 'rosalie@example.org',
      locale: 'fr',
      roles: ['finance'],
    });
    expect(contact.statusCode, contact.body).toBe(201);

    // Guarantors and contacts are people of their own, accents aside.
    const people = (await call('GET', '/api/privacy/people?q=clementine fortier')).json().data as Json[];
    expect(people).toEqual([expect.objectContaining({ kind: 'guarantor', name: 'Clémentine Fortier-Lajoie' })]);
    const contacts = (await call('GET', '/api/privacy/people?q=rosalie thibodeau')).json().data as Json[];
    expect(contacts).toEqual([expect.objectContaining({ kind: 'contact', name: 'Rosalie Thibodeau' })]);

    // A registered guarantee blocks: its mainlevée comes first.
    const refused = await call('POST', '/api/privacy/destructions?locale=fr', {
      items: [{ kind: 'file', id: file.id }],
    });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().errors.code).toBe('guarantee_registered');
    expect(refused.json().errors.message).toContain(`${year.slice(2)}-0999111-0001`);

    const released = await call('POST', `${url}/release`, { released_on: today, reason: 'Prêt remboursé' });
    expect(released.statusCode, released.body).toBe(200);
    const done = await call('POST', '/api/privacy/destructions', { items: [{ kind: 'file', id: file.id }] });
    expect(done.statusCode, done.body).toBe(201);
    expect(done.json().data[0].counts).toMatchObject({ guarantors: 1, contacts: 1 });
    expect(
      await rows(sql`SELECT guarantor_name, guarantor_address FROM guarantees WHERE id = ${guarantee.id}`),
    ).toEqual([{ guarantor_name: null, guarantor_address: null }]);
    expect(await rows(sql`SELECT id FROM company_contacts WHERE company_id = ${file.id}`)).toEqual([]);
    expect((await call('GET', '/api/privacy/people?q=clementine fortier')).json().data).toEqual([]);
  });
});

describe('access and rectification requests', () => {
  it('is due 30 days after receipt, a task for the person in charge, closed once answered', async () => {
    const future = await call('POST', '/api/privacy/requests?locale=en', {
      requester_name: 'Rosalie Côté',
      kind: 'access',
      details: 'Tout ce que vous détenez sur moi',
      received_on: addDays(today, 3),
    });
    expect(future.statusCode).toBe(422);
    expect(future.json().errors.detail.received_on).toBeDefined();

    const res = await call('POST', '/api/privacy/requests', {
      requester_name: 'Rosalie Côté',
      kind: 'access',
      details: 'Tout ce que vous détenez sur moi',
      received_on: addDays(today, -2),
    });
    expect(res.statusCode, res.body).toBe(201);
    const request = res.json().data as Json;
    expect(request).toMatchObject({ state: 'open', due_on: addDays(today, 28), answer: null });

    const tasks = async () =>
      (await call('GET', '/api/tasks?locale=fr&page[size]=50'))
        .json()
        .data.filter((task: Json) => task.kind === 'privacy_request') as Json[];
    expect(await tasks()).toEqual([
      expect.objectContaining({
        due_on: addDays(today, 28),
        title: 'Répondre à la demande de Rosalie Côté (renseignements personnels)',
        assignee: { id: adminUser.id, name: 'Ada Lovelace' },
      }),
    ]);

    const noAnswer = await call('PATCH', `/api/privacy/requests/${request.id}?locale=en`, { state: 'answered' });
    expect(noAnswer.statusCode).toBe(422);
    expect(noAnswer.json().errors.detail.answer[0]).toMatch(/answer/);

    const answered = await call('PATCH', `/api/privacy/requests/${request.id}`, {
      state: 'answered',
      answer: 'Envoyé par courriel',
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json().data).toMatchObject({ state: 'answered', answered_on: today });
    expect(await tasks()).toEqual([]);
    const [task] = await rows(sql`SELECT status FROM tasks WHERE kind = 'privacy_request'`);
    expect(task).toEqual({ status: 'resolved' });

    expect((await call('GET', '/api/privacy/requests')).json().data[0]).toMatchObject({ id: request.id });
    const unknown = await call('PATCH', '/api/privacy/requests/00000000-0000-4000-8000-000000000000', {
      state: 'open',
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('a person’s data', () => {
  it('finds the person accents aside and exports every field, the history naming them and the documents', async () => {
    const file = await closedFile('Zéphirin Létourneau', { keepOpen: true });
    const found = await call('GET', '/api/privacy/people?q=zephirin LETOURNEAU');
    expect(found.statusCode, found.body).toBe(200);
    const [person] = found.json().data as Json[];
    expect(person).toMatchObject({ kind: 'owner', name: 'Zéphirin Létourneau', company: { id: file.id } });

    const res = await t.inject({
      method: 'GET',
      url: `/api/privacy/people/owner/${person!.id}/export?locale=fr`,
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toContain('owner-zephirin-letourneau.zip');
    const files = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(files).sort()).toEqual(['documents.csv', 'fields.csv', 'history.csv', 'person.json']);
    const json = JSON.parse(strFromU8(files['person.json']!)) as Json;
    expect(json.fields).toMatchObject({ name: 'Zéphirin Létourneau', city: 'Rimouski', zip_code: 'G5L 1A1' });
    expect(json.history).toContainEqual(expect.objectContaining({ title: 'Appel avec Zéphirin Létourneau' }));
    expect(json.documents).toEqual([expect.objectContaining({ name: 'Pièce d’identité de Zéphirin Létourneau' })]);
    expect(strFromU8(files['fields.csv']!)).toContain('city;Rimouski');
    expect(strFromU8(files['history.csv']!)).toContain('Appel avec Zéphirin Létourneau');

    for (const url of [
      '/api/privacy/people/owner/00000000-0000-4000-8000-000000000000/export',
      `/api/privacy/people/planet/${person!.id}/export`,
      '/api/privacy/people/owner/not-an-id/export',
    ]) {
      const missing = await call('GET', `${url}?locale=en`);
      expect(missing.statusCode, url).toBe(404);
    }
  });
});
