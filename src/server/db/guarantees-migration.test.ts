import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createThrowawayDatabase } from '../test/harness';
import { hashPassword } from '../platform/auth/passwords';
import { openDatabase, type Database } from './client';
import { seedDemo } from './demo-seed';
import { migrate, migrationsFolder } from './migrate';
import { seedReferenceData } from '../lookups/seed';
import { selectRows } from './rows';

/*
 * The guarantees register's migration (docs/decisions/0072) on a database written before it: each loan's former
 * warranty value becomes one draft guarantee of the matching kind, marked to complete; a loan without one gets none.
 */
const WARRANTIES: Array<[string | null, string | null, string | null]> = [
  // [warranty key, kind expected, property expected]
  ['personal-guarantee', 'personal_guarantee', null],
  ['movable-hypothec', 'movable_hypothec', null],
  ['immovable-hypothec', 'immovable_hypothec', null],
  ['equipment', 'movable_hypothec', 'Garantie sur l’équipement'],
  ['inventory', 'movable_hypothec', 'Garantie sur les stocks'],
  ['receivables', 'assignment_of_receivables', null],
  ['life-insurance', 'life_insurance', null],
  [null, null, null],
];

let database: Database;
let url: string | undefined;
let drop: (() => Promise<void>) | undefined;
let folder: string;
let loans: Array<{ id: string; companyId: string }>;

beforeAll(async () => {
  const throwaway = await createThrowawayDatabase('guarantees_migration', { empty: true });
  url = throwaway?.url;
  drop = throwaway?.drop;
  database = await openDatabase(url ? { url } : {});

  // The migrations before the register's, alone in a folder of their own.
  folder = await mkdtemp(path.join(os.tmpdir(), 'atrium-migrations-'));
  await cp(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: Array<{ tag: string }> };
  const register = journal.entries.findIndex((entry) => entry.tag.endsWith('_guarantees'));
  expect(register).toBeGreaterThan(0);
  await writeFile(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, register) }));
  await migrate(database, url, folder);

  await seedReferenceData(database.db);
  await seedDemo(database.db, {
    companies: 4 * WARRANTIES.length,
    users: 2,
    bigTimelineEvents: 0,
    passwordHash: await hashPassword('demo-password'),
  });
  await database.db.execute(sql`UPDATE financial_contributions SET warranty_id = NULL`);
  loans = await selectRows(
    database.db,
    sql`SELECT f.id, f.company_id AS "companyId" FROM financial_contributions f ORDER BY f.id LIMIT ${WARRANTIES.length}`,
  );
  expect(loans.length).toBe(WARRANTIES.length);
  for (const [i, [key]] of WARRANTIES.entries()) {
    if (key === null) continue;
    await database.db.execute(
      sql`UPDATE financial_contributions SET warranty_id = (SELECT id FROM warranties WHERE key = ${key})
           WHERE id = ${loans[i]!.id}`,
    );
  }
  await migrate(database, url);
}, 180_000);

afterAll(async () => {
  await database?.close();
  await drop?.();
  if (folder) await rm(folder, { recursive: true, force: true });
});

describe('the guarantees migration', () => {
  it('turns each loan’s warranty value into one draft guarantee of its kind, to complete', async () => {
    const rows = await selectRows<{
      contributionId: string;
      companyId: string;
      kind: string;
      property: string | null;
      state: string;
      toComplete: boolean;
    }>(
      database.db,
      sql`SELECT contribution_id AS "contributionId", company_id AS "companyId", kind, property, state,
                 to_complete AS "toComplete" FROM guarantees`,
    );
    expect(rows).toHaveLength(WARRANTIES.filter(([key]) => key !== null).length);
    for (const [i, [key, kind, property]] of WARRANTIES.entries()) {
      const mine = rows.filter((row) => row.contributionId === loans[i]!.id);
      if (key === null) {
        expect(mine, 'a loan without a warranty gets none').toEqual([]);
        continue;
      }
      expect(mine, key).toEqual([
        {
          contributionId: loans[i]!.id,
          companyId: loans[i]!.companyId,
          kind,
          property,
          state: 'draft',
          toComplete: true,
        },
      ]);
    }
  });

  it('keeps the warranty value on the loan', async () => {
    const [row] = await selectRows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM financial_contributions WHERE warranty_id IS NOT NULL`,
    );
    expect(row!.n).toBe(WARRANTIES.filter(([key]) => key !== null).length);
  });
});
