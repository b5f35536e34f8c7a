import { SignJWT, jwtVerify } from 'jose';
import { isUuid } from '../http/params';

export interface SessionClaims {
  /** The user id (docs/SPEC.md §3 auth state: the token's subject claim). */
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

/** Tokens already verified, kept so that a token is checked once rather than on each of its requests. */
const VERIFIED_KEPT = 10_000;

export function createTokenService(secret: string, ttlSeconds: number): TokenService {
  const key = new TextEncoder().encode(secret);
  // A token's signature and claims never change: once jose has verified it, only its expiry is left to check on
  // later requests (ADR 0029: verifying cost ~5 % of a signed-in request's CPU, mostly importing the key). The
  // oldest entry goes first; a refused token is not kept, so forged ones cannot fill the map.
  const verified = new Map<string, { claims: SessionClaims; exp: number }>();
  const nowSeconds = () => Math.floor(Date.now() / 1000);
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
      const known = verified.get(token);
      if (known) {
        if (nowSeconds() < known.exp) return known.claims;
        verified.delete(token);
        return undefined;
      }
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        const { sub, ver, sid, exp } = payload as { sub?: unknown; ver?: unknown; sid?: unknown; exp?: unknown };
        // Both ids go to uuid columns. A token from before sessions were kept on the server has no sid: it is refused (ADR 0014).
        if (typeof sub !== 'string' || typeof ver !== 'number' || typeof sid !== 'string') return undefined;
        if (!isUuid(sid) || !isUuid(sub) || typeof exp !== 'number') return undefined;
        const claims = Object.freeze({ sub, ver, sid });
        if (verified.size >= VERIFIED_KEPT) verified.delete(verified.keys().next().value!);
        verified.set(token, { claims, exp });
        return claims;
      } catch {
        return undefined;
      }
    },
  };
}
