import type { Db } from '../db/client';
import { AppError, fieldError } from '../platform/errors/app-error';
import { issueToken, redeemToken, voidTokens } from '../identity/one-time-tokens';
import {
  confirmInvitedUser,
  deleteUnconfirmedUser,
  findUserByEmail,
  insertInvitedUser,
  isUniqueViolation,
  type UserRow,
} from '../users/store';

/** Invitations' writes: the routes send the mail and answer. */

const emailTaken = () => fieldError('email', 'invitations.errors.emailTaken');
const invalidToken = () => new AppError(422, 'invalid_token', 'invitations.errors.invalidToken');

/** An invited account and its invitation token; 422 on the email field when the address has an account. */
export async function createInvitation(
  db: Db,
  values: Pick<UserRow, 'email' | 'role' | 'locale'>,
): Promise<{ user: UserRow; token: string }> {
  if (await findUserByEmail(db, values.email)) throw emailTaken();
  try {
    return await db.transaction(async (tx) => {
      const user = await insertInvitedUser(tx, values);
      return { user, token: await issueToken(tx, user.id, 'invitation') };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_unique')) throw emailTaken();
    throw error;
  }
}

/** Nobody can use an invitation that never arrived: undone, so inviting again is not "already taken". */
export const withdrawInvitation = (db: Db, userId: string): Promise<void> => deleteUnconfirmedUser(db, userId);

/**
 * Accepts an invitation: the token is used, the invitee's names and password saved, the account confirmed, in
 * one transaction. 422 `invalid_token` for a used, expired or unknown link.
 */
export async function confirmInvitation(
  db: Db,
  token: string,
  fields: { passwordHash: string; firstName: string; lastName: string },
): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const user = await redeemToken(tx, token, 'invitation', 'invited', invalidToken);
    const now = new Date();
    const row = await confirmInvitedUser(tx, user.id, fields, now);
    await voidTokens(tx, user.id, 'invitation', now);
    return row;
  });
}
