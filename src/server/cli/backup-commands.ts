import { access, rm } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Config } from '../config';
import { backups } from '../db/schema';
import { createArchiveFile, keepArchive, takeSnapshot, writeArchive } from '../backups/archive';
import { restoreArchive, RestoreRefused } from '../backups/restore';
import { claimBackup } from '../backups/service';
import { archiveKey } from '../backups/signature';
import { loadOrCreateSecret } from '../platform/auth/secret';
import { EmbeddedDatabaseBusy, lockEmbeddedDatabase } from '../db/embedded-lock';
import { createStorage } from '../platform/storage/create-storage';
import { CommandError, EXIT_DATABASE_BUSY, openForCommand } from './command-database';
import type { CommandOutcome } from './admin';

export const BACKUP_USAGE = 'Usage: npm run backup -- --out FILE';
export const RESTORE_USAGE = `Usage: npm run restore -- FILE [--replace] [--files-only] [--from-another-installation]

  FILE          an archive made by the Backups screen or npm run backup
  --replace     restore over a non-empty DATA_DIR: it is moved aside first (DATA_DIR.before-restore-…)
  --files-only  with DATABASE_URL, after pg_restore: put back only the stored files
  --from-another-installation
                restore an archive whose signature this installation cannot check (made by another
                installation, or before archives were signed): only one you know the origin of

The archive's signature is checked with JWT_SECRET, or else with DATA_DIR/secret: on a new machine, set the
same JWT_SECRET or copy the old DATA_DIR/secret into the empty DATA_DIR first.`;

const fail = (error: unknown): CommandOutcome => {
  if (error instanceof CommandError) return { lines: [error.message], code: error.code };
  if (error instanceof RestoreRefused) return { lines: [error.message], code: 1 };
  throw error;
};

/** `npm run backup -- --out FILE`: the same archive as the Backups screen, for the app stopped or on PostgreSQL. */
export async function runBackupCommand(config: Config, args: string[]): Promise<CommandOutcome> {
  try {
    if (args.length !== 2 || args[0] !== '--out' || !args[1]) throw new CommandError(BACKUP_USAGE, 2);
    const out = path.resolve(args[1]);
    if (
      await access(out).then(
        () => true,
        () => false,
      )
    ) {
      throw new CommandError(`${out} exists already: name a new file. Nothing was done.`);
    }
    const { database, close } = await openForCommand(config, 'npm run backup');
    try {
      // The claim keeps running apps from deleting files meanwhile, and from starting a second backup.
      const claim = await claimBackup(database.db, 'manual');
      if (!claim) throw new CommandError('A backup is running already: wait until it ends. Nothing was done.');
      const partial = `${out}.partial`;
      try {
        const storage = await createStorage(config, { secret: 'backup-command', urlBase: '/api/storage' });
        const manifest = await writeArchive(
          await takeSnapshot(database),
          storage,
          config.s3?.bucket,
          createArchiveFile(partial),
          // Signed as the app signs its own (ADR 0034 §4); the embedded app's secret is in DATA_DIR.
          archiveKey(await loadOrCreateSecret(config.jwtSecret, config.dataDir)),
        );
        await keepArchive(partial, out);
        const rows = Object.values(manifest.rows).reduce((a, b) => a + b, 0);
        return {
          lines: [
            `Backup written to ${out}: ${rows} rows, ${manifest.files.length} files.`,
            ...(manifest.storage.kind === 's3' ? [manifest.storage.note] : []),
            ...(manifest.missingFiles.length > 0
              ? [`Warning: ${manifest.missingFiles.length} files named by records were already missing from storage.`]
              : []),
          ],
          code: 0,
        };
      } catch (error) {
        await rm(partial, { force: true });
        throw new CommandError(`The backup failed: ${(error as Error).message}. The partial file was removed.`);
      } finally {
        // The archive is the operator's file, not one of BACKUP_DIR: the claim leaves no record.
        await database.db.delete(backups).where(eq(backups.id, claim.id));
      }
    } finally {
      await close();
    }
  } catch (error) {
    return fail(error);
  }
}

/** `npm run restore -- FILE [--replace] [--files-only]` (docs/decisions/0024-backups.md). */
export async function runRestoreCommand(config: Config, args: string[]): Promise<CommandOutcome> {
  try {
    const flags = args.filter((a) => a.startsWith('--'));
    const files = args.filter((a) => !a.startsWith('--'));
    const unknown = flags.filter((f) => !['--replace', '--files-only', '--from-another-installation'].includes(f));
    if (files.length !== 1 || unknown.length > 0) throw new CommandError(RESTORE_USAGE, 2);
    if (!config.databaseUrl) {
      // Checked, not kept: the restore builds a new folder and renames it into place.
      try {
        const lock = await lockEmbeddedDatabase(config.dataDir, 'npm run restore').catch((error: unknown) => {
          if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
          throw error;
        });
        await lock?.release();
      } catch (error) {
        if (!(error instanceof EmbeddedDatabaseBusy)) throw error;
        throw new CommandError(
          `${config.dataDir} is in use by ${error.holder.by} (process ${error.holder.pid}): stop it first. Nothing was changed.`,
          EXIT_DATABASE_BUSY,
        );
      }
    }
    const result = await restoreArchive({
      file: path.resolve(files[0]!),
      dataDir: config.dataDir,
      databaseUrl: config.databaseUrl,
      replace: flags.includes('--replace'),
      filesOnly: flags.includes('--files-only'),
      jwtSecret: config.jwtSecret,
      fromAnotherInstallation: flags.includes('--from-another-installation'),
    });
    return {
      lines: [
        `Restored the backup of ${result.manifest.createdAt}: ${result.rows} rows, ${result.files} files.`,
        result.signature === 'valid'
          ? "Its signature is this installation's."
          : 'Its signature was not checked (--from-another-installation).',
        ...(result.movedAside ? [`The previous data folder was moved to ${result.movedAside}.`] : []),
        ...(result.manifest.storage.kind === 's3' ? [result.manifest.storage.note] : []),
        'Start the app: everyone signs in again.',
      ],
      code: 0,
    };
  } catch (error) {
    return fail(error);
  }
}
