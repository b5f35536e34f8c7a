import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { TWO_FACTOR_POLICIES } from '../../../shared/two-factor';
import { userRecord, userRef, users } from './users';
import { at, insertedStamp, updatedStamp } from './columns';

/*
 * Second factors of staff sign-in (docs/decisions/0035-two-factor-sign-in.md): an authenticator app (TOTP),
 * passkeys (WebAuthn) and one-time recovery codes, the short-lived proofs of a password step waiting for
 * its second factor, the office's enforcement setting, and the account history an administrator reads.
 */

/** One authenticator app per user. Unconfirmed (`confirmed_at` null) until a first code from it was typed. */
export const totpAuthenticators = pgTable('totp_authenticators', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Base32, as the app was given it. Kept as is: see the ADR on why it is not encrypted with the app's secret. */
  secret: text('secret').notNull(),
  confirmedAt: at('confirmed_at'),
  /** The 30-second step of the last accepted code: a code of that step or an earlier one is refused. */
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  ...insertedStamp,
});

/** A registered WebAuthn credential, named by its owner. */
export const passkeys = pgTable(
  'passkeys',
  {
    ...userRecord,
    /** The credential id, base64url, as the authenticator gives it back when asserting. */
    credentialId: text('credential_id').notNull(),
    /** COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    name: text('name').notNull(),
    backedUp: boolean('backed_up').notNull().default(false),
    ...insertedStamp,
    lastUsedAt: at('last_used_at'),
  },
  (t) => [uniqueIndex('passkeys_credential_id_unique').on(t.credentialId), index('passkeys_user_idx').on(t.userId)],
);

/** One-time recovery codes: shown once, stored as SHA-256, used by one conditional UPDATE. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    ...userRecord,
    codeHash: text('code_hash').notNull(),
    usedAt: at('used_at'),
    ...insertedStamp,
  },
  (t) => [uniqueIndex('recovery_codes_user_code_unique').on(t.userId, t.codeHash)],
);

export const CHALLENGE_PURPOSES = ['sign_in', 'passkey_registration'] as const;

/**
 * A password step waiting for its second factor (`sign_in`: the proof's hash, and the WebAuthn challenge when
 * the user has passkeys), or a passkey registration waiting for the authenticator's answer. Single use, short.
 */
export const secondFactorChallenges = pgTable(
  'second_factor_challenges',
  {
    ...userRecord,
    purpose: text('purpose', { enum: CHALLENGE_PURPOSES }).notNull(),
    /** SHA-256 of the proof handed to the client (sign-in only). */
    proofHash: text('proof_hash'),
    webauthnChallenge: text('webauthn_challenge'),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    ...insertedStamp,
  },
  (t) => [
    uniqueIndex('second_factor_challenges_proof_unique').on(t.proofHash),
    index('second_factor_challenges_user_idx').on(t.userId, t.purpose),
    index('second_factor_challenges_expires_idx').on(t.expiresAt),
    check('second_factor_challenges_purpose_check', sql`${t.purpose} in ('sign_in', 'passkey_registration')`),
  ],
);

const policyList = sql.raw(TWO_FACTOR_POLICIES.map((policy) => `'${policy}'`).join(', '));

/** The office's security settings: one row (id 1), absent until an administrator first saves it. */
export const securitySettings = pgTable(
  'security_settings',
  {
    id: integer('id').primaryKey().default(1),
    twoFactorRequired: text('two_factor_required', { enum: TWO_FACTOR_POLICIES }).notNull().default('nobody'),
    lockVersion: integer('lock_version').notNull().default(0),
    ...updatedStamp,
    updatedBy: userRef('updated_by'),
  },
  (t) => [
    check('security_settings_single_row', sql`${t.id} = 1`),
    check('security_settings_two_factor_required_check', sql`${t.twoFactorRequired} in (${policyList})`),
  ],
);

/**
 * What happened to an account's sign-in factors, and who did it: an administrator reads it on the user's
 * page. `code` and `params` are rendered in the reader's language at read time, like system events.
 */
export const accountEvents = pgTable(
  'account_events',
  {
    ...userRecord,
    /** Who did it: the user themselves, an administrator, or null once that account is gone. */
    actorId: userRef('actor_id'),
    code: text('code').notNull(),
    params: jsonb('params').$type<Record<string, string>>().notNull().default({}),
    ...insertedStamp,
  },
  (t) => [index('account_events_user_idx').on(t.userId, t.insertedAt.desc())],
);
