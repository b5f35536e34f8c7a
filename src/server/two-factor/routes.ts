import type { CatalogKey } from '../../shared/i18n/keys';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { translate } from '../../shared/i18n';
import {
  confirmTotpSchema,
  registerPasskeySchema,
  secondFactorSchema,
  securitySettingsAnswerSchema,
  securitySettingsSchema,
  totpSetupSchema,
  twoFactorChangeSchema,
  twoFactorStatusSchema,
  userTwoFactorSchema,
  type TwoFactorStatus,
} from '../../shared/schemas/two-factor';
import { accountAnswerSchema } from '../../shared/schemas/users-answers';
import { secondFactorRequiredOf, type AccountEventCode } from '../../shared/two-factor';
import type { Db } from '../db/client';
import type { FeatureRoutes } from '../platform/route-deps';
import { userOf } from '../platform/auth/plugin';
import { AppError, conflict, notFound } from '../platform/errors/app-error';
import { envelopeContract, uuid } from '../platform/http/contract';
import { ok } from '../platform/http/wire';
import { startSession } from '../identity/sessions';
import { countActiveAdmins, findUserById, fullNameOf, toAccount, type UserRow } from '../users/store';
import { findUserForUpdate } from '../identity/accounts';
import {
  newTotpSecret,
  otpauthUri,
  registrationOptions,
  relyingPartyOf,
  totpStepOf,
  verifyAuthentication,
  verifyRegistration,
} from './authenticators';
import { countAgainst, secondFactorLimits } from './limits';
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
  listAccountEvents,
  openRegistration,
  readPolicy,
  recordAccountEvent,
  replaceRecoveryCodes,
  savePolicy,
  startTotp,
  touchPasskey,
  useRecoveryCode,
  useTotpStep,
  type ChallengeRow,
  type Factors,
} from './store';

/** Two-factor sign-in's routes (docs/decisions/0035-two-factor-sign-in.md). */

const signInExpired = () => new AppError(401, 'sign_in_expired', 'twoFactor.errors.signInExpired');
const refusedOn = (field: string, key: CatalogKey) =>
  new AppError(422, 'invalid_second_factor', key, { [field]: [{ key, params: {} }] });
const stateConflict = (code: string, key: CatalogKey) => new AppError(409, code, key);

/** What an account has, and whether the office requires a second factor of it. */
async function statusOf(db: Db, user: UserRow, factors?: Factors): Promise<TwoFactorStatus> {
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

const tags = ['two-factor'];
const idParams = z.object({ id: uuid() });

export const twoFactorRoutes: FeatureRoutes = async (app, { config, database, tokens }) => {
  const { db } = database;
  const rp = relyingPartyOf(config.publicUrl);
  const limits = secondFactorLimits(db);

  /**
   * A factor was added: the first one brings a fresh set of recovery codes (shown once). Called with the proof of
   * a password step (enrolment before any session), the addition completes that sign-in: the proof is used and
   * the session's token is in the `authorization` header, as after a sign-in.
   */
  async function factorAdded(
    request: FastifyRequest,
    reply: FastifyReply,
    user: UserRow,
    add: (tx: Db) => Promise<void>,
  ) {
    const recoveryCodes = await db.transaction(async (tx) => {
      await findUserForUpdate(tx, user.id);
      const first = !hasSecondFactor(await factorsOf(tx, user.id));
      await add(tx);
      if (request.enrolmentProof) {
        const pending = await findOpenSignIn(tx, request.enrolmentProof);
        if (!pending || !(await closeChallenge(tx, pending.challenge.id))) throw signInExpired();
      }
      return first ? replaceRecoveryCodes(tx, user.id) : null;
    });
    if (request.enrolmentProof) await startSession(db, reply, tokens, user);
    return ok({ status: await statusOf(db, user), recoveryCodes });
  }

  /** A factor was removed: refused when it was the last and the office requires one. */
  async function factorRemoved(user: UserRow, remove: (tx: Db) => Promise<boolean>) {
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
    return ok(await statusOf(db, user));
  }

  const record = (tx: Db, user: UserRow, code: AccountEventCode, params?: Record<string, string>) =>
    recordAccountEvent(tx, { userId: user.id, actorId: user.id, code, params });

  // ---- the second step of sign-in ----

  const secondFactor = envelopeContract({
    summary:
      'Second step of a sign-in: the proof of the password step and an authenticator-app code, a recovery code or a passkey assertion; answers the account, and the session token in the authorization header',
    tags,
    body: secondFactorSchema,
    answer: accountAnswerSchema,
  });
  app.post(
    '/sign_in/second_factor',
    {
      ...secondFactor,
      config: { access: 'public' },
      // Before validation, like the password step: a malformed attempt still counts against the address.
      preValidation: [limits.byAddress.consume, limits.failuresByAddress.check],
    },
    async (request, reply) => {
      const input = request.body;
      const pending = await findOpenSignIn(db, input.proof);
      if (!pending) throw signInExpired();
      const { user, challenge } = pending;
      countAgainst(request, user.id);
      await limits.failuresByAccountAndAddress.check(request);
      await limits.failuresByAccount.check(request);

      const accept = async (tx: Db, open: ChallengeRow): Promise<void> => {
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
            passkey && open.webauthnChallenge
              ? await verifyAuthentication(rp, input.credential, open.webauthnChallenge, passkey)
              : undefined;
          if (!passkey || counter === undefined) throw refusedOn('credential', 'twoFactor.errors.passkeyRefused');
          await touchPasskey(tx, passkey.id, counter);
        }
      };

      try {
        await db.transaction(async (tx) => {
          // Closed first, in the same transaction: a refused factor rolls it back and the proof stays usable.
          if (!(await closeChallenge(tx, challenge.id))) throw signInExpired();
          await accept(tx, challenge);
        });
      } catch (error) {
        if (error instanceof AppError && error.code === 'invalid_second_factor') {
          await limits.failuresByAccountAndAddress.hit(request);
          await limits.failuresByAccount.hit(request);
          await limits.failuresByAddress.hit(request);
        }
        throw error;
      }
      await limits.failuresByAccountAndAddress.reset(request);
      await startSession(db, reply, tokens, user);
      return ok(toAccount(user, { viewerId: user.id, activeAdminCount: await countActiveAdmins(db) }));
    },
  );

  // ---- my account ----

  const status = envelopeContract({
    summary: 'My second factors: authenticator app, passkeys, recovery codes left, and whether one is required',
    tags,
    answer: twoFactorStatusSchema,
  });
  app.get('/account/two_factor', status, async (request) => ok(await statusOf(db, userOf(request))));

  const startTotpRoute = envelopeContract({
    summary:
      'Starts setting up an authenticator app: a new secret and its otpauth URI (replaces one not confirmed yet). Takes a session, or the proof of a password step that must set up a second factor',
    tags,
    answer: totpSetupSchema,
  });
  app.post('/account/two_factor/totp', { ...startTotpRoute, config: { access: 'enrolment' } }, async (request) => {
    const user = userOf(request);
    const secret = newTotpSecret();
    if (!(await startTotp(db, user.id, secret))) {
      throw stateConflict('totp_exists', 'twoFactor.errors.totpExists');
    }
    return ok({ secret, uri: otpauthUri(secret, user.email) });
  });

  const confirmTotp = envelopeContract({
    summary:
      'Confirms the authenticator app with its first code; the first factor of an account brings its recovery codes (shown once). With a proof of a password step, also signs in (authorization header)',
    tags,
    body: confirmTotpSchema,
    answer: twoFactorChangeSchema,
  });
  app.post(
    '/account/two_factor/totp/confirm',
    { ...confirmTotp, config: { access: 'enrolment' } },
    async (request, reply) => {
      const user = userOf(request);
      const { code } = request.body;
      const totp = await findTotp(db, user.id);
      if (!totp || totp.confirmedAt) throw stateConflict('totp_not_started', 'twoFactor.errors.totpNotStarted');
      const step = totpStepOf(totp.secret, code);
      return factorAdded(request, reply, user, async (tx) => {
        if (step === undefined || !(await useTotpStep(tx, user.id, step, { confirm: true }))) {
          throw refusedOn('code', 'twoFactor.errors.wrongCode');
        }
        await record(tx, user, 'totpAdded');
      });
    },
  );

  const removeTotp = envelopeContract({
    summary: 'Removes my authenticator app (refused when it is my last factor and one is required)',
    tags,
    answer: twoFactorStatusSchema,
  });
  app.delete('/account/two_factor/totp', removeTotp, async (request) => {
    const user = userOf(request);
    return factorRemoved(user, async (tx) => {
      if (!(await deleteTotp(tx, user.id))) return false;
      await record(tx, user, 'totpRemoved');
      return true;
    });
  });

  const regenerate = envelopeContract({
    summary: 'A new set of recovery codes, shown once; the earlier codes stop working',
    tags,
    answer: twoFactorChangeSchema,
  });
  app.post('/account/two_factor/recovery_codes', regenerate, async (request) => {
    const user = userOf(request);
    const recoveryCodes = await db.transaction(async (tx) => {
      await findUserForUpdate(tx, user.id);
      if (!hasSecondFactor(await factorsOf(tx, user.id))) {
        throw stateConflict('no_second_factor', 'twoFactor.errors.noFactorForCodes');
      }
      await record(tx, user, 'recoveryCodesGenerated');
      return replaceRecoveryCodes(tx, user.id);
    });
    return ok({ status: await statusOf(db, user), recoveryCodes });
  });

  const passkeyOptions = envelopeContract({
    summary:
      'Options for navigator.credentials.create (PublicKeyCredentialCreationOptionsJSON) to add a passkey. Takes a session, or the proof of a password step that must set up a second factor',
    tags,
    answer: z.object({ options: z.looseObject({ challenge: z.string() }) }),
  });
  app.post('/account/passkeys/options', { ...passkeyOptions, config: { access: 'enrolment' } }, async (request) => {
    const user = userOf(request);
    const { passkeys } = await factorsOf(db, user.id);
    const options = await registrationOptions(
      rp,
      { id: user.id, email: user.email, displayName: fullNameOf(user) },
      passkeys,
    );
    await openRegistration(db, user.id, options.challenge);
    // Spread into a plain object: the library's interface has no index signature for the loose answer schema.
    return ok({ options: { ...options } });
  });

  const addPasskeyRoute = envelopeContract({
    summary:
      'Adds a passkey: its name and the authenticator answer (RegistrationResponseJSON). The first factor of an account brings its recovery codes; with a proof of a password step, also signs in (authorization header)',
    tags,
    body: registerPasskeySchema,
    answer: twoFactorChangeSchema,
    status: 201,
  });
  app.post('/account/passkeys', { ...addPasskeyRoute, config: { access: 'enrolment' } }, async (request, reply) => {
    const user = userOf(request);
    const input = request.body;
    const challenge = await findOpenRegistration(db, user.id);
    const credential = challenge?.webauthnChallenge
      ? await verifyRegistration(rp, input.credential, challenge.webauthnChallenge)
      : undefined;
    if (!challenge || !credential) throw refusedOn('credential', 'twoFactor.errors.passkeyRefused');
    void reply.status(201);
    return factorAdded(request, reply, user, async (tx) => {
      if (!(await closeChallenge(tx, challenge.id))) throw refusedOn('credential', 'twoFactor.errors.passkeyRefused');
      if (await findPasskey(tx, user.id, credential.credentialId)) {
        throw stateConflict('passkey_exists', 'twoFactor.errors.passkeyExists');
      }
      await addPasskey(tx, { userId: user.id, name: input.name, ...credential });
      await record(tx, user, 'passkeyAdded', { name: input.name });
    });
  });

  const removePasskey = envelopeContract({
    summary: 'Removes one of my passkeys (refused when it is my last factor and one is required)',
    tags,
    params: idParams,
    answer: twoFactorStatusSchema,
  });
  app.delete('/account/passkeys/:id', removePasskey, async (request) => {
    const user = userOf(request);
    return factorRemoved(user, async (tx) => {
      const removed = await deletePasskey(tx, user.id, request.params.id);
      if (!removed) return false;
      await record(tx, user, 'passkeyRemoved', { name: removed.name });
      return true;
    });
  });

  // ---- administrators ----

  const userTwoFactorOf = async (request: FastifyRequest, user: UserRow) => ({
    ...(await statusOf(db, user)),
    history: (await listAccountEvents(db, user.id)).map(({ event, actor }) => ({
      id: event.id,
      code: event.code as AccountEventCode,
      description: translate(request.locale, `twoFactor.history.${event.code}`, event.params),
      actorName: actor ? fullNameOf(actor) : null,
      insertedAt: event.insertedAt.toISOString(),
    })),
  });

  const userTwoFactor = envelopeContract({
    summary: "A user's second factors and the history of their changes (administrators)",
    tags,
    params: idParams,
    answer: userTwoFactorSchema,
  });
  app.get('/users/:id/two_factor', { ...userTwoFactor, config: { access: 'admin' } }, async (request) => {
    const user = await findUserById(db, request.params.id);
    if (!user) throw notFound();
    return ok(await userTwoFactorOf(request, user));
  });

  const reset = envelopeContract({
    summary:
      "Resets a user's second factor (a lost phone or key): removes their app, passkeys and recovery codes; recorded in their history (administrators)",
    tags,
    params: idParams,
    answer: userTwoFactorSchema,
  });
  app.post('/users/:id/two_factor/reset', { ...reset, config: { access: 'admin' } }, async (request) => {
    const admin = userOf(request);
    const user = await db.transaction(async (tx) => {
      const target = await findUserForUpdate(tx, request.params.id);
      if (!target) throw notFound();
      await deleteAllFactors(tx, target.id);
      await recordAccountEvent(tx, { userId: target.id, actorId: admin.id, code: 'twoFactorReset' });
      return target;
    });
    return ok(await userTwoFactorOf(request, user));
  });

  const settingsAnswer = async () => {
    const policy = await readPolicy(db);
    return { ...policy, updatedAt: policy.updatedAt?.toISOString() ?? null };
  };
  const readSettings = envelopeContract({
    summary: 'The security settings: of whom a second factor is required (administrators)',
    tags,
    answer: securitySettingsAnswerSchema,
  });
  app.get('/settings/security', { ...readSettings, config: { access: 'admin' } }, async () =>
    ok(await settingsAnswer()),
  );

  const saveSettings = envelopeContract({
    summary:
      'Saves the security settings with the lock_version read (409 when stale). Someone who must now have a second factor and has none sets one up at their next sign-in (administrators)',
    tags,
    body: securitySettingsSchema,
    answer: securitySettingsAnswerSchema,
  });
  app.patch('/settings/security', { ...saveSettings, config: { access: 'admin' } }, async (request) => {
    const input = request.body;
    if (!(await savePolicy(db, input, userOf(request).id))) throw conflict();
    return ok(await settingsAnswer());
  });
};

/** For the auth plugin: the user of a proof that may set up a first second factor (no factor yet). */
export function enrollingUsers(db: Db) {
  return async (proof: string): Promise<UserRow | undefined> => {
    const pending = await findOpenSignIn(db, proof);
    if (!pending || hasSecondFactor(await factorsOf(db, pending.user.id))) return undefined;
    return pending.user;
  };
}
