import type { FastifyReply } from 'fastify';
import type { Db } from '../db/client';
import type { Account } from '../../shared/wire';
import type { SecondFactorChallenge } from '../../shared/schemas/two-factor';
import { secondFactorRequiredOf, type SecondFactorMethod } from '../../shared/two-factor';
import type { TokenService } from '../platform/auth/tokens';
import { startSession } from '../identity/sessions';
import { countActiveAdmins, toAccount, type UserRow } from '../users/store';
import { authenticationOptions, type RelyingParty } from './authenticators';
import { factorsOf, hasSecondFactor, openSignIn, readPolicy } from './store';

/**
 * What a right password leads to, the one rule for sign-in, password reset and invitation confirmation (so
 * neither link can skip the second step): a session when the account has no second factor and none is
 * required of it; otherwise no session yet, but a proof of this password step for `POST /sign_in/second_factor`,
 * or for setting a factor up first when the office requires one the account lacks
 * (docs/decisions/0035-two-factor-sign-in.md).
 */
export async function afterPassword(
  deps: { db: Db; tokens: TokenService; rp: RelyingParty },
  reply: FastifyReply,
  user: UserRow,
): Promise<Account | SecondFactorChallenge> {
  const { db } = deps;
  const factors = await factorsOf(db, user.id);
  const enabled = hasSecondFactor(factors);
  if (!enabled && !secondFactorRequiredOf((await readPolicy(db)).twoFactorRequired, user.role)) {
    await startSession(db, reply, deps.tokens, user);
    return toAccount(user, { viewerId: user.id, activeAdminCount: await countActiveAdmins(db) });
  }
  const passkeyOptions = factors.passkeys.length > 0 ? await authenticationOptions(deps.rp, factors.passkeys) : null;
  const { proof, expiresAt } = await openSignIn(db, user.id, passkeyOptions?.challenge ?? null);
  const methods: SecondFactorMethod[] = [];
  if (factors.totp) methods.push('totp');
  if (passkeyOptions) methods.push('passkey');
  if (enabled && factors.recoveryCodesLeft > 0) methods.push('recovery_code');
  return {
    secondFactorRequired: true,
    enrolmentRequired: !enabled,
    proof,
    expiresAt: expiresAt.toISOString(),
    methods,
    passkeyOptions: passkeyOptions && { ...passkeyOptions },
  };
}
