import { z } from 'zod';
import {
  AMENDMENT_KINDS,
  INSTALLMENT_KINDS,
  LOAN_STATUSES,
  REPAYMENT_KINDS,
  STATEMENT_LINE_KINDS,
} from '../servicing/types';
import { day, instant, money } from './answer-parts';
import { ENTRY_APPROVAL_STATES } from '../controls/rules';
import { scheduleAnswerSchema } from './portfolio-answers';
import { DISBURSEMENT_METHODS, IMPORT_DECIMAL_SEPARATORS, IMPORT_WIRE_FIELDS, REPAYMENT_METHODS } from './servicing';

/*
 * Answers of the servicing calls (docs/decisions/0036), camelCase as the web client reads them (the
 * wire spells them in snake_case). Money is in dollars with at most two decimals, like every amount of the API
 * (the computation works in cents, src/shared/servicing); dates are YYYY-MM-DD, instants ISO 8601. Every
 * figure comes from the servicing computation as of a date: `asOf` (today in Québec unless the call asks).
 *
 * Stable: the servicing screens are built on these shapes. A change is said in its commit message.
 */

/** Why an entry counts for nothing in the figures as of `asOf`. */
export const EXCLUDED_BECAUSE = ['reversed', 'after_as_of', 'after_write_off'] as const;

/** The four statuses of an installment on the wire (docs/decisions/0036 says how the computation's six map). */
export const WIRE_INSTALLMENT_STATUSES = ['paid', 'partial', 'late', 'future'] as const;
export type WireInstallmentStatus = (typeof WIRE_INSTALLMENT_STATUSES)[number];

/** Who recorded an entry and when. */
const recorded = {
  /** null once that account is gone. */
  authorId: z.string().nullable(),
  authorName: z.string().nullable(),
  insertedAt: instant(),
  /**
   * Two-person approval (docs/decisions/0067): `approved` when a second person approved the move that made it,
   * `not_required` when no fund policy held it. A move still pending, rejected or cancelled is not an entry: it
   * is listed by `GET /approvals` with that state.
   */
  approvalState: z.enum(ENTRY_APPROVAL_STATES),
  /** The approver's name (null when none was needed, or once that account is gone). */
  approvedBy: z.string().nullable(),
  approvedAt: instant().nullable(),
};

/** A correction of recorded money: the entry stays, struck through, with who reversed it, when and why. */
export const reversalSchema = z.object({
  reversedAt: instant(),
  reversedById: z.string().nullable(),
  reversedByName: z.string().nullable(),
  reason: z.string(),
});

/** What every entry that a reversal may strike through carries: who recorded it, when, and its reversal. */
const reversibleEntry = { ...recorded, reversal: reversalSchema.nullable() };
/** A reversible entry of money, and why it counts for nothing in the figures as of `asOf` (null: it counts). */
const moneyEntry = { ...reversibleEntry, excludedBecause: z.enum(EXCLUDED_BECAUSE).nullable() };

/** Where a repayment went (ADR 0033 §3). */
export const allocationSchema = z.object({
  /** Paid on installments already due, oldest first, interest before principal. */
  installments: z.array(z.object({ number: z.number().int(), interest: money(), principal: money() })),
  /** Lowered the scheduled principal (a prepayment, or a payment closing the loan). */
  prepaidPrincipal: money(),
  /** Held as paid in advance, applied to later installments on their due dates. */
  inAdvance: money(),
  /** Counted as recovered after a write-off. */
  recovered: money(),
  /** Beyond the payoff amount: not applied (the API refuses such a payment, so only a later backdated entry shows it). */
  overpaid: money(),
});

/** A loan's figures as of `asOf` (ADR 0033 §4), in dollars. */
export const loanFiguresSchema = z.object({
  disbursed: money(),
  /** The amount lent less what was paid out, while not disbursed or active. */
  undisbursed: money(),
  interestFallenDue: money(),
  capitalisedInterest: money(),
  interestPaid: money(),
  principalRepaid: money(),
  outstandingPrincipal: money(),
  /** Still owed on installments due before `asOf`. */
  arrearsPrincipal: money(),
  arrearsInterest: money(),
  /** Still owed on an installment due on `asOf` itself (late from the next day). */
  dueTodayPrincipal: money(),
  dueTodayInterest: money(),
  paidInAdvance: money(),
  daysPastDue: z.number().int(),
  /** The due date days past due are counted from; null when nothing is late. */
  overdueSince: day().nullable(),
  /** The aging bucket's key (`current`, `days_1_30`, …); null when not disbursed, repaid or written off. */
  bucket: z.string().nullable(),
  writtenOffPrincipal: money(),
  writtenOffInterest: money(),
  recovered: money(),
  received: money(),
  applied: money(),
  overpaid: money(),
  /** What would repay the loan entirely on `asOf`. */
  payoffAmount: money(),
  levelPayment: money().nullable(),
  /** The first day after `asOf` on which a figure changes without a new entry. */
  nextChangeOn: day().nullable(),
});

export const writeOffSchema = z.object({
  id: z.string(),
  contributionId: z.string(),
  /** Written off at the end of this day. */
  date: day(),
  /** What was written off, as the loan's figures gave it that day. */
  principal: money(),
  interest: money(),
  reason: z.string(),
  ...recorded,
  undone: z
    .object({
      undoneAt: instant(),
      undoneById: z.string().nullable(),
      undoneByName: z.string().nullable(),
      reason: z.string(),
    })
    .nullable(),
});

/** A loan as the servicing screens head it: its number, status and figures. */
export const loanSummarySchema = z.object({
  companyId: z.string(),
  /** Its company is archived: the loan still takes payments and counts in the portfolio (docs/decisions/0060). */
  companyArchived: z.boolean(),
  contributionId: z.string(),
  /** The loan's number, as a bank file and the statement of account name it (e.g. C-2026-000123-01). */
  loanNumber: z.string(),
  asOf: day(),
  status: z.enum(LOAN_STATUSES),
  /** The first counted disbursement's date: installments are monthly from it. */
  startDate: day().nullable(),
  figures: loanFiguresSchema,
  /** The write-off in force (null when none, or undone). */
  writeOff: writeOffSchema.nullable(),
  /** The resolution that authorized it (docs/decisions/0066): its decision's, or typed in the company file. */
  resolutionNumber: z.string().nullable(),
  resolutionDate: day().nullable(),
  /** No committee decision created it: typed in the company file (docs/decisions/0066). */
  outsidePipeline: z.boolean(),
  /** What its signed and registered guarantees secure ÷ its outstanding principal; null when nothing is owed. */
  guaranteesCoverage: z.number().nullable(),
});

/** `meta` of every servicing write and list: the loan's figures after it. */
export const loanMetaSchema = z.object({ loan: loanSummarySchema });
/** `meta` of the servicing lists (a loan's entries, all of them: a few hundred at most). */
export const loanListMetaSchema = z.object({ totalCount: z.number().int(), loan: loanSummarySchema });

export const disbursementSchema = z.object({
  id: z.string(),
  contributionId: z.string(),
  date: day(),
  amount: money(),
  method: z.enum(DISBURSEMENT_METHODS),
  reference: z.string().nullable(),
  note: z.string().nullable(),
  ...moneyEntry,
});

/** What a repayment says of itself, as recorded and as an import's matched row shows it before it is posted. */
const repaymentFields = {
  contributionId: z.string(),
  receivedOn: day(),
  amount: money(),
  method: z.enum(REPAYMENT_METHODS),
  kind: z.enum(REPAYMENT_KINDS),
  reference: z.string().nullable(),
};

export const repaymentSchema = z.object({
  id: z.string(),
  ...repaymentFields,
  /** The import it came from; null when recorded by hand. */
  importId: z.string().nullable(),
  ...moneyEntry,
  /** How it was applied: a payment reaching the payoff is a prepayment, one after a write-off a recovery. */
  appliedAs: z.enum(REPAYMENT_KINDS).nullable(),
  /** What would have repaid the loan on that day, just before it (null when excluded). */
  payoffBefore: money().nullable(),
  allocation: allocationSchema.nullable(),
});

/** What an amendment changes and from when, for one loan or a whole fund's. */
const amendmentTerms = {
  effectiveDate: day(),
  kind: z.enum(AMENDMENT_KINDS),
  /** Moratorium, payment holiday, term extension. */
  months: z.number().int().nullable(),
  /** Rate change: the new annual percent. */
  rate: z.number().nullable(),
  reason: z.string(),
};

export const termAmendmentSchema = z.object({
  id: z.string(),
  contributionId: z.string(),
  ...amendmentTerms,
  /** Set when it came with a whole fund's amendment (`POST /portfolio/term_amendments/bulk`). */
  bulkActionId: z.string().nullable(),
  /** The first installment it changes, and its due date (null when the loan is not disbursed, or reversed). */
  fromInstallment: z.number().int().nullable(),
  fromDueDate: day().nullable(),
  ...reversibleEntry,
});

/** The amendments of one loan, with the terms as agreed beside them. */
export const termAmendmentsMetaSchema = loanListMetaSchema.extend({
  originalTerms: z.object({
    amount: money(),
    rate: z.number(),
    amortization: z.number().int(),
    moratorium: z.number().int(),
    authorizationDate: day(),
  }),
});

/** `POST /portfolio/term_amendments/bulk` (dry_run=true, the default): what the amendment would touch; nothing is written. */
export const bulkTermAmendmentPreviewSchema = z.object({
  fundId: z.string(),
  /** The fund's loans active today: those the amendment would amend. */
  loansCount: z.number().int(),
  /** Their outstanding principal today, together. */
  outstandingPrincipal: money(),
  /** Each of them, in the order of their loan numbers, with its outstanding principal today. */
  loans: z.array(
    z.object({
      companyId: z.string(),
      companyName: z.string(),
      contributionId: z.string(),
      loanNumber: z.string(),
      outstandingPrincipal: money(),
    }),
  ),
});

/** `POST /portfolio/term_amendments/bulk`: what was amended, in one action. */
export const bulkTermAmendmentSchema = z.object({
  bulkActionId: z.string(),
  fundId: z.string(),
  amendedCount: z.number().int(),
  loans: z.array(
    z.object({
      companyId: z.string(),
      companyName: z.string(),
      contributionId: z.string(),
      loanNumber: z.string(),
      amendmentId: z.string(),
    }),
  ),
});

/** Where a fund's amendment stands: every amendment it made in force, some reversed one by one, or all reversed. */
export const BULK_ACTION_STATES = ['applied', 'partly_reversed', 'reversed'] as const;

/** `GET /portfolio/term_amendments/bulk?filter[fund_id]=`: one fund's amendment, with where it stands. */
export const bulkActionSchema = z.object({
  id: z.string(),
  fundId: z.string(),
  ...amendmentTerms,
  /** The loans it amended. */
  loansCount: z.number().int(),
  /** Of their amendments, those not reversed. */
  inForceCount: z.number().int(),
  state: z.enum(BULK_ACTION_STATES),
  ...recorded,
  /** Set when it was reversed as one (`POST …/bulk/{id}/reverse`). */
  reversal: reversalSchema.nullable(),
});
export type BulkActionAnswer = z.infer<typeof bulkActionSchema>;

/* ------------------------------------------------------------------------------------------------
 * The schedule: today's answer (ADR 0020) with what was actually paid.
 * ---------------------------------------------------------------------------------------------- */

const scheduleRowSchema = scheduleAnswerSchema.shape.rows.element.extend({
  /** 1-based: installment n falls due n months after the first disbursement. */
  number: z.number().int(),
  kind: z.enum(INSTALLMENT_KINDS),
  /** The annual percent its interest was computed at. */
  rate: z.number(),
  /** Paid on it, and still owed on it, as of `asOf` (interest + principal). */
  paid: money(),
  due: money(),
  paidInterest: money(),
  paidPrincipal: money(),
  dueInterest: money(),
  duePrincipal: money(),
  /** Interest of a payment holiday added to the balance instead of being asked. */
  capitalised: money(),
  /** Owed no more: written off with the loan (its status stays `late`, its `due` is 0). */
  writtenOff: money(),
  status: z.enum(WIRE_INSTALLMENT_STATUSES),
  /** Falls due on `asOf` itself and is not fully paid: `partial` or `future` today, `late` from tomorrow. */
  dueOnAsOf: z.boolean(),
  /** The day it was fully paid (one covered in advance: its due date). */
  paidOn: day().nullable(),
});

/**
 * `GET …/schedule?as_of=`: today's answer (payment, totals, balance, rows) and the loan's truth. A loan not
 * disbursed answers its projected schedule (`projected: true`): the whole amount paid out on the
 * authorization date, every installment `future`.
 */
export const servicingScheduleSchema = scheduleAnswerSchema.extend({
  /** The outstanding principal as of `asOf` (for a projection: the scheduled balance, as before). */
  balanceToday: money(),
  rows: z.array(scheduleRowSchema),
  asOf: day(),
  loanNumber: z.string(),
  status: z.enum(LOAN_STATUSES),
  projected: z.boolean(),
  startDate: day().nullable(),
  daysPastDue: z.number().int(),
  bucket: z.string().nullable(),
  arrearsPrincipal: money(),
  arrearsInterest: money(),
  outstandingPrincipal: money(),
  figures: loanFiguresSchema,
  /** Every change of aging bucket from the first disbursement to `asOf`. */
  bucketHistory: z.array(z.object({ date: day(), bucket: z.string().nullable(), daysPastDue: z.number().int() })),
  /** The terms as agreed; the rows show them as amended. */
  originalTerms: termAmendmentsMetaSchema.shape.originalTerms,
  amendments: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(AMENDMENT_KINDS),
      effectiveDate: day(),
      months: z.number().int().nullable(),
      rate: z.number().nullable(),
      reversed: z.boolean(),
      fromInstallment: z.number().int().nullable(),
      fromDueDate: day().nullable(),
    }),
  ),
});

/* ------------------------------------------------------------------------------------------------
 * The statement of account (relevé de compte), written in the language asked.
 * ---------------------------------------------------------------------------------------------- */

export const statementLineSchema = z.object({
  date: day(),
  kind: z.enum(STATEMENT_LINE_KINDS),
  /** The line's label in the language asked: "Décaissement", "Intérêts échus — versement 3"… */
  label: z.string(),
  /** The disbursement's or repayment's id; null for interest and write-off lines. */
  entryId: z.string().nullable(),
  installmentNumber: z.number().int().nullable(),
  /** Its reference and method (label in the language asked), when it is a recorded entry. */
  reference: z.string().nullable(),
  method: z.string().nullable(),
  /** What it adds to the balance (disbursement, interest). */
  debit: money(),
  /** Received (a repayment) or written off: the balance falls by it. 0 on a recovery line. */
  credit: money(),
  /** Received after the write-off (a recovery line; 0 on the others): the loan is closed, the balance stays. */
  recovery: money(),
  /** Principal + interest due and unpaid − paid in advance, after this line. */
  balance: money(),
  /** Shown struck through; counts for nothing. */
  reversed: z.boolean(),
  counts: z.boolean(),
  excludedBecause: z.enum(EXCLUDED_BECAUSE).nullable(),
  allocation: allocationSchema.nullable(),
});

export const statementSchema = z.object({
  /** The language it is written in. */
  locale: z.enum(['fr', 'en']),
  /** "Relevé de compte" / "Statement of account". */
  title: z.string(),
  asOf: day(),
  loanNumber: z.string(),
  company: z.object({
    id: z.string(),
    name: z.string(),
    referenceNumber: z.string(),
    /** Street address, municipality (in the language asked) and postal code; null when the company has none. */
    address: z.object({ address: z.string(), municipality: z.string(), zipCode: z.string() }).nullable(),
  }),
  loan: z.object({
    fundName: z.string(),
    projectName: z.string().nullable(),
    status: z.enum(LOAN_STATUSES),
    /** Its label in the language asked. */
    statusLabel: z.string(),
    amount: money(),
    rate: z.number(),
    amortization: z.number().int(),
    moratorium: z.number().int(),
    authorizationDate: day(),
    startDate: day().nullable(),
    levelPayment: money().nullable(),
    /** The amendments in force, each written out in the language asked. */
    amendments: z.array(z.object({ effectiveDate: day(), label: z.string(), reason: z.string() })),
  }),
  lines: z.array(statementLineSchema),
  /**
   * Sums of the counted lines, column by column: debits − credits is the balance, the last line's, which the
   * figures reconcile to; recoveries are their own column and total, beside it (docs/decisions/0062).
   */
  totals: z.object({ debits: money(), credits: money(), recoveries: money(), balance: money() }),
  figures: loanFiguresSchema,
});

/* ------------------------------------------------------------------------------------------------
 * The repayment import.
 * ---------------------------------------------------------------------------------------------- */

export const importProblemSchema = z.object({
  /** The import field the problem is about (`loan_number`, `amount`…), or `row` for the whole row. */
  field: z.enum(IMPORT_WIRE_FIELDS),
  /** In the language asked. */
  message: z.string(),
});

export const importMatchedRowSchema = z.object({
  /** The row's line number in the file (the header is line 1). */
  row: z.number().int(),
  loanNumber: z.string(),
  companyId: z.string(),
  companyName: z.string(),
  ...repaymentFields,
  /** Imported before (the same file, or the same row in another): skipped, never posted twice. */
  alreadyImported: z.boolean(),
});

export const importUnmatchedRowSchema = z.object({
  row: z.number().int(),
  /** The loan number as the file gave it, when there was one. */
  loanNumber: z.string().nullable(),
  problems: z.array(importProblemSchema),
});

/** `POST /portfolio/repayments/import`: what the file holds, and (not a dry run) what was posted. */
export const importReportSchema = z.object({
  dryRun: z.boolean(),
  fileName: z.string(),
  /** Set once posted. */
  importId: z.string().nullable(),
  encoding: z.enum(['utf-8', 'windows-1252']),
  separator: z.string(),
  decimalSeparator: z.enum(IMPORT_DECIMAL_SEPARATORS.filter((value) => value !== 'auto') as ['.', ',']),
  /**
   * True when the request chose the decimal separator, false when it was found from the file's amounts (an
   * amount that reads either way, `1,500`, is then refused until one is chosen).
   */
  decimalSeparatorChosen: z.boolean(),
  /** Rows read, the header aside. */
  rowsCount: z.number().int(),
  matchedCount: z.number().int(),
  matchedAmount: money(),
  alreadyImportedCount: z.number().int(),
  unmatchedCount: z.number().int(),
  /** Posted by this call (0 for a dry run, and for a file imported before). */
  postedCount: z.number().int(),
  postedAmount: money(),
  /** At most `IMPORT_LIST_LIMIT` of each, in file order; the counts are whole. */
  matched: z.array(importMatchedRowSchema),
  unmatched: z.array(importUnmatchedRowSchema),
});

export type LoanFiguresAnswer = z.infer<typeof loanFiguresSchema>;
export type LoanSummary = z.infer<typeof loanSummarySchema>;
export type DisbursementAnswer = z.infer<typeof disbursementSchema>;
export type RepaymentAnswer = z.infer<typeof repaymentSchema>;
export type TermAmendmentAnswer = z.infer<typeof termAmendmentSchema>;
export type WriteOffAnswer = z.infer<typeof writeOffSchema>;
export type ServicingSchedule = z.infer<typeof servicingScheduleSchema>;
export type StatementAnswer = z.infer<typeof statementSchema>;
export type ImportReport = z.infer<typeof importReportSchema>;
