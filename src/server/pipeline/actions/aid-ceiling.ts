/** Setting a fund's aid ceiling (docs/decisions/0039 §7, 0043, 0063). */
import type { Executor } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { notFound } from '../../platform/errors/app-error';
import { fundExists } from '../store';
import { setAidCeiling } from '../aid-ceiling-store';
import { inTransaction } from './transaction';

/** Sets or clears (null) a fund's ceiling, keeping the change; 404 on an unknown fund. */
export async function setFundAidCeiling(
  db: Executor,
  fundId: string,
  ceilingPercent: number | null,
  user: UserRow,
): Promise<void> {
  await inTransaction(db, async (tx) => {
    if (!(await fundExists(tx, fundId))) throw notFound();
    await setAidCeiling(tx, fundId, ceilingPercent, user.id);
  });
}
