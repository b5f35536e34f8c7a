/**
 * The fund activity report's figures (docs/decisions/0041): recorded money summed from the servicing tables (an
 * entry reversed, or a write-off undone, counts for nothing, as everywhere), what was written off from the loans'
 * own computed figures (docs/decisions/0061), the outstanding principal at the
 * period's end from the portfolio's tally (loan_states on today, the servicing computation on another day), and
 * the jobs from the employee count's history; the requests received and decided from the pipeline's tables.
 */
import { toDollars as dollars } from '../../shared/money';
import { sql } from 'drizzle-orm';
import type { Locale } from '../../shared/constants';
import { APPROVAL_OUTCOMES, type DecisionOutcome } from '../../shared/pipeline/committee';
import { leverageOf, type FundActivity } from '../../shared/tasks/report';
import type { Db } from '../db/client';
import { selectRows } from '../db/rows';
import { fundNames, portfolioTally } from '../portfolio/figures-store';
import { outsidePipelineFigures } from '../decisions/report-store';
import { computeState, currentBuckets, loansWrittenOffIn } from '../servicing/store';

type RequestFigures = Pick<
  FundActivity,
  | 'requestsReceived'
  | 'requestsReceivedAmount'
  | 'requestsDecided'
  | 'requestsApproved'
  | 'requestsApprovedAmount'
  | 'requestsApprovedWithConditions'
  | 'requestsApprovedWithConditionsAmount'
  | 'requestsDeclined'
  | 'requestsDeclinedAmount'
  | 'requestsDeferred'
  | 'requestsDeferredAmount'
>;

/**
 * Requests received and decided (ADR 0045): received, those asking money of the fund whose move to `submitted`
 * fell in the period (a Québec day); decided, the committee's decisions dated in the period on requests asking
 * money of the fund, by outcome — an approval counting the fund's decided amount, a decline or a deferral the
 * amount asked of the fund. A request deferred and decided again in the period is two decisions.
 */
async function requestFigures(db: Db, query: { fundId: string; from: string; to: string }): Promise<RequestFigures> {
  const { fundId, from, to } = query;
  const [received] = await selectRows<{ count: number; cents: number }>(
    db,
    sql`SELECT count(*)::int AS count, coalesce(sum(a.amount_cents), 0)::float8 AS cents
          FROM funding_request_amounts a
         WHERE a.fund_id = ${fundId}
           AND EXISTS (SELECT 1 FROM funding_request_moves m
                        WHERE m.request_id = a.request_id AND m.to_state = 'submitted'
                          AND (m.inserted_at AT TIME ZONE 'America/Toronto')::date BETWEEN ${from} AND ${to})`,
  );
  const decided = await selectRows<{ outcome: DecisionOutcome; count: number; cents: number }>(
    db,
    sql`SELECT d.outcome, count(*)::int AS count,
               coalesce(sum(CASE WHEN d.outcome IN ${APPROVAL_OUTCOMES}
                                 THEN coalesce(da.amount_cents, 0) ELSE a.amount_cents END), 0)::float8 AS cents
          FROM committee_decisions d
          JOIN funding_request_amounts a ON a.request_id = d.request_id AND a.fund_id = ${fundId}
          LEFT JOIN decision_amounts da ON da.decision_id = d.id AND da.fund_id = ${fundId}
         WHERE d.decided_on BETWEEN ${from} AND ${to}
         GROUP BY d.outcome`,
  );
  const of = (outcome: DecisionOutcome) => decided.find((row) => row.outcome === outcome) ?? { count: 0, cents: 0 };
  return {
    requestsReceived: received!.count,
    requestsReceivedAmount: dollars(received!.cents),
    requestsDecided: decided.reduce((sum, row) => sum + row.count, 0),
    requestsApproved: of('approved').count,
    requestsApprovedAmount: dollars(of('approved').cents),
    requestsApprovedWithConditions: of('approved_with_conditions').count,
    requestsApprovedWithConditionsAmount: dollars(of('approved_with_conditions').cents),
    requestsDeclined: of('declined').count,
    requestsDeclinedAmount: dollars(of('declined').cents),
    requestsDeferred: of('deferred').count,
    requestsDeferredAmount: dollars(of('deferred').cents),
  };
}

/**
 * The loans of the fund written off in the period (a write-off in force dated in it) and what they wrote off,
 * principal and interest: each loan's own figures as the computation gives them (as of the period's end, on or
 * after its write-off), the same figures its loan page shows — never a copy kept when the write-off was recorded.
 */
async function writtenOffFigures(db: Db, query: { fundId: string; from: string; to: string }) {
  const buckets = await currentBuckets(db);
  let cents = 0;
  const loans = await loansWrittenOffIn(db, query);
  for (const { loan, entries } of loans) {
    const { figures } = computeState(loan, entries, query.to, buckets);
    if (figures) cents += figures.writtenOffPrincipal + figures.writtenOffInterest;
  }
  return { count: loans.length, cents };
}

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
  const writtenOff = await writtenOffFigures(db, { fundId, from, to });
  const requests = await requestFigures(db, { fundId, from, to });
  const tally = await portfolioTally(db, { fundId, mineUserId: null }, to, query.today);
  const outstanding = tally.funds.find((row) => row.fundId === fundId)?.outstandingPrincipal ?? 0;
  const m = money!;
  return {
    fundId,
    fundName: fund.fundName,
    from,
    to,
    ...requests,
    authorizedCount: m['authorizedCount']!,
    authorizedAmount: dollars(m['authorizedCents']!),
    disbursedCount: m['disbursedCount']!,
    disbursedAmount: dollars(m['disbursedCents']!),
    repaidCount: m['repaidCount']!,
    repaidAmount: dollars(m['repaidCents']!),
    writtenOffCount: writtenOff.count,
    writtenOffAmount: dollars(writtenOff.cents),
    outstandingAtEnd: dollars(outstanding),
    projectCost: dollars(m['projectCents']!),
    fundContribution: dollars(m['contributionCents']!),
    leverage: leverageOf(m['projectCents']!, m['contributionCents']!),
    jobsAtAuthorization: jobs!.atAuthorization,
    jobsNow: jobs!.now,
    outsidePipeline: await outsidePipelineFigures(db, { fundId, from, to }),
  };
}
