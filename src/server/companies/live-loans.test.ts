import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useAuthHeader, useLookupIds, useTestApp } from '../test/harness';
import { createLoan, createLoans, loanTerms, post } from '../test/servicing-fixtures';
import { selectRows } from '../db/rows';

/*
 * Archiving a company whose loans still hold money (docs/decisions/0060): allowed, after a confirmation that
 * names the loans and their outstanding; the loans keep taking payments and stay in every portfolio figure.
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const t = useTestApp();
const ids = useLookupIds(t);
const auth = useAuthHeader(t, { firstName: 'Lise', lastName: 'Caron' });

const get = async (url: string) => {
  const res = await t.inject({ method: 'GET', url, headers: auth });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json() as Json;
};
const archive = (companyId: string, query = '') =>
  t.inject({ method: 'DELETE', url: `/api/companies/${companyId}${query}`, headers: auth });

/** A contribution fund of the test's own, so that its figures are those of the test's loans only. */
async function newFund(key: string): Promise<string> {
  const [row] = await selectRows<{ id: string }>(
    t.database.db,
    sql`INSERT INTO contribution_funds (key, name_fr, name_en) VALUES (${key}, ${`Fonds ${key}`}, ${`Fund ${key}`}) RETURNING id`,
  );
  return row!.id;
}

/** Every figure of a fund's portfolio that shows money: the dashboard's, the aging table, PAR and the fund's row. */
async function figures(fundId: string) {
  const dashboard = (await get(`/api/dashboard?filter[fund_id]=${fundId}`)).data;
  const funds = (await get('/api/portfolio/funds')).data as Json;
  return {
    dashboard: {
      loans_count: dashboard.loans_count,
      committed_total: dashboard.committed_total,
      outstanding_total: dashboard.outstanding_total,
      arrears_total: dashboard.arrears_total,
      by_fund: dashboard.by_fund,
    },
    aging: (await get(`/api/portfolio/arrears_aging?filter[fund_id]=${fundId}`)).data,
    par: (await get(`/api/portfolio/par?filter[fund_id]=${fundId}`)).data,
    fund: (funds.funds as Json[]).find((row) => row.fund_id === fundId),
  };
}

describe('archiving a company with a live loan', () => {
  it('names its loans and their outstanding, in the language asked, and archives nothing unless confirmed', async () => {
    const fundId = await newFund('archive-named');
    const [live, notPaidOut] = await createLoans(t, auth, ids, [
      loanTerms(ids, { contribution_fund_id: fundId }),
      loanTerms(ids, { contribution_fund_id: fundId, amount: '500' }),
    ]);
    await post(t, auth, `${live!.url}/disbursements`, { date: '2026-01-15', amount: '1200', method: 'eft' });

    // What the archive dialog reads and names: the company's loans active today, with what each still owes.
    const loans = (await get(`/api/companies/${live!.companyId}/loans`)).data as Json[];
    const active = loans.filter((loan) => loan.status === 'active');
    expect(active.map((loan) => [loan.contribution_id, loan.loan_number, loan.figures.outstanding_principal])).toEqual([
      [live!.id, live!.loanNumber, 1200],
    ]);
    expect(notPaidOut).toBeDefined();

    const refused = await archive(live!.companyId, '?locale=fr');
    expect(refused.statusCode, refused.body).toBe(409);
    const error = refused.json().errors;
    expect(error.code).toBe('company_has_live_loans');
    expect(error.message).toMatch(/encore des prêts/);
    expect(error.detail.loans).toEqual([
      expect.stringMatching(new RegExp(`^Prêt ${live!.loanNumber} : solde de 1\\s200,00\\s\\$$`)),
    ]);
    expect((await get(`/api/companies/${live!.companyId}`)).data.archived_at).toBeNull();

    const english = (await archive(live!.companyId, '?locale=en')).json().errors;
    expect(english.detail.loans).toEqual([`Loan ${live!.loanNumber}: $1,200.00 outstanding`]);

    const done = await archive(live!.companyId, '?confirm_live_loans=true');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.archived_at).not.toBeNull();
  });

  it('keeps the loan in every portfolio figure and says its company is archived', async () => {
    const fundId = await newFund('archive-counted');
    const loan = await createLoan(t, auth, ids, { contribution_fund_id: fundId });
    await post(t, auth, `${loan.url}/disbursements`, { date: '2026-01-15', amount: '1200', method: 'eft' });
    const before = await figures(fundId);
    expect(before.dashboard.outstanding_total).toBeGreaterThan(0);
    expect(before.dashboard.loans_count).toBe(1);

    expect((await archive(loan.companyId, '?confirm_live_loans=true')).statusCode).toBe(200);
    expect(await figures(fundId)).toEqual(before);

    const [summary] = (await get(`/api/companies/${loan.companyId}/loans`)).data as Json[];
    expect(summary).toMatchObject({ loan_number: loan.loanNumber, status: 'active', company_archived: true });
    const bucket = (before.aging.rows as Json[]).find((row) => row.count > 0)?.bucket;
    const agingLoans = (
      await get(`/api/portfolio/arrears_aging/loans?filter[bucket]=${bucket}&filter[fund_id]=${fundId}`)
    ).data as Json[];
    expect(agingLoans).toEqual([expect.objectContaining({ loan_number: loan.loanNumber, company_archived: true })]);

    // It still takes payments, and the figures follow them.
    const paid = await post(t, auth, `${loan.url}/repayments`, {
      received_on: '2026-02-15',
      amount: '106.62',
      method: 'pad',
      kind: 'regular',
    });
    expect(paid.meta.loan.company_archived).toBe(true);
    expect((await figures(fundId)).dashboard.outstanding_total).toBeLessThan(before.dashboard.outstanding_total);

    // Restored, it says so no more.
    expect(
      (await t.inject({ method: 'POST', url: `/api/companies/${loan.companyId}/restore`, headers: auth })).statusCode,
    ).toBe(200);
    expect(((await get(`/api/companies/${loan.companyId}/loans`)).data as Json[])[0]!.company_archived).toBe(false);
  });

  it('keeps the loan in the portfolio CSV, with its servicing figures and its company marked archived', async () => {
    const fundId = await newFund('archive-export');
    const [live, quiet] = await createLoans(t, auth, ids, [
      loanTerms(ids, { contribution_fund_id: fundId }),
      loanTerms(ids, { contribution_fund_id: fundId, amount: '500' }),
    ]);
    await post(t, auth, `${live!.url}/disbursements`, { date: '2026-01-15', amount: '1200', method: 'eft' });
    expect((await archive(live!.companyId, '?confirm_live_loans=true')).statusCode).toBe(200);
    const summary = ((await get(`/api/companies/${live!.companyId}/loans`)).data as Json[]).find(
      (loan) => loan.contribution_id === live!.id,
    )!;

    const file = async (locale: 'fr' | 'en') => {
      const res = await t.inject({
        method: 'GET',
        url: `/api/portfolio/export.csv?locale=${locale}&filter[fund_id]=${fundId}`,
        headers: auth,
      });
      expect(res.statusCode, res.body).toBe(200);
      const [header, ...rows] = res.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      const separator = locale === 'fr' ? ';' : ',';
      const names = header!.split(separator);
      return rows.map((row) => Object.fromEntries(row.split(separator).map((cell, i) => [names[i], cell])));
    };
    // The archived company's live loan is there; its loan that never held money left with it, as in every figure.
    const fr = await file('fr');
    expect(fr.map((row) => row['Numéro du prêt'])).toEqual([live!.loanNumber]);
    expect(quiet).toBeDefined();
    const money = (dollars: number) => dollars.toFixed(2).replace('.', ',');
    expect(fr[0]).toMatchObject({
      'Entreprise archivée': 'oui',
      'État du prêt': 'Actif',
      'Capital restant dû': money(summary.figures.outstanding_principal),
      Retards: money(summary.figures.arrears_principal + summary.figures.arrears_interest),
      'Jours de retard': String(summary.figures.days_past_due),
    });
    const en = await file('en');
    expect(en[0]).toMatchObject({
      'Loan number': live!.loanNumber,
      'Archived company': 'yes',
      'Loan status': 'Active',
      'Outstanding principal': summary.figures.outstanding_principal.toFixed(2),
    });
    // The bucket as the aging table names it, never its key.
    expect(en[0]!['Aging bucket']).not.toMatch(/_/);
    expect(en[0]!['Aging bucket']!.length).toBeGreaterThan(0);
  });

  it('archives at once a company whose loans hold no money, and its loans leave the figures', async () => {
    const fundId = await newFund('archive-quiet');
    const loan = await createLoan(t, auth, ids, { contribution_fund_id: fundId });
    const loans = (await get(`/api/companies/${loan.companyId}/loans`)).data as Json[];
    expect(loans.filter((one) => one.status === 'active')).toEqual([]);
    expect((await figures(fundId)).dashboard.loans_count).toBe(1);
    const done = await archive(loan.companyId);
    expect(done.statusCode, done.body).toBe(200);
    expect((await figures(fundId)).dashboard.loans_count).toBe(0);
  });
});
