import type { Storage } from '../platform/storage/storage';

/**
 * A backup copies the files its snapshot's rows refer to after the snapshot is taken. Files never change
 * once saved, but a document deleted meanwhile would take its file with it. So while a backup runs
 * (anywhere on the database), deletions are skipped: the file stays an orphan, which the hourly sweep
 * removes once no backup runs (ADR 0006), exactly as when a deletion fails.
 */
export function guardFileDeletes<S extends Storage>(storage: S, backupRunning: () => Promise<boolean>): S {
  return {
    ...storage,
    async delete(key: string) {
      if (await backupRunning()) return;
      await storage.delete(key);
    },
  };
}
