import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { signInSchema } from '../../shared/schemas/auth';
import type { RouteDeps } from '../platform/route-deps';
import { verifyPassword } from '../platform/auth/passwords';
import type { TokenService } from '../platform/auth/tokens';
import { AppError } from '../platform/errors/app-error';
import { ok, parseBody } from '../platform/http/wire';
import { countActiveAdmins, findUserByEmail, toAccount, type UserRow } from '../users/store';

/**
 * Puts a fresh session token in the `authorization` response header (SPEC §4): sign-in, password reset
 * and invitation confirmation all end with this.
 */
export async function issueSession(reply: FastifyReply, tokens: TokenService, user: UserRow): Promise<void> {
  const token = await tokens.sign({ sub: user.id, ver: user.tokenVersion });
  void reply.header('authorization', `Bearer ${token}`).header('access-control-expose-headers', 'authorization');
}

export const authRoutes: FastifyPluginAsync<RouteDeps> = async (app, { database, tokens, limits }) => {
  const { db } = database;

  const failuresByAccount = limits.signInFailuresByAccount;
  const preHandler = [limits.signInByAddress.consume, failuresByAccount.check];

  app.post('/sign_in', { config: { access: 'public' }, preHandler }, async (request, reply) => {
    const input = parseBody(signInSchema, request.body);
    const user = await findUserByEmail(db, input.email);
    // Always verify, even without a user, so timing does not reveal which addresses exist.
    const valid = await verifyPassword(user?.passwordHash, input.password);
    if (!user || !valid || user.disabledAt || !user.confirmedAt) {
      await failuresByAccount.hit(request);
      throw new AppError(401, 'invalid_credentials', 'auth.login.failure');
    }
    await issueSession(reply, tokens, user);
    return ok(toAccount(user, { viewerId: user.id, activeAdminCount: await countActiveAdmins(db) }));
  });
};
