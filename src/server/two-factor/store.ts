import { randomInt } from 'node:crypto';
import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  gt,
  inArray,
  isNotNull,
  isNull,
  lt,
  not,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Db, Executor } from '../db/client';
import {
  accountEvents,
  passkeys,
  recoveryCodes,
  secondFactorChallenges,
  securitySettings,
  totpAuthenticators,
  users,
} from '../db/schema';
import { ROLES } from '../../shared/constants';
import {
  DEFAULT_TWO_FACTOR_POLICY,
  secondFactorRequiredOf,
  RECOVERY_CODE_ALPHABET,
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_LENGTH,
  normalizeRecoveryCode,
  type TwoFactorPolicy,
} from '../../shared/two-factor';
import { hashOf, isTokenShaped, newToken } from '../identity/one-time-tokens';
import { fullNameOf, type UserRow } from '../users/store';

/**
 * The SQL of two-factor sign-in (docs/decisions/0035-two-factor-sign-in.md). Every "use once" (a TOTP step, a
 * recovery code, a proof, a WebAuthn challenge) is one conditional UPDATE, so two requests racing with the same
 * value cannot both succeed.
 */

export type PasskeyRow = typeof passkeys.$inferSelect;
export type ChallengeRow = typeof secondFactorChallenges.$inferSelect;

/* Only the hash of a proof or a recovery code is stored (`hashOf`), as for the links of mails. */

// ---- the office's setting ----

export interface PolicyRow {
  twoFactorRequired: TwoFactorPolicy;
  lockVersion: number;
  updatedAt: Date | null;
  updatedByName: string | null;
}

/** The setting as saved, or its default (nobody) before an administrator first saves it. */
export async function readPolicy(db: Executor): Promise<PolicyRow> {
  const [row] = await db
    .select({ settings: securitySettings, editor: users })
    .from(securitySettings)
    .leftJoin(users, eq(users.id, securitySettings.updatedBy))
    .where(eq(securitySettings.id, 1));
  if (!row)
    return { twoFactorRequired: DEFAULT_TWO_FACTOR_POLICY, lockVersion: 0, updatedAt: null, updatedByName: null };
  return {
    twoFactorRequired: row.settings.twoFactorRequired,
    lockVersion: row.settings.lockVersion,
    updatedAt: row.settings.updatedAt,
    updatedByName: row.editor ? fullNameOf(row.editor) : null,
  };
}

/** Saves the setting when `lockVersion` is still the saved one; false when someone saved meanwhile. */
export async function savePolicy(
  db: Executor,
  input: { twoFactorRequired: TwoFactorPolicy; lockVersion: number },
  actorId: string,
): Promise<boolean> {
  const values = { twoFactorRequired: input.twoFactorRequired, updatedAt: new Date(), updatedBy: actorId };
  if (input.lockVersion === 0) {
    // Never saved yet: the first save creates the row; a concurrent first save makes this one stale.
    const created = await db
      .insert(securitySettings)
      .values({ id: 1, ...values, lockVersion: 1 })
      .onConflictDoNothing()
      .returning({ id: securitySettings.id });
    return created.length === 1;
  }
  const updated = await db
    .update(securitySettings)
    .set({ ...values, lockVersion: sql`${securitySettings.lockVersion} + 1` })
    .where(and(eq(securitySettings.id, 1), eq(securitySettings.lockVersion, input.lockVersion)))
    .returning({ id: securitySettings.id });
  return updated.length === 1;
}

/**
 * The users a change of the setting from `before` to `after` newly requires a second factor of, and who have
 * none yet (no confirmed app, no passkey): archived and invited accounts included, they have no session anyway.
 */
export async function usersNewlyRequiredWithoutFactor(
  db: Executor,
  before: TwoFactorPolicy,
  after: TwoFactorPolicy,
): Promise<string[]> {
  const roles = ROLES.filter((role) => secondFactorRequiredOf(after, role) && !secondFactorRequiredOf(before, role));
  if (roles.length === 0) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        inArray(users.role, roles),
        not(
          exists(
            db
              .select({ one: sql`1` })
              .from(totpAuthenticators)
              .where(and(eq(totpAuthenticators.userId, users.id), isNotNull(totpAuthenticators.confirmedAt))),
          ),
        ),
        not(
          exists(
            db
              .select({ one: sql`1` })
              .from(passkeys)
              .where(eq(passkeys.userId, users.id)),
          ),
        ),
      ),
    );
  return rows.map((row) => row.id);
}

// ---- what an account has ----

export interface Factors {
  totp: boolean;
  passkeys: PasskeyRow[];
  recoveryCodesLeft: number;
}

export const hasSecondFactor = (factors: Factors): boolean => factors.totp || factors.passkeys.length > 0;

export async function factorsOf(db: Executor, userId: string): Promise<Factors> {
  const [totp] = await db
    .select({ userId: totpAuthenticators.userId })
    .from(totpAuthenticators)
    .where(and(eq(totpAuthenticators.userId, userId), isNotNull(totpAuthenticators.confirmedAt)));
  const keys = await db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.insertedAt));
  const [codes] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return { totp: Boolean(totp), passkeys: keys, recoveryCodesLeft: codes?.n ?? 0 };
}

// ---- authenticator app ----

/** The TOTP row of a user, confirmed or still being set up. */
export async function findTotp(db: Executor, userId: string) {
  const [row] = await db.select().from(totpAuthenticators).where(eq(totpAuthenticators.userId, userId));
  return row;
}

/** Stores a new secret being set up, replacing one not confirmed yet; false when a confirmed app exists. */
export async function startTotp(db: Executor, userId: string, secret: string): Promise<boolean> {
  const rows = await db
    .insert(totpAuthenticators)
    .values({ userId, secret })
    .onConflictDoUpdate({
      target: totpAuthenticators.userId,
      set: { secret, insertedAt: new Date(), lastUsedStep: null },
      setWhere: isNull(totpAuthenticators.confirmedAt),
    })
    .returning({ userId: totpAuthenticators.userId });
  return rows.length === 1;
}

/**
 * Uses the code of `step`: true when no code of this step or a later one was accepted before (so the same code
 * never works twice, nor an older one once a newer was used). `confirm` also confirms an app being set up.
 */
export async function useTotpStep(
  db: Executor,
  userId: string,
  step: number,
  options: { confirm: boolean },
): Promise<boolean> {
  const rows = await db
    .update(totpAuthenticators)
    .set({ lastUsedStep: step, ...(options.confirm ? { confirmedAt: new Date() } : {}) })
    .where(
      and(
        eq(totpAuthenticators.userId, userId),
        options.confirm ? isNull(totpAuthenticators.confirmedAt) : isNotNull(totpAuthenticators.confirmedAt),
        or(isNull(totpAuthenticators.lastUsedStep), lt(totpAuthenticators.lastUsedStep, step)),
      ),
    )
    .returning({ userId: totpAuthenticators.userId });
  return rows.length === 1;
}

/** Removes the app (confirmed or not); true when there was a confirmed one. */
export async function deleteTotp(db: Executor, userId: string): Promise<boolean> {
  const rows = await db
    .delete(totpAuthenticators)
    .where(eq(totpAuthenticators.userId, userId))
    .returning({ confirmedAt: totpAuthenticators.confirmedAt });
  return Boolean(rows[0]?.confirmedAt);
}

// ---- recovery codes ----

function newRecoveryCode(): string {
  let raw = '';
  for (let i = 0; i < RECOVERY_CODE_LENGTH; i += 1)
    raw += RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)];
  return normalizeRecoveryCode(raw);
}

/** A new set of codes, the old ones forgotten; answered in clear, once. */
export async function replaceRecoveryCodes(db: Executor, userId: string): Promise<string[]> {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(newRecoveryCode());
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values([...codes].map((code) => ({ userId, codeHash: hashOf(code) })));
  return [...codes];
}

/** Uses a recovery code (normalised as typed): true once, false ever after and for any other value. */
export const useRecoveryCode = (db: Executor, userId: string, code: string): Promise<boolean> =>
  useOnce(
    db,
    recoveryCodes,
    and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, hashOf(normalizeRecoveryCode(code)))),
  );

/**
 * Marks a single-use row (a recovery code, a challenge) used by one conditional UPDATE: true for the one request
 * that found it unused, so two simultaneous uses cannot both succeed.
 */
async function useOnce(
  db: Executor,
  table: typeof recoveryCodes | typeof secondFactorChallenges,
  which: SQL | undefined,
): Promise<boolean> {
  const rows = await db
    .update(table)
    .set({ usedAt: new Date() })
    .where(and(which, isNull(table.usedAt)))
    .returning({ id: table.id });
  return rows.length === 1;
}

// ---- passkeys ----

export async function addPasskey(db: Executor, values: typeof passkeys.$inferInsert): Promise<PasskeyRow> {
  const [row] = await db.insert(passkeys).values(values).returning();
  return row!;
}

export async function findPasskey(db: Executor, userId: string, credentialId: string): Promise<PasskeyRow | undefined> {
  const [row] = await db
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.userId, userId), eq(passkeys.credentialId, credentialId)));
  return row;
}

/** After a sign-in with it: the authenticator's new counter, and when. */
export async function touchPasskey(db: Executor, id: string, counter: number): Promise<void> {
  await db.update(passkeys).set({ counter, lastUsedAt: new Date() }).where(eq(passkeys.id, id));
}

/** Removes one of the user's passkeys; its row, or undefined when it is not theirs. */
export async function deletePasskey(db: Executor, userId: string, id: string): Promise<PasskeyRow | undefined> {
  const [row] = await db
    .delete(passkeys)
    .where(and(eq(passkeys.userId, userId), eq(passkeys.id, id)))
    .returning();
  return row;
}

/** Everything: the app, the passkeys, the recovery codes and pending challenges (administrator's reset). */
export async function deleteAllFactors(db: Executor, userId: string): Promise<void> {
  await db.delete(totpAuthenticators).where(eq(totpAuthenticators.userId, userId));
  await db.delete(passkeys).where(eq(passkeys.userId, userId));
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.delete(secondFactorChallenges).where(eq(secondFactorChallenges.userId, userId));
}

/** Once the last factor is gone, recovery codes would be a way in on their own: they go too. */
export async function forgetRecoveryCodesWithoutFactor(db: Executor, userId: string): Promise<void> {
  const factors = await factorsOf(db, userId);
  if (!hasSecondFactor(factors)) await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}

// ---- challenges: proofs of the password step, WebAuthn challenges ----

/** A proof of the password step lasts this long: time to open an app or touch a key, not to wander off. */
export const SIGN_IN_PROOF_TTL_MS = 10 * 60_000;
/** A passkey registration's challenge: the browser's own prompt times out sooner. */
export const REGISTRATION_CHALLENGE_TTL_MS = 5 * 60_000;

/** Opens a pending sign-in for the user; answers the proof in clear (once) and when it expires. */
export async function openSignIn(
  db: Db,
  userId: string,
  webauthnChallenge: string | null,
): Promise<{ proof: string; expiresAt: Date }> {
  await sweepIfDue(db);
  const proof = newToken();
  const expiresAt = new Date(Date.now() + SIGN_IN_PROOF_TTL_MS);
  await db
    .insert(secondFactorChallenges)
    .values({ userId, purpose: 'sign_in', proofHash: hashOf(proof), webauthnChallenge, expiresAt });
  return { proof, expiresAt };
}

/** The open pending sign-in of a proof, with its user when that user may still sign in. */
export async function findOpenSignIn(
  db: Executor,
  proof: string,
): Promise<{ challenge: ChallengeRow; user: UserRow } | undefined> {
  // A proof is made like a mail's link: anything of another shape is refused before hashing.
  if (!isTokenShaped(proof)) return undefined;
  const [row] = await db
    .select({ challenge: secondFactorChallenges, user: users })
    .from(secondFactorChallenges)
    .innerJoin(users, eq(users.id, secondFactorChallenges.userId))
    .where(
      and(
        eq(secondFactorChallenges.proofHash, hashOf(proof)),
        eq(secondFactorChallenges.purpose, 'sign_in'),
        isNull(secondFactorChallenges.usedAt),
        gt(secondFactorChallenges.expiresAt, sql`now()`),
        isNotNull(users.confirmedAt),
        isNull(users.disabledAt),
      ),
    );
  return row;
}

/** Closes a challenge: true for the one request that closed it. */
export const closeChallenge = (db: Executor, id: string): Promise<boolean> =>
  useOnce(
    db,
    secondFactorChallenges,
    and(eq(secondFactorChallenges.id, id), gt(secondFactorChallenges.expiresAt, sql`now()`)),
  );

/** Stores the challenge of a passkey registration; earlier unfinished ones of the user are dropped. */
export async function openRegistration(db: Db, userId: string, webauthnChallenge: string): Promise<void> {
  await sweepIfDue(db);
  await db
    .delete(secondFactorChallenges)
    .where(and(eq(secondFactorChallenges.userId, userId), eq(secondFactorChallenges.purpose, 'passkey_registration')));
  await db.insert(secondFactorChallenges).values({
    userId,
    purpose: 'passkey_registration',
    webauthnChallenge,
    expiresAt: new Date(Date.now() + REGISTRATION_CHALLENGE_TTL_MS),
  });
}

/** The user's open registration challenge, if any. */
export async function findOpenRegistration(db: Executor, userId: string): Promise<ChallengeRow | undefined> {
  const [row] = await db
    .select()
    .from(secondFactorChallenges)
    .where(
      and(
        eq(secondFactorChallenges.userId, userId),
        eq(secondFactorChallenges.purpose, 'passkey_registration'),
        isNull(secondFactorChallenges.usedAt),
        gt(secondFactorChallenges.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(secondFactorChallenges.insertedAt))
    .limit(1);
  return row;
}

const SWEEP_EVERY_MS = 10 * 60_000;
let lastSweep = 0;
/** Expired challenges say nothing any more: deleted now and then by whichever process opens one. */
async function sweepIfDue(db: Db): Promise<void> {
  if (Date.now() - lastSweep < SWEEP_EVERY_MS) return;
  lastSweep = Date.now();
  await db.delete(secondFactorChallenges).where(lt(secondFactorChallenges.expiresAt, sql`now()`));
}

// ---- the account's history ----

export { recordAccountEvent } from '../identity/account-events';

/** The newest first; enough to read what happened lately, not an endless log on one page. */
export const ACCOUNT_HISTORY_SHOWN = 50;

export async function listAccountEvents(db: Executor, userId: string) {
  return db
    .select({ event: accountEvents, actor: users })
    .from(accountEvents)
    .leftJoin(users, eq(users.id, accountEvents.actorId))
    .where(eq(accountEvents.userId, userId))
    .orderBy(desc(accountEvents.insertedAt))
    .limit(ACCOUNT_HISTORY_SHOWN);
}
