import { z } from 'zod';
import { signInSchema } from '../../shared/schemas/auth';
import { signedInOrChallengeSchema } from '../../shared/schemas/two-factor';
import type { FeatureRoutes } from '../platform/route-deps';
import { endSession } from '../identity/sessions';
import { verifyPassword } from '../platform/auth/passwords';
import { sessionOf } from '../platform/auth/plugin';
import { AppError } from '../platform/errors/app-error';
import { envelopeContract } from '../platform/http/contract';
import { ok } from '../platform/http/wire';
import { findUserByEmail } from '../users/store';
import { relyingPartyOf } from '../two-factor/authenticators';
import { afterPassword } from '../two-factor/password-step';

const signIn = envelopeContract({
  summary:
    'Sign in with email and password: answers the account, and the session token in the authorization header; or, for an account with a second factor (or required to set one up), second_factor_required and a proof of this step, and no session yet',
  tags: ['auth'],
  body: signInSchema,
  answer: signedInOrChallengeSchema,
});
const signOut = envelopeContract({
  summary: 'Sign out: ends this session only',
  tags: ['auth'],
  answer: z.object({ signedOut: z.literal(true) }),
});

export const authRoutes: FeatureRoutes = async (app, { config, database, tokens, limits }) => {
  const { db } = database;
  const rp = relyingPartyOf(config.publicUrl);

  const { signInByAddress, signInFailuresByAddress, signInFailuresByAccount } = limits;
  // Before validation: a malformed attempt still counts against the address.
  const preValidation = [signInByAddress.consume, signInFailuresByAddress.check, signInFailuresByAccount.check];

  app.post('/sign_in', { ...signIn, config: { access: 'public' }, preValidation }, async (request, reply) => {
    const input = request.body;
    const user = await findUserByEmail(db, input.email);
    // Always verify, even without a user, so timing does not reveal which addresses exist.
    const valid = await verifyPassword(user?.passwordHash, input.password);
    if (!user || !valid || user.disabledAt || !user.confirmedAt) {
      await signInFailuresByAddress.hit(request);
      await signInFailuresByAccount.hit(request);
      throw new AppError(401, 'invalid_credentials', 'auth.login.failure');
    }
    // The owner got it right from here: earlier slips from this address are forgiven.
    await signInFailuresByAccount.reset(request);
    return ok(await afterPassword({ db, tokens, rp }, reply, user));
  });

  // Ends this session only: the token is refused from now on, by every process; other sessions stay.
  app.post('/sign_out', signOut, async (request) => {
    await endSession(db, sessionOf(request));
    return ok({ signedOut: true as const });
  });
};
