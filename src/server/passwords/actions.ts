import type { Db } from '../db/client';
import { AppError } from '../platform/errors/app-error';
import { redeemToken, voidTokens } from '../identity/one-time-tokens';
import { resetPasswordHash, type UserRow } from '../users/store';

const invalidToken = () => new AppError(422, 'invalid_token', 'passwords.errors.invalidToken');

/**
 * Sets the password of a reset link's account in one transaction: the link is used, the account's sessions and
 * other reset links end. 422 `invalid_token` for a used, expired or unknown link.
 */
export async function resetPassword(db: Db, token: string, passwordHash: string): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const user = await redeemToken(tx, token, 'reset', 'active', invalidToken);
    const now = new Date();
    const row = await resetPasswordHash(tx, user.id, passwordHash, now);
    await voidTokens(tx, user.id, 'reset', now);
    return row;
  });
}
