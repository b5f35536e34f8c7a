import type { z } from 'zod';
import type { accountSchema } from '../../shared/schemas/auth';
import type { Db } from '../db/client';
import { conflict, fieldError } from '../platform/errors/app-error';
import { endOtherSessions } from '../identity/sessions';
import { isUniqueViolation, setPasswordHash, updateOwnAccount, type UserRow } from '../users/store';

/** "My account"'s writes: the route checks the current password where needed, these save. */

type AccountFields = Omit<z.output<typeof accountSchema>, 'currentPassword'>;

/** Saves the account form read at `expected` (409 when stale; any version when undefined). */
export async function saveOwnAccount(
  db: Db,
  user: UserRow,
  expected: number | undefined,
  input: AccountFields,
): Promise<UserRow> {
  let updated: UserRow | undefined;
  try {
    updated = await updateOwnAccount(db, user.id, expected, {
      ...input,
      address: input.address || null,
      city: input.city || null,
      postalCode: input.postalCode || null,
      phone: input.phone || null,
      mobile: input.mobile || null,
    });
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_unique')) throw fieldError('email', 'errors.api.emailTaken');
    throw error;
  }
  if (!updated) throw conflict();
  return updated;
}

/** ADR 0014: a new password; the session making the change continues, every other one of the user ends. */
export async function changeOwnPassword(
  db: Db,
  user: UserRow,
  sessionId: string,
  passwordHash: string,
): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const row = await setPasswordHash(tx, user.id, passwordHash);
    await endOtherSessions(tx, user.id, sessionId);
    return row;
  });
}
