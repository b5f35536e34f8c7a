import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { startTicker, type Ticker } from '../platform/periodic/ticker';
import { forgetPendingUpload } from '../platform/storage/pending-uploads';
import { UNATTACHED_UPLOAD_LIFETIME_MS, type Storage } from '../platform/storage/storage';
import { referencedKeys, withUploadsLock } from './store';

/**
 * Orphan uploads (docs/decisions/0006-orphan-uploads.md): a file PUT to a presigned URL whose document
 * or avatar was never saved. Nothing younger than a day is touched, so a form left open over lunch
 * still saves; the upload URL itself only lived 15 minutes.
 */
/**
 * Deletes an object at once unless a record uses it: an upload after its sealed copy is saved, the
 * upload of a refused save, the file of a deleted document, a replaced or removed avatar. A key named
 * by a client may be someone else's file: the reference check protects it.
 */
export async function discardUnreferenced(db: Db, storage: Storage, key: string | null | undefined): Promise<void> {
  if (!key) return;
  // Attached or thrown away, an upload no longer waits: its place among the user's pending uploads is free.
  await forgetPendingUpload(db, key);
  if ((await referencedKeys(db, [key])).size > 0) return;
  await storage.delete(key);
}

export const ORPHAN_MIN_AGE_MS = UNATTACHED_UPLOAD_LIFETIME_MS;
export const SWEEP_INTERVAL_MS = 3600 * 1000;
/** Its row in periodic_runs: one sweep an interval across all processes (ADR 0027). */
export const ORPHAN_SWEEP_TASK = 'orphan-sweep';
/** Keys checked against the database (and deleted) per transaction: short lock, few round trips. */
const BATCH_SIZE = 200;

export interface SweepResult {
  scanned: number;
  deleted: number;
}

export async function sweepOrphanUploads(
  db: Db,
  storage: Storage,
  options: { now?: number; minAgeMs?: number } = {},
): Promise<SweepResult> {
  const cutoff = (options.now ?? Date.now()) - (options.minAgeMs ?? ORPHAN_MIN_AGE_MS);
  const result: SweepResult = { scanned: 0, deleted: 0 };
  let batch: string[] = [];
  const flush = async () => {
    const keys = batch;
    batch = [];
    // The exclusive lock waits for saves in flight, and holds new ones until these deletions are done:
    // a save then finds its object gone (422 "upload again") rather than a row without a file.
    result.deleted += await withUploadsLock(db, 'exclusive', async (tx) => {
      const referenced = await referencedKeys(tx, keys);
      const orphans = keys.filter((key) => !referenced.has(key));
      for (const key of orphans) await storage.delete(key);
      return orphans.length;
    });
  };
  for await (const object of storage.list()) {
    result.scanned += 1;
    if (object.lastModified.getTime() > cutoff) continue;
    batch.push(object.key);
    if (batch.length >= BATCH_SIZE) await flush();
  }
  if (batch.length > 0) await flush();
  return result;
}

export type UploadSweeper = Ticker;

/**
 * A sweep when the app is ready, then every hour. Every API process ticks, but a tick sweeps only when it
 * claims the task (ADR 0027): with several processes, one sweep an hour in all, and a restart does not sweep
 * again within the hour. A failed sweep is logged and retried at the next claimable tick; it never stops
 * the app.
 */
export function startUploadSweeper(
  db: Db,
  storage: Storage,
  log: FastifyBaseLogger,
  intervalMs = SWEEP_INTERVAL_MS,
): UploadSweeper {
  return startTicker(db, log, ORPHAN_SWEEP_TASK, intervalMs, async () => {
    const { scanned, deleted } = await sweepOrphanUploads(db, storage);
    if (deleted > 0) log.info({ scanned, deleted }, 'orphan uploads deleted');
  });
}
