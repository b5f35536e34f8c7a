import { messageAnswerSchema } from '../../shared/schemas/users-answers';
import { signedInOrChallengeSchema } from '../../shared/schemas/two-factor';
import { translate } from '../../shared/i18n';
import { forgotPasswordSchema, resetPasswordSchema } from '../../shared/schemas/users';
import type { FeatureRoutes } from '../platform/route-deps';
import { hashPassword } from '../platform/auth/passwords';
import { envelopeContract } from '../platform/http/contract';
import { ok } from '../platform/http/wire';
import { limitedBy } from '../platform/rate-limit/limits';
import { passwordResetMail } from '../identity/mails';
import { mailTokenIf } from '../identity/one-time-tokens';
import { findUserByEmail } from '../users/store';
import { relyingPartyOf } from '../two-factor/authenticators';
import { afterPassword } from '../two-factor/password-step';
import { resetPassword } from './actions';

const forgot = envelopeContract({
  summary: 'Asks for a password reset mail; the same answer whether or not the address has an account',
  tags: ['passwords'],
  body: forgotPasswordSchema,
  answer: messageAnswerSchema,
});
const reset = envelopeContract({
  summary:
    'Sets a new password with the token of the reset mail: ends other sessions, starts this one, or asks for the second factor first as a sign-in does',
  tags: ['passwords'],
  body: resetPasswordSchema,
  answer: signedInOrChallengeSchema,
});

export const passwordRoutes: FeatureRoutes = async (app, { config, database, mail, tokens, limits }) => {
  const { db } = database;
  const rp = relyingPartyOf(config.publicUrl);

  // Same answer, same status, about the same time for any address: it must not reveal who has an account.
  app.post(
    '/passwords/forgot',
    { ...forgot, config: { access: 'public' }, preValidation: limitedBy(limits.mailByAddress, limits.mailByAccount) },
    async (request) => {
      const input = request.body;
      // Invited and archived people have no password to reset: they get nothing, and the same answer.
      await mailTokenIf(db, await findUserByEmail(db, input.email), 'active', 'reset', (user, token) => {
        const message = passwordResetMail({ locale: user.locale, to: user.email, publicUrl: config.publicUrl, token });
        mail.sendLater(message, request.log);
      });
      return ok({ message: translate(request.locale, 'passwords.forgot.success') });
    },
  );

  app.post(
    '/passwords/reset',
    { ...reset, config: { access: 'public' }, preValidation: limitedBy(limits.tokenByAddress) },
    async (request, reply) => {
      const input = request.body;
      const passwordHash = await hashPassword(input.password);
      const updated = await resetPassword(db, input.token, passwordHash);
      // A mailbox is not a second factor: the reset link sets the password, the sign-in still asks for the rest.
      return ok(await afterPassword({ db, tokens, rp }, reply, updated));
    },
  );
};
