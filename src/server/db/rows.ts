import type { SQL } from 'drizzle-orm';
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

/** A timestamp as the wire writes it (ISO 8601, UTC), from a Date or from the text a driver may give for one. */
export const iso = (value: Date | string): string => (value instanceof Date ? value : new Date(value)).toISOString();
