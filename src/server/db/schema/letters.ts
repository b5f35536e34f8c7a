import { sql } from 'drizzle-orm';
import { boolean, check, customType, index, integer, jsonb, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { LETTER_KINDS, LETTER_STATES } from '../../../shared/letters/fields';
import { LOCALES } from '../../../shared/constants';
import { companyRecord, financialContributions } from './companies';
import { documents } from './documents';
import { contributionFunds } from './lookups';
import { fundingRequests } from './pipeline';
import { userRef } from './users';
import { at, oneOf, requiredRef, timestamps, uuidKey } from './columns';

/** The bytes of a file kept in the database itself (a Word model is small, and goes with the backups). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** The body's own Word models with merge fields (ADR 0074). */
export const letterTemplates = pgTable(
  'letter_templates',
  {
    ...uuidKey,
    kind: text('kind', { enum: LETTER_KINDS }).notNull(),
    name: text('name').notNull(),
    language: text('language', { enum: LOCALES }).notNull(),
    /** The original file name, for its download. */
    fileName: text('file_name').notNull(),
    file: bytea('file').notNull(),
    fileSize: integer('file_size').notNull(),
    /** The fields the model names, as checked on upload (`company_name`, `#owners`, `owners.name`). */
    fields: jsonb('fields').$type<string[]>().notNull(),
    createdById: userRef('created_by_id'),
    ...timestamps,
  },
  (t) => [
    oneOf('letter_templates_kind_check', t.kind, LETTER_KINDS),
    oneOf('letter_templates_language_check', t.language, LOCALES),
  ],
);

/**
 * A letter generated from a model for a request's decision or a loan: its file is a company document; a
 * second generation for the same model and subject is the next version.
 */
export const letters = pgTable(
  'letters',
  {
    ...companyRecord,
    templateId: uuid('template_id').references(() => letterTemplates.id, { onDelete: 'set null' }),
    /** The model's kind, name and language when generated: the model may be deleted since. */
    kind: text('kind', { enum: LETTER_KINDS }).notNull(),
    templateName: text('template_name').notNull(),
    language: text('language', { enum: LOCALES }).notNull(),
    fundingRequestId: uuid('funding_request_id').references(() => fundingRequests.id, { onDelete: 'cascade' }),
    contributionId: uuid('contribution_id').references(() => financialContributions.id, { onDelete: 'cascade' }),
    /** The fund whose unsigned-offer delay applies (the loan's, or the decision's first fund). */
    fundId: requiredRef('fund_id', () => contributionFunds.id),
    /** Model and subject: what the versions count within. */
    subjectKey: text('subject_key').notNull(),
    version: integer('version').notNull(),
    state: text('state', { enum: LETTER_STATES }).notNull().default('generated'),
    documentId: uuid('document_id').references(() => documents.id, { onDelete: 'set null' }),
    signedDocumentId: uuid('signed_document_id').references(() => documents.id, { onDelete: 'set null' }),
    generatedById: userRef('generated_by_id'),
    sentAt: at('sent_at'),
    sentById: userRef('sent_by_id'),
    signedAt: at('signed_at'),
    signedById: userRef('signed_by_id'),
    ...timestamps,
  },
  (t) => [
    unique('letters_subject_version_key').on(t.subjectKey, t.version),
    index('letters_company_idx').on(t.companyId, t.insertedAt),
    index('letters_unsigned_offer_idx')
      .on(t.state)
      .where(sql`${t.kind} = 'offer_letter' and ${t.state} <> 'signed'`),
    oneOf('letters_kind_check', t.kind, LETTER_KINDS),
    oneOf('letters_state_check', t.state, LETTER_STATES),
    oneOf('letters_language_check', t.language, LOCALES),
    check('letters_subject_check', sql`(${t.fundingRequestId} is null) <> (${t.contributionId} is null)`),
    check('letters_version_check', sql`${t.version} >= 1`),
  ],
);

/** The body as its letters name it: one row. */
export const letterBody = pgTable(
  'letter_body',
  {
    one: boolean('one').primaryKey().default(true),
    name: text('name').notNull().default(''),
    address: text('address').notNull().default(''),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    updatedById: userRef('updated_by_id'),
    ...timestamps,
  },
  (t) => [check('letter_body_one_check', sql`${t.one}`)],
);

/** Per fund: days an offer letter may stay unsigned before a task is raised (default when absent). */
export const fundLetterSettings = pgTable(
  'fund_letter_settings',
  {
    fundId: uuid('fund_id')
      .primaryKey()
      .references(() => contributionFunds.id, { onDelete: 'cascade' }),
    offerSignDays: integer('offer_sign_days').notNull(),
    updatedById: userRef('updated_by_id'),
    ...timestamps,
  },
  (t) => [check('fund_letter_settings_days_check', sql`${t.offerSignDays} between 1 and 365`)],
);
