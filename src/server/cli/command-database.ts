import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config';
import { openDatabase, type Database } from '../db/client';
import { EmbeddedDatabaseBusy, lockEmbeddedDatabase } from '../db/embedded-lock';
import { migrate } from '../db/migrate';

/** A refusal the command prints as is, exiting with `code`. */
export class CommandError extends Error {
  constructor(
    message: string,
    readonly code = 1,
  ) {
    super(message);
    this.name = 'CommandError';
  }
}

/** Exit code when the embedded database is held by the app: nothing was done, try again once it stopped. */
export const EXIT_DATABASE_BUSY = 3;

/**
 * The database for an operator's command (`npm run admin`, `npm run backup`): PostgreSQL when
 * DATABASE_URL is set (shared safely with running apps), else the embedded database under DATA_DIR —
 * only when no app holds it, since two processes on one PGlite folder would corrupt it.
 */
export async function openForCommand(
  config: Config,
  command: string,
): Promise<{ database: Database; close(): Promise<void> }> {
  if (config.databaseUrl) {
    const database = await openDatabase({ url: config.databaseUrl });
    await migrate(database, config.databaseUrl);
    return { database, close: () => database.close() };
  }
  await mkdir(config.dataDir, { recursive: true });
  let lock;
  try {
    lock = await lockEmbeddedDatabase(config.dataDir, command);
  } catch (error) {
    if (!(error instanceof EmbeddedDatabaseBusy)) throw error;
    throw new CommandError(
      `The embedded database in ${path.join(config.dataDir, 'db')} is in use by ${error.holder.by} ` +
        `(process ${error.holder.pid}). Nothing was done.\n` +
        'Stop the app (Ctrl+C, or `kill ' +
        String(error.holder.pid) +
        '`), run this command again, then start the app. ' +
        'Opening the database from two processes at once would corrupt it.',
      EXIT_DATABASE_BUSY,
    );
  }
  try {
    const database = await openDatabase({ pgliteDir: path.join(config.dataDir, 'db') });
    await migrate(database);
    return {
      database,
      close: async () => {
        await database.close();
        await lock.release();
      },
    };
  } catch (error) {
    await lock.release();
    throw error;
  }
}

/** Runs an operator's command from its script: prints what it said and exits with its code. */
export function exitWith(outcome: Promise<{ lines: string[]; code: number }>): void {
  outcome.then(
    ({ lines, code }) => {
      (code === 0 ? process.stdout : process.stderr).write(`${lines.join('\n')}\n`);
      process.exit(code);
    },
    (error: unknown) => {
      // One line with the root cause (drizzle wraps driver errors), as main.ts does.
      const root = error instanceof Error && error.cause instanceof Error ? error.cause : error;
      console.error(`The command failed: ${root instanceof Error ? root.message : String(root)}`);
      process.exit(1);
    },
  );
}
