import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { userRecord } from './users';
import { at, insertedStamp } from './columns';

/**
 * One row per signed-in session (its id is the token's `sid`). Ending a session sets `ended_at`, and
 * every process refuses its token at once (ADR 0027); rows past `expires_at` are deleted by the sweep
 * in identity/sessions.ts. docs/decisions/0014-sessions-on-the-server.md.
 */
export const sessions = pgTable(
  'sessions',
  {
    ...userRecord,
    expiresAt: at('expires_at').notNull(),
    endedAt: at('ended_at'),
    ...insertedStamp,
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/**
 * Abuse-limit counters shared by every process (ADR 0027), counted on the database's clock so that
 * processes whose clocks differ agree. docs/decisions/0013-sign-in-limits-per-account-and-address.md.
 */
export const limitCounters = pgTable(
  'limit_counters',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    lastHitAt: at('last_hit_at').notNull(),
    /** Past this the row is forgotten: the next hit starts from 1, and the sweep deletes it. */
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [index('limit_counters_expires_idx').on(t.expiresAt)],
);
