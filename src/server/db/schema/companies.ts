import { relations, sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, numeric, pgSequence, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { BLOCK_TYPES, RISK_RATINGS } from '../../../shared/companies';
import { at, insertedStamp, requiredRef, timestamps, uuidKey } from './columns';
import { contributionFunds, legalForms, activityAreas, municipalities, statuses, warranties } from './lookups';
import { userRef, users } from './users';

/** Feeds the readable reference number; never reused, so a number identifies one company forever. */
export const companyReferenceNumberSeq = pgSequence('company_reference_number_seq', { startWith: 1 });

/**
 * Client companies (docs/SPEC.md §3 company). The parts live in their own tables and are always written
 * together with the company (companies/store.ts), in one transaction.
 */
export const companies = pgTable(
  'companies',
  {
    ...uuidKey,
    name: text('name').notNull(),
    /** Readable and unique, e.g. C-2026-000123: the year of creation and the sequence number. */
    referenceNumber: text('reference_number')
      .notNull()
      .unique()
      .default(
        sql`('C-' || to_char(now(), 'YYYY') || '-' || lpad(nextval('company_reference_number_seq')::text, 6, '0'))`,
      ),
    /** Storage key of the avatar (platform/storage); answered as a signed `avatar_url`. */
    avatarFileName: text('avatar_file_name'),
    website: text('website'),
    emailAddress: text('email_address'),
    employeeCount: integer('employee_count'),
    /** Ten digits, no separators: the form formats it 3-3-4. */
    phoneNumber: text('phone_number'),
    /** One of RISK_RATINGS, A (lowest risk) to D (ADR 0032). */
    riskRating: text('risk_rating', { enum: RISK_RATINGS }),
    /** DD/MM. */
    endOfFinancialYear: text('end_of_financial_year'),
    legalFormId: requiredRef('legal_form_id', () => legalForms.id),
    statusId: requiredRef('status_id', () => statuses.id),
    activityAreaId: requiredRef('activity_area_id', () => activityAreas.id),
    overseeingUserId: userRef('overseeing_user_id'),
    archivedAt: at('archived_at'),
    lockVersion: integer('lock_version').notNull().default(0),
    /** How many loans were ever numbered for it: the last part of the next loan number (never reused). */
    loanSequence: integer('loan_sequence').notNull().default(0),
    /**
     * f_search_text(name, reference number, email, municipality names in both languages), rewritten by
     * the store on every write. Denormalised because the municipality lives in another table, and an
     * index cannot reach across tables; a trigram index on it keeps search fast at 100 000 companies.
     */
    searchText: text('search_text').notNull().default(''),
    /**
     * The name as the list sorts it (accent- and case-folded). A stored column rather than an index
     * expression so that the list indexes answer index-only scans (PostgreSQL does not read an
     * expression back out of an index), which is what makes totals and deep pages cheap.
     */
    nameKey: text('name_key')
      .notNull()
      .generatedAlwaysAs(sql`public.f_search_text(name)`),
    ...timestamps,
  },
  (t) => [
    index('companies_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // The default list: active companies by folded name, id as the stable tie-breaker.
    index('companies_active_name_idx')
      .on(t.nameKey, t.id)
      .where(sql`${t.archivedAt} is null`),
    // The archived list (filter[archived]=true) the same way: an ordered scan instead of a sort.
    index('companies_archived_name_idx')
      .on(t.nameKey, t.id)
      .where(sql`${t.archivedAt} is not null`),
    // The other sorts of the active list (reference number has its unique index).
    index('companies_active_inserted_idx')
      .on(t.insertedAt, t.id)
      .where(sql`${t.archivedAt} is null`),
    index('companies_active_updated_idx')
      .on(t.updatedAt, t.id)
      .where(sql`${t.archivedAt} is null`),
    index('companies_overseeing_user_idx').on(t.overseeingUserId),
    check('companies_risk_rating_check', sql`${t.riskRating} in ('A', 'B', 'C', 'D')`),
  ],
);

const companyId = () =>
  uuid('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' });

/**
 * A record of one company's, found by its uuid and deleted with the company. Companies are archived, not
 * deleted; the cascade only serves a hard delete by an operator.
 */
export const companyRecord = { ...uuidKey, companyId: companyId() };

/** docs/SPEC.md §3 address: exactly one per company. */
export const companyAddresses = pgTable('company_addresses', {
  ...uuidKey,
  companyId: companyId().unique(),
  address: text('address').notNull(),
  zipCode: text('zip_code').notNull(),
  municipalityId: requiredRef('municipality_id', () => municipalities.id),
});

export const owners = pgTable(
  'owners',
  {
    ...companyRecord,
    /** Order of the rows in the form. */
    position: integer('position').notNull(),
    name: text('name').notNull(),
    phoneNumber: text('phone_number'),
    sharesPercentage: numeric('shares_percentage', { precision: 5, scale: 2, mode: 'number' }),
    address: text('address'),
    city: text('city'),
    zipCode: text('zip_code'),
  },
  (t) => [index('owners_company_idx').on(t.companyId, t.position)],
);

/** docs/SPEC.md §3 companyPresentation: at most one per company. */
export const companyPresentations = pgTable('company_presentations', {
  ...uuidKey,
  companyId: companyId().unique(),
  highlights: text('highlights'),
  products: text('products'),
  market: text('market'),
  management: text('management'),
});

const money = (name: string) => numeric(name, { precision: 15, scale: 2, mode: 'number' });

/**
 * docs/SPEC.md §9: statements and contributions are listed by insertion date ascending. Rows inserted in one
 * transaction share inserted_at, so `seq` (an identity) keeps their order within it.
 */
const insertionOrder = () => ({
  seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
  ...insertedStamp,
});

export const financialStatements = pgTable(
  'financial_statements',
  {
    ...companyRecord,
    year: integer('year'),
    sales: money('sales'),
    grossProfit: money('gross_profit'),
    netProfit: money('net_profit'),
    currentAssets: money('current_assets'),
    totalAssets: money('total_assets'),
    currentLiabilities: money('current_liabilities'),
    holdings: money('holdings'),
    fundsGenerated: money('funds_generated'),
    debtService: money('debt_service'),
    ...insertionOrder(),
  },
  (t) => [index('financial_statements_company_idx').on(t.companyId, t.insertedAt, t.seq)],
);

export const financialContributions = pgTable(
  'financial_contributions',
  {
    ...companyRecord,
    contributionFundId: requiredRef('contribution_fund_id', () => contributionFunds.id),
    amount: money('amount'),
    /** Percent per year. */
    rate: numeric('rate', { precision: 7, scale: 3, mode: 'number' }),
    /** Months. */
    amortization: integer('amortization'),
    /** Months. */
    moratorium: integer('moratorium'),
    refund: money('refund'),
    warrantyId: uuid('warranty_id').references(() => warranties.id),
    authorizationDate: date('authorization_date'),
    followupDate: date('followup_date'),
    expectedEndDate: date('expected_end_date'),
    projectName: text('project_name'),
    projectCost: money('project_cost'),
    /**
     * The resolution that authorized the loan (docs/decisions/0066): copied from the committee's decision that
     * created it, or typed in the company file for a loan outside the pipeline.
     */
    resolutionNumber: text('resolution_number'),
    resolutionDate: date('resolution_date'),
    /**
     * The loan's number, as bank files and statements of account name it: the company's reference number and
     * the company's loan sequence (C-2026-000123-01). Given by a trigger on insert (migration `servicing_guards`),
     * never changed or reused. Nullable to drizzle, so that an insert need not give one; the check below holds
     * it in the database once the trigger has run.
     */
    loanNumber: text('loan_number').unique(),
    ...insertionOrder(),
  },
  (t) => [
    index('financial_contributions_company_idx').on(t.companyId, t.insertedAt, t.seq),
    // The dashboard's follow-ups and loans ending soon are date ranges; its fund filter (migration 0011).
    index('financial_contributions_followup_idx').on(t.followupDate),
    index('financial_contributions_end_idx').on(t.expectedEndDate),
    index('financial_contributions_fund_idx').on(t.contributionFundId),
    check('financial_contributions_loan_number_check', sql`${t.loanNumber} is not null`),
  ],
);

export const blocks = pgTable(
  'blocks',
  {
    ...companyRecord,
    blockType: text('block_type', { enum: BLOCK_TYPES }).notNull(),
    content: text('content'),
    /** Order chosen with the up/down buttons. */
    position: integer('position').notNull(),
  },
  (t) => [
    index('blocks_company_idx').on(t.companyId, t.position),
    check('blocks_block_type_check', sql`${t.blockType} in ('notes', 'defaultOfPayment')`),
  ],
);

/* Relations: only for reading a whole company in one statement (drizzle's relational queries). */
export const companiesRelations = relations(companies, ({ one, many }) => ({
  address: one(companyAddresses, { fields: [companies.id], references: [companyAddresses.companyId] }),
  presentation: one(companyPresentations, { fields: [companies.id], references: [companyPresentations.companyId] }),
  owners: many(owners),
  financialStatements: many(financialStatements),
  financialContributions: many(financialContributions),
  blocks: many(blocks),
  overseeingUser: one(users, { fields: [companies.overseeingUserId], references: [users.id] }),
}));
export const ownersRelations = relations(owners, ({ one }) => ({
  company: one(companies, { fields: [owners.companyId], references: [companies.id] }),
}));
export const financialStatementsRelations = relations(financialStatements, ({ one }) => ({
  company: one(companies, { fields: [financialStatements.companyId], references: [companies.id] }),
}));
export const financialContributionsRelations = relations(financialContributions, ({ one }) => ({
  company: one(companies, { fields: [financialContributions.companyId], references: [companies.id] }),
}));
export const blocksRelations = relations(blocks, ({ one }) => ({
  company: one(companies, { fields: [blocks.companyId], references: [companies.id] }),
}));
