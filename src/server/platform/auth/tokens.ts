import { SignJWT, jwtVerify } from 'jose';
import { isUuid } from '../http/params';

export interface SessionClaims {
  /** The user id (SPEC §3 auth state: the token's subject claim). */
  sub: string;
  /** users.token_version when the token was issued; a bump ends every session of the user. */
  ver: number;
  /** The session's row (identity/sessions.ts): ending it ends this token alone. */
  sid: string;
}

export interface TokenService {
  /** How long a token lives: its session row expires with it. */
  readonly ttlSeconds: number;
  sign(claims: SessionClaims): Promise<string>;
  /** Undefined for anything not signed by us, expired or malformed. */
  verify(token: string): Promise<SessionClaims | undefined>;
}

export function createTokenService(secret: string, ttlSeconds: number): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    ttlSeconds,
    sign: ({ sub, ver, sid }) =>
      new SignJWT({ ver, sid })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(sub)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        const { sub, ver, sid } = payload as { sub?: unknown; ver?: unknown; sid?: unknown };
        // Both ids go to uuid columns. A token from before sessions were kept on the server has no sid: it is refused (ADR 0014).
        if (typeof sub !== 'string' || typeof ver !== 'number' || typeof sid !== 'string') return undefined;
        if (!isUuid(sid) || !isUuid(sub)) return undefined;
        return { sub, ver, sid };
      } catch {
        return undefined;
      }
    },
  };
}
