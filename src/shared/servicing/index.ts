/**
 * Loan servicing: one pure computation of what each loan was paid out, asked and paid, shared by the API,
 * the SPA, print, the CSV exports and the dashboard (docs/decisions/0033-loan-servicing-computation.md).
 * Money is integer cents, dates `YYYY-MM-DD`, rates annual percent.
 */
export type {
  AgingBucket,
  Allocation,
  Amendment,
  AmendmentKind,
  AmendmentResult,
  BucketChange,
  Disbursement,
  DisbursementResult,
  ExcludedBecause,
  Installment,
  InstallmentKind,
  InstallmentStatus,
  LoanFigures,
  LoanInput,
  LoanServicing,
  LoanStatus,
  Repayment,
  RepaymentKind,
  RepaymentResult,
  Split,
  StatementLine,
  StatementLineKind,
} from './types';
export {
  AMENDMENT_KINDS,
  INSTALLMENT_KINDS,
  INSTALLMENT_STATUSES,
  LOAN_STATUSES,
  REPAYMENT_KINDS,
  STATEMENT_LINE_KINDS,
} from './types';
export { computeLoan, computeLoanFigures, projectInstallments } from './loan';
export {
  loanTerms,
  termsProblems,
  MAX_RATE_PERCENT,
  MAX_SCHEDULE_MONTHS,
  RATE_DECIMALS,
  type ContributionTerms,
  type LoanTerms,
  type LoanTermsResult,
  type TermsProblem,
} from './terms';
export {
  DEFAULT_BUCKETS,
  MAX_BUCKETS,
  bucketFor,
  bucketIndex,
  bucketKeyOf,
  bucketLabel,
  bucketProblems,
  type BucketProblem,
} from './buckets';
export {
  RATIO_TEXTS,
  agingTable,
  arrearsRate,
  bucketProvision,
  collectionRate,
  loanCollections,
  portfolioAtRisk,
  provision,
  type AgingRow,
  type LoanCollections,
  type LoanPosition,
  type Ratio,
} from './portfolio';
export { addDays, addMonths, daysBetween, isCalendarDate } from './calendar';
export { roundCents, toCents } from './money';
