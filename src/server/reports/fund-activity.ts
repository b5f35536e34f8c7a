/**
 * The fund activity report's figures (docs/decisions/0041): recorded money summed from the servicing tables (an
 * entry reversed, or a write-off undone, counts for nothing, as everywhere), the outstanding principal at the
 * period's end from the portfolio's tally (loan_states on today, the servicing computation on another day), and
 * the jobs from the employee count's history.
 */
import { sql } from 'drizzle-orm';
import type { Locale } from '../../shared/constants';
import { leverageOf, type FundActivity } from '../../shared/tasks/report';
import type { Db } from '../db/client';
import { selectRows } from '../db/rows';
import { fundNames, portfolioTally } from '../portfolio/figures-store';

const dollars = (cents: number) => Math.round(cents) / 100;

export async function fundActivity(
  db: Db,
  query: { fundId: string; from: string; to: string; today: string; locale: Locale },
): Promise<FundActivity | undefined> {
  const fund = (await fundNames(db, query.locale)).find((candidate) => candidate.fundId === query.fundId);
  if (!fund) return undefined;
  const { fundId, from, to } = query;
  const [money] = await selectRows<Record<string, number>>(
    db,
    sql`WITH loans AS (SELECT f.* FROM financial_contributions f WHERE f.contribution_fund_id = ${fundId}),
         authorized AS (SELECT * FROM loans WHERE authorization_date BETWEEN ${from} AND ${to})
        SELECT
          (SELECT count(*) FROM authorized)::int AS "authorizedCount",
          (SELECT coalesce(sum(round(amount * 100)), 0) FROM authorized)::float8 AS "authorizedCents",
          (SELECT count(DISTINCT d.contribution_id) FROM disbursements d JOIN loans l ON l.id = d.contribution_id
            WHERE d.reversed_at IS NULL AND d.date BETWEEN ${from} AND ${to})::int AS "disbursedCount",
          (SELECT coalesce(sum(d.amount_cents), 0) FROM disbursements d JOIN loans l ON l.id = d.contribution_id
            WHERE d.reversed_at IS NULL AND d.date BETWEEN ${from} AND ${to})::float8 AS "disbursedCents",
          (SELECT count(*) FROM repayments r JOIN loans l ON l.id = r.contribution_id
            WHERE r.reversed_at IS NULL AND r.received_on BETWEEN ${from} AND ${to})::int AS "repaidCount",
          (SELECT coalesce(sum(r.amount_cents), 0) FROM repayments r JOIN loans l ON l.id = r.contribution_id
            WHERE r.reversed_at IS NULL AND r.received_on BETWEEN ${from} AND ${to})::float8 AS "repaidCents",
          (SELECT count(*) FROM write_offs w JOIN loans l ON l.id = w.contribution_id
            WHERE w.undone_at IS NULL AND w.date BETWEEN ${from} AND ${to})::int AS "writtenOffCount",
          (SELECT coalesce(sum(w.principal_cents + w.interest_cents), 0) FROM write_offs w
             JOIN loans l ON l.id = w.contribution_id
            WHERE w.undone_at IS NULL AND w.date BETWEEN ${from} AND ${to})::float8 AS "writtenOffCents",
          (SELECT coalesce(sum(round(project_cost * 100)), 0) FROM authorized
            WHERE project_cost IS NOT NULL AND amount IS NOT NULL)::float8 AS "projectCents",
          (SELECT coalesce(sum(round(amount * 100)), 0) FROM authorized
            WHERE project_cost IS NOT NULL AND amount IS NOT NULL)::float8 AS "contributionCents"`,
  );
  // Each company once, at its first authorization of the period: its count then (the last change on or before
  // that day, or its first known count when the file was entered later) and its count today.
  const [jobs] = await selectRows<{ atAuthorization: number; now: number }>(
    db,
    sql`WITH firsts AS (
          SELECT f.company_id, min(f.authorization_date) AS authorized_on
            FROM financial_contributions f
           WHERE f.contribution_fund_id = ${fundId} AND f.authorization_date BETWEEN ${from} AND ${to}
           GROUP BY f.company_id)
        SELECT coalesce(sum((SELECT h.employee_count FROM company_employee_counts h
                              WHERE h.company_id = x.company_id
                              ORDER BY (h.recorded_on <= x.authorized_on) DESC,
                                       CASE WHEN h.recorded_on <= x.authorized_on THEN h.recorded_on END DESC,
                                       CASE WHEN h.recorded_on <= x.authorized_on THEN h.inserted_at END DESC,
                                       h.recorded_on ASC, h.inserted_at ASC
                              LIMIT 1)), 0)::int AS "atAuthorization",
               coalesce(sum(c.employee_count), 0)::int AS now
          FROM firsts x JOIN companies c ON c.id = x.company_id`,
  );
  const tally = await portfolioTally(db, { fundId, mineUserId: null }, to, query.today);
  const outstanding = tally.funds.find((row) => row.fundId === fundId)?.outstandingPrincipal ?? 0;
  const m = money!;
  return {
    fundId,
    fundName: fund.fundName,
    from,
    to,
    requestsReceived: null,
    requestsDecided: null,
    authorizedCount: m['authorizedCount']!,
    authorizedAmount: dollars(m['authorizedCents']!),
    disbursedCount: m['disbursedCount']!,
    disbursedAmount: dollars(m['disbursedCents']!),
    repaidCount: m['repaidCount']!,
    repaidAmount: dollars(m['repaidCents']!),
    writtenOffCount: m['writtenOffCount']!,
    writtenOffAmount: dollars(m['writtenOffCents']!),
    outstandingAtEnd: dollars(outstanding),
    projectCost: dollars(m['projectCents']!),
    fundContribution: dollars(m['contributionCents']!),
    leverage: leverageOf(m['projectCents']!, m['contributionCents']!),
    jobsAtAuthorization: jobs!.atAuthorization,
    jobsNow: jobs!.now,
  };
}
