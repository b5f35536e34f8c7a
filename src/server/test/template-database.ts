/**
 * A migrated, seeded database made once per test run and copied for each test file (ADR 0026): creating
 * an embedded PostgreSQL (initdb in WASM) and running every migration cost several seconds per file, most
 * of `npm test`'s time on this 2-core machine. PGlite copies load a dump of the template's data directory;
 * PostgreSQL copies are `CREATE DATABASE … TEMPLATE`.
 */
import { randomUUID } from 'node:crypto';
import { readFile, writeFile, rm, mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../db/client';
import { migrate } from '../db/migrate';
import { seedReferenceData } from '../lookups/seed';

/** Set by the global set-up for the test workers: a dump file (PGlite) or a database name (PostgreSQL). */
export const PGLITE_TEMPLATE_ENV = 'ATRIUM_TEST_PGLITE_TEMPLATE';
export const PG_TEMPLATE_ENV = 'ATRIUM_TEST_PG_TEMPLATE';

export async function runOnServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export function databaseUrlFor(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Builds the template; returns what tears it down. */
export async function createTemplate(): Promise<() => Promise<void>> {
  const serverUrl = process.env['TEST_DATABASE_URL'];
  if (serverUrl) {
    const name = `atrium_template_${randomUUID().replace(/-/g, '')}`;
    await runOnServer(serverUrl, `CREATE DATABASE ${name}`);
    const url = databaseUrlFor(serverUrl, name);
    const database = await openDatabase({ url });
    try {
      await migrate(database, url);
      await seedReferenceData(database.db);
    } finally {
      await database.close();
    }
    process.env[PG_TEMPLATE_ENV] = name;
    return () => runOnServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  const folder = await mkdtemp(path.join(os.tmpdir(), 'atrium-template-'));
  const file = path.join(folder, 'pglite.tar');
  const database = await openDatabase({});
  try {
    await migrate(database);
    await seedReferenceData(database.db);
    const dump = await database.dumpDataDir!();
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
  process.env[PGLITE_TEMPLATE_ENV] = file;
  return () => rm(folder, { recursive: true, force: true });
}

/** The PGlite template's dump, read once per worker; undefined outside a run with the global set-up. */
let pgliteTemplate: Promise<Blob> | undefined;
export function pgliteTemplateDump(): Promise<Blob> | undefined {
  const file = process.env[PGLITE_TEMPLATE_ENV];
  if (!file) return undefined;
  pgliteTemplate ??= readFile(file).then((bytes) => new Blob([bytes]));
  return pgliteTemplate;
}
