import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ACCOUNT_ROLES } from '../../../shared/accounting/accounts';
import { contributionFunds } from './lookups';
import { userRef } from './users';
import { at, cents, insertedStamp, oneOf, requiredRef, uuidKey } from './columns';

/*
 * Month-end (docs/decisions/0070, 0071): each fund's chart of accounts, the journal exports and what each
 * carried, the interest accruals, and the closed periods with their history.
 */

/** The account a fund's postings of one role land in. */
export const fundAccounts = pgTable(
  'fund_accounts',
  {
    fundId: requiredRef('fund_id', () => contributionFunds.id, 'cascade'),
    role: text('role', { enum: ACCOUNT_ROLES }).notNull(),
    number: text('number').notNull(),
    name: text('name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.fundId, t.role] }), oneOf('fund_accounts_role_check', t.role, ACCOUNT_ROLES)],
);

/** Every change of a fund's chart: who, when, before and after. */
export const fundAccountChanges = pgTable(
  'fund_account_changes',
  {
    ...uuidKey,
    fundId: requiredRef('fund_id', () => contributionFunds.id, 'cascade'),
    before: jsonb('before').notNull(),
    after: jsonb('after').notNull(),
    authorId: userRef('author_id'),
    ...insertedStamp,
  },
  (t) => [index('fund_account_changes_fund_idx').on(t.fundId, t.insertedAt)],
);

/**
 * The one row every servicing write locks (shared) and every close or reopen locks (exclusive): a write either
 * commits before a close or sees it. `closed_through` is the last closed day, null while nothing is closed.
 */
export const accountingPeriodState = pgTable(
  'accounting_period_state',
  {
    id: integer('id').primaryKey(),
    closedThrough: date('closed_through', { mode: 'string' }),
  },
  (t) => [check('accounting_period_state_single', sql`${t.id} = 1`)],
);

export const PERIOD_ACTIONS = ['close', 'reopen'] as const;

/** The history of closes and reopenings. */
export const accountingPeriodChanges = pgTable(
  'accounting_period_changes',
  {
    ...uuidKey,
    action: text('action', { enum: PERIOD_ACTIONS }).notNull(),
    /** The month end closed through, or reopened from. */
    through: date('through', { mode: 'string' }).notNull(),
    /** What is closed after the change (null: nothing). */
    closedThrough: date('closed_through', { mode: 'string' }),
    reason: text('reason'),
    authorId: userRef('author_id'),
    ...insertedStamp,
  },
  (t) => [
    oneOf('accounting_period_changes_action_check', t.action, PERIOD_ACTIONS),
    check('accounting_period_changes_reason_check', sql`${t.action} = 'close' or ${t.reason} is not null`),
  ],
);

/** One fund's interest accrued to a month end, posted as one entry and reversed the next day. */
export const interestAccruals = pgTable(
  'interest_accruals',
  {
    ...uuidKey,
    fundId: requiredRef('fund_id', () => contributionFunds.id, 'cascade'),
    asOf: date('as_of', { mode: 'string' }).notNull(),
    amountCents: cents('amount_cents').notNull(),
    loansCount: integer('loans_count').notNull(),
    authorId: userRef('author_id'),
    ...insertedStamp,
  },
  (t) => [
    uniqueIndex('interest_accruals_fund_day_idx').on(t.fundId, t.asOf),
    check('interest_accruals_amount_check', sql`${t.amountCents} >= 0`),
  ],
);

export const JOURNAL_FORMATS = ['qbo', 'sage50', 'csv'] as const;

/** A journal file taken: who, when, which period and fund, how many entries. */
export const journalExports = pgTable(
  'journal_exports',
  {
    ...uuidKey,
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    toDate: date('to_date', { mode: 'string' }).notNull(),
    /** null: every fund. */
    fundId: uuid('fund_id').references(() => contributionFunds.id, { onDelete: 'set null' }),
    allFunds: boolean('all_funds').notNull(),
    format: text('format', { enum: JOURNAL_FORMATS }).notNull(),
    onlyNew: boolean('only_new').notNull(),
    entriesCount: integer('entries_count').notNull(),
    authorId: userRef('author_id'),
    ...insertedStamp,
  },
  (t) => [
    oneOf('journal_exports_format_check', t.format, JOURNAL_FORMATS),
    index('journal_exports_period_idx').on(t.fromDate, t.toDate),
  ],
);

/**
 * What each export carried of each entry (its key: a loan's day, an accrual or its reversal): the net amount per
 * account role, so that "new entries only" exports what changed since, never twice the same money.
 */
export const journalExportedEntries = pgTable(
  'journal_exported_entries',
  {
    exportId: requiredRef('export_id', () => journalExports.id, 'cascade'),
    entryKey: text('entry_key').notNull(),
    entryDate: date('entry_date', { mode: 'string' }).notNull(),
    fundId: requiredRef('fund_id', () => contributionFunds.id, 'cascade'),
    /** Role → cents (> 0 debit). */
    lines: jsonb('lines').$type<Record<string, number>>().notNull(),
    exportedAt: at('exported_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.exportId, t.entryKey] }),
    index('journal_exported_entries_key_idx').on(t.entryKey),
    index('journal_exported_entries_date_idx').on(t.entryDate, t.fundId),
  ],
);
