import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { selectRows } from '../db/rows';
import {
  ACTIVITY_AREAS,
  CONTRIBUTION_FUNDS,
  DOCUMENT_CATEGORIES,
  LEGAL_FORMS,
  MUNICIPALITIES,
  STATUSES,
  WARRANTIES,
  type LookupSeed,
} from '../db/reference-data';
import { refreshSearchTextForMunicipalities } from '../companies/search-text';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Inserts missing rows and updates changed ones, matched on `key`, so ids never change. Rows already
 * up to date are not rewritten (no churn on every start). Answers the ids of the rows it touched.
 */
async function upsert<R extends LookupSeed>(
  tx: Tx,
  table: string,
  rows: R[],
  extra: Record<string, (row: R) => string | SQL | null> = {},
): Promise<string[]> {
  const columns = ['key', 'name_fr', 'name_en', ...Object.keys(extra)];
  const values = rows.map(
    (row) =>
      sql`(${sql.join(
        [row.key, row.fr, row.en, ...Object.values(extra).map((value) => value(row))].map((v) => sql`${v}`),
        sql`, `,
      )})`,
  );
  const ids = (cols: string[]): SQL =>
    sql.join(
      cols.map((c) => sql.identifier(c)),
      sql`, `,
    );
  const updated = columns.filter((c) => c !== 'key');
  const touched = await selectRows<{ id: string }>(
    tx,
    sql`
    INSERT INTO ${sql.identifier(table)} (${ids(columns)}) VALUES ${sql.join(values, sql`, `)}
    ON CONFLICT (key) DO UPDATE SET ${sql.join(
      updated.map((c) => sql`${sql.identifier(c)} = excluded.${sql.identifier(c)}`),
      sql`, `,
    )}
    WHERE (${sql.join(
      updated.map((c) => sql`${sql.identifier(table)}.${sql.identifier(c)}`),
      sql`, `,
    )})
      IS DISTINCT FROM (${sql.join(
        updated.map((c) => sql`excluded.${sql.identifier(c)}`),
        sql`, `,
      )})
    RETURNING id`,
  );
  return touched.map((row) => row.id);
}

/**
 * Brings the lookups of db/reference-data.ts into the database; run on every start after migrating
 * (main.ts) and by the test harness. Safe to run concurrently from several processes (upserts).
 */
export async function seedReferenceData(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const touchedMunicipalities = await upsert(tx, 'municipalities', MUNICIPALITIES, {
      default_zip_code: (row) => row.zip,
    });
    // A renamed municipality changes what finds its companies.
    await refreshSearchTextForMunicipalities(tx, touchedMunicipalities);
    await upsert(tx, 'legal_forms', LEGAL_FORMS);
    await upsert(tx, 'contribution_funds', CONTRIBUTION_FUNDS);
    await upsert(tx, 'activity_areas', ACTIVITY_AREAS);
    await upsert(tx, 'warranties', WARRANTIES);
    await upsert(tx, 'statuses', STATUSES, {
      color: (row) => row.color,
    });
    // Parents first: children find their parent's id by key, whatever id the database gave it.
    await upsert(tx, 'document_categories', DOCUMENT_CATEGORIES, { parent_id: () => null });
    const children = DOCUMENT_CATEGORIES.flatMap((parent) =>
      (parent.children ?? []).map((child) => ({ ...child, parentKey: parent.key })),
    );
    await upsert(tx, 'document_categories', children, {
      parent_id: (row) => sql`(SELECT id FROM document_categories WHERE key = ${row.parentKey})`,
    });
  });
}
