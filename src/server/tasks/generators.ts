/**
 * The generators of tasks (docs/decisions/0041): each reads a cause Atrium knows, decides with the pure rules of
 * src/shared/tasks/rules.ts and inserts the task under its unique source key, so running one twice (two
 * processes, a save and the sweep) creates nothing more. Closing a task whose cause is gone is the database's
 * (triggers of migration `tasks_resolved_by_cause`), in the transaction of the write that removes the cause.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { ChecklistStage, RequestState } from '../../shared/pipeline/states';
import { QUEBEC_TIME_ZONE, todayIso } from '../../shared/portfolio/schedule';
import { DEFAULT_OFFER_SIGN_DAYS } from '../../shared/letters/fields';
import {
  CONDITION_LEAD_DAYS,
  LATE_THRESHOLDS,
  checklistTaskWanted,
  conditionTaskWanted,
  crossedThreshold,
  followupTaskWanted,
  followupWindow,
  offerTaskWanted,
  offerUnsignedDueOn,
  sourceKey,
  statementDue,
  thresholdDay,
  type GeneratedKind,
} from '../../shared/tasks/rules';
import { addDays, daysBetween } from '../../shared/servicing/calendar';
import type { Db, Executor } from '../db/client';
import { selectRows } from '../db/rows';
import { freshLoanStates } from '../servicing/store';
import { guaranteeTasks } from '../guarantees/tasks';
import { generatePrivacyRequestTasks } from '../privacy/tasks';

/**
 * Which causes a run looks at: all, one company's (its save), or those whose task goes to a user / to nobody
 * (the administrators' queue) — for a company's own causes, the companies that user oversees (or nobody does).
 */
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
  requestId?: string | null;
  conditionId?: string | null;
  checklistItemId?: string | null;
}

const ACTIVE = (alias: string) => sql.raw(`${alias}.disabled_at IS NULL AND ${alias}.confirmed_at IS NOT NULL`);

/**
 * Who a generated task goes to (ADR 0041, 0045): the request's analyst when the task is about a request, else
 * (or when that analyst is no longer active) the company's overseeing user while active; else nobody — the
 * administrators' queue. The one place the rule lives: the insert and the scope of a run both read it.
 */
function assigneeOf(requestId: SQL, companyId: SQL): SQL {
  return sql`COALESCE(
    (SELECT au.id FROM funding_requests ar JOIN users au ON au.id = ar.assignee_id
      WHERE ar.id = ${requestId} AND ${ACTIVE('au')}),
    (SELECT ou.id FROM companies oc JOIN users ou ON ou.id = oc.overseeing_user_id
      WHERE oc.id = ${companyId} AND ${ACTIVE('ou')}))`;
}

/** The scope over a request's causes (aliases `r`, the request, and `c`, its company). */
function requestWhere(scope: GenerationScope): SQL {
  if ('companyId' in scope) return sql`c.id = ${scope.companyId}`;
  if ('overseeingUserId' in scope) return sql`${assigneeOf(sql`r.id`, sql`r.company_id`)} = ${scope.overseeingUserId}`;
  if ('unassigned' in scope) return sql`${assigneeOf(sql`r.id`, sql`r.company_id`)} IS NULL`;
  return sql`TRUE`;
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
    sql`INSERT INTO tasks (kind, source_key, due_on, company_id, contribution_id, occasion_on, late_days,
                           funding_request_id, condition_id, checklist_item_id, assignee_id)
        SELECT g.kind, g.key, g."dueOn", g."companyId", g."contributionId", g."occasionOn", g."lateDays",
               g."requestId", g."conditionId", g."checklistItemId", ${assigneeOf(sql`g."requestId"`, sql`g."companyId"`)}
          FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
               AS g(kind text, key text, "dueOn" date, "companyId" uuid, "contributionId" uuid,
                    "occasionOn" date, "lateDays" smallint, "requestId" uuid, "conditionId" uuid,
                    "checklistItemId" uuid)
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

/**
 * A decision condition coming due: open, with a due date within the lead days or past, on a request that still
 * binds it (`conditionTaskWanted`). Due on its due date.
 */
async function conditions(db: Executor, today: string, scope: GenerationScope): Promise<Generated[]> {
  const rows = await selectRows<{
    id: string;
    dueOn: string;
    requestId: string;
    companyId: string;
    state: RequestState;
  }>(
    db,
    sql`SELECT k.id, k.due_date::text AS "dueOn", r.id AS "requestId", r.company_id AS "companyId", r.state
          FROM decision_conditions k
          JOIN funding_requests r ON r.id = k.request_id
          JOIN companies c ON c.id = r.company_id
         WHERE k.status = 'open' AND k.due_date <= ${addDays(today, CONDITION_LEAD_DAYS)}
           AND c.archived_at IS NULL AND ${requestWhere(scope)}`,
  );
  return rows
    .filter((row) => conditionTaskWanted(row.dueOn, row.state, today))
    .map((row) => ({
      kind: 'condition',
      key: sourceKey({ kind: 'condition', conditionId: row.id, dueOn: row.dueOn }),
      dueOn: row.dueOn,
      companyId: row.companyId,
      contributionId: null,
      occasionOn: row.dueOn,
      lateDays: null,
      requestId: row.requestId,
      conditionId: row.id,
    }));
}

/**
 * A required checklist item neither verified nor waived, of the stage its request cannot leave without it
 * (`checklistTaskWanted`). Due on the (Québec) day the request entered that state: it has been holding it since.
 */
async function checklist(db: Executor, scope: GenerationScope): Promise<Generated[]> {
  const rows = await selectRows<{
    id: string;
    stage: ChecklistStage;
    required: boolean;
    status: string;
    requestId: string;
    companyId: string;
    state: RequestState;
    since: Date | string;
  }>(
    db,
    sql`SELECT i.id, i.stage, i.required, i.status, r.id AS "requestId", r.company_id AS "companyId", r.state,
               r.state_changed_at AS since
          FROM checklist_items i
          JOIN funding_requests r ON r.id = i.request_id
          JOIN companies c ON c.id = r.company_id
         WHERE i.required AND i.status NOT IN ('verified', 'waived')
           AND c.archived_at IS NULL AND ${requestWhere(scope)}`,
  );
  return rows
    .filter((row) => checklistTaskWanted(row, row.state))
    .map((row) => {
      const since = todayIso(new Date(row.since));
      return {
        kind: 'checklist',
        key: sourceKey({ kind: 'checklist', itemId: row.id }),
        dueOn: since,
        companyId: row.companyId,
        contributionId: null,
        occasionOn: since,
        lateDays: null,
        requestId: row.requestId,
        checklistItemId: row.id,
      };
    });
}

/**
 * An offer letter not signed within its fund's days (ADR 0074; 60 unless an administrator set the fund's): due the
 * day the delay runs out. Signing the letter resolves it (letters/actions.ts).
 */
async function unsignedOffers(db: Executor, today: string, scope: GenerationScope): Promise<Generated[]> {
  const rows = await selectRows<{
    id: string;
    companyId: string;
    contributionId: string | null;
    requestId: string | null;
    state: string;
    generatedOn: string;
    days: number;
  }>(
    db,
    sql`SELECT l.id, l.company_id AS "companyId", l.contribution_id AS "contributionId",
               l.funding_request_id AS "requestId", l.state,
               (l.inserted_at AT TIME ZONE ${QUEBEC_TIME_ZONE})::date::text AS "generatedOn",
               COALESCE(s.offer_sign_days, ${DEFAULT_OFFER_SIGN_DAYS}) AS days
          FROM letters l
          JOIN companies c ON c.id = l.company_id
          LEFT JOIN fund_letter_settings s ON s.fund_id = l.fund_id
         WHERE l.kind = 'offer_letter' AND l.state <> 'signed' AND c.archived_at IS NULL AND ${companyWhere(scope)}`,
  );
  return rows
    .filter((row) => offerTaskWanted(row.state, row.generatedOn, Number(row.days), today))
    .map((row) => ({
      kind: 'offer_unsigned',
      key: sourceKey({ kind: 'offer_unsigned', letterId: row.id }),
      dueOn: offerUnsignedDueOn(row.generatedOn, Number(row.days)),
      companyId: row.companyId,
      contributionId: row.contributionId,
      occasionOn: row.generatedOn,
      lateDays: null,
      requestId: row.requestId,
    }));
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
  const created = [...(await generateFromCompany(db, today, scope)), ...(await generateFromRequests(db, today, scope))];
  if ('all' in scope || 'unassigned' in scope) created.push(...(await generatePrivacyRequestTasks(db)));
  await freshLoanStates(db, today);
  const late = await lateLoans(db, today, scope);
  created.push(...(await insertGenerated(db, late)));
  await resolveSuperseded(
    db,
    late.map((row) => row.contributionId!),
  );
  return { created };
}

/** What the company's own file causes (follow-up dates, statements, guarantees): runs in a company save's transaction. */
export async function generateFromCompany(db: Executor, today: string, scope: GenerationScope): Promise<string[]> {
  return insertGenerated(db, [
    ...(await followups(db, today, scope)),
    ...(await statements(db, today, scope)),
    ...(await guaranteeTasks(db, today, companyWhere(scope))),
    ...(await unsignedOffers(db, today, scope)),
  ]);
}

/** What the funding requests cause (conditions coming due, required checklist items missing). */
export async function generateFromRequests(db: Executor, today: string, scope: GenerationScope): Promise<string[]> {
  return insertGenerated(db, [...(await conditions(db, today, scope)), ...(await checklist(db, scope))]);
}
