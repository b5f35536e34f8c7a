import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UserRow } from '../../db/schema';
import { forbidden, unauthorized } from '../errors/app-error';
import type { SessionClaims, TokenService } from './tokens';

/**
 * Who may call a route. Routes are 'user' unless they say otherwise: secure by default. `enrolment` routes also
 * take, instead of a session, the proof of a password step whose account must set up a second factor before it
 * gets a session (docs/decisions/0035-two-factor-sign-in.md).
 */
export type Access = 'public' | 'user' | 'admin' | 'enrolment';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    /** The signed-in user, loaded fresh for each request (so a disabled account stops at once). */
    currentUser: UserRow | null;
    /** The session of the request's token (its `sid`), for sign-out and password change. */
    sessionId: string | null;
    /** On an `enrolment` route called with the proof of a password step instead of a session: that proof. */
    enrolmentProof: string | null;
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
 * Resolves the bearer token to a current, enabled user whose token version still matches and whose
 * session is open (`findSessionUser`, handed in by the identity module), and enforces the route's
 * access level. Runs before the body is parsed, so strangers learn nothing.
 */
export function registerAuth(
  app: FastifyInstance,
  deps: {
    tokens: TokenService;
    findSessionUser(claims: SessionClaims): Promise<UserRow | undefined>;
    /** The user of a proof of a password step that may be used to set up a second factor. */
    findEnrollingUser?(proof: string): Promise<UserRow | undefined>;
  },
): void {
  app.decorateRequest('currentUser', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('enrolmentProof', null);
  app.addHook('onRequest', async (request) => {
    if (request.is404) return;
    const access = accessOf(request);
    if (access === 'public') return;
    const token = bearer(request);
    // A proof is random base64url, a session token a JWT (with dots): the two cannot be mistaken for each other.
    if (access === 'enrolment' && token && !token.includes('.') && deps.findEnrollingUser) {
      const enrolling = await deps.findEnrollingUser(token);
      if (!enrolling) throw unauthorized();
      request.currentUser = enrolling;
      request.enrolmentProof = token;
      return;
    }
    const claims = token ? await deps.tokens.verify(token) : undefined;
    const user = claims ? await deps.findSessionUser(claims) : undefined;
    if (!claims || !user || user.disabledAt || !user.confirmedAt || user.tokenVersion !== claims.ver) {
      throw unauthorized();
    }
    if (access === 'admin' && user.role !== 'admin') throw forbidden();
    request.currentUser = user;
    request.sessionId = claims.sid;
  });
}

/** The session of a route that is not public. */
export function sessionOf(request: FastifyRequest): string {
  if (!request.sessionId) throw unauthorized();
  return request.sessionId;
}

/** The signed-in user of a route that is not public. */
export function userOf(request: FastifyRequest): UserRow {
  if (!request.currentUser) throw unauthorized();
  return request.currentUser;
}
