/**
 * The values of a letter's merge fields (the catalog: src/shared/letters/fields.ts), written in the model's
 * language from the facts the store read. Pure: the generation and the tests call it alike.
 */
import type { Locale } from '../../shared/constants';
import { letterDate, letterMoney, letterNumber, letterRate, type LetterData } from '../../shared/letters/fields';
import type { CompanyFacts, DecisionFacts, LoanFacts, RequestFacts } from './store';

/**
 * One guarantee as a letter lists it. The guarantees register (its own room) answers a loan's guarantees through
 * its read function; the letters take them in this shape only.
 */
export interface LetterGuarantee {
  kind: string;
  description: string;
  amountCents: number | null;
  guarantor: string;
}

export interface LetterBody {
  name: string;
  address: string;
  phone: string;
  email: string;
}

export interface LetterFacts {
  today: string;
  body: LetterBody;
  company: CompanyFacts;
  owners: Array<{
    name: string;
    sharesPercentage: number | null;
    address: string | null;
    city: string | null;
    zipCode: string | null;
    phone: string | null;
  }>;
  guarantees: LetterGuarantee[];
  request: RequestFacts | null;
  loan: LoanFacts | null;
}

export function letterData(facts: LetterFacts, language: Locale): LetterData {
  const decision: DecisionFacts | null = facts.request?.decision ?? facts.loan?.decision ?? null;
  const { loan, company } = facts;
  const total = decision ? decision.amounts.reduce((sum, a) => sum + a.amountCents, 0) : (loan?.amountCents ?? null);
  const months = (value: number | null | undefined) => letterNumber(value ?? null, language);
  return {
    today: letterDate(facts.today, language),
    body_name: facts.body.name,
    body_address: facts.body.address,
    body_phone: facts.body.phone,
    body_email: facts.body.email,
    company_name: company.name,
    company_reference_number: company.referenceNumber,
    company_address: company.address,
    company_city: company.city,
    company_zip_code: company.zipCode,
    company_phone: company.phone,
    company_email: company.email,
    project_name: facts.request?.projectName ?? loan?.projectName ?? '',
    project_cost: letterMoney(facts.request?.projectCostCents ?? loan?.projectCostCents ?? null, language),
    resolution_number: decision?.resolutionNumber ?? '',
    decision_date: letterDate(decision?.decidedOn, language),
    total_amount: letterMoney(total, language),
    rate: letterRate(decision?.rate ?? loan?.rate ?? null, language),
    amortization_months: months(decision?.amortization ?? loan?.amortization),
    moratorium_months: months(decision?.moratorium ?? loan?.moratorium),
    warranty: decision?.warranty ?? '',
    loan_number: loan?.loanNumber ?? '',
    loan_fund: loan?.fundName ?? '',
    loan_amount: letterMoney(loan?.amountCents ?? null, language),
    loan_rate: letterRate(loan?.rate ?? null, language),
    loan_authorization_date: letterDate(loan?.authorizationDate, language),
    loan_end_date: letterDate(loan?.expectedEndDate, language),
    funds: (decision?.amounts ?? []).map((a) => ({
      fund_name: a.fundName,
      amount: letterMoney(a.amountCents, language),
    })),
    conditions: (decision?.conditions ?? []).map((c) => ({ text: c.text, due_date: letterDate(c.dueDate, language) })),
    owners: facts.owners.map((o) => ({
      name: o.name,
      shares_percentage: o.sharesPercentage === null ? '' : letterRate(o.sharesPercentage, language),
      address: o.address ?? '',
      city: o.city ?? '',
      zip_code: o.zipCode ?? '',
      phone: o.phone ?? '',
    })),
    guarantees: facts.guarantees.map((g) => ({
      kind: g.kind,
      description: g.description,
      amount: letterMoney(g.amountCents, language),
      guarantor: g.guarantor,
    })),
  };
}
