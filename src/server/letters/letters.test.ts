import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../shared/servicing/calendar';
import { todayIso } from '../../shared/portfolio/schedule';
import { MAX_INFLATED_BYTES } from './docx';
import { selectRows } from '../db/rows';
import { useAuthHeaderOf, useLookupIds, useTestApp, useUser } from '../test/harness';
import { createCompany, storageOf } from '../test/document-fixtures';
import { committeeOfOne, decideRequest, moveRequest } from '../test/pipeline-fixtures';
import { docx, docxText, multipart, zipBomb } from '../test/docx-fixtures';
import { generateTasks } from '../tasks/generators';

/*
 * Letters from the body's own Word models on the real app and database (ADR 0074): models checked on upload (bad
 * fields, files that are not Word, zip bombs, the size limit), letters generated from a decision in the model's
 * language, read back from the stored file, versioned, marked sent then signed, and the unsigned offer's task.
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Auth = { authorization: string };

const t = useTestApp();
const ids = useLookupIds(t);
const adminRow = useUser(t, { role: 'admin', firstName: 'Ada', lastName: 'Admin' });
const admin = useAuthHeaderOf(t, adminRow);
const staffRow = useUser(t, { firstName: 'Lise', lastName: 'Caron' });
const staff = useAuthHeaderOf(t, staffRow);
let companyId = '';
let committee: Json;

const OFFER = [
  'Le {today}',
  '{company_name}, {company_address}',
  'Projet : {project_name}. Résolution {resolution_number} du {decision_date}.',
  '{#funds}{fund_name} : {amount}{/funds}',
  'Total : {total_amount} au taux de {rate}, amortissement {amortization_months} mois, moratoire {moratorium_months} mois.',
  '{#conditions}Condition : {text}{/conditions}',
  '{#owners}Propriétaire : {name}{/owners}',
  '{#guarantees}{kind}{/guarantees}',
];

async function uploadModel(
  auth: Auth,
  fields: Record<string, string>,
  file: { name: string; bytes: Buffer } | null,
  locale = 'en',
) {
  const form = multipart(fields, file);
  return t.inject({
    method: 'POST',
    url: `/api/letter_templates?locale=${locale}`,
    headers: { ...auth, ...form.headers },
    payload: form.payload,
  });
}

async function model(language: 'fr' | 'en', lines = OFFER, kind = 'offer_letter'): Promise<Json> {
  const res = await uploadModel(
    admin,
    { kind, name: `Offre ${language}`, language },
    { name: 'offre.docx', bytes: docx(lines) },
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

async function approvedRequest(): Promise<Json> {
  let request = (
    await t.inject({
      method: 'POST',
      url: '/api/funding_requests?locale=en',
      headers: admin,
      payload: {
        company_id: companyId,
        project_name: `Agrandissement ${randomUUID().slice(0, 4)}`,
        project_cost: '200000',
        amounts: [{ fund_id: ids.fund, amount: '50000' }],
        sources: [],
      },
    })
  ).json().data;
  for (const to of ['submitted', 'in_analysis', 'ready_for_committee'])
    request = await moveRequest(t, admin, request, to);
  await decideRequest(t, admin, committee, request.id, addDays(todayIso(), -1), {
    outcome: 'approved_with_conditions',
    amounts: [{ fund_id: ids.fund, amount: '50000' }],
    rate: '5.25',
    amortization: '60',
    moratorium: '6',
    conditions: [{ text: 'Mise de fonds de 10 %', kind: 'before_disbursement' }],
  });
  return request;
}

const generate = (payload: Json, auth: Auth = staff, locale = 'en') =>
  t.inject({ method: 'POST', url: `/api/companies/${companyId}/letters?locale=${locale}`, headers: auth, payload });

async function fileOf(letter: Json): Promise<Buffer> {
  const [row] = await selectRows<{ file_name: string }>(
    t.database.db,
    sql`SELECT file_name FROM documents WHERE id = ${letter.document_id}`,
  );
  return (await storageOf(t)).readStart(row!.file_name, 10 * 1024 * 1024);
}

const countOf = async (query: ReturnType<typeof sql>) => (await selectRows<{ n: number }>(t.database.db, query))[0]!.n;

beforeAll(async () => {
  companyId = await createCompany(t, admin, 'Boulangerie Laval');
  committee = await committeeOfOne(t, admin, adminRow.id, 'Comité des lettres');
});

describe('letter models', () => {
  it('keeps a model with the fields it names, lists it with every field a model may use, and serves its file', async () => {
    const created = await model('fr');
    expect(created.fields).toEqual(expect.arrayContaining(['company_name', '#funds', 'funds.amount', '#owners']));
    const list = await t.inject({ method: 'GET', url: '/api/letter_templates', headers: staff });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((m: Json) => m.id)).toContain(created.id);
    expect(list.json().meta.allowed_fields).toEqual(expect.arrayContaining(['company_name', '#owners', 'owners.name']));
    const file = await t.inject({ method: 'GET', url: `/api/letter_templates/${created.id}/file`, headers: staff });
    expect(file.statusCode).toBe(200);
    expect(docxText(file.rawPayload)).toContain('{company_name}');
  });

  it('refuses every kind of bad field, naming each and listing the fields a model may use', async () => {
    const cases: Array<[string[], string]> = [
      [['{unknown_field}'], 'Unknown field: unknown_field'],
      [['{Company Name}'], 'Malformed field: Company Name'],
      [['{a.b}'], 'Malformed field: a.b'],
      [['{company_name'], 'Malformed field'],
      [['{{company_name}}'], 'Malformed field'],
      [['{#owners}{name}'], 'Malformed field: owners'],
      [['{/owners}'], 'Malformed field: owners'],
      [['{#company_name}x{/company_name}'], 'company_name is not a list'],
      [['{#owners}{amount}{/owners}'], 'Unknown field: amount'],
      [['{@raw}'], 'Malformed field: raw'],
    ];
    for (const [lines, message] of cases) {
      const res = await uploadModel(
        admin,
        { kind: 'other', name: 'Mauvais', language: 'en' },
        { name: 'x.docx', bytes: docx(lines) },
      );
      expect(res.statusCode, lines.join()).toBe(422);
      const errors = res.json().errors;
      expect(errors.code).toBe('unknown_merge_fields');
      expect(errors.message).toContain('company_name');
      expect(errors.detail.file.join(' '), lines.join()).toContain(message);
    }
    const fr = await uploadModel(
      admin,
      { kind: 'other', name: 'Mauvais', language: 'fr' },
      { name: 'x.docx', bytes: docx(['{inconnu}']) },
      'fr',
    );
    expect(fr.json().errors.detail.file).toEqual(['Champ inconnu : inconnu']);
  });

  it('refuses a file that is not a .docx, a zip bomb, an oversized file and missing fields, keeping nothing', async () => {
    const before = await countOf(sql`SELECT count(*)::int AS n FROM letter_templates`);
    const fields = { kind: 'other', name: 'Essai', language: 'en' };
    const notDocx = await uploadModel(admin, fields, { name: 'x.docx', bytes: Buffer.from('%PDF-1.4 not a zip') });
    expect(notDocx.statusCode).toBe(422);
    expect(notDocx.json().errors.message).toBe('This file is not a Word document (.docx).');
    const bomb = await uploadModel(admin, fields, { name: 'x.docx', bytes: zipBomb(MAX_INFLATED_BYTES + 1024) });
    expect(bomb.statusCode).toBe(422);
    expect(bomb.json().errors.code).toBe('zip_bomb');
    // A part that inflates to more than its header declares is refused too.
    const liar = await uploadModel(admin, fields, { name: 'x.docx', bytes: zipBomb(2 * 1024 * 1024, 1000) });
    expect(liar.statusCode).toBe(422);
    expect(liar.json().errors.code).toBe('zip_bomb');
    const big = await uploadModel(admin, fields, { name: 'x.docx', bytes: Buffer.alloc(10 * 1024 * 1024 + 10) }, 'fr');
    expect(big.statusCode).toBe(413);
    expect(big.json().errors.message).toMatch(/^Le fichier dépasse 10 Mo/);
    const missing = await uploadModel(admin, { kind: 'nope', name: '', language: 'de' }, null);
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors.detail).sort()).toEqual(['file', 'kind', 'language', 'name']);
    const after = await countOf(sql`SELECT count(*)::int AS n FROM letter_templates`);
    expect(after).toBe(before);
  });

  it('lets only administrators upload and delete', async () => {
    const created = await model('en', ['{company_name}'], 'other');
    const res = await uploadModel(
      staff,
      { kind: 'other', name: 'X', language: 'en' },
      { name: 'x.docx', bytes: docx(['x']) },
    );
    expect(res.statusCode).toBe(403);
    expect(
      (await t.inject({ method: 'DELETE', url: `/api/letter_templates/${created.id}`, headers: staff })).statusCode,
    ).toBe(403);
    expect(
      (await t.inject({ method: 'DELETE', url: `/api/letter_templates/${created.id}`, headers: admin })).statusCode,
    ).toBe(200);
    expect(
      (await t.inject({ method: 'GET', url: `/api/letter_templates/${created.id}`, headers: staff })).statusCode,
    ).toBe(404);
  });
});

describe('letters generated from a decision', () => {
  it('fills a French and an English model with the decision’s terms in the model’s language, read back from the file', async () => {
    const request = await approvedRequest();
    const fr = await generate({ template_id: (await model('fr')).id, funding_request_id: request.id });
    expect(fr.statusCode, fr.body).toBe(201);
    const frText = docxText(await fileOf(fr.json().data));
    expect(frText).toContain('50 000,00 $');
    expect(frText).toContain('5,25 %');
    expect(frText).toContain('Boulangerie Laval');
    expect(frText).toContain('Condition : Mise de fonds de 10 %');
    expect(frText).toContain('amortissement 60 mois, moratoire 6 mois');
    const en = await generate({ template_id: (await model('en')).id, funding_request_id: request.id });
    expect(en.statusCode, en.body).toBe(201);
    const enText = docxText(await fileOf(en.json().data));
    expect(enText).toContain('$50,000.00');
    expect(enText).toContain('5.25%');
    expect(en.json().data).toMatchObject({ state: 'generated', version: 1, kind: 'offer_letter', language: 'en' });
    // Filed as a company document in "Agreements and contracts", its text searchable.
    const [doc] = await selectRows<{ key: string; file_type: string; content_status: string }>(
      t.database.db,
      sql`SELECT c.key, d.file_type, d.content_status FROM documents d JOIN document_categories c ON c.id = d.category_id
           WHERE d.id = ${en.json().data.document_id}`,
    );
    expect(doc).toEqual({
      key: 'legal-agreements',
      file_type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      content_status: 'indexed',
    });
  });

  it('writes the first of the month as the French do', async () => {
    const { letterDate } = await import('../../shared/letters/fields');
    expect(letterDate('2026-03-01', 'fr')).toBe('1er mars 2026');
    expect(letterDate('2026-03-15', 'fr')).toBe('15 mars 2026');
    expect(letterDate('2026-03-01', 'en')).toBe('March 1, 2026');
  });

  it('counts versions per model and subject, and moves generated → sent → signed with the signed copy', async () => {
    const request = await approvedRequest();
    const template = await model('fr');
    const first = (await generate({ template_id: template.id, funding_request_id: request.id })).json().data;
    const second = (await generate({ template_id: template.id, funding_request_id: request.id })).json().data;
    expect([first.version, second.version]).toEqual([1, 2]);
    const url = (id: string, move: string) => `/api/companies/${companyId}/letters/${id}/${move}?locale=en`;
    // Signed before sent: refused.
    let res = await t.inject({
      method: 'POST',
      url: url(second.id, 'signed'),
      headers: staff,
      payload: { document_id: first.document_id },
    });
    expect(res.statusCode).toBe(409);
    res = await t.inject({ method: 'POST', url: url(second.id, 'sent'), headers: staff });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.state).toBe('sent');
    expect((await t.inject({ method: 'POST', url: url(second.id, 'sent'), headers: staff })).statusCode).toBe(409);
    res = await t.inject({ method: 'POST', url: url(second.id, 'signed'), headers: staff, payload: {} });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.detail.document_id).toEqual(['Choose the signed copy among the company’s documents.']);
    res = await t.inject({
      method: 'POST',
      url: url(second.id, 'signed'),
      headers: staff,
      payload: { document_id: randomUUID() },
    });
    expect(res.statusCode).toBe(422);
    res = await t.inject({
      method: 'POST',
      url: url(second.id, 'signed'),
      headers: staff,
      payload: { document_id: first.document_id },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ state: 'signed', signed_document_id: first.document_id });
    const list = await t.inject({ method: 'GET', url: `/api/companies/${companyId}/letters`, headers: staff });
    expect(list.json().data.find((l: Json) => l.id === second.id).state).toBe('signed');
  });

  it('answers 409 for a request without a decision and 422 for a bad subject, writing nothing', async () => {
    const template = await model('en');
    const draft = (
      await t.inject({
        method: 'POST',
        url: '/api/funding_requests?locale=en',
        headers: admin,
        payload: {
          company_id: companyId,
          project_name: 'Sans décision',
          project_cost: '1000',
          amounts: [{ fund_id: ids.fund, amount: '500' }],
          sources: [],
        },
      })
    ).json().data;
    const before = await countOf(sql`SELECT count(*)::int AS n FROM documents`);
    const res = await generate({ template_id: template.id, funding_request_id: draft.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors.code).toBe('no_decision');
    expect((await generate({ template_id: template.id })).statusCode).toBe(422);
    expect((await generate({ template_id: template.id, funding_request_id: randomUUID() })).statusCode).toBe(422);
    expect((await generate({ template_id: randomUUID(), funding_request_id: draft.id })).statusCode).toBe(422);
    const after = await countOf(sql`SELECT count(*)::int AS n FROM documents`);
    expect(after).toBe(before);
  });
});

describe('an offer letter not signed in time', () => {
  it('raises one task past the fund’s days, closed when the letter is signed', async () => {
    const set = await t.inject({
      method: 'PUT',
      url: '/api/letter_settings?locale=en',
      headers: admin,
      payload: {
        body: { name: 'SADC', address: '', phone: '', email: '' },
        funds: [{ fund_id: ids.fund, offer_sign_days: 10 }],
      },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data.funds.find((f: Json) => f.fund_id === ids.fund).offer_sign_days).toBe(10);
    const bad = await t.inject({
      method: 'PUT',
      url: '/api/letter_settings?locale=en',
      headers: admin,
      payload: { body: {}, funds: [{ fund_id: ids.fund, offer_sign_days: 0 }] },
    });
    expect(bad.statusCode).toBe(422);
    const request = await approvedRequest();
    const letter = (await generate({ template_id: (await model('fr')).id, funding_request_id: request.id })).json()
      .data;
    const tasks = async () =>
      selectRows<{ status: string }>(
        t.database.db,
        sql`SELECT status FROM tasks WHERE source_key = ${`offer_unsigned:${letter.id}`}`,
      );
    await generateTasks(t.database.db, addDays(todayIso(), 9), { all: true });
    expect(await tasks()).toEqual([]);
    await generateTasks(t.database.db, addDays(todayIso(), 10), { all: true });
    await generateTasks(t.database.db, addDays(todayIso(), 11), { all: true });
    expect(await tasks()).toEqual([{ status: 'open' }]);
    const url = (move: string) => `/api/companies/${companyId}/letters/${letter.id}/${move}?locale=en`;
    await t.inject({ method: 'POST', url: url('sent'), headers: staff });
    const signed = await t.inject({
      method: 'POST',
      url: url('signed'),
      headers: staff,
      payload: { document_id: letter.document_id },
    });
    expect(signed.statusCode).toBe(200);
    expect(await tasks()).toEqual([{ status: 'resolved' }]);
  });
});
