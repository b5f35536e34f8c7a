import { and, count, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import type { Account, User } from '../../shared/wire';
import type { UserStatus } from '../../shared/constants';

export type UserRow = typeof users.$inferSelect;

/** SPEC §4: disabled if disabledAt is set; else active if confirmedAt is set; else invited. */
export function statusOf(row: Pick<UserRow, 'disabledAt' | 'confirmedAt'>): UserStatus {
  if (row.disabledAt) return 'disabled';
  if (row.confirmedAt) return 'active';
  return 'invited';
}

export function fullNameOf(row: Pick<UserRow, 'firstName' | 'lastName' | 'email'>): string {
  const name = [row.firstName, row.lastName].filter(Boolean).join(' ').trim();
  return name || row.email;
}

export interface ArchivableContext {
  /** Who is looking: nobody archives themselves. */
  viewerId: string;
  activeAdminCount: number;
}

/** Nobody archives themselves, and the last active administrator stays. */
export function isArchivable(row: UserRow, ctx: ArchivableContext): boolean {
  if (row.id === ctx.viewerId) return false;
  if (row.role === 'admin' && statusOf(row) === 'active' && ctx.activeAdminCount <= 1) return false;
  return true;
}

export function toUser(row: UserRow, ctx: ArchivableContext): User {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    fullName: fullNameOf(row),
    role: row.role,
    status: statusOf(row),
    locale: row.locale,
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
    disabledAt: row.disabledAt?.toISOString() ?? null,
    archivable: isArchivable(row, ctx),
    lockVersion: row.lockVersion,
  };
}

export function toAccount(row: UserRow, ctx: ArchivableContext): Account {
  return {
    ...toUser(row, ctx),
    address: row.address,
    city: row.city,
    postalCode: row.postalCode,
    phone: row.phone,
    mobile: row.mobile,
  };
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return row;
}

export async function countActiveAdmins(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNotNull(users.confirmedAt), isNull(users.disabledAt)));
  return row?.n ?? 0;
}

export async function countUsers(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

/** True when the error is PostgreSQL's unique violation on the given constraint. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  // drizzle wraps driver errors; the PostgreSQL fields are on the error or its cause.
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const pgError = e as { code?: string; constraint?: string };
    if (pgError.code === '23505' && pgError.constraint === constraint) return true;
  }
  return false;
}

export const bumpLockVersion = sql`${users.lockVersion} + 1`;
