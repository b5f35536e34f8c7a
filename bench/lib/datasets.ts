/**
 * Seeded datasets, kept between runs under bench/.data so that a re-run does not spend minutes seeding:
 * - PostgreSQL: one database per size (`atrium_bench_<N>`) on the cluster bench/.data/pg (started here
 *   on a port in 3400–3499) or on the server of DATABASE_URL when it is set;
 * - PGlite: one data directory per size, bench/.data/pglite-<N>.
 * Each remembers what it was seeded with (a stamp: the seed code's hash and the migrations applied). A
 * changed seed, or a changed migration that was already applied, means a fresh seed; migrations added
 * since are applied on top, as the app would at start. After either, VACUUM ANALYZE.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../../src/server/db/client';
import { migrate, migrationsFolder } from '../../src/server/db/migrate';
import { findPgBin, freePort, handOver, initCluster, startCluster } from '../../scripts/postgres-cluster';
import { countAsOurs, onCleanup } from './processes';

export type Backend = 'pg' | 'pglite';

export const ROOT = path.resolve(import.meta.dirname, '..', '..');
export const DATA = path.join(ROOT, 'bench', '.data');

/** Where the bench reads a dataset: DATABASE_URL for the server, or DATA_DIR (PGlite under db/). */
export interface Dataset {
  backend: Backend;
  companies: number;
  databaseUrl: string | undefined;
  /** PGlite: the DATA_DIR holding db/. PostgreSQL: undefined. */
  pgliteDataDir: string | undefined;
}

interface Stamp {
  companies: number;
  seed: string;
  migrations: string[];
  /** VACUUM ANALYZE done after the seed (older stamps lack it: vacuumed on their next use). */
  vacuumed?: boolean;
}

const SEED_FILES = [
  'src/server/db/demo-seed.ts',
  // The servicing histories (and the 60-repayment loan of the schedule case): a dataset seeded before them
  // would measure the portfolio's figures over loans without recorded money.
  'src/server/db/demo-servicing.ts',
  'scripts/seed-demo.ts',
  'src/server/lookups/seed.ts',
  'src/server/db/reference-data.ts',
];

const sha = (text: string | Buffer) => createHash('sha256').update(text).digest('hex').slice(0, 16);

function currentStamp(companies: number): Stamp {
  const seed = sha(SEED_FILES.map((file) => readFileSync(path.join(ROOT, file), 'utf8')).join('\0'));
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: Array<{ tag: string }>;
  };
  const migrations = journal.entries.map(
    ({ tag }) => `${tag}:${sha(readFileSync(path.join(migrationsFolder, `${tag}.sql`)))}`,
  );
  return { companies, seed, migrations, vacuumed: true };
}

type Verdict = 'ok' | 'migrate' | 'reseed';

function compare(stored: Stamp | undefined, current: Stamp): Verdict {
  if (!stored || stored.seed !== current.seed || stored.companies !== current.companies) return 'reseed';
  if (stored.migrations.length > current.migrations.length) return 'reseed';
  if (stored.migrations.some((m, i) => current.migrations[i] !== m)) return 'reseed';
  return stored.migrations.length < current.migrations.length || !stored.vacuumed ? 'migrate' : 'ok';
}

function runSeed(companies: number, env: NodeJS.ProcessEnv, log: (line: string) => void): Promise<void> {
  log(`seeding ${companies} companies (npm run seed:demo) — this takes ~3 s per 1 000 companies`);
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'scripts/seed-demo.ts', '--companies', String(companies)],
      {
        cwd: ROOT,
        env,
        stdio: ['ignore', 'inherit', 'inherit'],
      },
    );
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`seed:demo exited with ${code}`))));
  });
}

/**
 * Migrations added since the seed, then VACUUM ANALYZE: fresh statistics, and a visibility map that lets
 * index-only scans skip the heap, as autovacuum would leave a database that has been running a while
 * (right after a bulk load it has not run yet, and would run in the middle of a measurement).
 */
async function migrateAndVacuum(databaseUrl: string | undefined, pgliteDir: string | undefined): Promise<void> {
  const database = await openDatabase({ url: databaseUrl, pgliteDir });
  try {
    await migrate(database, databaseUrl);
    await database.db.execute(sql`VACUUM ANALYZE`);
  } finally {
    await database.close();
  }
}

/* ------------------------------------------------------------------------------------------------
 * PostgreSQL
 * ---------------------------------------------------------------------------------------------- */

export interface PgServer {
  /** A URL on the server for administration (create and drop the bench databases). */
  adminUrl: string;
  /** Started by this run (and stopped at its end), or given by DATABASE_URL. */
  own: boolean;
  version: string;
  settings: Record<string, string>;
}

/** The server given by DATABASE_URL, or the bench's own cluster (created on first use, then reused). */
export async function pgServer(databaseUrl: string | undefined, log: (line: string) => void): Promise<PgServer> {
  let adminUrl = databaseUrl;
  if (!adminUrl) {
    const dir = path.join(DATA, 'pg');
    const dataDir = path.join(dir, 'cluster');
    const bin = findPgBin();
    if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
      rmSync(dir, { recursive: true, force: true });
      mkdirSync(dir, { recursive: true });
      handOver(dir);
      log(`creating a PostgreSQL cluster in ${path.relative(ROOT, dataDir)}`);
      initCluster(dataDir, bin);
    }
    const port = await freePort({ from: 3400, to: 3499 });
    // Server defaults otherwise (shared_buffers, work_mem, jit…): the settings are recorded with the results.
    const cluster = startCluster({ dataDir, port, settings: { max_connections: 200 } }, bin);
    onCleanup(() => cluster.stop('fast'));
    // Its backends' CPU is this run's, not competition from others.
    countAsOurs(Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]));
    log(`PostgreSQL (${bin}) on port ${port}`);
    adminUrl = cluster.url;
  }
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const version = (await client.query<{ server_version: string }>('SHOW server_version')).rows[0]!.server_version;
    const names = [
      'shared_buffers',
      'effective_cache_size',
      'work_mem',
      'jit',
      'max_parallel_workers_per_gather',
      'random_page_cost',
      'fsync',
      'synchronous_commit',
    ];
    const rows = (
      await client.query<{ name: string; setting: string; unit: string | null }>(
        'SELECT name, setting, unit FROM pg_settings WHERE name = ANY($1)',
        [names],
      )
    ).rows;
    const settings = Object.fromEntries(rows.map((r) => [r.name, r.unit ? `${r.setting} × ${r.unit}` : r.setting]));
    return { adminUrl, own: !databaseUrl, version, settings };
  } finally {
    await client.end();
  }
}

const dbUrl = (adminUrl: string, name: string) => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

async function ensurePg(
  server: PgServer,
  companies: number,
  reseed: boolean,
  log: (line: string) => void,
): Promise<Dataset> {
  const name = `atrium_bench_${companies}`;
  const url = dbUrl(server.adminUrl, name);
  const current = currentStamp(companies);
  const admin = new pg.Client({ connectionString: server.adminUrl });
  await admin.connect();
  try {
    const found = await admin.query<{ comment: string | null }>(
      "SELECT shobj_description(oid, 'pg_database') AS comment FROM pg_database WHERE datname = $1",
      [name],
    );
    let stored: Stamp | undefined;
    try {
      stored = found.rows[0]?.comment ? (JSON.parse(found.rows[0].comment) as Stamp) : undefined;
    } catch {
      stored = undefined;
    }
    const verdict = reseed ? 'reseed' : compare(stored, current);
    if (verdict === 'reseed') {
      log(`${name}: ${found.rowCount ? 'seeded with other code or migrations' : 'missing'} → fresh seed`);
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${name}`);
      const env = { ...process.env, DATABASE_URL: url };
      await runSeed(companies, env, log);
      log(`${name}: VACUUM ANALYZE`);
      await migrateAndVacuum(url, undefined);
    } else if (verdict === 'migrate') {
      log(`${name}: new migrations or not vacuumed yet → migrate, VACUUM ANALYZE`);
      await migrateAndVacuum(url, undefined);
    } else {
      log(`${name}: seeded and current`);
    }
    if (verdict !== 'ok')
      await admin.query(`COMMENT ON DATABASE ${name} IS '${JSON.stringify(current).replace(/'/g, "''")}'`);
  } finally {
    await admin.end();
  }
  return { backend: 'pg', companies, databaseUrl: url, pgliteDataDir: undefined };
}

/* ------------------------------------------------------------------------------------------------
 * PGlite
 * ---------------------------------------------------------------------------------------------- */

async function ensurePglite(companies: number, reseed: boolean, log: (line: string) => void): Promise<Dataset> {
  const dataDir = path.join(DATA, `pglite-${companies}`);
  const stampFile = path.join(dataDir, 'bench-stamp.json');
  const current = currentStamp(companies);
  let stored: Stamp | undefined;
  try {
    stored = JSON.parse(readFileSync(stampFile, 'utf8')) as Stamp;
  } catch {
    stored = undefined;
  }
  const verdict = reseed ? 'reseed' : compare(stored, current);
  const where = path.relative(ROOT, dataDir);
  if (verdict === 'reseed') {
    log(`${where}: ${stored ? 'seeded with other code or migrations' : 'missing'} → fresh seed`);
    rmSync(dataDir, { recursive: true, force: true });
    mkdirSync(dataDir, { recursive: true });
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
    delete env['DATABASE_URL'];
    await runSeed(companies, env, log);
    log(`${where}: VACUUM ANALYZE`);
    await migrateAndVacuum(undefined, path.join(dataDir, 'db'));
  } else if (verdict === 'migrate') {
    log(`${where}: new migrations or not vacuumed yet → migrate, VACUUM ANALYZE`);
    await migrateAndVacuum(undefined, path.join(dataDir, 'db'));
  } else {
    log(`${where}: seeded and current`);
  }
  if (verdict !== 'ok') writeFileSync(stampFile, `${JSON.stringify(current, null, 2)}\n`);
  return { backend: 'pglite', companies, databaseUrl: undefined, pgliteDataDir: dataDir };
}

export function ensureDataset(
  backend: Backend,
  server: PgServer | undefined,
  companies: number,
  reseed: boolean,
  log: (line: string) => void,
): Promise<Dataset> {
  if (backend === 'pg') return ensurePg(server!, companies, reseed, log);
  return ensurePglite(companies, reseed, log);
}
