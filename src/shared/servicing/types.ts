/**
 * What the servicing computation reads and answers (docs/decisions/0033-loan-servicing-computation.md).
 * Money is integer cents everywhere, dates are `YYYY-MM-DD`, rates annual percent.
 */
import type { LoanTerms } from './terms';

/** Money paid out to the borrower. */
export interface Disbursement {
  id: string;
  date: string;
  /** Cents, > 0. */
  amount: number;
  /** Kept and shown struck through, counting for nothing. */
  reversed: boolean;
}

export const REPAYMENT_KINDS = ['regular', 'prepayment', 'recovery'] as const;
/**
 * `regular`: pays what is due, the rest is held as paid in advance; `prepayment`: pays what is due, the
 * rest lowers the scheduled principal; `recovery`: money received after a write-off.
 */
export type RepaymentKind = (typeof REPAYMENT_KINDS)[number];

/** Money received from the borrower. */
export interface Repayment {
  id: string;
  receivedOn: string;
  /** Cents, > 0. */
  amount: number;
  kind: RepaymentKind;
  reversed: boolean;
}

export const AMENDMENT_KINDS = ['moratorium', 'term_extension', 'rate_change', 'payment_holiday'] as const;
export type AmendmentKind = (typeof AMENDMENT_KINDS)[number];

/** A change of terms, applied from the first installment due on or after its effective date. */
export type Amendment =
  | {
      id: string;
      effectiveDate: string;
      /** `moratorium`: n interest-only installments; `payment_holiday`: n installments with nothing due, their
       * interest capitalised; `term_extension`: n more level payments. Each makes the loan n months longer. */
      kind: 'moratorium' | 'payment_holiday' | 'term_extension';
      /** Whole months, 1–600. */
      months: number;
      reversed: boolean;
    }
  | {
      id: string;
      effectiveDate: string;
      kind: 'rate_change';
      /** The new annual percent. */
      rate: number;
      reversed: boolean;
    };

/** An aging bucket: loans whose days past due lie in [minDays, maxDays] (no upper bound when null). */
export interface AgingBucket {
  key: string;
  minDays: number;
  maxDays: number | null;
  /** Percent of the outstanding principal set aside as provision for loans in this bucket; none when null. */
  provisionRate: number | null;
}

/** Everything a loan's figures are computed from. */
export interface LoanInput {
  terms: LoanTerms;
  disbursements: readonly Disbursement[];
  repayments: readonly Repayment[];
  amendments: readonly Amendment[];
  /** The loan was written off at the end of this day; its amounts are computed. */
  writeOff: { date: string } | null;
  /** Sorted by `minDays`, from 0 with no gap, the last without upper bound (`bucketProblems` checks). */
  buckets: readonly AgingBucket[];
  /** The day the figures are computed for: entries dated after it count for nothing yet. */
  asOf: string;
}

export const LOAN_STATUSES = ['not_disbursed', 'active', 'repaid', 'written_off'] as const;
export type LoanStatus = (typeof LOAN_STATUSES)[number];

/** What produced an installment: interest only, nothing due (interest capitalised), or a level payment. */
export const INSTALLMENT_KINDS = ['moratorium', 'holiday', 'regular'] as const;
export type InstallmentKind = (typeof INSTALLMENT_KINDS)[number];

/**
 * `paid`: fully paid (possibly in advance); `late`: due before the as-of date and not fully paid;
 * `due`: due on the as-of date and not fully paid (late from the next day); `partial`: not yet due and
 * partly paid in advance; `future`: not yet due, nothing paid; `written_off`: not fully paid when the loan
 * was written off.
 */
export const INSTALLMENT_STATUSES = ['paid', 'late', 'due', 'partial', 'future', 'written_off'] as const;
export type InstallmentStatus = (typeof INSTALLMENT_STATUSES)[number];

/** Cents split between interest and principal. */
export interface Split {
  interest: number;
  principal: number;
}

export interface Installment {
  /** The month it falls due in, counted from the first disbursement: installment n is due n months after it. */
  number: number;
  dueDate: string;
  kind: InstallmentKind;
  /** The annual percent its interest was computed at. */
  rate: number;
  /** Scheduled principal balance at the start of its period, which its interest is computed on. */
  openingBalance: number;
  /** Interest asked (0 in a payment holiday). */
  interest: number;
  /** Principal asked. */
  principal: number;
  /** interest + principal. */
  payment: number;
  /** Interest added to the balance instead of being asked (payment holiday). */
  capitalised: number;
  /** Scheduled principal balance after it. */
  closingBalance: number;
  /** The level payment in force when it fell due (regular installments; the last one asks the balance instead). */
  levelPayment: number | null;
  /** Paid on it as of the as-of date, including what was paid in advance and will cover it on its due date. */
  paid: Split;
  /** Still owed on it (0 once written off). */
  due: Split;
  /** Written off with the loan. */
  writtenOff: Split;
  status: InstallmentStatus;
  /** The day it was fully paid (for one not yet due and covered in advance: its due date); null otherwise. */
  paidOn: string | null;
  /** Falls due after the as-of date: its amounts are what the terms and the money counted so far make them. */
  projected: boolean;
}

/** Why an entry counts for nothing in these figures. */
export type ExcludedBecause = 'reversed' | 'after_as_of' | 'after_write_off';

/** Where a repayment went. */
export interface Allocation {
  /** Paid on installments already due, oldest first, interest before principal. */
  installments: { number: number; interest: number; principal: number }[];
  /** Lowered the scheduled principal balance (a prepayment, or a payment closing the loan). */
  prepaidPrincipal: number;
  /** Held as paid in advance, applied to later installments on their due dates. */
  inAdvance: number;
  /** Counted as recovered after a write-off. */
  recovered: number;
  /** Beyond what would repay the loan entirely: not applied (the API refuses such a payment). */
  overpaid: number;
}

export interface RepaymentResult {
  id: string;
  receivedOn: string;
  amount: number;
  kind: RepaymentKind;
  /** How it was applied: a recovery before any write-off is a regular payment, any payment after the
   * write-off a recovery, and a payment reaching the payoff amount a prepayment (it closes the loan). */
  appliedAs: RepaymentKind | null;
  excludedBecause: ExcludedBecause | null;
  /** What would have repaid the loan entirely on that day, just before this payment (null when excluded). */
  payoffBefore: number | null;
  allocation: Allocation | null;
}

export interface DisbursementResult {
  id: string;
  date: string;
  amount: number;
  excludedBecause: ExcludedBecause | null;
}

export interface AmendmentResult {
  id: string;
  kind: AmendmentKind;
  effectiveDate: string;
  months: number | null;
  rate: number | null;
  excludedBecause: 'reversed' | null;
  /** The first installment it changes (null when not disbursed, or reversed). */
  fromInstallment: number | null;
  fromDueDate: string | null;
}

export interface BucketChange {
  /** The first day in the bucket. */
  date: string;
  /** null from the write-off on: a written-off loan is out of the aging. */
  bucket: string | null;
  daysPastDue: number;
}

export const STATEMENT_LINE_KINDS = [
  'disbursement',
  'interest',
  'capitalised_interest',
  'repayment',
  'write_off',
  'recovery',
] as const;
export type StatementLineKind = (typeof STATEMENT_LINE_KINDS)[number];

/** A line of the statement of account (relevé de compte). */
export interface StatementLine {
  date: string;
  kind: StatementLineKind;
  /** The disbursement's or repayment's id; null for interest and write-off lines. */
  entryId: string | null;
  /** The installment whose interest fell due (interest lines). */
  installmentNumber: number | null;
  /** What the line adds to the balance (disbursement, interest). */
  debit: number;
  /** The amount received (repayment, recovery) or written off. The balance falls by it, except a recovery's
   * (the loan is closed) and a repayment's `allocation.overpaid` part (not applied). */
  credit: number;
  /** Principal + interest due and unpaid − paid in advance, after this line. */
  balance: number;
  /** Shown struck through; counts for nothing. */
  reversed: boolean;
  /** false when reversed or otherwise excluded (see `excludedBecause`). */
  counts: boolean;
  excludedBecause: ExcludedBecause | null;
  allocation: Allocation | null;
}

/** A loan's figures as of a date. Every figure but `daysPastDue` holds on every day in [asOf, nextChangeOn). */
export interface LoanFigures {
  /** Paid out, reversals and entries after the as-of date left out. */
  disbursed: number;
  /** The amount lent less what was paid out, while the loan is not disbursed or active (0 once repaid or
   * written off: what was not paid out by then is no longer owed to the borrower). */
  undisbursed: number;
  /** Interest asked by installments due on or before the as-of date. */
  interestFallenDue: number;
  /** Interest of payment-holiday months added to the principal. */
  capitalisedInterest: number;
  interestPaid: number;
  /** Principal paid: on installments, by prepayments, and by money held in advance at a write-off. */
  principalRepaid: number;
  /** Disbursed + capitalised − principal repaid − principal written off. */
  outstandingPrincipal: number;
  /** Still owed on installments due before the as-of date. */
  arrearsPrincipal: number;
  arrearsInterest: number;
  /** Still owed on an installment due on the as-of date (late from the next day). */
  dueTodayPrincipal: number;
  dueTodayInterest: number;
  /** Paid ahead of installments not yet due. */
  paidInAdvance: number;
  /** As-of date − due date of the oldest installment due before it and not fully paid; 0 when none. */
  daysPastDue: number;
  /** That oldest installment's due date: days past due on a later day d is d − overdueSince, until nextChangeOn. */
  overdueSince: string | null;
  /** The aging bucket of `daysPastDue`; null when not disbursed or written off. */
  bucket: string | null;
  writtenOffPrincipal: number;
  writtenOffInterest: number;
  /** Received after the write-off (capped at what was written off; the rest is overpaid). */
  recovered: number;
  /** Every counted payment received, whatever it paid. */
  received: number;
  /** Received and applied to the loan: interest, principal and paid in advance (not recoveries, not overpaid). */
  applied: number;
  /** Received beyond what would have repaid the loan (or beyond what was written off, for recoveries). */
  overpaid: number;
  /** What would repay the loan entirely on the as-of date, after its entries: see the ADR. */
  payoffAmount: number;
  /** The level payment of the next level installment after the as-of date, or the last one in force; null when
   * there has been none (not disbursed, or repaid before amortization). */
  levelPayment: number | null;
  /** The first day after the as-of date on which a figure changes without a new entry; null when none will. */
  nextChangeOn: string | null;
}

export interface LoanServicing {
  asOf: string;
  status: LoanStatus;
  /** The first counted disbursement's date: installments are monthly from it. */
  startDate: string | null;
  /** Installments due up to the write-off, or all of them, projected past the as-of date. */
  installments: Installment[];
  /** For a loan not disbursed: the schedule if the whole amount were paid out on the authorization date. */
  projection: Installment[] | null;
  figures: LoanFigures;
  bucketHistory: BucketChange[];
  statement: StatementLine[];
  disbursements: DisbursementResult[];
  repayments: RepaymentResult[];
  amendments: AmendmentResult[];
  /** The terms as agreed, before any amendment. */
  originalTerms: LoanTerms;
}
