import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { oneTimeTokens } from '../db/schema';
import type { UserStatus } from '../../shared/constants';
import type { UserRow } from '../db/schema';
import { findUserForUpdate, statusOf } from './accounts';

export type TokenPurpose = (typeof oneTimeTokens.$inferSelect)['purpose'];

/** How long a link works: an invitation waits for someone to read their mail, a reset is urgent. */
export const TOKEN_TTL_MS: Record<TokenPurpose, number> = {
  invitation: 7 * 24 * 3600 * 1000,
  reset: 3600 * 1000,
};

/** 32 random bytes in base64url: exactly this shape, anything else is refused before hashing. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
export const isTokenShaped = (token: string): boolean => TOKEN_SHAPE.test(token);

/** A new random token (links, and the proof of a password step, ADR 0035). */
export const newToken = (): string => randomBytes(32).toString('base64url');

/** Only the hash is stored: a database leak does not hand out sign-in links. */
export const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** Voids the user's earlier unused tokens of this purpose, then stores a new one; returns it in clear. */
export async function issueToken(db: Db, userId: string, purpose: TokenPurpose): Promise<string> {
  const token = newToken();
  const now = new Date();
  await db.transaction(async (tx) => {
    await voidTokens(tx, userId, purpose, now);
    await tx.insert(oneTimeTokens).values({
      userId,
      purpose,
      tokenHash: hashOf(token),
      expiresAt: new Date(now.getTime() + TOKEN_TTL_MS[purpose]),
    });
  });
  return token;
}

/**
 * The public "mail me a link" routes (a password reset, an invitation again): only an account in `status` gets a
 * fresh `purpose` token, which `send` mails; the caller gives the same answer in every case, so that the route tells
 * no one who has an account.
 */
export async function mailTokenIf(
  db: Db,
  user: UserRow | undefined,
  status: UserStatus,
  purpose: TokenPurpose,
  send: (user: UserRow, token: string) => void,
): Promise<void> {
  if (user && statusOf(user) === status) send(user, await issueToken(db, user.id, purpose));
}

/** Marks unused tokens as used: a voided link fails exactly like a used one. */
export async function voidTokens(
  db: Db,
  userId: string,
  purpose: TokenPurpose | 'all',
  now = new Date(),
): Promise<void> {
  const scope = purpose === 'all' ? undefined : eq(oneTimeTokens.purpose, purpose);
  await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(and(eq(oneTimeTokens.userId, userId), isNull(oneTimeTokens.usedAt), scope));
}

/**
 * Uses a token: the user id when it is known, unused, unexpired and of this purpose, else undefined.
 * One conditional UPDATE, so two simultaneous uses cannot both succeed. Call it inside the transaction
 * that applies the change: if the change fails, the token stays usable.
 */
async function consumeToken(db: Db, token: string, purpose: TokenPurpose): Promise<string | undefined> {
  if (!isTokenShaped(token)) return undefined;
  const now = new Date();
  const [row] = await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(oneTimeTokens.tokenHash, hashOf(token)),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, now),
      ),
    )
    .returning({ userId: oneTimeTokens.userId });
  return row?.userId;
}

/**
 * Redeems an emailed link inside the caller's transaction, the one way invitation confirm and password
 * reset both do it: the token is used and its user locked for update, or `refuse()` is thrown when the
 * token is unknown, used, expired, or its user is no longer in `status`; throwing rolls the token back
 * too, so a refused link changes nothing.
 */
export async function redeemToken(
  tx: Db,
  token: string,
  purpose: TokenPurpose,
  status: UserStatus,
  refuse: () => Error,
): Promise<UserRow> {
  const userId = await consumeToken(tx, token, purpose);
  const user = userId ? await findUserForUpdate(tx, userId) : undefined;
  if (!user || statusOf(user) !== status) throw refuse();
  return user;
}
