/**
 * The journal of one year exported (docs/decisions/0070): every loan of the demo set read, its postings derived
 * from the engine day by day, mapped to its fund's accounts and written as a QuickBooks Online file — what
 * `GET /api/accounting/journal?format=qbo` does, without HTTP. Target (issue): the 100 000-company demo set
 * (~150 000 loans) in ≤ 10 s with resident memory ≤ 300 MB.
 *   node --import tsx bench/journal-export.ts [--companies 1000] [--backend pglite|pg] [--to YYYY-MM-DD]
 * (with pg, DATABASE_URL names the server, as for bench/run.ts).
 * The dataset is bench/run.ts's (seeded once, kept under bench/.data). Wall time, CPU time of this process and
 * peak resident memory (sampled every 100 ms) are printed.
 */
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { ACCOUNT_ROLES } from '../src/shared/accounting/accounts';
import { addDays } from '../src/shared/servicing/calendar';
import { todayIso } from '../src/shared/portfolio/schedule';
import { openDatabase } from '../src/server/db/client';
import { buildJournal } from '../src/server/accounting/journal';
import { journalFile } from '../src/server/accounting/journal-files';
import { ensureDataset, pgServer, type Backend } from './lib/datasets';

const arg = (name: string, fallback: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1]! : fallback;
};
const companies = Number(arg('companies', '1000'));
const backend = arg('backend', 'pglite') as Backend;
const to = arg('to', todayIso());
/** One year: the day after the same day a year before, through `to`. */
const from = addDays(`${Number(to.slice(0, 4)) - 1}${to.slice(4)}`, 1);

const log = (line: string) => console.log(line);
const server = backend === 'pg' ? await pgServer(process.env['DATABASE_URL'], log) : undefined;
const dataset = await ensureDataset(backend, server, companies, false, log);
const database = await openDatabase({
  url: dataset.databaseUrl,
  pgliteDir: dataset.pgliteDataDir ? path.join(dataset.pgliteDataDir, 'db') : undefined,
});
try {
  // Every fund mapped, as a body that exports would have it (the bench's own accounts, numbered by role).
  const funds = (await database.db.execute(sql`SELECT id FROM contribution_funds`)) as unknown as {
    rows: { id: string }[];
  };
  for (const { id } of funds.rows) {
    for (const [i, role] of ACCOUNT_ROLES.entries()) {
      await database.db.execute(
        sql`INSERT INTO fund_accounts (fund_id, role, number, name) VALUES (${id}, ${role}, ${String(1000 + i * 100)}, ${`Bench ${role}`})
            ON CONFLICT DO NOTHING`,
      );
    }
  }
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
  const started = performance.now();
  const cpu = process.cpuUsage();
  const journal = await buildJournal(database.db, { from, to, fundId: null, onlyNew: false }, 'fr');
  const file = journalFile(journal.entries, 'qbo', 'fr');
  const wall = performance.now() - started;
  const used = process.cpuUsage(cpu);
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  console.log(
    `journal ${from} … ${to}, ${companies} companies: ${journal.entries.length} entries, ${(file.length / 1e6).toFixed(1)} MB` +
      ` — ${(wall / 1000).toFixed(2)} s wall, ${((used.user + used.system) / 1e6).toFixed(2)} s CPU, peak RSS ${(peak / 2 ** 20).toFixed(0)} MB` +
      ` (target at 100 000 companies: ≤ 10 s, ≤ 300 MB)`,
  );
} finally {
  await database.close();
}
