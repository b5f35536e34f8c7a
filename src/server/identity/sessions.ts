import type { FastifyReply } from 'fastify';
import { and, eq, getTableColumns, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db, Executor } from '../db/client';
import { sessions, users } from '../db/schema';
import type { SessionClaims, TokenService } from '../platform/auth/tokens';
import type { ListSnapshots } from '../platform/lists/list-snapshots';
import { keptKey } from '../platform/lists/kept-reads';
import type { UserRow } from '../db/schema';

/**
 * Sessions live in PostgreSQL (ADR 0014): the token names its row (`sid`), so one sign-out ends that
 * session alone, a password change ends the others, and every process sees it at once (ADR 0027).
 */

/** Opens a session for the user and signs its token. */
export async function openSession(db: Db, tokens: TokenService, user: UserRow): Promise<string> {
  await sweepIfDue(db);
  const [row] = await db
    .insert(sessions)
    .values({ userId: user.id, expiresAt: new Date(Date.now() + tokens.ttlSeconds * 1000) })
    .returning({ id: sessions.id });
  return tokens.sign({ sub: user.id, ver: user.tokenVersion, sid: row!.id });
}

/** Starts a session and puts its token in the `authorization` response header (docs/SPEC.md §4). */
export async function startSession(db: Db, reply: FastifyReply, tokens: TokenService, user: UserRow): Promise<void> {
  const token = await openSession(db, tokens, user);
  void reply.header('authorization', `Bearer ${token}`).header('access-control-expose-headers', 'authorization');
}

/** Ends one session (sign-out). Ending one already ended changes nothing. */
export async function endSession(db: Db, sid: string): Promise<void> {
  await db
    .update(sessions)
    .set({ endedAt: new Date() })
    .where(and(eq(sessions.id, sid), isNull(sessions.endedAt)));
}

/** Ends every session of the user but the one making the request (password change). */
export async function endOtherSessions(db: Db, userId: string, keepSid: string): Promise<void> {
  await db
    .update(sessions)
    .set({ endedAt: new Date() })
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSid), isNull(sessions.endedAt)));
}

/**
 * Ends every open session of these users but `except` (the session making the request): a factor reset, or
 * a second factor newly required of people who signed in without one.
 */
export async function endSessionsOf(db: Executor, userIds: string[], options: { except: string }): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .update(sessions)
    .set({ endedAt: new Date() })
    .where(and(inArray(sessions.userId, userIds), ne(sessions.id, options.except), isNull(sessions.endedAt)));
}

/** Rows past their token's expiry say nothing any more (the token itself is refused): deleted. */
export async function sweepExpiredSessions(db: Db): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, sql`now()`));
}

const SWEEP_EVERY_MS = 10 * 60_000;
let lastSweep = 0;
/** Every few minutes, by whichever process opens a session: no scheduler needed for a cheap delete. */
async function sweepIfDue(db: Db): Promise<void> {
  if (Date.now() - lastSweep < SWEEP_EVERY_MS) return;
  lastSweep = Date.now();
  await sweepExpiredSessions(db);
}

const sessionUserQuery = (db: Db) =>
  db
    .select(getTableColumns(users))
    .from(users)
    .innerJoin(sessions, eq(sessions.userId, users.id))
    .where(
      and(eq(users.id, sql.placeholder('userId')), eq(sessions.id, sql.placeholder('sid')), isNull(sessions.endedAt)),
    )
    .limit(1)
    .prepare('session_user');
const preparedSessionUser = new WeakMap<Db, ReturnType<typeof sessionUserQuery>>();

/**
 * The token's user when its session is still open. Runs on every signed-in request: one prepared
 * statement (planned once per database), the session checked in the same round trip as the user.
 */
export async function findSessionUser(db: Db, claims: SessionClaims): Promise<UserRow | undefined> {
  let prepared = preparedSessionUser.get(db);
  if (!prepared) {
    prepared = sessionUserQuery(db);
    preparedSessionUser.set(db, prepared);
  }
  const [row] = await prepared.execute({ userId: claims.sub, sid: claims.sid });
  return row;
}

/**
 * `findSessionUser` kept between requests (ADR 0029): a token's user is read once, then served from
 * memory until a user or a session changes. Migration 0016 notifies the `identity` family of any update or
 * delete of either table, whichever process or script made it, and `kept` syncs with those notifications
 * before it serves: an archive, a role change, a password change or a sign-out through any process ends the
 * session on the very next request, here as everywhere. A refused token (ended session) is kept as refused
 * until then too. The row is frozen: requests share it.
 */
export function keptSessionUsers(db: Db, kept: ListSnapshots): (claims: SessionClaims) => Promise<UserRow | undefined> {
  return (claims) =>
    kept.get(
      keptKey('identity', claims.sid, claims.sub),
      async () => {
        const user = await findSessionUser(db, claims);
        return user && Object.freeze(user);
      },
      () => 1,
    );
}
