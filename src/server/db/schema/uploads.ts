import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { userOwned } from './users';
import { at } from './columns';

/**
 * Upload URLs handed out and not yet attached to a record (ADR 0034 §7): a row per presign, removed when its
 * upload is saved with a document or an avatar, or discarded. A user may have only so many at once; rows older
 * than a day no longer count (the orphan sweep takes their files) and are deleted at the user's next presign.
 */
export const pendingUploads = pgTable(
  'pending_uploads',
  {
    key: text('key').primaryKey(),
    ...userOwned,
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('pending_uploads_user_idx').on(t.userId, t.createdAt)],
);
