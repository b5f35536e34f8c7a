import { sql } from 'drizzle-orm';
import type { Executor, Tx } from '../db/client';
import { selectRows } from '../db/rows';
import { DEFAULT_BUCKETS, bucketFor, type AgingBucket } from '../../shared/servicing';

/*
 * The aging buckets in force (docs/decisions/0037): an administrator's, or the computation's defaults while
 * none are set. Every loan figure, aging table and provision reads them here. A bucket's key follows from its
 * bounds (`bucketKeyOf`), so a loan's bucket names its days whichever set was in force.
 */

export interface BucketsInForce {
  buckets: readonly AgingBucket[];
  /** false: the defaults. */
  custom: boolean;
  updatedAt: string | null;
  updatedByName: string | null;
}

/** The buckets in force, in order, with who set them. */
export async function readBuckets(db: Executor): Promise<BucketsInForce> {
  const rows = await selectRows<AgingBucket & { updatedAt: string; updatedByName: string | null }>(
    db,
    sql`SELECT b.key, b.min_days AS "minDays", b.max_days AS "maxDays", b.provision_rate::float8 AS "provisionRate",
               to_char(b.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt",
               nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') AS "updatedByName"
          FROM delinquency_buckets b LEFT JOIN users u ON u.id = b.updated_by_id
         ORDER BY b.position`,
  );
  if (rows.length === 0) return { buckets: DEFAULT_BUCKETS, custom: false, updatedAt: null, updatedByName: null };
  return {
    buckets: rows.map(({ key, minDays, maxDays, provisionRate }) => ({ key, minDays, maxDays, provisionRate })),
    custom: true,
    updatedAt: rows[0]!.updatedAt,
    updatedByName: rows[0]!.updatedByName,
  };
}

/**
 * Replaces the buckets in force (checked by the caller with `bucketProblems`), in the caller's transaction, and
 * names each loan row's bucket again from its days past due, as the computation would with the new buckets.
 */
export async function replaceBuckets(tx: Tx, buckets: readonly AgingBucket[], authorId: string): Promise<void> {
  await tx.execute(sql`DELETE FROM delinquency_buckets`);
  await tx.execute(
    sql`INSERT INTO delinquency_buckets (position, key, min_days, max_days, provision_rate, updated_by_id)
        VALUES ${sql.join(
          buckets.map(
            (bucket, position) =>
              sql`(${position}, ${bucket.key}, ${bucket.minDays}, ${bucket.maxDays}, ${bucket.provisionRate}, ${authorId})`,
          ),
          sql`, `,
        )}`,
  );
  const days = await selectRows<{ days: number }>(
    tx,
    sql`SELECT DISTINCT days_past_due AS days FROM loan_states WHERE bucket IS NOT NULL`,
  );
  if (days.length === 0) return;
  await tx.execute(
    sql`UPDATE loan_states s SET bucket = named.key
          FROM (VALUES ${sql.join(
            days.map(({ days: d }) => sql`(${d}::int, ${bucketFor(buckets, d)})`),
            sql`, `,
          )}) AS named (days, key)
         WHERE s.bucket IS NOT NULL AND s.days_past_due = named.days AND s.bucket IS DISTINCT FROM named.key`,
  );
}
