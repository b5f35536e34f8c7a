import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { count, eq, is } from 'drizzle-orm';
import { useAuthHeader, useLookupIds, useTestApp } from '../test/harness';
import { PgTable } from 'drizzle-orm/pg-core';
import * as companyTables from '../db/schema/companies';
import { owners } from '../db/schema';
import { events } from '../db/schema/events';
import { snakeKeys } from '../../shared/case';
import { companySchema } from '../../shared/schemas/company';
import { COMPANY_BODY_LIMIT_BYTES, largestCompany } from '../../shared/schemas/company-size';
import { asForm, fullCompany } from '../test/company-fixtures';

const t = useTestApp();
const ids = useLookupIds(t);
const auth = useAuthHeader(t);

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const create = (body: unknown, locale = 'en') =>
  t.inject({ method: 'POST', url: `/api/companies?locale=${locale}`, headers: auth, payload: body as object });
const patch = (id: string, body: unknown, locale = 'en') =>
  t.inject({ method: 'PATCH', url: `/api/companies/${id}?locale=${locale}`, headers: auth, payload: body as object });
const show = (id: string) => t.inject({ method: 'GET', url: `/api/companies/${id}`, headers: auth });

/** Row counts of every company table (each table of its schema file): "nothing written" is these not changing. */
async function rowCounts(): Promise<Record<string, number>> {
  const db = t.database.db;
  const out: Record<string, number> = {};
  for (const [name, table] of Object.entries(companyTables)) {
    if (!is(table, PgTable)) continue;
    const [row] = await db.select({ n: count() }).from(table);
    out[name] = row!.n;
  }
  // companies, their addresses, owners, presentations, statements, contributions and blocks, at least.
  expect(Object.keys(out).length).toBeGreaterThanOrEqual(7);
  return out;
}

async function created(overrides: Record<string, unknown> = {}): Promise<Json> {
  const res = await create(fullCompany(ids, overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Json;
}

describe('POST /api/companies and GET /api/companies/:id', () => {
  it('creates the whole graph in one go and reads it back the same', async () => {
    const res = await create(fullCompany(ids));
    expect(res.statusCode).toBe(201);
    const company = res.json().data as Json;
    expect(company).toMatchObject({
      name: 'Fromagerie du Vieux-Port',
      website: 'https://fromagerie.example',
      email_address: 'info@fromagerie.example',
      employee_count: 12,
      phone_number: '5145550199',
      risk_rating: 'B',
      end_of_financial_year: '31/03',
      legal_form_id: ids.legalForm,
      status_id: ids.status,
      activity_area_id: ids.activityArea,
      overseeing_user_id: null,
      avatar_file_name: null,
      avatar_url: null,
      archived_at: null,
      lock_version: 0,
      address: { address: '350, rue Saint-Paul Est', zip_code: 'H2Y 1H2', municipality_id: ids.montreal },
      presentation: { highlights: 'Fromages fins affinés sur place', market: 'Épiceries fines' },
    });
    expect(company.reference_number).toMatch(/^C-\d{4}-\d{6}$/);
    expect(company.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(company.owners.map((o: Json) => [o.name, o.phone_number, o.shares_percentage, o.zip_code])).toEqual([
      ['Marie Tremblay', '5145550101', 60, 'H2X 1Y4'],
      ['Jean Gagnon', null, 40, null],
    ]);
    expect(company.financial_statements).toHaveLength(2);
    expect(company.financial_statements[0]).toMatchObject({
      year: 2024,
      sales: 1250000.5,
      gross_profit: 400000,
      net_profit: -12500.75,
      funds_generated: 80000,
      debt_service: 20000,
    });
    expect(company.financial_statements[1]).toMatchObject({ year: 2025, sales: 1400000, gross_profit: null });
    expect(company.financial_contributions[0]).toMatchObject({
      contribution_fund_id: ids.fund,
      amount: 50000,
      rate: 5.5,
      amortization: 60,
      moratorium: 6,
      refund: 955.12,
      warranty_id: ids.warranty,
      authorization_date: '2025-01-15',
      followup_date: '2025-07-15',
      expected_end_date: '2030-01-15',
      project_name: 'Nouvelle cave d’affinage',
      project_cost: 250000,
    });
    expect(company.blocks.map((b: Json) => [b.block_type, b.content])).toEqual([
      ['notes', 'Première rencontre en janvier.'],
      ['defaultOfPayment', 'Aucun défaut.'],
    ]);
    for (const part of [...company.owners, ...company.financial_statements, ...company.blocks]) {
      expect(part.id).toMatch(/^[0-9a-f-]{36}$/);
    }
    // No internal columns on the wire.
    expect(company).not.toHaveProperty('search_text');
    expect(company.owners[0]).not.toHaveProperty('company_id');
    expect(company.financial_statements[0]).not.toHaveProperty('seq');

    const read = await show(company.id);
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toEqual(company);
  });

  it('gives each company its own readable, increasing reference number, and ignores one sent by the client', async () => {
    const a = await created({ name: 'A', reference_number: 'C-1999-000001' });
    const b = await created({ name: 'B' });
    expect(a.reference_number).not.toBe('C-1999-000001');
    const n = (ref: string) => Number(ref.slice(-6));
    expect(n(b.reference_number)).toBeGreaterThan(n(a.reference_number));
    expect(a.reference_number.slice(2, 6)).toBe(String(new Date().getFullYear()));
  });

  it('accepts a minimal company: no optional part at all', async () => {
    const res = await create({
      name: 'Minimal',
      legal_form_id: ids.legalForm,
      status_id: ids.status,
      activity_area_id: ids.activityArea,
      address: { address: '1, rue Principale', zip_code: 'G6V 4J8', municipality_id: ids.levis },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      owners: [],
      presentation: null,
      financial_statements: [],
      financial_contributions: [],
      blocks: [],
    });
  });

  it('answers 422 with snake_case nested paths and English messages, and writes nothing', async () => {
    const before = await rowCounts();
    const body = fullCompany(ids, {
      name: '',
      end_of_financial_year: '32/13',
      address: { address: '', zip_code: '12345', municipality_id: ids.montreal },
      owners: [
        { name: 'Ok', phone_number: '514-555-0101' },
        { name: '', phone_number: '555-12', zip_code: 'nope', shares_percentage: 'abc' },
      ],
      financial_statements: [{ year: '24', sales: '12.345', funds_generated: 'x' }],
      financial_contributions: [{ contribution_fund_id: '', amount: 'abc', authorization_date: '2025-02-30' }],
    });
    const res = await create(body);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      code: 'validation_failed',
      message: 'Some fields are invalid.',
      detail: {
        name: ['Field is required'],
        end_of_financial_year: ['Must be a valid DD/MM format'],
        'address.address': ['Field is required'],
        'address.zip_code': ['Must be a valid zip code (i.e. A1A 1A1)'],
        'owners.1.name': ['Field is required'],
        'owners.1.phone_number': ['Must be a phone number with 10 digits'],
        'owners.1.shares_percentage': ['Must be a number'],
        'owners.1.zip_code': ['Must be a valid zip code (i.e. A1A 1A1)'],
        'financial_statements.0.year': ['Must be a year'],
        'financial_statements.0.sales': ['Must be a valid money number (with or without cents separated by a dot)'],
        'financial_statements.0.funds_generated': [
          'Must be a valid money number (with or without cents separated by a dot)',
        ],
        'financial_contributions.0.contribution_fund_id': ['Field is required'],
        'financial_contributions.0.amount': ['Must be a valid money number (with or without cents separated by a dot)'],
        'financial_contributions.0.authorization_date': ['Must be a valid date'],
      },
    });
    const fr = await create(body, 'fr');
    expect(fr.json().errors.detail['address.zip_code']).toEqual(['Doit être un code postal valide (p. ex. A1A 1A1)']);
    expect(await rowCounts()).toEqual(before);
  });

  it('answers 422 on the field for lookups that do not exist and an overseeing user who is not active', async () => {
    const before = await rowCounts();
    const invited = await t.createUser({ confirmedAt: null });
    const disabled = await t.createUser({ disabledAt: new Date() });
    const unknown = randomUUID();
    const res = await create(
      fullCompany(ids, {
        legal_form_id: unknown,
        status_id: unknown,
        activity_area_id: unknown,
        overseeing_user_id: invited.id,
        address: { address: '1 rue', zip_code: 'H2X 1Y4', municipality_id: unknown },
        financial_contributions: [
          { contribution_fund_id: ids.fund },
          { contribution_fund_id: unknown, warranty_id: unknown },
        ],
      }),
    );
    expect(res.statusCode).toBe(422);
    const gone = ['This choice does not exist (anymore)'];
    expect(res.json().errors.detail).toEqual({
      legal_form_id: gone,
      status_id: gone,
      activity_area_id: gone,
      'address.municipality_id': gone,
      overseeing_user_id: ['Must be an active user'],
      'financial_contributions.1.contribution_fund_id': gone,
      'financial_contributions.1.warranty_id': gone,
    });
    for (const user of [disabled.id, unknown]) {
      const again = await create(fullCompany(ids, { overseeing_user_id: user }));
      expect(again.json().errors.detail).toEqual({ overseeing_user_id: ['Must be an active user'] });
    }
    expect(await rowCounts()).toEqual(before);

    const active = await t.createUser();
    const ok = await create(fullCompany(ids, { overseeing_user_id: active.id }));
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data.overseeing_user_id).toBe(active.id);
  });

  it('answers 400 for a body that is not an object, 401 without a session', async () => {
    expect((await t.inject({ method: 'POST', url: '/api/companies', headers: auth, payload: [1] })).statusCode).toBe(
      400,
    );
    const anonymous = await t.inject({ method: 'POST', url: '/api/companies', payload: fullCompany(ids) });
    expect(anonymous.statusCode).toBe(401);
    expect((await t.inject({ method: 'GET', url: '/api/companies' })).statusCode).toBe(401);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of [randomUUID(), 'not-a-uuid', '1']) {
      expect((await show(id)).statusCode).toBe(404);
      expect((await patch(id, { ...fullCompany(ids), lock_version: 0 })).statusCode).toBe(404);
      expect((await t.inject({ method: 'DELETE', url: `/api/companies/${id}`, headers: auth })).statusCode).toBe(404);
      const restore = await t.inject({ method: 'POST', url: `/api/companies/${id}/restore`, headers: auth });
      expect(restore.statusCode).toBe(404);
    }
  });
});

describe('PATCH /api/companies/:id', () => {
  it('saves the whole graph and keeps the ids of the parts it keeps', async () => {
    const company = await created();
    const form = asForm(company);
    const [marie, jean] = company.owners as Json[];
    const [notes, defaults] = company.blocks as Json[];
    const [first, second] = company.financial_statements as Json[];
    const contribution = company.financial_contributions[0] as Json;

    form.name = 'Fromagerie du Vieux-Port inc.';
    form.address = { ...form.address, municipality_id: ids.levis, zip_code: 'G6V 4J8' };
    form.owners = [
      { ...marie, name: 'Marie Tremblay-Roy' },
      { name: 'Nouvel associé', shares_percentage: '10' },
    ];
    form.presentation = null;
    form.financial_statements = [
      { ...second, sales: '1500000' },
      { year: '2026', sales: '10' },
    ];
    form.financial_contributions = [{ ...contribution, amount: '60000,25' }];
    form.blocks = [{ ...defaults, content: 'Retard en mars.' }, notes]; // moved up

    const res = await patch(company.id, form);
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json().data as Json;
    expect(saved.lock_version).toBe(1);
    expect(saved.reference_number).toBe(company.reference_number);
    expect(saved.name).toBe('Fromagerie du Vieux-Port inc.');
    expect(saved.address).toEqual({ ...company.address, municipality_id: ids.levis, zip_code: 'G6V 4J8' });

    expect(saved.owners.map((o: Json) => o.name)).toEqual(['Marie Tremblay-Roy', 'Nouvel associé']);
    expect(saved.owners[0].id).toBe(marie!.id);
    expect([marie!.id, jean!.id]).not.toContain(saved.owners[1].id);

    expect(saved.presentation).toBeNull();

    // Insertion order: the kept statement (inserted first) stays before the new one.
    expect(saved.financial_statements.map((s: Json) => [s.id, s.year, s.sales])).toEqual([
      [second!.id, 2025, 1500000],
      [expect.any(String), 2026, 10],
    ]);
    expect(saved.financial_statements[0].inserted_at).toBe(second!.inserted_at);
    expect(saved.financial_statements.map((s: Json) => s.id)).not.toContain(first!.id);

    expect(saved.financial_contributions).toEqual([{ ...contribution, amount: 60000.25 }]);
    expect(saved.blocks).toEqual([{ ...defaults, content: 'Retard en mars.' }, notes]);

    expect((await show(company.id)).json().data).toEqual(saved);
  });

  it('empties the parts a save does not send', async () => {
    const company = await created();
    const res = await patch(company.id, {
      ...asForm(company),
      owners: [],
      financial_statements: [],
      financial_contributions: [],
      blocks: [],
      presentation: null,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      owners: [],
      financial_statements: [],
      financial_contributions: [],
      blocks: [],
      presentation: null,
    });
  });

  it('answers 409 on a stale version, in the user language, and writes nothing', async () => {
    const company = await created();
    const first = await patch(company.id, { ...asForm(company), name: 'First save' });
    expect(first.statusCode).toBe(200);
    const before = await rowCounts();
    const stale = await patch(company.id, { ...asForm(company), name: 'Second save', owners: [] }, 'fr');
    expect(stale.statusCode).toBe(409);
    expect(stale.json().errors).toEqual({
      code: 'stale_record',
      message:
        'Quelqu’un d’autre a modifié cette fiche depuis que vous l’avez ouverte. Rechargez-la pour voir ses changements.',
    });
    expect(await rowCounts()).toEqual(before);
    const now = (await show(company.id)).json().data as Json;
    expect(now.name).toBe('First save');
    expect(now.owners).toHaveLength(2);
  });

  it('lets exactly one of two concurrent saves of the same version win', async () => {
    const company = await created();
    const results = await Promise.all([
      patch(company.id, { ...asForm(company), name: 'One' }),
      patch(company.id, { ...asForm(company), name: 'Two' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('needs the lock version', async () => {
    const company = await created();
    const { lock_version: _v, ...form } = asForm(company);
    const res = await patch(company.id, form);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.detail).toEqual({ lock_version: ['Field is required'] });
  });

  it('refuses part ids of another company (422 on the part), and writes nothing', async () => {
    const mine = await created({ name: 'Mine' });
    const theirs = await created({ name: 'Theirs' });
    const before = await rowCounts();
    const form = asForm(mine);
    form.owners = [mine.owners[0], { ...theirs.owners[0], name: 'Stolen' }];
    form.blocks = [mine.blocks[0], mine.blocks[0]];
    const res = await patch(mine.id, form);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.detail).toEqual({
      'owners.1.id': ['This choice does not exist (anymore)'],
      'blocks.1.id': ['Invalid value'],
    });
    expect(await rowCounts()).toEqual(before);
    expect((await show(theirs.id)).json().data.owners[0].name).toBe('Marie Tremblay');
  });

  it('answers 422 for bad input on update too, keeping the record as it was', async () => {
    const company = await created();
    const before = await rowCounts();
    const res = await patch(company.id, { ...asForm(company), owners: [{ name: 'X', phone_number: 'abcdefghij' }] });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.detail).toEqual({ 'owners.0.phone_number': ['Must be a number'] });
    expect(await rowCounts()).toEqual(before);
    expect((await show(company.id)).json().data).toEqual(company);
  });
});

// ADR 0016: the 1 MiB body limit refused companies the rules allow. The largest valid company, in the
// form's own spelling (JSON.stringify, here with a 3-byte character everywhere), saves, and so does its edit.
describe('the largest valid company', () => {
  it('saves (no 413 from a valid form), and the limit follows from the schema', async () => {
    const largest = largestCompany('€', { lookup: ids.legalForm, fund: ids.fund, municipality: ids.montreal });
    largest.statusId = ids.status;
    largest.activityAreaId = ids.activityArea;
    for (const contribution of largest.financialContributions) contribution.warrantyId = ids.warranty;
    expect(companySchema.safeParse(largest).success).toBe(true);
    const body = JSON.stringify(snakeKeys(largest));
    expect(Buffer.byteLength(body)).toBeGreaterThan(6 * 1024 * 1024);
    expect(Buffer.byteLength(body)).toBeLessThanOrEqual(COMPANY_BODY_LIMIT_BYTES);

    const send = (method: 'POST' | 'PATCH', url: string, payload: string) =>
      t.inject({ method, url, headers: { ...auth, 'content-type': 'application/json' }, payload });
    const res = await send('POST', '/api/companies?locale=en', body);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(201);
    const saved = res.json().data as Json;
    expect(saved.blocks).toHaveLength(100);
    expect(saved.blocks[99].content).toBe('€'.repeat(20_000));

    const edit = await send('PATCH', `/api/companies/${saved.id}?locale=en`, JSON.stringify(asForm(saved)));
    expect(edit.statusCode, edit.body.slice(0, 300)).toBe(200);

    // Beyond any valid company, the limit still answers 413 in the envelope.
    const tooLarge = await send(
      'POST',
      '/api/companies?locale=en',
      `{"name":"${'x'.repeat(COMPANY_BODY_LIMIT_BYTES)}"}`,
    );
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().errors.code).toBe('payload_too_large');
  }, 120_000);
});

describe('wrong values, single-line fields and the website', () => {
  const bad = () =>
    fullCompany(ids, {
      name: 'Deux\nlignes',
      website: 'javascript:alert(1)',
      address: { address: '350, rue\tSaint-Paul', zip_code: 12345, municipality_id: ids.montreal },
      blocks: [{ block_type: 'evil', content: 'Notes\nsur deux lignes' }],
    });

  it('says what is wrong with each field, in both languages, and writes nothing', async () => {
    const before = await rowCounts();
    const en = await create(bad());
    expect(en.statusCode).toBe(422);
    expect(en.json().errors.detail).toEqual({
      name: ['Must fit on one line, without line breaks or control characters'],
      website: ['Must be a web address starting with http:// or https://'],
      'address.address': ['Must fit on one line, without line breaks or control characters'],
      'address.zip_code': ['Must be text'],
      'blocks.0.block_type': ['Not a valid choice'],
    });
    const fr = await create(bad(), 'fr');
    expect(fr.statusCode).toBe(422);
    expect(fr.json().errors.detail).toEqual({
      name: ['Doit tenir sur une seule ligne, sans saut de ligne ni caractère de contrôle'],
      website: ['Doit être une adresse Web commençant par http:// ou https://'],
      'address.address': ['Doit tenir sur une seule ligne, sans saut de ligne ni caractère de contrôle'],
      'address.zip_code': ['Doit être du texte'],
      'blocks.0.block_type': ['Choix non valide'],
    });
    expect(await rowCounts()).toEqual(before);
  });

  it('refuses a bidirectional override in a name or an owner’s name like a control character, and writes nothing', async () => {
    const before = await rowCounts();
    const res = await create(
      fullCompany(ids, { name: 'Facture_\u202Efdp.exe', owners: [{ name: 'Jean \u2066Tremblay\u2069' }] }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.detail).toEqual({
      name: ['Must fit on one line, without line breaks or control characters'],
      'owners.0.name': ['Must fit on one line, without line breaks or control characters'],
    });
    expect(await rowCounts()).toEqual(before);
  });

  it('takes phone numbers as people write them and keeps their ten digits; docs/SPEC.md §5 words for numbers (third audit, finding 11)', async () => {
    const res = await create(
      fullCompany(ids, {
        phone_number: '(418) 555.0199',
        owners: [{ name: 'Jeanne Roy', phone_number: '(418) 555.0123' }],
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const saved = res.json().data;
    expect(saved.phone_number).toBe('4185550199');
    expect(saved.owners[0].phone_number).toBe('4185550123');
    const [row] = await t.database.db
      .select({ phone: owners.phoneNumber })
      .from(owners)
      .where(eq(owners.companyId, saved.id));
    expect(row?.phone).toBe('4185550123');

    const refused = await create(
      fullCompany(ids, {
        employee_count: '2.5',
        owners: [{ name: 'Jeanne Roy', phone_number: '(418) 555.019' }],
        financial_contributions: [{ contribution_fund_id: ids.fund, amortization: '12.5' }],
      }),
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.detail).toEqual({
      employee_count: ['Must be a number'],
      'owners.0.phone_number': ['Must be a phone number with 10 digits'],
      'financial_contributions.0.amortization': ['Must be a number'],
    });
  });

  it('keeps "required" for what is absent or blank', async () => {
    const res = await create(
      fullCompany(ids, { name: '  ', address: { zip_code: null, municipality_id: ids.montreal } }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.detail).toEqual({
      name: ['Field is required'],
      'address.address': ['Field is required'],
      'address.zip_code': ['Field is required'],
    });
  });
});

describe('DELETE /api/companies/:id and POST /api/companies/:id/restore', () => {
  it('archives, then restores', async () => {
    const company = await created({ name: 'Archivable' });
    const archived = await t.inject({ method: 'DELETE', url: `/api/companies/${company.id}`, headers: auth });
    expect(archived.statusCode).toBe(200);
    const archivedAt = archived.json().data.archived_at as string;
    expect(new Date(archivedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(archived.json().data.lock_version).toBe(1);

    const restored = await t.inject({ method: 'POST', url: `/api/companies/${company.id}/restore`, headers: auth });
    expect(restored.statusCode).toBe(200);
    expect(restored.json().data).toMatchObject({ archived_at: null, lock_version: 2 });
    // The parts survive archiving.
    expect(restored.json().data.owners).toHaveLength(2);
  });

  // Archiving twice or restoring an active company bumped lock_version, so a form left open
  // elsewhere got a false conflict. Refused with 422, and nothing changes: no version, no history entry.
  it.each([
    ['fr', 'DELETE', '', 'already_archived', 'Cette entreprise est déjà archivée.'],
    ['en', 'DELETE', '', 'already_archived', 'This company is already archived.'],
    ['fr', 'POST', '/restore', 'not_archived', 'Cette entreprise n’est pas archivée, il n’y a rien à restaurer.'],
    ['en', 'POST', '/restore', 'not_archived', 'This company is not archived, there is nothing to restore.'],
  ] as const)(
    'refuses a meaningless %s %s%s with 422 and changes nothing',
    async (locale, method, suffix, code, message) => {
      const company = await created({ name: `Refused ${method}${suffix} ${locale}` });
      const url = `/api/companies/${company.id}`;
      if (method === 'DELETE') {
        expect((await t.inject({ method: 'DELETE', url, headers: auth })).statusCode).toBe(200);
      }
      const before = (await show(company.id)).json().data as Json;
      const history = async () =>
        (await t.database.db.select({ n: count() }).from(events).where(eq(events.companyId, company.id)))[0]!.n;
      const eventsBefore = await history();

      const res = await t.inject({ method, url: `${url}${suffix}?locale=${locale}`, headers: auth });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ errors: { code, message } });
      expect((await show(company.id)).json().data).toEqual(before);
      expect(await history()).toBe(eventsBefore);
    },
  );
});
