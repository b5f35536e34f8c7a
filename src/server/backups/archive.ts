import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { chmod, mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Writable } from 'node:stream';
import { createGunzip, createGzip } from 'node:zlib';
import type { Database } from '../db/client';
import { allReferencedKeys } from '../documents/store';
import { isLocalStorage } from '../platform/storage/local-storage';
import { isStorageKey, type Storage } from '../platform/storage/storage';
import { dumpTables, schemaVersion, type SequenceDump, type TableDump } from './dump';
import { signManifest, type ArchiveKey, type ArchiveSignature } from './signature';
import { readTar, TAR_END, tarHeader, tarPadding, TarFormatError } from './tar';

export const ARCHIVE_FORMAT = 'atrium-backup';
export const ARCHIVE_VERSION = 1;
const MANIFEST = 'manifest.json';
const MANIFEST_SUM = 'manifest.sha256';
const MANIFEST_SIGNATURE = 'manifest.sig';

/**
 * What an archive holds, written last (once every entry's checksum is known) and followed by its own
 * checksum. A restore checks every entry against it before touching anything.
 */
export interface Manifest {
  format: typeof ARCHIVE_FORMAT;
  version: typeof ARCHIVE_VERSION;
  createdAt: string;
  /** The database it was taken from; an archive restores into either kind. */
  database: 'pglite' | 'postgres';
  /** The newest migration of that database (its journal time): the schema the rows fit. */
  schemaVersion: number;
  /** Local files are in the archive; S3 files stay in the customer's bucket, which the archive names. */
  storage: { kind: 'local' } | { kind: 's3'; bucket: string; note: string };
  rows: Record<string, number>;
  files: { key: string; size: number; contentType: string }[];
  /** Files a row pointed at that storage did not have when the backup was taken (lost before it). */
  missingFiles: string[];
  entries: { name: string; size: number; sha256: string }[];
}

export class ArchiveError extends Error {
  constructor(
    /** damaged: truncated or edited; foreign: not an Atrium backup, or of a version this code cannot read. */
    readonly reason: 'damaged' | 'foreign',
    message: string,
  ) {
    super(message);
    this.name = 'ArchiveError';
  }
}

/**
 * An archive holds every row, password hashes among them: it is readable by the app's user only, and the
 * folder the app keeps archives in can be entered by that user only (ADR 0034).
 */
export const ARCHIVE_FILE_MODE = 0o600;
export const BACKUP_DIR_MODE = 0o700;

/** A new archive file, created with ARCHIVE_FILE_MODE: never readable by others, not even while written. */
export function createArchiveFile(file: string): WriteStream {
  return createWriteStream(file, { mode: ARCHIVE_FILE_MODE });
}

/**
 * Moves a written archive to its name, with ARCHIVE_FILE_MODE even when its partial file was left by a crash
 * of a version that created it readable by all.
 */
export async function keepArchive(partial: string, file: string): Promise<void> {
  await chmod(partial, ARCHIVE_FILE_MODE);
  await rename(partial, file);
}

const sha256 = (body: Buffer) => createHash('sha256').update(body).digest('hex');

export interface Snapshot {
  database: Database['kind'];
  schemaVersion: number;
  tables: TableDump[];
  sequences: SequenceDump[];
  keys: string[];
}

/**
 * One moment of the database: every table, the sequences and the storage keys the rows refer to, read
 * in one read-only REPEATABLE READ transaction. Files are copied after it ends: they never change once
 * saved, and none is deleted while a backup runs (backups/file-guard.ts).
 */
export async function takeSnapshot(database: Database): Promise<Snapshot> {
  return database.db.transaction(
    async (tx) => {
      const { tables, sequences } = await dumpTables(tx);
      return {
        database: database.kind,
        schemaVersion: await schemaVersion(tx),
        tables,
        sequences,
        keys: await allReferencedKeys(tx),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/**
 * Writes a snapshot and its files to `output` as a gzipped tar, signed with `key` (the installation's,
 * `archiveKey`). Rejects when the output fails (a full disk); the caller removes what was written.
 */
export async function writeArchive(
  snapshot: Snapshot,
  storage: Storage,
  s3Bucket: string | undefined,
  output: Writable,
  key: ArchiveKey,
): Promise<Manifest> {
  const entries: Manifest['entries'] = [];
  const files: Manifest['files'] = [];
  const missingFiles: string[] = [];
  const now = new Date();
  let result: Manifest | undefined;
  async function* content(): AsyncGenerator<Buffer> {
    const entry = function* (name: string, body: Buffer) {
      entries.push({ name, size: body.length, sha256: sha256(body) });
      yield tarHeader(name, body.length, now);
      yield body;
      yield tarPadding(body.length);
    };
    for (const table of snapshot.tables) {
      yield* entry(`db/${table.name}.ndjson`, Buffer.from(table.lines.map((l) => `${l}\n`).join('')));
    }
    yield* entry('db/sequences.json', Buffer.from(JSON.stringify(snapshot.sequences)));
    if (isLocalStorage(storage)) {
      for (const key of snapshot.keys) {
        const opened = await storage.openRead(key);
        if (!opened) {
          missingFiles.push(key);
          continue;
        }
        const chunks: Buffer[] = [];
        for await (const chunk of opened.stream) chunks.push(chunk as Buffer);
        const body = Buffer.concat(chunks);
        files.push({ key, size: body.length, contentType: opened.object.contentType ?? 'application/octet-stream' });
        yield* entry(`files/${key}`, body);
      }
    }
    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      version: ARCHIVE_VERSION,
      createdAt: now.toISOString(),
      database: snapshot.database,
      schemaVersion: snapshot.schemaVersion,
      storage:
        isLocalStorage(storage) || !s3Bucket
          ? { kind: 'local' }
          : {
              kind: 's3',
              bucket: s3Bucket,
              note: 'Files are not in this archive: they stay in the S3 bucket, which is backed up on its own.',
            },
      rows: Object.fromEntries(snapshot.tables.map((t) => [t.name, t.lines.length])),
      files,
      missingFiles,
      entries: [...entries],
    };
    const body = Buffer.from(JSON.stringify(manifest, null, 2));
    yield tarHeader(MANIFEST, body.length, now);
    yield body;
    yield tarPadding(body.length);
    const sum = Buffer.from(`${sha256(body)}  ${MANIFEST}\n`);
    yield tarHeader(MANIFEST_SUM, sum.length, now);
    yield sum;
    yield tarPadding(sum.length);
    // The manifest holds every entry's checksum: signing it signs the whole archive.
    const signature = Buffer.from(JSON.stringify(signManifest(key, body)));
    yield tarHeader(MANIFEST_SIGNATURE, signature.length, now);
    yield signature;
    yield tarPadding(signature.length);
    yield TAR_END;
    result = manifest;
  }
  await pipeline(content, createGzip(), output);
  return result!;
}

const ENTRY_NAME = /^(db\/[a-z0-9_]+\.ndjson|db\/sequences\.json|files\/[^/]+)$/;

/** An intact archive: its manifest, and what its signature is to be checked on (`verifyManifest`). */
export interface UnpackedArchive {
  manifest: Manifest;
  manifestBody: Buffer;
  /** Absent from archives made before they were signed (ADR 0034). */
  signature: ArchiveSignature | undefined;
}

function readSignature(body: Buffer): ArchiveSignature {
  try {
    const value = JSON.parse(body.toString('utf8')) as Partial<ArchiveSignature>;
    if (value.algorithm === 'HMAC-SHA256' && typeof value.keyId === 'string' && typeof value.signature === 'string') {
      return value as ArchiveSignature;
    }
  } catch {
    // Not JSON: said below.
  }
  throw new ArchiveError('damaged', 'the signature of the archive cannot be read');
}

/**
 * Reads and checks a whole archive, writing its entries under `stagingDir` (`db/…`, `files/…`). Throws
 * ArchiveError for anything but an intact Atrium archive: a truncated or edited file fails a checksum or
 * the gzip/tar framing, a foreign one has no manifest of ours. Nothing outside `stagingDir` is written.
 * Whether its signature is this installation's is the caller's to check: the checksums only say it is whole.
 */
export async function unpackArchive(file: string, stagingDir: string): Promise<UnpackedArchive> {
  const seen = new Map<string, { size: number; sha256: string }>();
  let manifestBody: Buffer | undefined;
  let manifestSum: string | undefined;
  let signature: ArchiveSignature | undefined;
  try {
    const gunzip = createReadStream(file).pipe(createGunzip());
    for await (const entry of readTar(gunzip as AsyncIterable<Buffer>)) {
      if (entry.name === MANIFEST) {
        manifestBody = entry.body;
      } else if (entry.name === MANIFEST_SUM) {
        manifestSum = entry.body.toString('utf8').split(/\s/)[0];
      } else if (entry.name === MANIFEST_SIGNATURE) {
        signature = readSignature(entry.body);
      } else {
        if (!ENTRY_NAME.test(entry.name) || seen.has(entry.name)) {
          throw new ArchiveError('foreign', `unexpected entry in the archive: ${entry.name}`);
        }
        if (entry.name.startsWith('files/') && !isStorageKey(entry.name.slice('files/'.length))) {
          throw new ArchiveError('foreign', `unexpected file in the archive: ${entry.name}`);
        }
        seen.set(entry.name, { size: entry.body.length, sha256: sha256(entry.body) });
        const target = path.join(stagingDir, entry.name);
        await mkdir(path.dirname(target), { recursive: true });
        await writeFile(target, entry.body);
      }
    }
  } catch (error) {
    if (error instanceof ArchiveError) throw error;
    if (error instanceof TarFormatError || (error as NodeJS.ErrnoException).code?.startsWith('Z_')) {
      throw new ArchiveError('damaged', `the archive is damaged or truncated (${(error as Error).message})`);
    }
    throw error;
  }
  if (!manifestBody || !manifestSum) {
    throw new ArchiveError('foreign', 'this is not an Atrium backup (no manifest)');
  }
  if (sha256(manifestBody) !== manifestSum) {
    throw new ArchiveError('damaged', 'the manifest does not match its checksum');
  }
  let manifest: Manifest;
  try {
    manifest = JSON.parse(manifestBody.toString('utf8')) as Manifest;
  } catch {
    throw new ArchiveError('damaged', 'the manifest cannot be read');
  }
  if (manifest.format !== ARCHIVE_FORMAT) throw new ArchiveError('foreign', 'this is not an Atrium backup');
  if (manifest.version !== ARCHIVE_VERSION) {
    throw new ArchiveError('foreign', `backup format ${String(manifest.version)} is not one this version reads`);
  }
  const listed = new Map(manifest.entries.map((e) => [e.name, e]));
  for (const [name, actual] of seen) {
    const expected = listed.get(name);
    if (!expected || expected.sha256 !== actual.sha256 || expected.size !== actual.size) {
      throw new ArchiveError('damaged', `${name} does not match the manifest`);
    }
  }
  for (const name of listed.keys()) {
    if (!seen.has(name)) throw new ArchiveError('damaged', `${name} is missing from the archive`);
  }
  return { manifest, manifestBody, signature };
}

/** The archive's name inside BACKUP_DIR: sorts by date, and says what it is. */
export function archiveFileName(createdAt: Date, id: string): string {
  return `atrium-backup-${createdAt.toISOString().replace(/[:.]/g, '-')}-${id.slice(0, 8)}.tar.gz`;
}
