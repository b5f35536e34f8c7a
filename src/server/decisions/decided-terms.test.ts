import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { todayIso } from '../../shared/portfolio/schedule';
import { addDays } from '../../shared/servicing/calendar';
import { useLookupIds, useTestApp } from '../test/harness';
import { asForm, fullCompany } from '../test/company-fixtures';
import { committeeOfOne, decideRequest, moveRequest } from '../test/pipeline-fixtures';
import { loanTerms } from '../test/servicing-fixtures';

/*
 * The committee's decision binds the money (docs/decisions/0066), on the real app and database: a loan a decision
 * created keeps its decided terms against the company form, whoever saves it; a loan typed in the company file is
 * outside the pipeline and may carry a resolution number and date.
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Auth = { authorization: string };

const t = useTestApp();
const ids = useLookupIds(t);
const today = todayIso();

let admin: Auth;
let staff: Auth;
let companyId: string;
let request: Json;
let decision: Json;
let loanId: string;

const call = async (method: 'GET' | 'POST' | 'PATCH', url: string, auth: Auth, payload?: unknown) =>
  t.inject({ method, url, headers: auth, ...(payload === undefined ? {} : { payload: payload as Json }) });
const company = async (): Promise<Json> => (await call('GET', `/api/companies/${companyId}`, admin)).json().data;
const save = async (change: (form: Json) => void, locale = 'en', auth: Auth = staff) => {
  const form = asForm(await company());
  change(form);
  return call('PATCH', `/api/companies/${companyId}?locale=${locale}`, auth, form);
};
const decidedRow = (form: Json) => form['financial_contributions'].find((c: Json) => c.id === loanId);

beforeAll(async () => {
  const adminRow = await t.createUser({ role: 'admin', firstName: 'Ada', lastName: 'Analyste' });
  admin = await t.authHeader(adminRow);
  staff = await t.authHeader(await t.createUser({ firstName: 'Sam', lastName: 'Employé' }));
  const created = await call('POST', '/api/companies?locale=en', admin, {
    ...fullCompany(ids, { name: `Fromagerie ${randomUUID().slice(0, 6)}` }),
    financial_contributions: [],
  });
  expect(created.statusCode, created.body).toBe(201);
  companyId = created.json().data.id;
  // The committee's member is not the request's analyst, who is recused on their own request.
  const member = await t.createUser({ firstName: 'Mona', lastName: 'Membre' });
  const committee = await committeeOfOne(t, admin, member.id, `Comité ${randomUUID().slice(0, 6)}`);
  const res = await call('POST', '/api/funding_requests?locale=en', admin, {
    company_id: companyId,
    project_name: 'Four à pain',
    project_cost: '90000',
    amounts: [{ fund_id: ids.fund, amount: '30000' }],
    sources: [],
    assignee_id: adminRow.id,
  });
  expect(res.statusCode, res.body).toBe(201);
  request = res.json().data;
  for (const to of ['submitted', 'in_analysis', 'ready_for_committee'])
    request = await moveRequest(t, admin, request, to);
  decision = await decideRequest(t, admin, committee, request.id, addDays(today, -2), {
    outcome: 'approved',
    amounts: [{ fund_id: ids.fund, amount: '30000' }],
    rate: '5',
    amortization: '60',
    moratorium: '6',
    warranty_id: ids.warranty,
  });
  request = (await call('GET', `/api/funding_requests/${request.id}`, admin)).json().data;
  for (const to of ['conditions_pending', 'ready_to_disburse']) request = await moveRequest(t, admin, request, to);
  request = await moveRequest(t, admin, request, 'disbursed', {
    disbursement: { date: addDays(today, -1), method: 'eft' },
  });
  loanId = request['contribution_ids'][0];
});

describe('a loan a committee decision created', () => {
  it('carries the decision’s resolution and is not outside the pipeline', async () => {
    const loan = (await company())['financial_contributions'].find((c: Json) => c.id === loanId);
    expect(loan).toMatchObject({
      amount: 30000,
      rate: 5,
      amortization: 60,
      moratorium: 6,
      resolution_number: decision.resolution_number,
      resolution_date: addDays(today, -2),
      outside_pipeline: false,
    });
    const loans = (await call('GET', `/api/companies/${companyId}/loans`, admin)).json().data as Json[];
    expect(loans.find((l) => l.contribution_id === loanId)).toMatchObject({
      resolution_number: decision.resolution_number,
      resolution_date: addDays(today, -2),
      outside_pipeline: false,
    });
  });

  it('the audit: raising it from 30 000 $ to 500 000 $ through the company form and disbursing 470 000 $ are refused', async () => {
    const before = await company();
    const raised = await save((form) => {
      decidedRow(form).amount = '500000';
    });
    expect(raised.statusCode, raised.body).toBe(422);
    const field = `financial_contributions.${before['financial_contributions'].findIndex((c: Json) => c.id === loanId)}.amount`;
    expect(raised.json().errors.detail).toEqual({
      [field]: [
        `Set by the investment committee’s decision (resolution ${decision.resolution_number}): it cannot be changed in the company file. To raise the authorized amount, submit an amendment request in the pipeline, or ask an administrator for an authorized increase naming a resolution number.`,
      ],
    });
    const french = await save((form) => {
      decidedRow(form).amount = '500000';
    }, 'fr');
    expect(french.statusCode).toBe(422);
    expect(french.json().errors.detail[field][0]).toMatch(
      /^Fixé par la décision du comité d’investissement \(résolution .+\) : ne peut pas être modifié dans le dossier de l’entreprise\. Pour hausser le montant autorisé, faites une demande de modification/,
    );

    const disbursed = await call(
      'POST',
      `/api/companies/${companyId}/financial_contributions/${loanId}/disbursements?locale=en`,
      staff,
      { date: today, amount: '470000', method: 'eft' },
    );
    expect(disbursed.statusCode, disbursed.body).toBe(422);
    expect(JSON.stringify(disbursed.json().errors)).toMatch(/30,000\.00/);

    // Nothing changed: the loan, its money and the request still say 30 000 $.
    const after = await company();
    expect(decidedRow(after).amount).toBe(30000);
    expect(after.lock_version).toBe(before.lock_version);
    const loans = (await call('GET', `/api/companies/${companyId}/loans`, admin)).json().data as Json[];
    expect(loans.find((l) => l.contribution_id === loanId)?.figures.disbursed).toBe(30000);
    const still = (await call('GET', `/api/funding_requests/${request.id}`, admin)).json().data;
    expect(still.decisions[0].amounts).toEqual([expect.objectContaining({ fund_id: ids.fund, amount: 30000 })]);
  });

  it('refuses lowering a decided term or changing its resolution, for an administrator too, field by field', async () => {
    const res = await save(
      (form) => {
        const row = decidedRow(form);
        row.amount = '25000';
        row.rate = '0';
        row.amortization = '120';
        row.moratorium = '';
        row.resolution_number = 'CI-AUTRE';
        row.resolution_date = null;
      },
      'en',
      admin,
    );
    expect(res.statusCode, res.body).toBe(422);
    const index = (await company())['financial_contributions'].findIndex((c: Json) => c.id === loanId);
    expect(Object.keys(res.json().errors.detail).sort()).toEqual(
      ['amount', 'amortization', 'moratorium', 'rate', 'resolution_date', 'resolution_number']
        .map((f) => `financial_contributions.${index}.${f}`)
        .sort(),
    );
    expect(decidedRow(await company())).toMatchObject({ amount: 30000, rate: 5, moratorium: 6 });
  });

  it('keeps every other field of the company form open', async () => {
    const res = await save((form) => {
      decidedRow(form).project_name = 'Four à pain et comptoir';
      decidedRow(form).followup_date = today;
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(decidedRow(res.json().data)).toMatchObject({ project_name: 'Four à pain et comptoir', amount: 30000 });
  });
});

describe('a loan outside the pipeline', () => {
  it('is typed with an optional resolution number and date, and says it is outside the pipeline', async () => {
    const res = await save((form) => {
      form['financial_contributions'].push(
        loanTerms(ids, {
          authorization_date: addDays(today, -30),
          amount: '12000',
          resolution_number: 'CA-2026-07',
          resolution_date: addDays(today, -31),
        }),
        loanTerms(ids, { authorization_date: addDays(today, -30) }),
      );
    });
    expect(res.statusCode, res.body).toBe(200);
    const [typed, bare] = (res.json().data['financial_contributions'] as Json[]).slice(-2) as [Json, Json];
    expect(typed).toMatchObject({
      amount: 12000,
      resolution_number: 'CA-2026-07',
      resolution_date: addDays(today, -31),
      outside_pipeline: true,
    });
    expect(bare).toMatchObject({ resolution_number: null, resolution_date: null, outside_pipeline: true });
    const loans = (await call('GET', `/api/companies/${companyId}/loans`, admin)).json().data as Json[];
    expect(loans.find((l) => l.contribution_id === typed.id)).toMatchObject({
      resolution_number: 'CA-2026-07',
      resolution_date: addDays(today, -31),
      outside_pipeline: true,
    });
    // Its terms stay the company file's: raised before any money moved.
    const raised = await save((form) => {
      form['financial_contributions'].find((c: Json) => c.id === typed.id).amount = '15000';
    });
    expect(raised.statusCode, raised.body).toBe(200);
  });

  it('refuses a resolution date in the future or a resolution number over 40 characters, in both languages', async () => {
    const bad = (form: Json) =>
      form['financial_contributions'].push(
        loanTerms(ids, { resolution_number: 'x'.repeat(41), resolution_date: addDays(today, 1) }),
      );
    const before = await company();
    const index = before['financial_contributions'].length;
    const en = await save(bad);
    expect(en.statusCode).toBe(422);
    expect(en.json().errors.detail).toEqual({
      [`financial_contributions.${index}.resolution_number`]: [expect.stringMatching(/40/)],
      [`financial_contributions.${index}.resolution_date`]: ['The resolution date cannot be in the future.'],
    });
    const fr = await save(bad, 'fr');
    expect(fr.json().errors.detail[`financial_contributions.${index}.resolution_date`]).toEqual([
      'La date de la résolution ne peut pas être dans le futur.',
    ]);
    expect((await company()).lock_version).toBe(before.lock_version);
  });
});

describe('the fund activity report', () => {
  it('counts the loans outside the pipeline apart: how many, authorized and disbursed, on screen and in the CSV', async () => {
    const typed = (await company())['financial_contributions'].find(
      (c: Json) => c.resolution_number === 'CA-2026-07',
    ) as Json;
    const paid = await call(
      'POST',
      `/api/companies/${companyId}/financial_contributions/${typed.id}/disbursements`,
      staff,
      { date: addDays(today, -3), amount: '5000', method: 'eft' },
    );
    expect(paid.statusCode, paid.body).toBe(201);
    const query = `fund_id=${ids.fund}&from=${addDays(today, -60)}&to=${today}`;
    const res = await call('GET', `/api/reports/fund_activity?${query}`, staff);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as Json;
    // The typed loans (15 000 $ and 1 200 $); the decided one (30 000 $, disbursed) counts only with the others.
    expect(data['outside_pipeline']).toEqual({ count: 2, authorized_amount: 16200, disbursed_amount: 5000 });
    expect(data['authorized_count']).toBe(3);
    expect(data['disbursed_amount']).toBe(35000);
    const csv = await call('GET', `/api/reports/fund_activity.csv?locale=fr&${query}`, staff);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toMatch(/Prêts hors processus;2/);
    expect(csv.body).toMatch(/Décaissé hors processus;"?5 ?000,00/);
  });
});
