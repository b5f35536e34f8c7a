import { randomUUID } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { backupFolders } from '../db/schema';
import { BACKUP_DIR_MODE } from './archive';

/**
 * Every process on one database keeps its archives in one folder (docs/decisions/0064). Each backup is one row
 * for all the processes, but its archive is a file in the folder of the process that took it: with a folder per
 * process, a download through another process is a 404 and another's retention orphans archives (password hashes
 * included) where nobody cleans them. So a process refuses to start when a live process on its database keeps
 * another folder. "The same folder" is read in the folder itself: a file holding an identity, written by the
 * first process to use it, which every process that mounts the same folder reads back.
 */

export const FOLDER_ID_FILE = '.atrium-backup-folder';
/** A process says it is alive this often… */
export const FOLDER_SEEN_EVERY_MS = 60_000;
/** …and one not seen for this long stopped (killed, or its host is gone): its folder no longer counts. */
export const FOLDER_GONE_AFTER_MS = 5 * 60_000;

export class UnsharedBackupFolder extends Error {}

/** The identity of the folder `dir` (made private if the app makes it), written there on first use. */
export async function backupFolderIdOf(dir: string): Promise<string> {
  await mkdir(dir, { recursive: true, mode: BACKUP_DIR_MODE });
  await chmod(dir, BACKUP_DIR_MODE).catch(() => undefined);
  const file = path.join(dir, FOLDER_ID_FILE);
  const read = async () => (await readFile(file, 'utf8')).trim();
  try {
    return await read();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const id = randomUUID();
  try {
    // `wx`: two processes starting on one shared folder at once write it once, and both read the winner's.
    await writeFile(file, `${id}\n`, { flag: 'wx', mode: 0o600 });
    return id;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return read();
    throw error;
  }
}

export interface BackupFolderClaim {
  folderId: string;
  /** Forgets this process (at shutdown): a process started later is compared with the live ones only. */
  release(): Promise<void>;
}

/**
 * Records that this process keeps its archives in `dir`; throws UnsharedBackupFolder, with a message for the
 * operator, when a live process on the database keeps another folder. Checked and recorded under one advisory
 * lock, so two processes started at the same moment with different folders cannot both pass.
 */
export async function claimBackupFolder(db: Db, dir: string): Promise<BackupFolderClaim> {
  const folderId = await backupFolderIdOf(dir);
  const processId = randomUUID();
  const host = os.hostname();
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended('atrium:backup-folders', 0))`);
    await tx.delete(backupFolders).where(lt(backupFolders.seenAt, new Date(Date.now() - FOLDER_GONE_AFTER_MS)));
    const [other] = await tx.select().from(backupFolders).where(ne(backupFolders.folderId, folderId)).limit(1);
    if (other) {
      throw new UnsharedBackupFolder(
        `the backups folder ${dir} is not the one of the other Atrium processes on this database ` +
          `(${other.host} keeps its archives in ${other.dir}). Every process must see the same archives: give them ` +
          'all one shared BACKUP_DIR (a network folder mounted on each host), or stop the others first.',
      );
    }
    await tx.insert(backupFolders).values({ processId, folderId, dir, host });
  });
  const seen = setInterval(() => {
    void db
      .update(backupFolders)
      .set({ seenAt: new Date() })
      .where(eq(backupFolders.processId, processId))
      .catch(() => undefined);
  }, FOLDER_SEEN_EVERY_MS);
  seen.unref();
  return {
    folderId,
    async release() {
      clearInterval(seen);
      await db
        .delete(backupFolders)
        .where(and(eq(backupFolders.processId, processId)))
        .catch(() => undefined);
    },
  };
}
