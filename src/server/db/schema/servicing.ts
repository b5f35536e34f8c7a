import { sql, type SQL } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { AMENDMENT_KINDS, LOAN_STATUSES, REPAYMENT_KINDS } from '../../../shared/servicing/types';
import { DISBURSEMENT_METHODS, REPAYMENT_METHODS } from '../../../shared/schemas/servicing';
import { financialContributions } from './companies';
import { contributionFunds } from './lookups';
import { userRef } from './users';
import { at, cents, insertedStamp, oneOf, requiredRef, updatedStamp, uuidKey } from './columns';

/*
 * Loan servicing (docs/decisions/0036): money paid out and received, term amendments and
 * write-offs of a financial contribution, and one row of figures per loan (`loan_states`). Every amount is
 * integer cents (`*_cents`), as the computation (src/shared/servicing) counts it.
 *
 * Recorded money is never updated or deleted (docs/ARCHITECTURE.md §7): a correction is a reversal — who, when, why —
 * set once on the row, and a trigger (migration `servicing_guards`) refuses any other change. A loan's entries
 * refer to it with ON DELETE RESTRICT: a loan with recorded money cannot disappear, even by a cascade.
 */

const loanId = () => requiredRef('contribution_id', () => financialContributions.id, 'restrict');

/** A figure of `loan_states`: 0 in the stale row a new loan starts with (migration `servicing_guards`). */
const figure = (name: string) => cents(name).notNull().default(0);

/** When it was recorded; `seq` keeps the order of entries recorded in one instant (one transaction). */
const recorded = () => ({
  authorId: userRef('author_id'),
  ...insertedStamp,
  seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
});

/** A correction: the entry stays, counting for nothing, with who reversed it, when and why. */
const reversal = () => ({
  reversedAt: at('reversed_at'),
  reversedById: userRef('reversed_by_id'),
  reversalReason: text('reversal_reason'),
});

const reversalCheck = (t: { reversedAt: AnyPgColumn; reversalReason: AnyPgColumn }): SQL =>
  sql`(${t.reversedAt} is null) = (${t.reversalReason} is null)`;

/** Money paid out to the borrower. */
export const disbursements = pgTable(
  'disbursements',
  {
    ...uuidKey,
    contributionId: loanId(),
    date: date('date', { mode: 'string' }).notNull(),
    amountCents: cents('amount_cents').notNull(),
    method: text('method', { enum: DISBURSEMENT_METHODS }).notNull(),
    reference: text('reference'),
    note: text('note'),
    ...recorded(),
    ...reversal(),
  },
  (t) => [
    index('disbursements_loan_idx').on(t.contributionId, t.date, t.seq),
    check('disbursements_amount_check', sql`${t.amountCents} > 0`),
    oneOf('disbursements_method_check', t.method, DISBURSEMENT_METHODS),
    check('disbursements_reversal_check', reversalCheck(t)),
  ],
);

/** Who posted an import of repayments, from which file: what keeps the same file from being posted twice. */
export const repaymentImports = pgTable(
  'repayment_imports',
  {
    ...uuidKey,
    fileName: text('file_name').notNull(),
    /** SHA-256 of the file's bytes, hex. */
    fileSha256: text('file_sha256').notNull(),
    rowsCount: integer('rows_count').notNull(),
    postedCount: integer('posted_count').notNull(),
    postedCents: cents('posted_cents').notNull(),
    authorId: userRef('author_id'),
    ...insertedStamp,
  },
  (t) => [index('repayment_imports_file_idx').on(t.fileSha256)],
);

/** Money received from the borrower. */
export const repayments = pgTable(
  'repayments',
  {
    ...uuidKey,
    contributionId: loanId(),
    receivedOn: date('received_on', { mode: 'string' }).notNull(),
    amountCents: cents('amount_cents').notNull(),
    method: text('method', { enum: REPAYMENT_METHODS }).notNull(),
    kind: text('kind', { enum: REPAYMENT_KINDS }).notNull(),
    reference: text('reference'),
    /** The import that posted it; null when recorded by hand. */
    importId: uuid('import_id').references(() => repaymentImports.id, { onDelete: 'restrict' }),
    /**
     * What an imported row is (its loan, day, cents and reference, hashed): unique per loan among the rows not
     * reversed, so a row posted once — by this file or another holding it — is never posted twice, and a row
     * reversed (posted in error, or to the wrong loan) can be imported again once corrected.
     */
    importKey: text('import_key'),
    ...recorded(),
    ...reversal(),
  },
  (t) => [
    index('repayments_loan_idx').on(t.contributionId, t.receivedOn, t.seq),
    // The accountant's export of a period, and the collections of a period.
    index('repayments_received_on_idx').on(t.receivedOn, t.seq),
    uniqueIndex('repayments_import_key_idx')
      .on(t.contributionId, t.importKey)
      .where(sql`${t.importKey} is not null and ${t.reversedAt} is null`),
    check('repayments_amount_check', sql`${t.amountCents} > 0`),
    oneOf('repayments_method_check', t.method, REPAYMENT_METHODS),
    oneOf('repayments_kind_check', t.kind, REPAYMENT_KINDS),
    check('repayments_reversal_check', reversalCheck(t)),
  ],
);

/** One amendment given to every active loan of a fund at once (a blanket deferral). */
export const bulkTermAmendments = pgTable(
  'bulk_term_amendments',
  {
    ...uuidKey,
    fundId: requiredRef('fund_id', () => contributionFunds.id),
    effectiveDate: date('effective_date', { mode: 'string' }).notNull(),
    kind: text('kind', { enum: AMENDMENT_KINDS }).notNull(),
    months: integer('months'),
    rate: numeric('rate', { precision: 7, scale: 3, mode: 'number' }),
    reason: text('reason').notNull(),
    loansCount: integer('loans_count').notNull(),
    authorId: userRef('author_id'),
    ...insertedStamp,
    /** Reversed as one: every amendment it made reversed in the same transaction (docs/decisions/0062). */
    ...reversal(),
  },
  (t) => [check('bulk_term_amendments_reversal_check', reversalCheck(t))],
);

/** A change of a loan's terms from its effective date; the agreed terms stay on the contribution. */
export const termAmendments = pgTable(
  'term_amendments',
  {
    ...uuidKey,
    contributionId: loanId(),
    effectiveDate: date('effective_date', { mode: 'string' }).notNull(),
    kind: text('kind', { enum: AMENDMENT_KINDS }).notNull(),
    /** Moratorium, payment holiday, term extension. */
    months: integer('months'),
    /** Rate change: the new annual percent. */
    rate: numeric('rate', { precision: 7, scale: 3, mode: 'number' }),
    reason: text('reason').notNull(),
    bulkActionId: uuid('bulk_action_id').references(() => bulkTermAmendments.id, { onDelete: 'restrict' }),
    ...recorded(),
    ...reversal(),
  },
  (t) => [
    index('term_amendments_loan_idx').on(t.contributionId, t.effectiveDate, t.seq),
    index('term_amendments_bulk_idx').on(t.bulkActionId),
    oneOf('term_amendments_kind_check', t.kind, AMENDMENT_KINDS),
    check(
      'term_amendments_shape_check',
      sql`(${t.kind} = 'rate_change' and ${t.rate} is not null and ${t.months} is null)
          or (${t.kind} <> 'rate_change' and ${t.months} > 0 and ${t.rate} is null)`,
    ),
    check('term_amendments_reversal_check', reversalCheck(t)),
  ],
);

/** A loan written off at the end of `date`; undone (kept, with who, when and why) rather than deleted. */
export const writeOffs = pgTable(
  'write_offs',
  {
    ...uuidKey,
    contributionId: loanId(),
    date: date('date', { mode: 'string' }).notNull(),
    /** What the loan's figures wrote off that day. */
    principalCents: cents('principal_cents').notNull(),
    interestCents: cents('interest_cents').notNull(),
    reason: text('reason').notNull(),
    authorId: userRef('author_id'),
    ...insertedStamp,
    undoneAt: at('undone_at'),
    undoneById: userRef('undone_by_id'),
    undoReason: text('undo_reason'),
  },
  (t) => [
    // One write-off in force per loan; undone ones stay beside it.
    uniqueIndex('write_offs_one_in_force_idx')
      .on(t.contributionId)
      .where(sql`${t.undoneAt} is null`),
    index('write_offs_loan_idx').on(t.contributionId, t.insertedAt),
    check('write_offs_amounts_check', sql`${t.principalCents} >= 0 and ${t.interestCents} >= 0`),
    check('write_offs_undo_check', sql`(${t.undoneAt} is null) = (${t.undoReason} is null)`),
  ],
);

/**
 * One row of figures per loan (every financial contribution has one): the servicing computation's figures as
 * of `as_of`, valid on every day before `holds_until` (days past due on a day d being d − `overdue_since`).
 * Written in the transaction of every servicing write and company save, and recomputed when read after
 * `holds_until` (servicing/store.ts), so the portfolio aggregates it in SQL without ever reading a stale row.
 */
export const loanStates = pgTable(
  'loan_states',
  {
    contributionId: uuid('contribution_id')
      .primaryKey()
      .references(() => financialContributions.id, { onDelete: 'cascade' }),
    status: text('status', { enum: LOAN_STATUSES }).notNull(),
    /** false: the contribution's terms do not make a schedule (no rate, no date…); nothing can be recorded. */
    hasTerms: boolean('has_terms').notNull(),
    /** The day the figures were computed for. */
    asOf: date('as_of', { mode: 'string' }).notNull(),
    /** The first day they no longer hold (the computation's `nextChangeOn`); null: until the next entry. */
    holdsUntil: date('holds_until', { mode: 'string' }),
    /** The first counted disbursement's date. */
    startDate: date('start_date', { mode: 'string' }),
    disbursedCents: figure('disbursed_cents'),
    undisbursedCents: figure('undisbursed_cents'),
    outstandingPrincipalCents: figure('outstanding_principal_cents'),
    arrearsPrincipalCents: figure('arrears_principal_cents'),
    arrearsInterestCents: figure('arrears_interest_cents'),
    dueTodayPrincipalCents: figure('due_today_principal_cents'),
    dueTodayInterestCents: figure('due_today_interest_cents'),
    paidInAdvanceCents: figure('paid_in_advance_cents'),
    interestFallenDueCents: figure('interest_fallen_due_cents'),
    capitalisedInterestCents: figure('capitalised_interest_cents'),
    interestPaidCents: figure('interest_paid_cents'),
    principalRepaidCents: figure('principal_repaid_cents'),
    writtenOffPrincipalCents: figure('written_off_principal_cents'),
    writtenOffInterestCents: figure('written_off_interest_cents'),
    recoveredCents: figure('recovered_cents'),
    receivedCents: figure('received_cents'),
    appliedCents: figure('applied_cents'),
    overpaidCents: figure('overpaid_cents'),
    payoffCents: figure('payoff_cents'),
    levelPaymentCents: cents('level_payment_cents'),
    /** As of `as_of`; on a later day d before `holds_until`: d − `overdue_since`. */
    daysPastDue: integer('days_past_due').notNull().default(0),
    overdueSince: date('overdue_since', { mode: 'string' }),
    /** The aging bucket's key as of `as_of` (the buckets in force when written). */
    bucket: text('bucket'),
    ...updatedStamp,
  },
  (t) => [
    index('loan_states_status_idx').on(t.status, t.overdueSince),
    index('loan_states_holds_until_idx').on(t.holdsUntil),
    oneOf('loan_states_status_check', t.status, LOAN_STATUSES),
  ],
);
