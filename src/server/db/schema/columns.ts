import { timestamp } from 'drizzle-orm/pg-core';

/** The creation and last-change instants every record of the office carries. */
export const timestamps = {
  insertedAt: timestamp('inserted_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};
