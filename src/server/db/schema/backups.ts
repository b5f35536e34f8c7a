import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at, uuidKey } from './columns';

/**
 * One row per backup, whatever started it (docs/decisions/0024-backups.md). The row is the claim: a
 * unique index lets only one backup be `running` across every process on the database, so a schedule
 * ticking in several processes, or two administrators pressing the button, start one backup.
 */
export const backups = pgTable(
  'backups',
  {
    ...uuidKey,
    trigger: text('trigger', { enum: ['schedule', 'manual'] }).notNull(),
    status: text('status', { enum: ['running', 'succeeded', 'failed'] })
      .notNull()
      .default('running'),
    /** The archive's name inside BACKUP_DIR, once written. */
    fileName: text('file_name'),
    size: bigint('size', { mode: 'number' }),
    /**
     * Files named by records that were not in storage when the archive was written (the log lists them): the
     * archive is whole for everything else, and the screen says what it lacks.
     */
    missingFiles: integer('missing_files').notNull().default(0),
    /** Why it failed, for the log and the operator (the screen shows a localized outcome). */
    error: text('error'),
    createdAt: at('created_at').notNull().defaultNow(),
    /** Touched while the backup runs: a `running` row whose process died stops blocking the next one. */
    heartbeatAt: at('heartbeat_at').notNull().defaultNow(),
    finishedAt: at('finished_at'),
  },
  (t) => [
    uniqueIndex('backups_one_running_idx')
      .on(sql`(true)`)
      .where(sql`${t.status} = 'running'`),
    index('backups_created_at_idx').on(t.createdAt.desc()),
    check('backups_trigger_check', sql`${t.trigger} in ('schedule', 'manual')`),
    check('backups_status_check', sql`${t.status} in ('running', 'succeeded', 'failed')`),
  ],
);

/**
 * The processes running on this database and the backup folder each keeps (docs/decisions/0064): a process
 * refuses to start when a live one keeps its archives in another folder, since downloads and retention would
 * then see only half of them. A row is touched every minute; one not touched for a few minutes lost its process.
 */
export const backupFolders = pgTable('backup_folders', {
  processId: uuid('process_id').primaryKey(),
  /** The identity written in the folder itself (`.atrium-backup-folder`): the same for every process sharing it. */
  folderId: text('folder_id').notNull(),
  /** Where this process sees it, and on which host: for the message of the process refused. */
  dir: text('dir').notNull(),
  host: text('host').notNull(),
  seenAt: at('seen_at').notNull().defaultNow(),
});
