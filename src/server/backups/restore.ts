import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../db/client';
import { migrate, migrationsFolder } from '../db/migrate';
import { readSecret, SECRET_FILE } from '../platform/auth/secret';
import { createLocalStorage } from '../platform/storage/local-storage';
import { ArchiveError, unpackArchive, type Manifest } from './archive';
import { archiveKey, verifyManifest, type SignatureVerdict } from './signature';
import { listTables, loadTables, nonEmptyTables, type SequenceDump } from './dump';

export interface RestoreOptions {
  file: string;
  dataDir: string;
  databaseUrl?: string;
  /** Over an existing, non-empty data directory: it is first moved aside (never deleted). */
  replace?: boolean;
  /** With PostgreSQL restored by pg_restore: only the files. */
  filesOnly?: boolean;
  /** JWT_SECRET when configured; otherwise the secret kept in DATA_DIR checks the archive's signature. */
  jwtSecret?: string;
  /** Restore an archive whose signature this installation cannot check (its operator vouches for it). */
  fromAnotherInstallation?: boolean;
}

export interface RestoreResult {
  manifest: Manifest;
  /** Where the previous data directory was moved, with `replace`. */
  movedAside?: string;
  rows: number;
  files: number;
  /** `valid`, or what the operator accepted with `fromAnotherInstallation`. */
  signature: SignatureVerdict;
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

/** Empty, or missing; `allowed` names files that may be there (the secret put in place before a restore). */
async function isEmptyDir(dir: string, allowed: string[] = []): Promise<boolean> {
  try {
    return (await readdir(dir)).every((name) => allowed.includes(name));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

const AFTERWARDS = ' Nothing was changed.';
const OVERRIDE = 'if you trust where it comes from, run the restore again with --from-another-installation.';

/** What a signature that does not verify means to the operator (ADR 0034 §4). */
function unverified(verdict: Exclude<SignatureVerdict, 'valid'>): string {
  switch (verdict) {
    case 'forged':
      return (
        "Refused: the archive was changed after it was made (its signature, by this installation's key, does not " +
        `match). Do not restore it.${AFTERWARDS}`
      );
    case 'unsigned':
      return (
        'Refused: this archive is not signed (made before Atrium signed its backups, or not by Atrium). If you ' +
        `know where it comes from, run the restore again with --from-another-installation.${AFTERWARDS}`
      );
    case 'other-key':
      return (
        'Refused: this archive was signed by another installation of Atrium (or by this one before its secret ' +
        "changed), so its signature cannot be checked here. To check it, set JWT_SECRET to that installation's " +
        `secret or put its DATA_DIR/secret in DATA_DIR; or, ${OVERRIDE}${AFTERWARDS}`
      );
    case 'no-key':
      return (
        "Refused: this installation has no secret yet to check the archive's signature with (no JWT_SECRET, no " +
        'DATA_DIR/secret). Set JWT_SECRET as the installation that made it had it, or copy its DATA_DIR/secret into ' +
        `DATA_DIR first; or, ${OVERRIDE}${AFTERWARDS}`
      );
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
  // The installation keeps its secret across a restore (its archives stay checkable), so the sessions of
  // the archive's moment would open again with their old tokens: everyone signs in again instead.
  await database.db.execute(sql`UPDATE sessions SET ended_at = now() WHERE ended_at IS NULL`);
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
 * damaged or foreign one, one whose signature this installation cannot check (unless the operator vouches
 * for it) or that was edited, a newer schema, or a target that is not empty is refused before anything is
 * written. On the embedded database everything is built in a sibling folder and renamed into place at
 * the end, so a failure half-way leaves the target as it was.
 */
export async function restoreArchive(options: RestoreOptions): Promise<RestoreResult> {
  const dataDir = path.resolve(options.dataDir);
  const staging = await mkdtemp(path.join(os.tmpdir(), 'atrium-restore-'));
  try {
    let manifest: Manifest;
    let signature: SignatureVerdict;
    try {
      const unpacked = await unpackArchive(options.file, staging);
      manifest = unpacked.manifest;
      const secret = await readSecret(options.jwtSecret, dataDir);
      signature = verifyManifest(secret ? archiveKey(secret) : undefined, unpacked.manifestBody, unpacked.signature);
    } catch (error) {
      if (error instanceof ArchiveError) throw new RestoreRefused(`Refused: ${error.message}. Nothing was changed.`);
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new RestoreRefused(`No such file: ${options.file}`);
      throw error;
    }
    // An archive edited with its checksums made again restores nothing, whatever the operator says; one this
    // installation cannot check restores only when the operator vouches for it.
    if (signature === 'forged' || (signature !== 'valid' && !options.fromAnotherInstallation)) {
      throw new RestoreRefused(unverified(signature));
    }
    const known = (await journal()).entries.some((e) => e.when === manifest.schemaVersion);
    if (!known) {
      throw new RestoreRefused(
        'Refused: this backup was made by a version of Atrium whose database schema this version does not know ' +
          '(restore it with that version or a newer one). Nothing was changed.',
      );
    }

    if (options.databaseUrl) {
      return { ...(await restoreToPostgres(options, dataDir, staging, manifest)), signature };
    }
    if (options.filesOnly) throw new RestoreRefused('--files-only is for PostgreSQL (DATABASE_URL) only.');

    let movedAside: string | undefined;
    // A folder holding only the secret counts as empty: it is how an archive is checked on a new machine.
    if (!(await isEmptyDir(dataDir, [SECRET_FILE]))) {
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
      // The installation keeps its secret: its sessions' signing key, and the key its archives are checked with.
      const secretFile = path.join(dataDir, SECRET_FILE);
      const keptSecret = await copyFile(secretFile, path.join(build, SECRET_FILE)).then(
        () => true,
        () => false,
      );
      if (movedAside) await rename(dataDir, movedAside);
      else {
        if (keptSecret) await rm(secretFile);
        await rmdir(dataDir).catch(() => undefined);
      }
      await rename(build, dataDir);
      return { manifest, movedAside, rows, files, signature };
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
): Promise<Omit<RestoreResult, 'signature'>> {
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
