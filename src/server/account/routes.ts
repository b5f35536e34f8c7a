import type { FastifyRequest } from 'fastify';
import { accountSchema } from '../../shared/schemas/auth';
import { accountAnswerSchema } from '../../shared/schemas/users-answers';
import { lockVersion } from '../../shared/schemas/common';
import { changePasswordSchema } from '../../shared/schemas/users';
import type { FeatureRoutes } from '../platform/route-deps';
import { emailChangedMail } from '../identity/mails';
import { endSession } from '../identity/sessions';
import { hashPassword, verifyPassword } from '../platform/auth/passwords';
import { sessionOf, userOf } from '../platform/auth/plugin';
import { AppError, fieldError } from '../platform/errors/app-error';
import { SIGN_OUT_AFTER_WRONG_PASSWORDS, type Limiter } from '../platform/rate-limit/limits';
import { envelopeContract } from '../platform/http/contract';
import { ok } from '../platform/http/wire';
import { countActiveAdmins, toAccount } from '../users/store';
import { changeOwnPassword, saveOwnAccount } from './actions';

/** The account form also sends back the version it read; without it the save simply wins. */
const accountUpdateSchema = accountSchema.extend({ lockVersion: lockVersion().optional() });

const currentUser = envelopeContract({
  summary: 'The signed-in user: their account',
  tags: ['account'],
  answer: accountAnswerSchema,
});
const updateAccount = envelopeContract({
  summary: 'Saves the account form; changing the email needs the current password',
  tags: ['account'],
  body: accountUpdateSchema,
  answer: accountAnswerSchema,
});
const changePassword = envelopeContract({
  summary: 'Changes the password: this session continues, every other one ends',
  tags: ['account'],
  body: changePasswordSchema,
  answer: accountAnswerSchema,
});

export const accountRoutes: FeatureRoutes = async (app, { database, mail, limits }) => {
  const { db } = database;
  const failures: Limiter = limits.currentPasswordFailures;

  /**
   * Whoever holds an open session must still prove they know the password before it or the email changes,
   * and may not guess it: wrong answers slow the account like failed sign-ins, and after too many the
   * session ends (ADR 0034). The right one forgets the count.
   */
  async function requireCurrentPassword(request: FastifyRequest, currentPassword: string | undefined) {
    if (!currentPassword) throw fieldError('current_password', 'accountSecurity.errors.currentPasswordRequired');
    await failures.check(request);
    if (await verifyPassword(userOf(request).passwordHash, currentPassword)) {
      await failures.reset(request);
      return;
    }
    if ((await failures.hit(request)) >= SIGN_OUT_AFTER_WRONG_PASSWORDS) {
      // Whoever signs in next has shown the password: they start afresh.
      await failures.reset(request);
      await endSession(db, sessionOf(request));
      throw new AppError(401, 'signed_out', 'accountSecurity.errors.signedOutAfterWrongPasswords');
    }
    throw fieldError('current_password', 'accountSecurity.errors.currentPasswordWrong');
  }

  app.get('/user', currentUser, async (request) => {
    const user = userOf(request);
    return ok(toAccount(user, { viewerId: user.id, activeAdminCount: await countActiveAdmins(db) }));
  });

  app.post('/account', updateAccount, async (request) => {
    const user = userOf(request);
    const { lockVersion, currentPassword, ...input } = request.body;
    // ADR 0014: the sign-in email is the key to the account (password resets go there).
    const emailChanged = input.email !== user.email;
    if (emailChanged) await requireCurrentPassword(request, currentPassword);
    const updated = await saveOwnAccount(db, user, lockVersion, input);
    // The old address learns of it, in the account's language: if it was not them, they can act.
    if (emailChanged) {
      mail.sendLater(
        emailChangedMail({ locale: updated.locale, to: user.email, newEmail: updated.email }),
        request.log,
      );
    }
    return ok(toAccount(updated, { viewerId: updated.id, activeAdminCount: await countActiveAdmins(db) }));
  });

  // ADR 0014: this session continues, every other one of the user ends at once.
  app.post('/account/password', changePassword, async (request) => {
    const user = userOf(request);
    const input = request.body;
    await requireCurrentPassword(request, input.currentPassword);
    const passwordHash = await hashPassword(input.password);
    const updated = await changeOwnPassword(db, user, sessionOf(request), passwordHash);
    return ok(toAccount(updated, { viewerId: updated.id, activeAdminCount: await countActiveAdmins(db) }));
  });
};
