import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './client';

type Executor = Pick<Db, 'execute'>;

/**
 * Rows of a raw statement. Both drivers answer `{ rows }`, but the shared `Db` type cannot say so,
 * hence this one cast. Column names come back as PostgreSQL spells them (use `AS "camelCase"`).
 */
export async function selectRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** How a store reader reads: with `lock`, the rows it reads stay locked until the transaction ends, so two writes to them take turns and the second sees the first. */
export interface ReadOptions {
  lock?: boolean;
}

/**
 * The `FOR UPDATE` clause a reader appends when asked to lock (nothing otherwise); `of` names the alias whose
 * rows are locked when the statement joins other tables, which stay unlocked.
 */
export const forUpdate = (options: ReadOptions, of?: string): SQL =>
  options.lock ? (of ? sql` FOR UPDATE OF ${sql.raw(of)}` : sql` FOR UPDATE`) : sql``;

/** The one row a statement reads (undefined when none), locked as `forUpdate` says: every "find X by id" reader. */
export async function selectRow<T>(
  db: Executor,
  query: SQL,
  options: ReadOptions = {},
  of?: string,
): Promise<T | undefined> {
  const [row] = await selectRows<T>(db, sql`${query}${forUpdate(options, of)}`);
  return row;
}

/** A timestamp as the wire writes it (ISO 8601, UTC), from a Date or from the text a driver may give for one. */
export const iso = (value: Date | string): string => (value instanceof Date ? value : new Date(value)).toISOString();
