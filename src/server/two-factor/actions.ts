import type { CatalogKey } from '../../shared/i18n/keys';
import type { z } from 'zod';
import type {
  registerPasskeySchema,
  secondFactorSchema,
  securitySettingsSchema,
  TwoFactorStatus,
} from '../../shared/schemas/two-factor';
import { secondFactorRequiredOf, type AccountEventCode, type TwoFactorPolicy } from '../../shared/two-factor';
import type { Db } from '../db/client';
import { AppError, conflict, notFound } from '../platform/errors/app-error';
import { endSessionsOf } from '../identity/sessions';
import { findUserForUpdate } from '../identity/accounts';
import { fullNameOf, type UserRow } from '../users/store';
import {
  newTotpSecret,
  otpauthUri,
  registrationOptions,
  totpStepOf,
  verifyAuthentication,
  verifyRegistration,
  type RelyingParty,
} from './authenticators';
import {
  addPasskey,
  closeChallenge,
  deleteAllFactors,
  deletePasskey,
  deleteTotp,
  factorsOf,
  findOpenRegistration,
  findOpenSignIn,
  findPasskey,
  findTotp,
  forgetRecoveryCodesWithoutFactor,
  hasSecondFactor,
  openRegistration,
  readPolicy,
  recordAccountEvent,
  replaceRecoveryCodes,
  savePolicy,
  startTotp,
  touchPasskey,
  useRecoveryCode,
  useTotpStep,
  usersNewlyRequiredWithoutFactor,
  type ChallengeRow,
  type Factors,
} from './store';

/**
 * Two-factor sign-in's use cases (docs/decisions/0035-two-factor-sign-in.md): each opens its transaction, checks
 * the rules, calls the store and records the account's history. The routes only read the contract and answer.
 */

export const signInExpired = () => new AppError(401, 'sign_in_expired', 'twoFactor.errors.signInExpired');
const refusedOn = (field: string, key: CatalogKey) =>
  new AppError(422, 'invalid_second_factor', key, { [field]: [{ key, params: {} }] });
const stateConflict = (code: string, key: CatalogKey) => new AppError(409, code, key);

/** Whether an error is a refused factor: the sign-in's failure limits count those, and only those. */
export const isRefusedFactor = (error: unknown): boolean =>
  error instanceof AppError && error.code === 'invalid_second_factor';

const record = (tx: Db, user: UserRow, code: AccountEventCode, params?: Record<string, string>) =>
  recordAccountEvent(tx, { userId: user.id, actorId: user.id, code, params });

/** What an account has, and whether the office requires a second factor of it. */
export async function twoFactorStatusOf(db: Db, user: UserRow, factors?: Factors): Promise<TwoFactorStatus> {
  const current = factors ?? (await factorsOf(db, user.id));
  return {
    required: secondFactorRequiredOf((await readPolicy(db)).twoFactorRequired, user.role),
    enabled: hasSecondFactor(current),
    totp: current.totp,
    passkeys: current.passkeys.map((passkey) => ({
      id: passkey.id,
      name: passkey.name,
      insertedAt: passkey.insertedAt.toISOString(),
      lastUsedAt: passkey.lastUsedAt?.toISOString() ?? null,
    })),
    recoveryCodesLeft: current.recoveryCodesLeft,
  };
}

// ---- the second step of sign-in ----

/** The second step's factor: exactly one of a code, a recovery code or a passkey assertion. */
export type SecondFactorInput = Omit<z.output<typeof secondFactorSchema>, 'proof'>;

/** The pending sign-in of a proof (its user may still sign in); 401 when it is used, expired or unknown. */
export async function pendingSignIn(db: Db, proof: string): Promise<{ challenge: ChallengeRow; user: UserRow }> {
  const pending = await findOpenSignIn(db, proof);
  if (!pending) throw signInExpired();
  return pending;
}

/**
 * Accepts the second factor of a pending sign-in: the proof is closed in the same transaction, so a refused
 * factor (422 `invalid_second_factor`) rolls it back and the proof stays usable.
 */
export async function acceptSecondFactor(
  db: Db,
  rp: RelyingParty,
  pending: { challenge: ChallengeRow; user: UserRow },
  input: SecondFactorInput,
): Promise<void> {
  const { user, challenge } = pending;
  await db.transaction(async (tx) => {
    if (!(await closeChallenge(tx, challenge.id))) throw signInExpired();
    if (input.code !== undefined) {
      const totp = await findTotp(tx, user.id);
      const step = totp?.confirmedAt ? totpStepOf(totp.secret, input.code) : undefined;
      // A code of an accepted step (or older) is refused: a code seen over a shoulder cannot be used again.
      if (step === undefined || !(await useTotpStep(tx, user.id, step, { confirm: false }))) {
        throw refusedOn('code', 'twoFactor.errors.wrongCode');
      }
    } else if (input.recoveryCode !== undefined) {
      if (!(await useRecoveryCode(tx, user.id, input.recoveryCode))) {
        throw refusedOn('recovery_code', 'twoFactor.errors.wrongRecoveryCode');
      }
      await record(tx, user, 'recoveryCodeUsed');
    } else {
      const passkey = input.credential && (await findPasskey(tx, user.id, input.credential.id));
      const counter =
        passkey && challenge.webauthnChallenge
          ? await verifyAuthentication(rp, input.credential, challenge.webauthnChallenge, passkey)
          : undefined;
      if (!passkey || counter === undefined) throw refusedOn('credential', 'twoFactor.errors.passkeyRefused');
      await touchPasskey(tx, passkey.id, counter);
    }
  });
}

// ---- my account ----

/**
 * A factor is added by `add`: the first one brings a fresh set of recovery codes (shown once). With the proof of a
 * password step (enrolment before any session), the proof is used in the same transaction: the caller then opens
 * the session, as after a sign-in.
 */
async function addFactor(
  db: Db,
  user: UserRow,
  enrolmentProof: string | null | undefined,
  add: (tx: Db) => Promise<void>,
): Promise<string[] | null> {
  return db.transaction(async (tx) => {
    await findUserForUpdate(tx, user.id);
    const first = !hasSecondFactor(await factorsOf(tx, user.id));
    await add(tx);
    if (enrolmentProof) {
      const pending = await findOpenSignIn(tx, enrolmentProof);
      if (!pending || !(await closeChallenge(tx, pending.challenge.id))) throw signInExpired();
    }
    return first ? replaceRecoveryCodes(tx, user.id) : null;
  });
}

/** A factor is removed by `remove` (false: not found): refused when it was the last and the office requires one. */
async function removeFactor(db: Db, user: UserRow, remove: (tx: Db) => Promise<boolean>): Promise<void> {
  await db.transaction(async (tx) => {
    await findUserForUpdate(tx, user.id);
    if (!(await remove(tx))) throw notFound();
    const after = await factorsOf(tx, user.id);
    const required = secondFactorRequiredOf((await readPolicy(tx)).twoFactorRequired, user.role);
    if (required && !hasSecondFactor(after)) {
      throw stateConflict('second_factor_required', 'twoFactor.errors.lastFactorRequired');
    }
    await forgetRecoveryCodesWithoutFactor(tx, user.id);
  });
}

/** Starts setting up an authenticator app: a new secret (replacing one not confirmed yet) and its otpauth URI. */
export async function startTotpSetup(db: Db, user: UserRow): Promise<{ secret: string; uri: string }> {
  const secret = newTotpSecret();
  if (!(await startTotp(db, user.id, secret))) throw stateConflict('totp_exists', 'twoFactor.errors.totpExists');
  return { secret, uri: otpauthUri(secret, user.email) };
}

/** Confirms the authenticator app being set up with its first code; answers the recovery codes it brought, if any. */
export async function confirmTotp(
  db: Db,
  user: UserRow,
  code: string,
  enrolmentProof: string | null | undefined,
): Promise<string[] | null> {
  const totp = await findTotp(db, user.id);
  if (!totp || totp.confirmedAt) throw stateConflict('totp_not_started', 'twoFactor.errors.totpNotStarted');
  const step = totpStepOf(totp.secret, code);
  return addFactor(db, user, enrolmentProof, async (tx) => {
    if (step === undefined || !(await useTotpStep(tx, user.id, step, { confirm: true }))) {
      throw refusedOn('code', 'twoFactor.errors.wrongCode');
    }
    await record(tx, user, 'totpAdded');
  });
}

export async function removeTotp(db: Db, user: UserRow): Promise<void> {
  await removeFactor(db, user, async (tx) => {
    if (!(await deleteTotp(tx, user.id))) return false;
    await record(tx, user, 'totpRemoved');
    return true;
  });
}

/** A new set of recovery codes; the earlier ones stop working. Refused without a second factor. */
export async function regenerateRecoveryCodes(db: Db, user: UserRow): Promise<string[]> {
  return db.transaction(async (tx) => {
    await findUserForUpdate(tx, user.id);
    if (!hasSecondFactor(await factorsOf(tx, user.id))) {
      throw stateConflict('no_second_factor', 'twoFactor.errors.noFactorForCodes');
    }
    await record(tx, user, 'recoveryCodesGenerated');
    return replaceRecoveryCodes(tx, user.id);
  });
}

/** Opens a passkey registration: the options of `navigator.credentials.create`, its challenge stored. */
export async function startPasskeyRegistration(db: Db, rp: RelyingParty, user: UserRow) {
  const { passkeys } = await factorsOf(db, user.id);
  const options = await registrationOptions(
    rp,
    { id: user.id, email: user.email, displayName: fullNameOf(user) },
    passkeys,
  );
  await openRegistration(db, user.id, options.challenge);
  // Spread into a plain object: the library's interface has no index signature for the loose answer schema.
  return { ...options };
}

/** Adds the passkey of an answered registration challenge; answers the recovery codes it brought, if any. */
export async function registerPasskey(
  db: Db,
  rp: RelyingParty,
  user: UserRow,
  input: z.output<typeof registerPasskeySchema>,
  enrolmentProof: string | null | undefined,
): Promise<string[] | null> {
  const challenge = await findOpenRegistration(db, user.id);
  const credential = challenge?.webauthnChallenge
    ? await verifyRegistration(rp, input.credential, challenge.webauthnChallenge)
    : undefined;
  if (!challenge || !credential) throw refusedOn('credential', 'twoFactor.errors.passkeyRefused');
  return addFactor(db, user, enrolmentProof, async (tx) => {
    if (!(await closeChallenge(tx, challenge.id))) throw refusedOn('credential', 'twoFactor.errors.passkeyRefused');
    if (await findPasskey(tx, user.id, credential.credentialId)) {
      throw stateConflict('passkey_exists', 'twoFactor.errors.passkeyExists');
    }
    await addPasskey(tx, { userId: user.id, name: input.name, ...credential });
    await record(tx, user, 'passkeyAdded', { name: input.name });
  });
}

export async function removePasskey(db: Db, user: UserRow, id: string): Promise<void> {
  await removeFactor(db, user, async (tx) => {
    const removed = await deletePasskey(tx, user.id, id);
    if (!removed) return false;
    await record(tx, user, 'passkeyRemoved', { name: removed.name });
    return true;
  });
}

// ---- administrators ----

/**
 * Resets a user's second factor (a lost phone or key): their app, passkeys and recovery codes go, and so do their
 * open sessions, which a stolen device may hold; recorded in their history with who did it. An administrator
 * resetting their own keeps the session they are using (`adminSessionId`).
 */
export async function resetFactors(db: Db, admin: UserRow, adminSessionId: string, targetId: string): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const target = await findUserForUpdate(tx, targetId);
    if (!target) throw notFound();
    await deleteAllFactors(tx, target.id);
    await endSessionsOf(tx, [target.id], { except: adminSessionId });
    await recordAccountEvent(tx, { userId: target.id, actorId: admin.id, code: 'twoFactorReset' });
    return target;
  });
}

/**
 * Saves the office's setting when `lockVersion` is still the saved one (409 otherwise). Whoever it now requires a
 * second factor of, and who has none, loses their open sessions at once (the administrator's own excepted): they
 * signed in on a password alone, and set up a factor at their next sign-in (docs/decisions/0064).
 */
export async function saveSecurityPolicy(
  db: Db,
  input: z.output<typeof securitySettingsSchema>,
  admin: UserRow,
  adminSessionId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const before: TwoFactorPolicy = (await readPolicy(tx)).twoFactorRequired;
    if (!(await savePolicy(tx, input, admin.id))) throw conflict();
    const newlyRequired = await usersNewlyRequiredWithoutFactor(tx, before, input.twoFactorRequired);
    await endSessionsOf(tx, newlyRequired, { except: adminSessionId });
  });
}
