import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** One row per periodic background task: who may run it next (migration 0014, ADR 0027). */
export const periodicRuns = pgTable('periodic_runs', {
  name: text('name').primaryKey(),
  lastStartedAt: timestamp('last_started_at', { withTimezone: true }).notNull(),
  runs: integer('runs').notNull().default(1),
});
