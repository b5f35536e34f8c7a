import { chmod, mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db } from '../db/client';
import { backups } from '../db/schema';
import { selectRows } from '../db/rows';
import type { Storage } from '../platform/storage/storage';
import {
  archiveFileName,
  BACKUP_DIR_MODE,
  createArchiveFile,
  keepArchive,
  takeSnapshot,
  writeArchive,
} from './archive';
import type { ArchiveKey } from './signature';

export type BackupRow = typeof backups.$inferSelect;
export type BackupTrigger = BackupRow['trigger'];

export interface BackupSettings {
  dir: string;
  /** Archives kept: the newest `keep` that succeeded. */
  keep: number;
  /** Time between scheduled backups; 0 turns the schedule off. */
  intervalMs: number;
  /** How often each process looks whether a scheduled backup is due. */
  tickMs: number;
}

/** A running backup touches its row this often; a row not touched for STALE_AFTER_MS lost its process. */
const HEARTBEAT_MS = 20_000;
const STALE_AFTER_MS = 120_000;
/** After a failed scheduled backup (a full disk…), the next attempt waits this long, not a whole interval. */
const RETRY_AFTER_FAILURE_MS = 3600_000;

/** The missing files' keys a backup's log line names (the count is always whole). */
const MISSING_KEYS_LOGGED = 50;

/** Written here while running: one backup runs at a time, and a half-written file is never listed. */
export const IN_PROGRESS_NAME = '.in-progress.tar.gz';

const isUniqueViolation = (error: unknown): boolean => {
  const code = (e: unknown) => (e as { code?: unknown } | undefined)?.code;
  return code(error) === '23505' || code((error as { cause?: unknown }).cause) === '23505';
};

/**
 * A `running` row whose process died (no heartbeat within STALE_AFTER_MS) is marked failed: before a new backup is
 * claimed, and whenever the list is read, so the screen never shows a dead backup as running.
 */
export async function releaseStale(db: Db): Promise<void> {
  await db
    .update(backups)
    .set({ status: 'failed', error: 'interrupted: the process taking it stopped', finishedAt: new Date() })
    .where(and(eq(backups.status, 'running'), lt(backups.heartbeatAt, new Date(Date.now() - STALE_AFTER_MS))));
}

/**
 * Claims the one running backup of this database; undefined when another runs. `npm run backup` claims
 * too, so that its files are guarded and the screen says a backup runs.
 */
export async function claimBackup(db: Db, trigger: BackupTrigger): Promise<BackupRow | undefined> {
  await releaseStale(db);
  try {
    const [row] = await db.insert(backups).values({ trigger }).returning();
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) return undefined;
    throw error;
  }
}

export interface BackupService {
  /** Claims and starts a backup; undefined when one is already running (anywhere on this database). */
  start(trigger: BackupTrigger): Promise<BackupRow | undefined>;
  /** The scheduled backup when one is due, run to its end; undefined when not due or already running. */
  runIfDue(now?: Date): Promise<BackupRow | undefined>;
  /** Resolves when the backups this process started are over (tests, shutdown). */
  idle(): Promise<void>;
  list(): Promise<BackupRow[]>;
  find(id: string): Promise<BackupRow | undefined>;
  /** Absolute path of a succeeded backup's archive. */
  archivePath(row: BackupRow): string;
  /** True while a backup runs anywhere on this database: files must not be deleted then. */
  isRunning(): Promise<boolean>;
  startSchedule(): void;
  stop(): Promise<void>;
}

/**
 * Backups taken by the running app (docs/decisions/0024-backups.md): on demand and on a schedule. The
 * `backups` row is the claim — its unique "one running" index makes two starts, in one process or in
 * several, run one backup — and the record the Backups screen lists.
 */
export function createBackupService(deps: {
  database: Database;
  storage: Storage;
  s3Bucket: string | undefined;
  /** Signs every archive (ADR 0034 §4): derived from the installation's secret. */
  archiveKey: ArchiveKey;
  settings: BackupSettings;
  log: FastifyBaseLogger;
}): BackupService {
  const { database, storage, settings, log } = deps;
  const { db } = database;
  const inFlight = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | undefined;

  async function claim(trigger: BackupTrigger, onlyIfDueAt?: Date): Promise<BackupRow | undefined> {
    if (!onlyIfDueAt) return claimBackup(db, trigger);
    await releaseStale(db);
    try {
      const since = new Date(onlyIfDueAt.getTime() - settings.intervalMs);
      const failedSince = new Date(onlyIfDueAt.getTime() - RETRY_AFTER_FAILURE_MS);
      // Due when nothing ran or succeeded within the interval, and nothing failed within the retry delay.
      // Two processes finding it due at once both insert; the unique index lets one of them through. The
      // row is dated by the scheduler's clock, the clock that decides when the next one is due.
      const [row] = await selectRows<{ id: string }>(
        db,
        sql`INSERT INTO backups (trigger, created_at) SELECT ${trigger}, ${onlyIfDueAt.toISOString()}::timestamptz
            WHERE NOT EXISTS (SELECT 1 FROM backups WHERE status <> 'failed' AND created_at > ${since.toISOString()}::timestamptz)
              AND NOT EXISTS (SELECT 1 FROM backups WHERE status = 'failed' AND created_at > ${failedSince.toISOString()}::timestamptz)
            RETURNING id`,
      );
      return row ? find(row.id) : undefined;
    } catch (error) {
      if (isUniqueViolation(error)) return undefined;
      throw error;
    }
  }

  async function find(id: string): Promise<BackupRow | undefined> {
    const [row] = await db.select().from(backups).where(eq(backups.id, id));
    return row;
  }

  async function run(row: BackupRow): Promise<void> {
    const partial = path.join(settings.dir, IN_PROGRESS_NAME);
    const heartbeat = setInterval(() => {
      void db
        .update(backups)
        .set({ heartbeatAt: new Date() })
        .where(eq(backups.id, row.id))
        .catch(() => undefined);
    }, HEARTBEAT_MS);
    heartbeat.unref();
    try {
      await mkdir(settings.dir, { recursive: true, mode: BACKUP_DIR_MODE });
      // A folder made by an older version, or by hand, is closed too; one the app does not own is said.
      await chmod(settings.dir, BACKUP_DIR_MODE).catch((error: unknown) =>
        log.warn({ err: error, dir: settings.dir }, 'the backups folder could not be made private (0700)'),
      );
      const snapshot = await takeSnapshot(database);
      const manifest = await writeArchive(
        snapshot,
        storage,
        deps.s3Bucket,
        createArchiveFile(partial),
        deps.archiveKey,
      );
      const fileName = archiveFileName(row.createdAt, row.id);
      await keepArchive(partial, path.join(settings.dir, fileName));
      const { size } = await stat(path.join(settings.dir, fileName));
      const missingFiles = manifest.missingFiles.length;
      await db
        .update(backups)
        .set({ status: 'succeeded', fileName, size, missingFiles, finishedAt: new Date() })
        .where(eq(backups.id, row.id));
      if (missingFiles > 0) {
        // The archive holds everything else; these records point at files storage had already lost.
        log.warn(
          { backup: row.id, fileName, size, missingFiles, keys: manifest.missingFiles.slice(0, MISSING_KEYS_LOGGED) },
          'backup taken, but files named by records were missing from storage',
        );
      } else {
        log.info({ backup: row.id, fileName, size }, 'backup taken');
      }
      await applyRetention();
    } catch (error) {
      // A full disk, a folder that cannot be written: the partial file goes, the app keeps serving.
      await rm(partial, { force: true }).catch(() => undefined);
      const reason = error instanceof Error ? error.message : String(error);
      log.error({ err: error, backup: row.id }, 'backup failed');
      await db
        .update(backups)
        .set({ status: 'failed', error: reason.slice(0, 500), finishedAt: new Date() })
        .where(eq(backups.id, row.id))
        .catch((e: unknown) => log.error({ err: e, backup: row.id }, 'backup failure could not be recorded'));
    } finally {
      clearInterval(heartbeat);
    }
  }

  /** Keeps the newest `keep` succeeded archives; older archives and the records older than them go. */
  async function applyRetention(): Promise<void> {
    const succeeded = await db
      .select()
      .from(backups)
      .where(eq(backups.status, 'succeeded'))
      .orderBy(desc(backups.createdAt));
    const dropped = succeeded.slice(settings.keep);
    for (const old of dropped) {
      if (old.fileName) await rm(path.join(settings.dir, old.fileName), { force: true });
      await db.delete(backups).where(eq(backups.id, old.id));
    }
    const oldestKept = succeeded[Math.min(settings.keep, succeeded.length) - 1];
    if (dropped.length > 0 && oldestKept) {
      await db.delete(backups).where(and(eq(backups.status, 'failed'), lt(backups.createdAt, oldestKept.createdAt)));
    }
  }

  function launch(row: BackupRow): Promise<void> {
    const running = run(row).finally(() => inFlight.delete(running));
    inFlight.add(running);
    return running;
  }

  return {
    async start(trigger) {
      const row = await claim(trigger);
      if (row) void launch(row);
      return row;
    },
    async runIfDue(now = new Date()) {
      if (settings.intervalMs <= 0) return undefined;
      const row = await claim('schedule', now);
      if (!row) return undefined;
      await launch(row);
      return find(row.id);
    },
    async idle() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
    async list() {
      await releaseStale(db);
      return db.select().from(backups).orderBy(desc(backups.createdAt));
    },
    find,
    archivePath: (row) => path.join(settings.dir, row.fileName ?? IN_PROGRESS_NAME),
    async isRunning() {
      // The embedded database has one process, this one: its own backups are all there is to know. Asking the
      // database would also wait behind the transaction that asks (a deletion inside a save, on PGlite's one
      // connection), forever.
      if (database.kind === 'pglite') return inFlight.size > 0;
      const [row] = await db.select({ id: backups.id }).from(backups).where(eq(backups.status, 'running')).limit(1);
      return Boolean(row);
    },
    startSchedule() {
      if (settings.intervalMs <= 0 || timer) return;
      timer = setInterval(() => {
        this.runIfDue().catch((error: unknown) => log.error({ err: error }, 'scheduled backup could not start'));
      }, settings.tickMs);
      // Never keeps the process alive on its own.
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await this.idle();
    },
  };
}
