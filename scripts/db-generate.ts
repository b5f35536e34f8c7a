/**
 * `npm run db:generate`: drizzle-kit's generate, then each journal entry dated no later than the one before it is
 * moved just after it. drizzle-kit stamps a new migration with the clock, and drizzle applies to an installed
 * database only the migrations dated after the last one it recorded: a migration that sorts before an earlier
 * one (a slow clock, a branch merged late, the journal's hand-set dates) would be skipped there silently.
 * Arguments are passed on (`npm run db:generate -- --custom --name backfill_x` for a hand-written migration).
 * See docs/database.md.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { migrationsFolder } from '../src/server/db/migrate';
import { orderJournal, type Journal } from './journal-order';

const generate = spawnSync('npx', ['drizzle-kit', 'generate', ...process.argv.slice(2)], { stdio: 'inherit' });
if (generate.status !== 0) process.exit(generate.status ?? 1);

const file = path.join(migrationsFolder, 'meta', '_journal.json');
const text = readFileSync(file, 'utf8');
const { journal, moved } = orderJournal(JSON.parse(text) as Journal);
if (moved.length > 0) {
  writeFileSync(file, `${JSON.stringify(journal, null, 2)}\n`);
  for (const tag of moved) console.log(`db:generate: ${tag} dated after the migration before it`);
}
