/**
 * A fund's ceiling of cumulative public aid ÷ project cost (docs/decisions/0039 §7, 0043): read with its changes,
 * set or cleared in one transaction that keeps the change beside it.
 */
import { eq, sql } from 'drizzle-orm';
import type { Locale } from '../../shared/constants';
import type { AidCeiling } from '../../shared/schemas/pipeline-answers';
import type { Executor } from '../db/client';
import { iso, selectRows } from '../db/rows';
import { fundAidCeilingChanges, fundAidCeilings } from '../db/schema';
import { personName } from './store';

/** The fund's ceiling and its changes, latest first; null when the fund does not exist. */
export async function readAidCeiling(db: Executor, fundId: string, locale: Locale): Promise<AidCeiling | null> {
  const name = sql.raw(locale === 'en' ? 'f.name_en' : 'f.name_fr');
  type Stamped<T> = Omit<T, 'updatedAt' | 'insertedAt'> & {
    updatedAt?: Date | string | null;
    insertedAt?: Date | string;
  };
  const [fund] = await selectRows<Stamped<Omit<AidCeiling, 'changes'>>>(
    db,
    sql`SELECT f.id AS "fundId", ${name} AS "fundName", c.ceiling_percent::float8 AS "ceilingPercent",
               c.updated_at AS "updatedAt", coalesce(${personName('u')}, u.email) AS "updatedByName"
          FROM contribution_funds f
          LEFT JOIN fund_aid_ceilings c ON c.fund_id = f.id
          LEFT JOIN users u ON u.id = c.updated_by_id
         WHERE f.id = ${fundId}`,
  );
  if (!fund) return null;
  const changes = await selectRows<Stamped<AidCeiling['changes'][number]>>(
    db,
    sql`SELECT h.ceiling_percent_before::float8 AS before, h.ceiling_percent_after::float8 AS after,
               coalesce(${personName('u')}, u.email) AS "authorName", h.inserted_at AS "insertedAt"
          FROM fund_aid_ceiling_changes h LEFT JOIN users u ON u.id = h.author_id
         WHERE h.fund_id = ${fundId} ORDER BY h.inserted_at DESC, h.id`,
  );
  return {
    ...fund,
    updatedAt: fund.updatedAt ? iso(fund.updatedAt) : null,
    changes: changes.map((change) => ({ ...change, insertedAt: iso(change.insertedAt!) })),
  };
}

/**
 * Sets the ceiling (null clears it) and keeps the change; the fund's row is locked so two administrators saving
 * at once write two changes in order, each with the `before` the other left. Setting the value it has is no change.
 */
export async function setAidCeiling(
  tx: Executor,
  fundId: string,
  percent: number | null,
  authorId: string,
): Promise<void> {
  await tx.execute(sql`SELECT 1 FROM contribution_funds WHERE id = ${fundId} FOR UPDATE`);
  const [current] = await selectRows<{ percent: number }>(
    tx,
    sql`SELECT ceiling_percent::float8 AS percent FROM fund_aid_ceilings WHERE fund_id = ${fundId}`,
  );
  const before = current?.percent ?? null;
  if (before === percent) return;
  if (percent === null) await tx.delete(fundAidCeilings).where(eq(fundAidCeilings.fundId, fundId));
  else
    await tx
      .insert(fundAidCeilings)
      .values({ fundId, ceilingPercent: percent, updatedById: authorId })
      .onConflictDoUpdate({
        target: fundAidCeilings.fundId,
        set: { ceilingPercent: percent, updatedById: authorId, updatedAt: new Date() },
      });
  await tx.insert(fundAidCeilingChanges).values({ fundId, before, after: percent, authorId });
}
