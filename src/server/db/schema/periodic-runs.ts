import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { at } from './columns';

/** One row per periodic background task: who may run it next (migration 0014, ADR 0027). */
export const periodicRuns = pgTable('periodic_runs', {
  name: text('name').primaryKey(),
  lastStartedAt: at('last_started_at').notNull(),
  runs: integer('runs').notNull().default(1),
});
