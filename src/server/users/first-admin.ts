import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { hashPassword } from '../platform/auth/passwords';
import { countUsers } from './store';

/** A password for an administrator made without one: shown once, never stored in clear. */
export const generateAdminPassword = () => randomBytes(12).toString('base64url');

/** An administrator able to sign in at once, as the first start and the `admin create` command make one. */
export async function newAdmin(email: string, password: string) {
  return {
    email,
    passwordHash: await hashPassword(password),
    firstName: 'Admin',
    lastName: 'Atrium',
    role: 'admin' as const,
    confirmedAt: new Date(),
  };
}

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
  const generatedPassword = options.password ? undefined : generateAdminPassword();
  const password = options.password ?? generatedPassword!;
  await db
    .insert(users)
    .values(await newAdmin(email, password))
    .onConflictDoNothing();
  return { email, generatedPassword };
}
