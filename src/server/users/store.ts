import { and, count, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { notificationSettings, users } from '../db/schema';
import type { SortTerm } from '../platform/http/list-params';
import type { Account, User, UserOption } from '../../shared/wire';
import type { UserStatus } from '../../shared/constants';
import { statusOf } from '../identity/accounts';

export type { UserRow } from '../db/schema';
import type { UserRow } from '../db/schema';

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
    mayApprove: row.mayApprove,
    lockVersion: row.lockVersion,
  };
}

/** What a picker of people needs, and nothing private. */
export function toUserOptions(rows: UserRow[]): UserOption[] {
  return rows.map((row) => ({ id: row.id, fullName: fullNameOf(row) }));
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

const userByIdQuery = (db: Db) =>
  db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('user_by_id');
const preparedUserById = new WeakMap<Db, ReturnType<typeof userByIdQuery>>();

/** Runs on every signed-in request (the token's user): prepared once per database, planned once. */
export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  let prepared = preparedUserById.get(db);
  if (!prepared) {
    prepared = userByIdQuery(db);
    preparedUserById.set(db, prepared);
  }
  const [row] = await prepared.execute({ id });
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

export const bumpTokenVersion = sql`${users.tokenVersion} + 1`;

export const USER_SORT_FIELDS = ['firstName', 'lastName', 'email', 'role', 'status', 'insertedAt'] as const;
export type UserSortField = (typeof USER_SORT_FIELDS)[number];

/** docs/SPEC.md §9: users are sorted by first name, then last name, unless the client asks otherwise. */
export const USER_DEFAULT_SORT: readonly SortTerm<UserSortField>[] = [
  { field: 'firstName', direction: 'asc' },
  { field: 'lastName', direction: 'asc' },
];

/**
 * Exactly the expression of users_search_trgm_idx (migration 0001), literal spaces included: any
 * difference, even a bound parameter for ' ', and PostgreSQL no longer uses the trigram index.
 */
const searchText = sql`f_search_text(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '') || ' ' || ${users.email})`;

/** `%` and `_` typed in the search box are searched for, not wildcards. */
const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

const STATUS_CONDITIONS: Record<UserStatus, SQL> = {
  invited: and(isNull(users.confirmedAt), isNull(users.disabledAt))!,
  active: and(isNotNull(users.confirmedAt), isNull(users.disabledAt))!,
  disabled: isNotNull(users.disabledAt),
};

/**
 * Who receives the daily digest (docs/decisions/0044): an active user who turned it on. The digest's queue and the
 * users list both read this, over `users` joined to `notification_settings`.
 */
export const receivesDigest: SQL = and(eq(notificationSettings.digestEnabled, true), STATUS_CONDITIONS.active)!;

/** The digest's time (HH:MM, Québec) of each of these users who receives it. */
export async function digestTimesOf(db: Db, userIds: string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, time: sql<string>`to_char(${notificationSettings.digestTime}, 'HH24:MI')` })
    .from(users)
    .innerJoin(notificationSettings, eq(notificationSettings.userId, users.id))
    .where(and(inArray(users.id, userIds), receivesDigest));
  return new Map(rows.map((row) => [row.id, row.time]));
}

const statusRank = sql`case when ${users.disabledAt} is not null then 2 when ${users.confirmedAt} is not null then 1 else 0 end`;

/** Names sort accent- and case-insensitively, like they are searched; blank names (invited) come last. */
const SORT_EXPRESSIONS: Record<UserSortField, SQL> = {
  firstName: sql`f_search_text(${users.firstName})`,
  lastName: sql`f_search_text(${users.lastName})`,
  email: sql`${users.email}`,
  role: sql`${users.role}`,
  status: statusRank,
  insertedAt: sql`${users.insertedAt}`,
};

export interface UserListQuery {
  search?: string;
  status?: UserStatus;
  sort: readonly SortTerm<UserSortField>[];
  limit: number;
  offset: number;
}

export function userListWhere(query: Pick<UserListQuery, 'search' | 'status'>): SQL | undefined {
  const term = query.search?.trim();
  return and(
    term ? sql`${searchText} like '%' || f_search_text(${escapeLike(term)}) || '%'` : undefined,
    query.status ? STATUS_CONDITIONS[query.status] : undefined,
  );
}

export async function listUsers(db: Db, query: UserListQuery): Promise<{ rows: UserRow[]; totalCount: number }> {
  const where = userListWhere(query);
  const order = query.sort.map(
    (term) => sql`${SORT_EXPRESSIONS[term.field]} ${sql.raw(term.direction === 'desc' ? 'desc' : 'asc')} nulls last`,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      // The id makes the order total, so rows do not move between pages.
      .orderBy(...order, users.id)
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, totalCount: total?.n ?? 0 };
}

/**
 * Locks the rows of every active administrator until the transaction ends and returns their ids. Two
 * administrators demoting or archiving each other at the same moment then take turns, and the second
 * sees the first's change: the last active administrator always stays.
 */
export async function lockActiveAdmins(tx: Db): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNotNull(users.confirmedAt), isNull(users.disabledAt)))
    .orderBy(users.id)
    .for('update');
  return rows.map((r) => r.id);
}

/** Saves an administrator's edit when `expected` is still the row's lock_version; undefined when it is not. */
export async function updateUserFields(
  db: Db,
  id: string,
  expected: number,
  changes: { role: UserRow['role']; firstName?: string; lastName?: string; mayApprove?: boolean },
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...changes, lockVersion: bumpLockVersion, updatedAt: new Date() })
    .where(and(eq(users.id, id), eq(users.lockVersion, expected)))
    .returning();
  return row;
}

/** Archives the user at `now`; the token version bump ends every open session of theirs at their next request. */
export async function markArchived(db: Db, id: string, now: Date): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ disabledAt: now, tokenVersion: bumpTokenVersion, lockVersion: bumpLockVersion, updatedAt: now })
    .where(eq(users.id, id))
    .returning();
  return row!;
}

export async function markRestored(db: Db, id: string): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ disabledAt: null, lockVersion: bumpLockVersion, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row!;
}

/** The fields of "My account" a person saves for themselves. */
export type OwnAccountFields = Pick<
  UserRow,
  'email' | 'firstName' | 'lastName' | 'locale' | 'address' | 'city' | 'postalCode' | 'phone' | 'mobile'
>;

/** Saves one's own account when `expected` is still the row's lock_version (any, when undefined). */
export async function updateOwnAccount(
  db: Db,
  id: string,
  expected: number | undefined,
  fields: OwnAccountFields,
): Promise<UserRow | undefined> {
  const where = expected === undefined ? eq(users.id, id) : and(eq(users.id, id), eq(users.lockVersion, expected));
  const [row] = await db
    .update(users)
    .set({ ...fields, lockVersion: bumpLockVersion, updatedAt: new Date() })
    .where(where)
    .returning();
  return row;
}

/** A new password hash; lock_version stays: the password is not a field of the account form, which may be open. */
export async function setPasswordHash(db: Db, id: string, passwordHash: string): Promise<UserRow> {
  const [row] = await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, id)).returning();
  return row!;
}

/**
 * A password set through a reset link: whoever knew the old password may hold a session, so the token version
 * bump ends them all.
 */
export async function resetPasswordHash(db: Db, id: string, passwordHash: string, now: Date): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ passwordHash, tokenVersion: bumpTokenVersion, updatedAt: now })
    .where(eq(users.id, id))
    .returning();
  return row!;
}

/** A new invited account (no password, no names yet), in the language its invitation is written in. */
export async function insertInvitedUser(db: Db, values: Pick<UserRow, 'email' | 'role' | 'locale'>): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

/** Removes an invited account that never confirmed (its invitation could not be sent). */
export async function deleteUnconfirmedUser(db: Db, id: string): Promise<void> {
  await db.delete(users).where(and(eq(users.id, id), isNull(users.confirmedAt)));
}

/** An invitee's own names and password, and the account confirmed at `now`. */
export async function confirmInvitedUser(
  db: Db,
  id: string,
  fields: { passwordHash: string; firstName: string; lastName: string },
  now: Date,
): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ ...fields, confirmedAt: now, lockVersion: bumpLockVersion, updatedAt: now })
    .where(eq(users.id, id))
    .returning();
  return row!;
}
