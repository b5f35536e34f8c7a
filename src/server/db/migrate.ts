import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { Database, Executor } from './client';
import { selectRows } from './rows';

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** drizzle-kit does not emit CREATE EXTENSION (docs/ARCHITECTURE.md §2): the schema needs these first. */
const EXTENSION_STATEMENTS = [
  sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`,
  sql`CREATE EXTENSION IF NOT EXISTS unaccent`,
];

/**
 * Applies the committed migrations. On PostgreSQL a session advisory lock on one dedicated connection
 * makes several processes starting together take turns. Any failure throws: main.ts exits non-zero.
 */
export async function migrate(database: Database, databaseUrl?: string, folder = migrationsFolder): Promise<void> {
  if (database.kind === 'pglite') {
    for (const statement of EXTENSION_STATEMENTS) await database.db.execute(statement);
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: folder });
    return;
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock(727274)');
    for (const statement of EXTENSION_STATEMENTS) await drizzlePg(client).execute(statement);
    await migratePg(drizzlePg(client), { migrationsFolder: folder });
  } finally {
    await client.query('SELECT pg_advisory_unlock(727274)').catch(() => undefined);
    await client.end();
  }
}

/**
 * Whether every committed migration is applied: false on a database a migration's own test left at the schema
 * before that migration (code written for the latest schema, such as the demo's pipeline, then stands aside).
 */
export async function latestSchema(db: Executor, folder = migrationsFolder): Promise<boolean> {
  const journal = JSON.parse(await readFile(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: Array<{ when: number }>;
  };
  const newest = Math.max(...journal.entries.map((entry) => entry.when));
  const [applied] = await selectRows<{ newest: string | null }>(
    db,
    sql`SELECT max(created_at)::text AS newest FROM drizzle.__drizzle_migrations`,
  );
  return applied?.newest !== null && applied?.newest !== undefined && Number(applied.newest) >= newest;
}
