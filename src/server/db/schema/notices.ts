import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { LOCALES } from '../../../shared/constants';
import { NOTICE_KINDS, NOTICE_STATES, STATEMENT_FREQUENCIES } from '../../../shared/notices/rules';
import { at, oneOf, timestamps, uuidKey } from './columns';
import { companies, companyRecord, financialContributions } from './companies';
import { contributionFunds } from './lookups';
import { userRef } from './users';

/*
 * What the borrower receives by mail (docs/decisions/0073): the people to write to at each company, each fund's
 * notices, the administrators' texts, the companies on hold, and one row per notice — its unique key makes one
 * mail per notice, loan (or company) and day across processes, as the digest's deliveries do (ADR 0044).
 */

/** A person to write to at a company. `roles` ⊆ finance, owner, signatory; `preferred_for` ⊆ `roles`. */
export const companyContacts = pgTable(
  'company_contacts',
  {
    ...companyRecord,
    name: text('name').notNull(),
    email: text('email').notNull(),
    locale: text('locale', { enum: LOCALES }).notNull(),
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    preferredFor: text('preferred_for')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The owner this contact was made from, if any ("make this owner a contact"). */
    ownerId: uuid('owner_id'),
    ...timestamps,
  },
  (t) => [
    index('company_contacts_company_idx').on(t.companyId, t.insertedAt),
    oneOf('company_contacts_locale_check', t.locale, LOCALES),
    check('company_contacts_preferred_check', sql`${t.preferredFor} <@ ${t.roles}`),
  ],
);

/** A fund's notices; no row: every notice off (DEFAULT_NOTICE_SETTINGS). */
export const fundNoticeSettings = pgTable(
  'fund_notice_settings',
  {
    fundId: uuid('fund_id')
      .primaryKey()
      .references(() => contributionFunds.id, { onDelete: 'cascade' }),
    paymentDueEnabled: boolean('payment_due_enabled').notNull().default(false),
    paymentDueDays: integer('payment_due_days').notNull().default(5),
    paymentLateEnabled: boolean('payment_late_enabled').notNull().default(false),
    statementsDueEnabled: boolean('statements_due_enabled').notNull().default(false),
    statementOfAccountEnabled: boolean('statement_of_account_enabled').notNull().default(false),
    statementOfAccountFrequency: text('statement_of_account_frequency', { enum: STATEMENT_FREQUENCIES })
      .notNull()
      .default('monthly'),
    updatedById: userRef('updated_by_id'),
    ...timestamps,
  },
  (t) => [
    oneOf('fund_notice_settings_frequency_check', t.statementOfAccountFrequency, STATEMENT_FREQUENCIES),
    check('fund_notice_settings_days_check', sql`${t.paymentDueDays} between 1 and 60`),
  ],
);

/** An administrator's text of a notice in one language; no row: the catalog's default text. */
export const noticeTemplates = pgTable(
  'notice_templates',
  {
    kind: text('kind', { enum: NOTICE_KINDS }).notNull(),
    locale: text('locale', { enum: LOCALES }).notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    updatedById: userRef('updated_by_id'),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.locale] }),
    oneOf('notice_templates_kind_check', t.kind, NOTICE_KINDS),
    oneOf('notice_templates_locale_check', t.locale, LOCALES),
  ],
);

/** A company no notice goes to (legal proceedings, a deferral negotiated), with the reason. */
export const noticeHolds = pgTable('notice_holds', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  reason: text('reason').notNull(),
  heldById: userRef('held_by_id'),
  ...timestamps,
});

/**
 * One notice of one day: queued once (unique `key`), then claimed and leased by one process at a time while it
 * sends; `held` when its company was on hold, `failed` when given up or when nobody could be written to.
 */
export const notices = pgTable(
  'notices',
  {
    ...uuidKey,
    key: text('key').notNull().unique(),
    kind: text('kind', { enum: NOTICE_KINDS }).notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    contributionId: uuid('contribution_id').references(() => financialContributions.id, { onDelete: 'cascade' }),
    /** The Québec day it goes out. */
    day: date('day', { mode: 'string' }).notNull(),
    /** What it is about, as the template's fields need it (due date, days late, period end…). */
    occasion: text('occasion').notNull(),
    status: text('status', { enum: NOTICE_STATES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: at('next_attempt_at').notNull().defaultNow(),
    /** `no_contact`, the relay's refusal, or the hold's reason. */
    lastError: text('last_error'),
    contactId: uuid('contact_id'),
    recipient: text('recipient'),
    locale: text('locale', { enum: LOCALES }),
    subject: text('subject'),
    body: text('body'),
    attachmentName: text('attachment_name'),
    sentAt: at('sent_at'),
    ...timestamps,
  },
  (t) => [
    index('notices_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('notices_company_idx').on(t.companyId, t.day),
    index('notices_status_idx').on(t.status, t.day),
    oneOf('notices_kind_check', t.kind, NOTICE_KINDS),
    oneOf('notices_status_check', t.status, NOTICE_STATES),
  ],
);
