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
} from '../../shared/schemas/two-factor';
import { accountAnswerSchema } from '../../shared/schemas/users-answers';
import type { AccountEventCode } from '../../shared/two-factor';
import type { Db } from '../db/client';
import type { FeatureRoutes } from '../platform/route-deps';
import { sessionOf, userOf } from '../platform/auth/plugin';
import { notFound } from '../platform/errors/app-error';
import { envelopeContract, uuid } from '../platform/http/contract';
import { ok } from '../platform/http/wire';
import { startSession } from '../identity/sessions';
import { countActiveAdmins, findUserById, fullNameOf, toAccount, type UserRow } from '../users/store';
import { relyingPartyOf } from './authenticators';
import {
  acceptSecondFactor,
  confirmTotp,
  isRefusedFactor,
  pendingSignIn,
  regenerateRecoveryCodes,
  registerPasskey,
  removePasskey,
  removeTotp,
  resetFactors,
  saveSecurityPolicy,
  startPasskeyRegistration,
  startTotpSetup,
  twoFactorStatusOf,
} from './actions';
import { countAgainst, secondFactorLimits } from './limits';
import { factorsOf, findOpenSignIn, hasSecondFactor, listAccountEvents, readPolicy } from './store';

/** Two-factor sign-in's routes (docs/decisions/0035-two-factor-sign-in.md): contract, use case (actions.ts), answer. */

const tags = ['two-factor'];
const idParams = z.object({ id: uuid() });

export const twoFactorRoutes: FeatureRoutes = async (app, { config, database, tokens }) => {
  const { db } = database;
  const rp = relyingPartyOf(config.publicUrl);
  const limits = secondFactorLimits(db);

  /**
   * A factor was added, bringing `recoveryCodes` when it was the first. Added with the proof of a password step
   * (enrolment before any session), it completes that sign-in: the session's token is in the `authorization`
   * header, as after a sign-in.
   */
  async function factorAdded(
    request: FastifyRequest,
    reply: FastifyReply,
    user: UserRow,
    recoveryCodes: string[] | null,
  ) {
    if (request.enrolmentProof) await startSession(db, reply, tokens, user);
    return ok({ status: await twoFactorStatusOf(db, user), recoveryCodes });
  }

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
      const { proof, ...factor } = request.body;
      const pending = await pendingSignIn(db, proof);
      countAgainst(request, pending.user.id);
      await limits.failuresByAccountAndAddress.check(request);
      await limits.failuresByAccount.check(request);
      try {
        await acceptSecondFactor(db, rp, pending, factor);
      } catch (error) {
        if (isRefusedFactor(error)) {
          await limits.failuresByAccountAndAddress.hit(request);
          await limits.failuresByAccount.hit(request);
          await limits.failuresByAddress.hit(request);
        }
        throw error;
      }
      await limits.failuresByAccountAndAddress.reset(request);
      await startSession(db, reply, tokens, pending.user);
      const user = pending.user;
      return ok(toAccount(user, { viewerId: user.id, activeAdminCount: await countActiveAdmins(db) }));
    },
  );

  // ---- my account ----

  const status = envelopeContract({
    summary: 'My second factors: authenticator app, passkeys, recovery codes left, and whether one is required',
    tags,
    answer: twoFactorStatusSchema,
  });
  app.get('/account/two_factor', status, async (request) => ok(await twoFactorStatusOf(db, userOf(request))));

  const startTotpRoute = envelopeContract({
    summary:
      'Starts setting up an authenticator app: a new secret and its otpauth URI (replaces one not confirmed yet). Takes a session, or the proof of a password step that must set up a second factor',
    tags,
    answer: totpSetupSchema,
  });
  app.post('/account/two_factor/totp', { ...startTotpRoute, config: { access: 'enrolment' } }, async (request) => {
    return ok(await startTotpSetup(db, userOf(request)));
  });

  const confirmTotpRoute = envelopeContract({
    summary:
      'Confirms the authenticator app with its first code; the first factor of an account brings its recovery codes (shown once). With a proof of a password step, also signs in (authorization header)',
    tags,
    body: confirmTotpSchema,
    answer: twoFactorChangeSchema,
  });
  app.post(
    '/account/two_factor/totp/confirm',
    { ...confirmTotpRoute, config: { access: 'enrolment' } },
    async (request, reply) => {
      const user = userOf(request);
      const recoveryCodes = await confirmTotp(db, user, request.body.code, request.enrolmentProof);
      return factorAdded(request, reply, user, recoveryCodes);
    },
  );

  const removeTotpRoute = envelopeContract({
    summary: 'Removes my authenticator app (refused when it is my last factor and one is required)',
    tags,
    answer: twoFactorStatusSchema,
  });
  app.delete('/account/two_factor/totp', removeTotpRoute, async (request) => {
    const user = userOf(request);
    await removeTotp(db, user);
    return ok(await twoFactorStatusOf(db, user));
  });

  const regenerate = envelopeContract({
    summary: 'A new set of recovery codes, shown once; the earlier codes stop working',
    tags,
    answer: twoFactorChangeSchema,
  });
  app.post('/account/two_factor/recovery_codes', regenerate, async (request) => {
    const user = userOf(request);
    const recoveryCodes = await regenerateRecoveryCodes(db, user);
    return ok({ status: await twoFactorStatusOf(db, user), recoveryCodes });
  });

  const passkeyOptions = envelopeContract({
    summary:
      'Options for navigator.credentials.create (PublicKeyCredentialCreationOptionsJSON) to add a passkey. Takes a session, or the proof of a password step that must set up a second factor',
    tags,
    answer: z.object({ options: z.looseObject({ challenge: z.string() }) }),
  });
  app.post('/account/passkeys/options', { ...passkeyOptions, config: { access: 'enrolment' } }, async (request) =>
    ok({ options: await startPasskeyRegistration(db, rp, userOf(request)) }),
  );

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
    const recoveryCodes = await registerPasskey(db, rp, user, request.body, request.enrolmentProof);
    void reply.status(201);
    return factorAdded(request, reply, user, recoveryCodes);
  });

  const removePasskeyRoute = envelopeContract({
    summary: 'Removes one of my passkeys (refused when it is my last factor and one is required)',
    tags,
    params: idParams,
    answer: twoFactorStatusSchema,
  });
  app.delete('/account/passkeys/:id', removePasskeyRoute, async (request) => {
    const user = userOf(request);
    await removePasskey(db, user, request.params.id);
    return ok(await twoFactorStatusOf(db, user));
  });

  // ---- administrators ----

  const userTwoFactorOf = async (request: FastifyRequest, user: UserRow) => ({
    ...(await twoFactorStatusOf(db, user)),
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
    const user = await resetFactors(db, userOf(request), sessionOf(request), request.params.id);
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
    await saveSecurityPolicy(db, request.body, userOf(request), sessionOf(request));
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
