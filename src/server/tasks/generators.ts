/**
 * The generators of tasks (docs/decisions/0041): each reads a cause Atrium knows, decides with the pure rules of
 * src/shared/tasks/rules.ts and inserts the task under its unique source key, so running one twice (two
 * processes, a save and the sweep) creates nothing more. Closing a task whose cause is gone is the database's
 * (triggers of migration `tasks_resolved_by_cause`), in the transaction of the write that removes the cause.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  LATE_THRESHOLDS,
  crossedThreshold,
  followupTaskWanted,
  followupWindow,
  sourceKey,
  statementDue,
  thresholdDay,
  type GeneratedKind,
} from '../../shared/tasks/rules';
import { daysBetween } from '../../shared/servicing/calendar';
import type { Db, Executor } from '../db/client';
import { selectRows } from '../db/rows';
import { freshLoanStates } from '../servicing/store';

/** Which companies a run looks at: all, one (its save), or those a user oversees / nobody oversees. */
export type GenerationScope =
  { all: true } | { companyId: string } | { overseeingUserId: string } | { unassigned: true };

interface Generated {
  kind: GeneratedKind;
  key: string;
  dueOn: string;
  companyId: string;
  contributionId: string | null;
  occasionOn: string;
  lateDays: number | null;
}

function companyWhere(scope: GenerationScope): SQL {
  if ('companyId' in scope) return sql`c.id = ${scope.companyId}`;
  if ('overseeingUserId' in scope) return sql`c.overseeing_user_id = ${scope.overseeingUserId}`;
  if ('unassigned' in scope) return sql`c.overseeing_user_id IS NULL`;
  return sql`TRUE`;
}

/** Inserts what is not there yet; answers the keys it created. */
async function insertGenerated(db: Executor, rows: Generated[]): Promise<string[]> {
  if (rows.length === 0) return [];
  const created = await selectRows<{ key: string }>(
    db,
    sql`INSERT INTO tasks (kind, source_key, due_on, company_id, contribution_id, occasion_on, late_days, assignee_id)
        SELECT g.kind, g.key, g."dueOn", g."companyId", g."contributionId", g."occasionOn", g."lateDays",
               (SELECT u.id FROM companies c JOIN users u ON u.id = c.overseeing_user_id
                 WHERE c.id = g."companyId" AND u.disabled_at IS NULL AND u.confirmed_at IS NOT NULL)
          FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
               AS g(kind text, key text, "dueOn" date, "companyId" uuid, "contributionId" uuid,
                    "occasionOn" date, "lateDays" smallint)
        ON CONFLICT (source_key) DO NOTHING
        RETURNING source_key AS key`,
  );
  return created.map((row) => row.key);
}

/** A loan's follow-up date, from a week ahead (FOLLOWUP_LEAD_DAYS) back to the look-back window. */
async function followups(db: Executor, today: string, scope: GenerationScope): Promise<Generated[]> {
  const { from, to } = followupWindow(today);
  const rows = await selectRows<{ id: string; companyId: string; followupOn: string }>(
    db,
    sql`SELECT f.id, f.company_id AS "companyId", f.followup_date::text AS "followupOn"
          FROM financial_contributions f JOIN companies c ON c.id = f.company_id
         WHERE c.archived_at IS NULL AND f.followup_date BETWEEN ${from} AND ${to} AND ${companyWhere(scope)}`,
  );
  return rows
    .filter((row) => followupTaskWanted(row.followupOn, today))
    .map((row) => ({
      kind: 'followup',
      key: sourceKey({ kind: 'followup', loanId: row.id, followupOn: row.followupOn }),
      dueOn: row.followupOn,
      companyId: row.companyId,
      contributionId: row.id,
      occasionOn: row.followupOn,
      lateDays: null,
    }));
}

/** The latest financial year's statements, once past their grace months and not entered. */
async function statements(db: Executor, today: string, scope: GenerationScope): Promise<Generated[]> {
  const rows = await selectRows<{ id: string; yearEnd: string; years: number[] }>(
    db,
    sql`SELECT c.id, c.end_of_financial_year AS "yearEnd",
               COALESCE((SELECT array_agg(s.year) FROM financial_statements s
                          WHERE s.company_id = c.id AND s.year IS NOT NULL), '{}') AS years
          FROM companies c
         WHERE c.archived_at IS NULL AND c.end_of_financial_year IS NOT NULL AND ${companyWhere(scope)}`,
  );
  return rows.flatMap((row): Generated[] => {
    const due = statementDue(row.yearEnd, today);
    if (!due || row.years.map(Number).includes(due.year)) return [];
    return [
      {
        kind: 'statement',
        key: sourceKey({ kind: 'statement', companyId: row.id, year: due.year }),
        dueOn: due.dueOn,
        companyId: row.id,
        contributionId: null,
        occasionOn: due.yearEnd,
        lateDays: null,
      },
    ];
  });
}

/**
 * Loans past 1, 30 and 90 days late, read from `loan_states` (made fresh for today first: ADR 0036) — the
 * highest threshold crossed, which supersedes (resolves) the same late spell's lower one.
 */
async function lateLoans(db: Db, today: string, scope: GenerationScope): Promise<Generated[]> {
  const rows = await selectRows<{ id: string; companyId: string; overdueSince: string }>(
    db,
    sql`SELECT f.id, f.company_id AS "companyId", s.overdue_since::text AS "overdueSince"
          FROM loan_states s
          JOIN financial_contributions f ON f.id = s.contribution_id
          JOIN companies c ON c.id = f.company_id
         WHERE s.status = 'active' AND s.overdue_since IS NOT NULL
           AND s.overdue_since <= ${today}::date - ${LATE_THRESHOLDS[0]}::int
           AND c.archived_at IS NULL AND ${companyWhere(scope)}`,
  );
  return rows.flatMap((row): Generated[] => {
    const threshold = crossedThreshold(daysBetween(row.overdueSince, today));
    if (!threshold) return [];
    return [
      {
        kind: 'late',
        key: sourceKey({ kind: 'late', loanId: row.id, overdueSince: row.overdueSince, threshold }),
        dueOn: thresholdDay(row.overdueSince, threshold),
        companyId: row.companyId,
        contributionId: row.id,
        occasionOn: row.overdueSince,
        lateDays: threshold,
      },
    ];
  });
}

/** The late spell's lower thresholds, once a higher one has its task. */
async function resolveSuperseded(db: Executor, contributionIds: string[]): Promise<void> {
  if (contributionIds.length === 0) return;
  await db.execute(
    sql`UPDATE tasks t SET status = 'resolved', resolved_at = now(), updated_at = now()
         WHERE t.kind = 'late' AND t.status = 'open' AND t.contribution_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(contributionIds)}::jsonb)::uuid)
           AND EXISTS (SELECT 1 FROM tasks h WHERE h.kind = 'late' AND h.contribution_id = t.contribution_id
                        AND h.occasion_on = t.occasion_on AND h.late_days > t.late_days)`,
  );
}

/**
 * Every generator over the scope, as of `today` (Québec). Follow-ups and statements may run inside a save's
 * transaction (`tx`); late loans need their rows of figures fresh, which `freshLoanStates` writes in its own
 * transactions, so they run on the database itself (`db`).
 */
export async function generateTasks(db: Db, today: string, scope: GenerationScope): Promise<{ created: string[] }> {
  const created = [...(await generateFromCompany(db, today, scope))];
  await freshLoanStates(db, today);
  const late = await lateLoans(db, today, scope);
  created.push(...(await insertGenerated(db, late)));
  await resolveSuperseded(
    db,
    late.map((row) => row.contributionId!),
  );
  return { created };
}

/** What the company's own file causes (follow-up dates, statements): runs in a company save's transaction. */
export async function generateFromCompany(db: Executor, today: string, scope: GenerationScope): Promise<string[]> {
  return insertGenerated(db, [...(await followups(db, today, scope)), ...(await statements(db, today, scope))]);
}
