/**
 * The fund activity report's loans outside the pipeline (docs/decisions/0066, src/shared/decisions/report.ts): the
 * fund's loans authorized in the period that no decision created, their authorized amount, and the money
 * disbursed in the period on such loans (a reversed disbursement counts for nothing, as everywhere).
 */
import { sql } from 'drizzle-orm';
import type { OutsidePipelineFigures } from '../../shared/decisions/report';
import { toDollars } from '../../shared/money';
import type { Executor } from '../db/client';
import { selectRows } from '../db/rows';
import { outsidePipeline } from '../db/outside-pipeline';

export async function outsidePipelineFigures(
  db: Executor,
  query: { fundId: string; from: string; to: string },
): Promise<OutsidePipelineFigures> {
  const { fundId, from, to } = query;
  const [row] = await selectRows<{ count: number; authorizedCents: number; disbursedCents: number }>(
    db,
    sql`WITH loans AS (SELECT f.* FROM financial_contributions f
                        WHERE f.contribution_fund_id = ${fundId} AND ${outsidePipeline(sql`f.id`)})
        SELECT
          (SELECT count(*) FROM loans WHERE authorization_date BETWEEN ${from} AND ${to})::int AS count,
          (SELECT coalesce(sum(round(amount * 100)), 0) FROM loans
            WHERE authorization_date BETWEEN ${from} AND ${to})::float8 AS "authorizedCents",
          (SELECT coalesce(sum(d.amount_cents), 0) FROM disbursements d JOIN loans l ON l.id = d.contribution_id
            WHERE d.reversed_at IS NULL AND d.date BETWEEN ${from} AND ${to})::float8 AS "disbursedCents"`,
  );
  return {
    count: row!.count,
    authorizedAmount: toDollars(row!.authorizedCents),
    disbursedAmount: toDollars(row!.disbursedCents),
  };
}
