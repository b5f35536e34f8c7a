import { open, readFile, rm } from 'node:fs/promises';
import path from 'node:path';

/**
 * PGlite is PostgreSQL inside one process: a second process opening the same folder would corrupt it.
 * Whoever opens DATA_DIR/db (the app, or a command) first takes this lock file, and a command finding
 * it held by a live process stops with a message instead of opening the database.
 */
export class EmbeddedDatabaseBusy extends Error {
  constructor(
    readonly holder: { pid: number; by: string },
    dataDir: string,
  ) {
    super(`the embedded database in ${dataDir} is in use by ${holder.by} (process ${holder.pid})`);
    this.name = 'EmbeddedDatabaseBusy';
  }
}

export interface EmbeddedLock {
  release(): Promise<void>;
}

const lockFile = (dataDir: string) => path.join(dataDir, 'db.lock');

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the lock for this process; `by` says who holds it ("the app", "npm run admin"). */
export async function lockEmbeddedDatabase(dataDir: string, by: string): Promise<EmbeddedLock> {
  const file = lockFile(dataDir);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const handle = await open(file, 'wx');
      await handle.writeFile(JSON.stringify({ pid: process.pid, by }));
      await handle.close();
      return { release: () => rm(file, { force: true }) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = await readHolder(file);
      if (holder && alive(holder.pid) && holder.pid !== process.pid) throw new EmbeddedDatabaseBusy(holder, dataDir);
      // Left by a process that died without releasing it (a crash, kill -9): nobody uses the database.
      await rm(file, { force: true });
    }
  }
  throw new Error(`could not take ${file}`);
}

async function readHolder(file: string): Promise<{ pid: number; by: string } | undefined> {
  try {
    const value = JSON.parse(await readFile(file, 'utf8')) as { pid?: unknown; by?: unknown };
    return typeof value.pid === 'number' ? { pid: value.pid, by: String(value.by ?? 'another process') } : undefined;
  } catch {
    return undefined;
  }
}
