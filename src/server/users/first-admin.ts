import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { hashPassword } from '../platform/auth/passwords';
import { countUsers } from './store';

export interface FirstAdmin {
  email: string;
  /** Set only when the password was generated here: printed once, never stored in clear. */
  generatedPassword?: string;
}

/**
 * On an empty database, creates the first administrator from ADMIN_EMAIL / ADMIN_PASSWORD, or with
 * a generated password. Returns undefined when accounts already exist (nothing is changed then).
 */
export async function ensureFirstAdmin(
  db: Db,
  options: { email?: string; password?: string },
): Promise<FirstAdmin | undefined> {
  if ((await countUsers(db)) > 0) return undefined;
  const email = (options.email ?? 'admin@atrium.local').toLowerCase();
  const generatedPassword = options.password ? undefined : randomBytes(12).toString('base64url');
  const password = options.password ?? generatedPassword!;
  await db
    .insert(users)
    .values({
      email,
      passwordHash: await hashPassword(password),
      firstName: 'Admin',
      lastName: 'Atrium',
      role: 'admin',
      confirmedAt: new Date(),
    })
    .onConflictDoNothing();
  return { email, generatedPassword };
}
