import type { TestApp } from './harness';
import { fullCompany, type LookupIds } from './company-fixtures';

/** A loan as the servicing tests use it: its company, its id and number, and its address. */
export interface TestLoan {
  companyId: string;
  id: string;
  loanNumber: string;
  /** `/api/companies/{company}/financial_contributions/{id}`. */
  url: string;
}

/** The contribution fields of a loan (wire spelling), 1 200 $ at 12 % over 12 months unless told otherwise. */
export const loanTerms = (ids: LookupIds, overrides: Record<string, unknown> = {}) => ({
  contribution_fund_id: ids.fund,
  amount: '1200',
  rate: '12',
  amortization: '12',
  moratorium: '',
  refund: '',
  warranty_id: null,
  authorization_date: '2026-01-15',
  followup_date: null,
  expected_end_date: null,
  project_name: 'Four à pain',
  project_cost: '',
  ...overrides,
});

/** Creates a company holding these loans through the API; answers them in order. */
export async function createLoans(
  t: TestApp,
  auth: { authorization: string },
  ids: LookupIds,
  loans: Record<string, unknown>[],
  company: Record<string, unknown> = {},
): Promise<TestLoan[]> {
  const res = await t.inject({
    method: 'POST',
    url: '/api/companies',
    headers: auth,
    payload: fullCompany(ids, { financial_contributions: loans, ...company }),
  });
  if (res.statusCode !== 201) throw new Error(`company not created: ${res.body}`);
  const data = res.json().data as { id: string; financial_contributions: { id: string; loan_number: string }[] };
  return data.financial_contributions.map((c) => ({
    companyId: data.id,
    id: c.id,
    loanNumber: c.loan_number,
    url: `/api/companies/${data.id}/financial_contributions/${c.id}`,
  }));
}

/** One loan of the given terms in a company of its own. */
export async function createLoan(
  t: TestApp,
  auth: { authorization: string },
  ids: LookupIds,
  overrides: Record<string, unknown> = {},
): Promise<TestLoan> {
  const [loan] = await createLoans(t, auth, ids, [loanTerms(ids, overrides)]);
  return loan!;
}

/** Posts to a loan's sub-address and answers the response, failing the test with the body when not `expected`. */
export async function post(
  t: TestApp,
  auth: { authorization: string },
  url: string,
  payload: Record<string, unknown>,
  expected = 201,
) {
  const res = await t.inject({ method: 'POST', url, headers: auth, payload });
  if (res.statusCode !== expected) throw new Error(`POST ${url} answered ${res.statusCode}: ${res.body}`);
  return res.json();
}
