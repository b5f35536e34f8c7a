import { eq } from 'drizzle-orm';
import type { UserStatus } from '../../shared/constants';
import type { Db } from '../db/client';
import { users, type UserRow } from '../db/schema';

/*
 * What an account is, below every feature that signs people in or manages them: `users/` (the administrators'
 * screens) and the sign-in features use identity/, never the reverse (docs/decisions/0031).
 */

/** docs/SPEC.md §4: disabled if disabledAt is set; else active if confirmedAt is set; else invited. */
export function statusOf(row: Pick<UserRow, 'disabledAt' | 'confirmedAt'>): UserStatus {
  if (row.disabledAt) return 'disabled';
  if (row.confirmedAt) return 'active';
  return 'invited';
}

/** A user's row, locked until the transaction ends (a token consumed, a role changed, an archive). */
export async function findUserForUpdate(tx: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).limit(1).for('update');
  return row;
}
