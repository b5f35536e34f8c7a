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
 * The risk rating scale's migration (ADR 0032) on a database written before it: free text in either
 * language becomes the letter it names, and what names none is cleared with a line in the company's history.
 */
const BEFORE: Array<[string | null, string | null]> = [
  ['A', 'A'],
  [' b ', 'B'],
  ['Faible', 'A'],
  ['moyen', 'B'],
  ['Élevé', 'C'],
  ['ELEVEE', 'C'],
  ['Très élevé', 'D'],
  ['Medium', 'B'],
  ['high risk', 'C'],
  ['4', 'D'],
  ['', null],
  [null, null],
  ['À surveiller', null],
];

let database: Database;
let url: string | undefined;
let drop: (() => Promise<void>) | undefined;
let folder: string;
let companies: Array<{ id: string; lockVersion: number }>;

beforeAll(async () => {
  const throwaway = await createThrowawayDatabase('risk_rating', { empty: true });
  url = throwaway?.url;
  drop = throwaway?.drop;
  database = await openDatabase(url ? { url } : {});

  // The migrations before the scale's, alone in a folder of their own.
  folder = await mkdtemp(path.join(os.tmpdir(), 'atrium-migrations-'));
  await cp(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: Array<{ tag: string }> };
  const scale = journal.entries.findIndex((entry) => entry.tag.endsWith('_risk_rating_scale'));
  expect(scale).toBeGreaterThan(0);
  await writeFile(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, scale) }));
  await migrate(database, url, folder);

  await seedReferenceData(database.db);
  await seedDemo(database.db, {
    companies: BEFORE.length,
    users: 2,
    bigTimelineEvents: 0,
    passwordHash: await hashPassword('demo-password'),
  });
  companies = await selectRows(
    database.db,
    sql`SELECT id, lock_version AS "lockVersion" FROM companies ORDER BY reference_number`,
  );
  for (const [i, [before]] of BEFORE.entries()) {
    await database.db.execute(sql`UPDATE companies SET risk_rating = ${before} WHERE id = ${companies[i]!.id}`);
  }
  await migrate(database, url);
}, 120_000);

afterAll(async () => {
  await database?.close();
  await drop?.();
  if (folder) await rm(folder, { recursive: true, force: true });
});

describe('the risk rating scale migration', () => {
  it('reads each free text as the letter it names, in either language, and clears the rest', async () => {
    const after = await selectRows<{ id: string; riskRating: string | null; lockVersion: number }>(
      database.db,
      sql`SELECT id, risk_rating AS "riskRating", lock_version AS "lockVersion" FROM companies`,
    );
    for (const [i, [before, expected]] of BEFORE.entries()) {
      const row = after.find((r) => r.id === companies[i]!.id)!;
      expect(row.riskRating, JSON.stringify(before)).toBe(expected);
      // A changed row's version moves, so a form opened before cannot save the old text over it.
      expect(row.lockVersion - companies[i]!.lockVersion, JSON.stringify(before)).toBe(before === expected ? 0 : 1);
    }
  });

  it('says in the history what a cleared rating was, and only there', async () => {
    const events = await selectRows<{ companyId: string; params: { changes: unknown[] } }>(
      database.db,
      sql`SELECT company_id AS "companyId", params FROM events
           WHERE code = 'companyChanged' AND params::text LIKE '%riskRating%'`,
    );
    expect(events).toEqual([
      {
        companyId: companies[BEFORE.length - 1]!.id,
        params: {
          changes: [
            {
              field: 'companies.form.fields.riskRating',
              before: { kind: 'text', value: 'À surveiller' },
              after: null,
            },
          ],
        },
      },
    ]);
  });

  it('then holds the column to the scale', async () => {
    await expect(
      database.db.execute(sql`UPDATE companies SET risk_rating = 'Moyen' WHERE id = ${companies[0]!.id}`),
    ).rejects.toThrow();
  });
});
