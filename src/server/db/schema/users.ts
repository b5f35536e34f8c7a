import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { at, insertedStamp, requiredRef, timestamps, uuidKey } from './columns';

/**
 * Staff accounts (docs/SPEC.md §3 user). Status is derived, never stored (docs/SPEC.md §4):
 * disabled_at set → disabled; else confirmed_at set → active; else invited.
 */
export const users = pgTable(
  'users',
  {
    ...uuidKey,
    /** Always stored lower-cased; uniqueness is on this column. */
    email: text('email').notNull().unique(),
    /** Null until the invitation is confirmed. argon2id PHC string. */
    passwordHash: text('password_hash'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    role: text('role', { enum: ['admin', 'user'] })
      .notNull()
      .default('user'),
    locale: text('locale', { enum: ['fr', 'en'] })
      .notNull()
      .default('fr'),
    address: text('address'),
    city: text('city'),
    postalCode: text('postal_code'),
    phone: text('phone'),
    mobile: text('mobile'),
    /** A second person for controlled money moves (docs/decisions/0067), as an administrator marked them. */
    mayApprove: boolean('may_approve').notNull().default(false),
    confirmedAt: at('confirmed_at'),
    disabledAt: at('disabled_at'),
    /** Part of every JWT; bumping it ends every open session of this user (reset, archive). */
    tokenVersion: integer('token_version').notNull().default(0),
    /** Optimistic lock (docs/ARCHITECTURE.md §4): a PATCH sends the version it read. */
    lockVersion: integer('lock_version').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    check('users_role_check', sql`${t.role} in ('admin', 'user')`),
    check('users_locale_check', sql`${t.locale} in ('fr', 'en')`),
  ],
);

/** A row that belongs to one account and goes when the account is deleted. */
export const userOwned = { userId: requiredRef('user_id', () => users.id, 'cascade') };

/** A record of one account's (a token, a session, a second factor), found by its uuid, deleted with the account. */
export const userRecord = { ...uuidKey, ...userOwned };

/** A user as stored; the users feature and the auth plugin both read it. */
export type UserRow = typeof users.$inferSelect;

/** Invitation and password-reset tokens: random, stored as a SHA-256 hash, single use, expiring. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    ...userRecord,
    purpose: text('purpose', { enum: ['invitation', 'reset'] }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    ...insertedStamp,
  },
  (t) => [
    index('one_time_tokens_user_purpose_idx').on(t.userId, t.purpose),
    check('one_time_tokens_purpose_check', sql`${t.purpose} in ('invitation', 'reset')`),
  ],
);

/** Who wrote or changed a row: kept as null when that user is deleted, so the row outlives them. */
export const userRef = (name: string) => uuid(name).references((): AnyPgColumn => users.id, { onDelete: 'set null' });
