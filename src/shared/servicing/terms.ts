/**
 * A loan's own terms: the financial contribution's fields as stored (dollars, each possibly missing), the
 * checked terms the computation reads (integer cents), and why a contribution has none.
 */
import { dateParts } from './calendar';
import { toCents } from '../money';

/** The contribution's fields a schedule is computed from, as the company file stores them. */
export interface ContributionTerms {
  /** Dollars. */
  amount: number | null;
  /** Percent per year. */
  rate: number | null;
  /** Months of level payments after the moratorium. */
  amortization: number | null;
  /** Months of interest-only payments before the level payments; none when null. */
  moratorium: number | null;
  /** YYYY-MM-DD. */
  authorizationDate: string | null;
}

/** Checked terms, in integer cents: what the servicing computation reads. */
export interface LoanTerms {
  /** The amount lent, integer cents, > 0. */
  amount: number;
  /** Annual percent, 0–100, at most `RATE_DECIMALS` decimals. */
  rate: number;
  /** Months of level payments after the moratorium, 1–600. */
  amortization: number;
  /** Months of interest-only installments first, 0 when none. */
  moratorium: number;
  /** YYYY-MM-DD. */
  authorizationDate: string;
}

/** Past these, the terms are a typing mistake rather than a loan (the form accepts up to 1 200 months). */
export const MAX_SCHEDULE_MONTHS = 600;
export const MAX_RATE_PERCENT = 100;
/** Rates are kept with 3 decimals (numeric(7,3)); a rate with more would be rounded away by the database. */
export const RATE_DECIMALS = 3;

/** Why a contribution has no schedule: the field to fix, and a catalog key saying how. */
export type TermsProblem =
  | { field: 'amount'; key: 'portfolio.schedule.problems.amount' }
  | { field: 'rate'; key: 'portfolio.schedule.problems.rate' }
  | { field: 'amortization'; key: 'portfolio.schedule.problems.amortization' }
  | { field: 'moratorium'; key: 'portfolio.schedule.problems.moratorium' }
  | { field: 'authorizationDate'; key: 'portfolio.schedule.problems.authorizationDate' };

const isMonths = (value: number, min: number) =>
  Number.isInteger(value) && value >= min && value <= MAX_SCHEDULE_MONTHS;

const isDate = (value: string) => {
  try {
    dateParts(value);
    return true;
  } catch {
    return false;
  }
};

/** What is missing or absurd in the terms; empty when a schedule can be computed. */
export function termsProblems(terms: ContributionTerms): TermsProblem[] {
  const problems: TermsProblem[] = [];
  if (terms.amount === null || !(terms.amount > 0) || !Number.isFinite(terms.amount)) {
    problems.push({ field: 'amount', key: 'portfolio.schedule.problems.amount' });
  }
  if (terms.rate === null || !(terms.rate >= 0 && terms.rate <= MAX_RATE_PERCENT)) {
    problems.push({ field: 'rate', key: 'portfolio.schedule.problems.rate' });
  }
  const amortizationOk = terms.amortization !== null && isMonths(terms.amortization, 1);
  if (!amortizationOk) problems.push({ field: 'amortization', key: 'portfolio.schedule.problems.amortization' });
  const moratorium = terms.moratorium ?? 0;
  // The whole term (moratorium and amortization) is what the 50-year bound is about.
  if (!isMonths(moratorium, 0) || (amortizationOk && moratorium + terms.amortization! > MAX_SCHEDULE_MONTHS)) {
    problems.push({ field: 'moratorium', key: 'portfolio.schedule.problems.moratorium' });
  }
  if (terms.authorizationDate === null || !isDate(terms.authorizationDate)) {
    problems.push({ field: 'authorizationDate', key: 'portfolio.schedule.problems.authorizationDate' });
  }
  return problems;
}

export type LoanTermsResult = { ok: true; terms: LoanTerms } | { ok: false; problems: TermsProblem[] };

/** The contribution's terms in cents, or why it has none. */
export function loanTerms(terms: ContributionTerms): LoanTermsResult {
  const problems = termsProblems(terms);
  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    terms: {
      amount: toCents(terms.amount!),
      rate: terms.rate!,
      amortization: terms.amortization!,
      moratorium: terms.moratorium ?? 0,
      authorizationDate: terms.authorizationDate!,
    },
  };
}
