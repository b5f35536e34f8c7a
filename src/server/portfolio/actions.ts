import type { AgingBucket } from '../../shared/servicing';
import { toCents } from '../../shared/servicing';
import type { Db } from '../db/client';
import { notFound } from '../platform/errors/app-error';
import { replaceBuckets } from '../servicing/buckets';
import { setFundCapital } from './figures-store';
import { fundExists } from './store';

/**
 * The portfolio's writes (docs/decisions/0037), which administrators make: a fund's capital and the aging
 * buckets. Each checks what it writes to, calls the store and leaves the answer to the reads; the routes only
 * read the contract and answer.
 */

/** Sets a fund's capital in dollars, or clears it (null); an unknown fund is a 404. Answers the fund's id. */
export async function setCapitalOfFund(
  db: Db,
  fundId: string,
  capital: number | null,
  authorId: string,
): Promise<string> {
  const id = fundId.toLowerCase();
  if (!(await fundExists(db, id))) throw notFound();
  await setFundCapital(db, id, capital === null ? null : toCents(capital), authorId);
  return id;
}

/** Replaces the aging buckets, all of them at once or none. */
export async function replaceAgingBuckets(db: Db, buckets: readonly AgingBucket[], authorId: string): Promise<void> {
  await db.transaction((tx) => replaceBuckets(tx, buckets, authorId));
}
