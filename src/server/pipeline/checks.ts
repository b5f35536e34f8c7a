/**
 * The two checks shown at decision time (docs/decisions/0039): each fund's amount against what the fund still
 * has available, and the cumulative public aid ÷ project cost against the fund's ceiling. Available money is
 * the portfolio's own figure (capital − outstanding − approved not disbursed, ADR 0037, `fundsAnswer`), less
 * what the committee approved on other requests that are not loans yet. Shown and warned about, never blocking.
 */
import { toDollars } from '../../shared/money';
import { sql } from 'drizzle-orm';
import type { Locale } from '../../shared/constants';
import { APPROVED_STATES } from '../../shared/pipeline';
import { todayIso } from '../../shared/portfolio/schedule';
import type { Meeting } from '../../shared/schemas/pipeline-answers';
import type { Db } from '../db/client';
import { selectRows } from '../db/rows';
import type { ListSnapshots } from '../platform/lists/list-snapshots';
import { fundsAnswer } from '../portfolio/figures';
import { fundCapitals, fundNames, keptTally } from '../portfolio/figures-store';

type Checks = Meeting['agenda'][number]['checks'];

/** Approved on a decision, not yet a loan: held back from the fund, the request itself excepted. */
async function approvedNotLoans(db: Db, exceptRequestId: string): Promise<Map<string, number>> {
  const rows = await selectRows<{ fundId: string; cents: number }>(
    db,
    sql`SELECT a.fund_id AS "fundId", sum(a.amount_cents)::float8 AS cents
          FROM decision_amounts a
          JOIN committee_decisions d ON d.id = a.decision_id
          JOIN funding_requests r ON r.id = d.request_id
         WHERE a.contribution_id IS NULL AND r.id <> ${exceptRequestId}
           AND r.state IN ${APPROVED_STATES}
         GROUP BY a.fund_id`,
  );
  return new Map(rows.map((r) => [r.fundId, r.cents]));
}

export async function decisionChecks(db: Db, lists: ListSnapshots, requestId: string, locale: Locale): Promise<Checks> {
  const [tally, names, capitals] = await Promise.all([
    keptTally(db, lists, { fundId: null, mineUserId: null }, todayIso()),
    fundNames(db, locale),
    fundCapitals(db),
  ]);
  const funds = new Map(fundsAnswer(tally, names, capitals).funds.map((f) => [f.fundId, f]));
  const held = await approvedNotLoans(db, requestId);
  const amounts = await selectRows<{ fundId: string; cents: number; ceiling: number | null }>(
    db,
    sql`SELECT a.fund_id AS "fundId", a.amount_cents::float8 AS cents, c.ceiling_percent::float8 AS ceiling
          FROM funding_request_amounts a LEFT JOIN fund_aid_ceilings c ON c.fund_id = a.fund_id
         WHERE a.request_id = ${requestId} ORDER BY a.position`,
  );
  const [aid] = await selectRows<{ cost: number; publicCents: number }>(
    db,
    sql`SELECT r.project_cost_cents::float8 AS cost,
               (coalesce((SELECT sum(amount_cents) FROM funding_request_amounts WHERE request_id = r.id), 0)
              + coalesce((SELECT sum(amount_cents) FROM funding_request_sources WHERE request_id = r.id AND is_public), 0))::float8
                 AS "publicCents"
          FROM funding_requests r WHERE r.id = ${requestId}`,
  );
  const aidPercent = aid && aid.cost > 0 ? Math.round((aid.publicCents / aid.cost) * 10000) / 100 : 0;
  return amounts.map((a) => {
    const fund = funds.get(a.fundId);
    const available =
      fund?.available === null || fund?.available === undefined
        ? null
        : Math.round(fund.available * 100 - (held.get(a.fundId) ?? 0)) / 100;
    return {
      fundId: a.fundId,
      fundName: fund?.fundName ?? '',
      amount: toDollars(a.cents),
      available,
      overAvailable: available !== null && toDollars(a.cents) > available,
      aidPercent,
      ceilingPercent: a.ceiling,
      overCeiling: a.ceiling !== null && aidPercent > a.ceiling,
    };
  });
}
