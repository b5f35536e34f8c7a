import { sql } from 'drizzle-orm';
import { bigint, check, integer, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { contributionFunds } from './lookups';
import { userRef } from './users';
import { updatedStamp } from './columns';

/*
 * The portfolio's settings (docs/decisions/0037): the aging buckets an administrator sets, with a
 * provision rate each, and each fund's capital. The figures themselves are never stored here: they are
 * aggregated from `loan_states` (db/schema/servicing.ts), or computed from the entries for another day.
 */

/**
 * The aging buckets in force, in order (`position` 0, 1, …): from 0 days, contiguous, the last without upper
 * bound (`bucketProblems` in src/shared/servicing checks them before they are written). No row: the
 * computation's default buckets (current, 1–30, 31–60, 61–90, 91–180, 181–365, over 365 days).
 */
export const delinquencyBuckets = pgTable(
  'delinquency_buckets',
  {
    position: integer('position').primaryKey(),
    /** `current`, `days_1_30`, `over_365`…: derived from the bounds (`bucketKeyOf`), what loan figures name. */
    key: text('key').notNull().unique(),
    minDays: integer('min_days').notNull(),
    /** null: no upper bound (the last bucket). */
    maxDays: integer('max_days'),
    /** Percent of the bucket's outstanding principal set aside; null: none. */
    provisionRate: numeric('provision_rate', { precision: 6, scale: 3, mode: 'number' }),
    updatedById: userRef('updated_by_id'),
    ...updatedStamp,
  },
  (t) => [
    check(
      'delinquency_buckets_days_check',
      sql`${t.minDays} >= 0 and (${t.maxDays} is null or ${t.maxDays} >= ${t.minDays})`,
    ),
    check(
      'delinquency_buckets_rate_check',
      sql`${t.provisionRate} is null or (${t.provisionRate} >= 0 and ${t.provisionRate} <= 100)`,
    ),
  ],
);

/**
 * A fund's capital: what the body may lend from it. One row per fund that has one (a fund without a row has
 * no capital set, and no "available" figure). Kept apart from `contribution_funds`, which the reference-data
 * seed owns and rewrites on every start.
 */
export const fundCapitals = pgTable(
  'fund_capitals',
  {
    fundId: uuid('fund_id')
      .primaryKey()
      .references(() => contributionFunds.id, { onDelete: 'cascade' }),
    capitalCents: bigint('capital_cents', { mode: 'number' }).notNull(),
    updatedById: userRef('updated_by_id'),
    ...updatedStamp,
  },
  (t) => [check('fund_capitals_capital_check', sql`${t.capitalCents} >= 0`)],
);
