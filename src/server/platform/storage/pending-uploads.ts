import { and, count, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pendingUploads } from '../../db/schema';
import { AppError } from '../errors/app-error';
import { UNATTACHED_UPLOAD_LIFETIME_MS } from './storage';

/**
 * Upload URLs not yet attached to a record, per user (ADR 0034 §7). Each URL lets its holder store up to
 * 10 MiB that no record names for a day: without a cap, one signed-in script filled the storage at will.
 */

/** Uploads a user may have waiting at once: a few forms' worth, far below what fills a disk (200 MiB). */
export const MAX_PENDING_UPLOADS = 20;
/** Upload URLs a user may ask for in an hour (`abuseLimits().uploadUrls`), refused ones included. */
export const UPLOAD_URLS_PER_HOUR = 300;

export const tooManyPendingUploads = () =>
  new AppError(422, 'too_many_pending_uploads', 'files.tooManyPending', undefined, undefined, {
    count: MAX_PENDING_UPLOADS,
  });

const lifetime = sql`${UNATTACHED_UPLOAD_LIFETIME_MS}::integer * interval '1 millisecond'`;

/**
 * Records the key of a new upload URL for the user, unless they already have MAX_PENDING_UPLOADS waiting
 * (422). One transaction, the user's count taken under a lock of their own: two presigns at once cannot both
 * take the last place. Older rows than a day are forgotten on the way.
 */
export async function claimPendingUpload(db: Db, userId: string, key: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`pending-uploads:${userId}`}, 0))`);
    await tx
      .delete(pendingUploads)
      .where(and(eq(pendingUploads.userId, userId), lt(pendingUploads.createdAt, sql`now() - ${lifetime}`)));
    const [waiting] = await tx.select({ n: count() }).from(pendingUploads).where(eq(pendingUploads.userId, userId));
    if ((waiting?.n ?? 0) >= MAX_PENDING_UPLOADS) throw tooManyPendingUploads();
    await tx.insert(pendingUploads).values({ key, userId });
  });
}

/** The upload is attached to a record, or discarded: it no longer waits. */
export async function forgetPendingUpload(db: Db, key: string): Promise<void> {
  await db.delete(pendingUploads).where(eq(pendingUploads.key, key));
}
