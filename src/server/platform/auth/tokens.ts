import { SignJWT, jwtVerify } from 'jose';

export interface SessionClaims {
  /** The user id (SPEC §3 auth state: the token's subject claim). */
  sub: string;
  /** users.token_version when the token was issued; a bump ends the session. */
  ver: number;
}

export interface TokenService {
  sign(claims: SessionClaims): Promise<string>;
  /** Undefined for anything not signed by us, expired or malformed. */
  verify(token: string): Promise<SessionClaims | undefined>;
}

export function createTokenService(secret: string, ttlSeconds: number): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    sign: ({ sub, ver }) =>
      new SignJWT({ ver })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(sub)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        if (typeof payload.sub !== 'string' || typeof payload['ver'] !== 'number') return undefined;
        return { sub: payload.sub, ver: payload['ver'] };
      } catch {
        return undefined;
      }
    },
  };
}
