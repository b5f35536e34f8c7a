import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from '../db/client';
import { migrate, migrationsFolder } from '../db/migrate';
import { createLocalStorage } from '../platform/storage/local-storage';
import { ArchiveError, unpackArchive, type Manifest } from './archive';
import { listTables, loadTables, nonEmptyTables, type SequenceDump } from './dump';

export interface RestoreOptions {
  file: string;
  dataDir: string;
  databaseUrl?: string;
  /** Over an existing, non-empty data directory: it is first moved aside (never deleted). */
  replace?: boolean;
  /** With PostgreSQL restored by pg_restore: only the files. */
  filesOnly?: boolean;
}

export interface RestoreResult {
  manifest: Manifest;
  /** Where the previous data directory was moved, with `replace`. */
  movedAside?: string;
  rows: number;
  files: number;
}

/** A refusal before anything was written: a message for the operator. */
export class RestoreRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreRefused';
  }
}

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

async function journal(): Promise<{ entries: JournalEntry[] } & Record<string, unknown>> {
  return JSON.parse(await readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
}

/** The migrations up to and including `version`, in a folder of their own. */
async function migrationsUpTo(version: number, into: string): Promise<string> {
  const full = await journal();
  const entries = full.entries.filter((e) => e.when <= version);
  await mkdir(path.join(into, 'meta'), { recursive: true });
  for (const entry of entries) {
    await copyFile(path.join(migrationsFolder, `${entry.tag}.sql`), path.join(into, `${entry.tag}.sql`));
  }
  await writeFile(path.join(into, 'meta', '_journal.json'), JSON.stringify({ ...full, entries }));
  return into;
}

async function isEmptyDir(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

async function readDump(staging: string, manifest: Manifest) {
  const tables = await Promise.all(
    Object.keys(manifest.rows).map(async (name) => {
      const text = await readFile(path.join(staging, 'db', `${name}.ndjson`), 'utf8');
      return { name, lines: text.split('\n').filter((line) => line.length > 0) };
    }),
  );
  const sequences = JSON.parse(await readFile(path.join(staging, 'db', 'sequences.json'), 'utf8')) as SequenceDump[];
  return { tables, sequences };
}

/** Schema of the archive, rows in one transaction, then the migrations that came after it. */
async function loadDatabase(database: Database, url: string | undefined, staging: string, manifest: Manifest) {
  await migrate(database, url, await migrationsUpTo(manifest.schemaVersion, path.join(staging, 'migrations')));
  const dump = await readDump(staging, manifest);
  await database.db.transaction(async (tx) => loadTables(tx, dump));
  await migrate(database, url);
  return dump.tables.reduce((sum, t) => sum + t.lines.length, 0);
}

async function writeFiles(staging: string, manifest: Manifest, uploadsDir: string): Promise<number> {
  // The signing secret is irrelevant to writing: the app signs its URLs with its own.
  const storage = await createLocalStorage({ dir: uploadsDir, secret: 'restore', urlBase: '/api/storage' });
  for (const file of manifest.files) {
    await storage.write(file.key, await readFile(path.join(staging, 'files', file.key)), file.contentType);
  }
  return manifest.files.length;
}

/**
 * Restores an archive (docs/decisions/0024-backups.md). The whole archive is read and checked first; a
 * damaged or foreign one, a newer schema, or a target that is not empty is refused before anything is
 * written. On the embedded database everything is built in a sibling folder and renamed into place at
 * the end, so a failure half-way leaves the target as it was.
 */
export async function restoreArchive(options: RestoreOptions): Promise<RestoreResult> {
  const dataDir = path.resolve(options.dataDir);
  const staging = await mkdtemp(path.join(os.tmpdir(), 'atrium-restore-'));
  try {
    let manifest: Manifest;
    try {
      manifest = await unpackArchive(options.file, staging);
    } catch (error) {
      if (error instanceof ArchiveError) throw new RestoreRefused(`Refused: ${error.message}. Nothing was changed.`);
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new RestoreRefused(`No such file: ${options.file}`);
      throw error;
    }
    const known = (await journal()).entries.some((e) => e.when === manifest.schemaVersion);
    if (!known) {
      throw new RestoreRefused(
        'Refused: this backup was made by a version of Atrium whose database schema this version does not know ' +
          '(restore it with that version or a newer one). Nothing was changed.',
      );
    }

    if (options.databaseUrl) {
      return await restoreToPostgres(options, dataDir, staging, manifest);
    }
    if (options.filesOnly) throw new RestoreRefused('--files-only is for PostgreSQL (DATABASE_URL) only.');

    let movedAside: string | undefined;
    if (!(await isEmptyDir(dataDir))) {
      if (!options.replace) {
        throw new RestoreRefused(
          `Refused: ${dataDir} is not empty. Stop the app, then either point DATA_DIR at an empty folder or run ` +
            'the restore again with --replace (the current folder is moved aside, not deleted). Nothing was changed.',
        );
      }
      movedAside = `${dataDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    }
    const build = `${dataDir}.restoring-${randomBytes(4).toString('hex')}`;
    try {
      await mkdir(build, { recursive: true });
      const database = await openDatabase({ pgliteDir: path.join(build, 'db') });
      let rows: number;
      try {
        rows = await loadDatabase(database, undefined, staging, manifest);
      } finally {
        await database.close();
      }
      const files =
        manifest.storage.kind === 'local' ? await writeFiles(staging, manifest, path.join(build, 'uploads')) : 0;
      if (movedAside) await rename(dataDir, movedAside);
      else await rmdir(dataDir).catch(() => undefined);
      await rename(build, dataDir);
      return { manifest, movedAside, rows, files };
    } finally {
      await rm(build, { recursive: true, force: true });
    }
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

async function restoreToPostgres(
  options: RestoreOptions,
  dataDir: string,
  staging: string,
  manifest: Manifest,
): Promise<RestoreResult> {
  const uploadsDir = path.join(dataDir, 'uploads');
  const withFiles = manifest.storage.kind === 'local';
  if (withFiles && !(await isEmptyDir(uploadsDir))) {
    throw new RestoreRefused(`Refused: ${uploadsDir} is not empty. Nothing was changed.`);
  }
  let rows = 0;
  if (!options.filesOnly) {
    const database = await openDatabase({ url: options.databaseUrl });
    try {
      const filled = (await listTables(database.db)).length > 0 ? await nonEmptyTables(database.db) : [];
      if (filled.length > 0) {
        throw new RestoreRefused(
          `Refused: the database already holds data (${filled.join(', ')}). Restore into a new, empty database. ` +
            'Nothing was changed.',
        );
      }
      rows = await loadDatabase(database, options.databaseUrl, staging, manifest);
    } finally {
      await database.close();
    }
  }
  const files = withFiles ? await writeFiles(staging, manifest, uploadsDir) : 0;
  return { manifest, rows, files };
}
