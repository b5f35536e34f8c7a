import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { findUserById, type UserRow } from '../../users/store';
import { forbidden, unauthorized } from '../errors/app-error';
import type { TokenService } from './tokens';

/** Who may call a route. Routes are 'user' unless they say otherwise: secure by default. */
export type Access = 'public' | 'user' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    /** The signed-in user, loaded fresh for each request (so a disabled account stops at once). */
    currentUser: UserRow | null;
  }
}

export function accessOf(request: FastifyRequest): Access {
  return request.routeOptions.config.access ?? 'user';
}

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/**
 * Resolves the bearer token to a current, enabled user whose token version still matches, and
 * enforces the route's access level. Runs before the body is parsed, so strangers learn nothing.
 */
export function registerAuth(app: FastifyInstance, deps: { db: Db; tokens: TokenService }): void {
  app.decorateRequest('currentUser', null);
  app.addHook('onRequest', async (request) => {
    if (request.is404) return;
    const access = accessOf(request);
    if (access === 'public') return;
    const token = bearer(request);
    const claims = token ? await deps.tokens.verify(token) : undefined;
    const user = claims ? await findUserById(deps.db, claims.sub) : undefined;
    if (!claims || !user || user.disabledAt || !user.confirmedAt || user.tokenVersion !== claims.ver) {
      throw unauthorized();
    }
    if (access === 'admin' && user.role !== 'admin') throw forbidden();
    request.currentUser = user;
  });
}

/** The signed-in user of a route that is not public. */
export function userOf(request: FastifyRequest): UserRow {
  if (!request.currentUser) throw unauthorized();
  return request.currentUser;
}
