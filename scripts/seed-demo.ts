/**
 * Loads the demo dataset (src/server/db/demo-seed.ts) into the embedded PGlite under DATA_DIR (the app
 * must not be running: PGlite is one process) or into DATABASE_URL. Migrates and seeds the reference
 * data first. Refuses a database that already has demo data.
 * Usage: npm run seed:demo -- [--companies N] [--users N] [--big-timeline N]
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { migrate } from '../src/server/db/migrate';
import { seedReferenceData } from '../src/server/lookups/seed';
import { DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD, seedDemo } from '../src/server/db/demo-seed';
import { hashPassword } from '../src/server/platform/auth/passwords';
import { freshLoanStates } from '../src/server/servicing/store';
import { disburseRequest } from '../src/server/pipeline/disbursement';

function count(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a whole number, got "${value}"`);
  return n;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      companies: { type: 'string' },
      users: { type: 'string' },
      'big-timeline': { type: 'string' },
    },
  });
  const companies = count(values.companies, 50, 'companies');
  const users = Math.max(1, count(values.users, 200, 'users'));
  const bigTimelineEvents = count(values['big-timeline'], 10_000, 'big-timeline');
  const config = loadConfig(process.env);
  if (!config.databaseUrl) await mkdir(config.dataDir, { recursive: true });
  const database = await openDatabase({
    url: config.databaseUrl,
    pgliteDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'db'),
  });
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${path.join(config.dataDir, 'db')}`;
  const started = Date.now();
  const seconds = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
  try {
    await migrate(database, config.databaseUrl);
    await seedReferenceData(database.db);
    const passwordHash = await hashPassword(DEMO_ADMIN_PASSWORD);
    console.log(`seeding ${companies} companies into ${where}`);
    const result = await seedDemo(database.db, {
      companies,
      users,
      bigTimelineEvents,
      passwordHash,
      computeLoanStates: freshLoanStates,
      disburseRequest,
      log: (line) => console.log(`  ${line}`),
    });
    console.log(
      `done in ${seconds()}: ${result.companies} companies, ${result.documents} documents, ${result.events} events, ${result.users} users`,
    );
    console.log(`sign in as ${DEMO_ADMIN_EMAIL} / ${DEMO_ADMIN_PASSWORD} (every demo user has this password)`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  // drizzle's message is the whole statement; the database's reason is in `cause`.
  const reason =
    error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
  console.error(`seed:demo failed: ${reason.split('\n')[0]}`);
  process.exit(1);
});
