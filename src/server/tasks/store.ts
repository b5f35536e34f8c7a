/**
 * Tasks as stored (docs/decisions/0041): the list of My tasks and the administrators' queue, a manual task's
 * insert and a task's change. Generated tasks are the generators' (generators.ts).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Locale } from '../../shared/constants';
import { translate } from '../../shared/i18n';
import { dueGroup, dueRange, type DueGroup, type TaskKind, type TaskStatus } from '../../shared/tasks/rules';
import type { Task } from '../../shared/tasks/schemas';
import { taskTitle } from '../../shared/tasks/titles';
import type { Executor } from '../db/client';
import { iso, selectRow, selectRows, type ReadOptions } from '../db/rows';

export interface TaskRow {
  id: string;
  kind: TaskKind;
  status: TaskStatus;
  /** A generated task's key (rules.ts `sourceKey`); null for a manual one. */
  sourceKey: string | null;
  title: string | null;
  dueOn: string;
  assigneeId: string | null;
  assigneeFirstName: string | null;
  assigneeLastName: string | null;
  assigneeEmail: string | null;
  createdById: string | null;
  companyId: string | null;
  companyName: string | null;
  contributionId: string | null;
  loanNumber: string | null;
  requestId: string | null;
  projectName: string | null;
  conditionText: string | null;
  itemLabelFr: string | null;
  itemLabelEn: string | null;
  occasionOn: string | null;
  lateDays: number | null;
  doneAt: Date | string | null;
  resolvedAt: Date | string | null;
  insertedAt: Date | string;
}

const SELECT = sql`
  SELECT t.id, t.kind, t.status, t.source_key AS "sourceKey", t.title, t.due_on::text AS "dueOn", t.assignee_id AS "assigneeId",
         u.first_name AS "assigneeFirstName", u.last_name AS "assigneeLastName", u.email AS "assigneeEmail",
         t.created_by_id AS "createdById", t.company_id AS "companyId", c.name AS "companyName",
         t.contribution_id AS "contributionId", f.loan_number AS "loanNumber", t.occasion_on::text AS "occasionOn",
         t.late_days AS "lateDays", t.done_at AS "doneAt", t.resolved_at AS "resolvedAt", t.inserted_at AS "insertedAt",
         t.funding_request_id AS "requestId", r.project_name AS "projectName", k.text AS "conditionText",
         i.label_fr AS "itemLabelFr", i.label_en AS "itemLabelEn"
    FROM tasks t
    LEFT JOIN users u ON u.id = t.assignee_id
    LEFT JOIN companies c ON c.id = t.company_id
    LEFT JOIN financial_contributions f ON f.id = t.contribution_id
    LEFT JOIN funding_requests r ON r.id = t.funding_request_id
    LEFT JOIN decision_conditions k ON k.id = t.condition_id
    LEFT JOIN checklist_items i ON i.id = t.checklist_item_id`;

const nameOf = (row: TaskRow) =>
  [row.assigneeFirstName, row.assigneeLastName].filter(Boolean).join(' ').trim() || row.assigneeEmail || '';

export function taskAnswer(row: TaskRow, today: string, locale: Locale): Task {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    title: taskTitle(row, (key, params) => translate(locale, key, params), locale),
    dueOn: row.dueOn,
    dueGroup: dueGroup(row.dueOn, today),
    assignee: row.assigneeId ? { id: row.assigneeId, name: nameOf(row) } : null,
    company: row.companyId ? { id: row.companyId, name: row.companyName ?? '' } : null,
    loan: row.contributionId ? { id: row.contributionId, number: row.loanNumber ?? '' } : null,
    request: row.requestId ? { id: row.requestId, projectName: row.projectName ?? '' } : null,
    lateDays: row.lateDays,
    occasionOn: row.occasionOn,
    doneAt: row.doneAt ? iso(row.doneAt) : null,
    resolvedAt: row.resolvedAt ? iso(row.resolvedAt) : null,
    insertedAt: iso(row.insertedAt),
  };
}

/** Whose tasks: one user's, or the administrators' queue (nobody's). */
export type Owner = { assigneeId: string } | { queue: true };

const ownerWhere = (owner: Owner): SQL =>
  'assigneeId' in owner ? sql`t.assignee_id = ${owner.assigneeId}` : sql`t.assignee_id IS NULL`;

function dueWhere(group: DueGroup | undefined, today: string): SQL {
  if (!group) return sql`TRUE`;
  const { from, to } = dueRange(group, today);
  return sql`${from ? sql`t.due_on >= ${from}` : sql`TRUE`} AND ${to ? sql`t.due_on <= ${to}` : sql`TRUE`}`;
}

/** Open tasks by default, soonest first; `done` and `resolved` lists the closed ones, latest first. */
export async function listTasks(
  db: Executor,
  options: { owner: Owner; due?: DueGroup; status: TaskStatus; today: string; limit: number; offset: number },
): Promise<{ rows: TaskRow[]; totalCount: number; overdueCount: number }> {
  const where = sql`${ownerWhere(options.owner)} AND t.status = ${options.status} AND ${dueWhere(options.due, options.today)}`;
  const order =
    options.status === 'open'
      ? sql`t.due_on ASC, t.inserted_at ASC, t.id`
      : sql`COALESCE(t.done_at, t.resolved_at) DESC, t.id`;
  const rows = await selectRows<TaskRow>(
    db,
    sql`${SELECT} WHERE ${where} ORDER BY ${order} LIMIT ${options.limit} OFFSET ${options.offset}`,
  );
  const [counts] = await selectRows<{ total: number; overdue: number }>(
    db,
    sql`SELECT (SELECT count(*)::int FROM tasks t WHERE ${where}) AS total,
               (SELECT count(*)::int FROM tasks t WHERE ${ownerWhere(options.owner)} AND t.status = 'open'
                   AND t.due_on < ${options.today}) AS overdue`,
  );
  return { rows, totalCount: counts!.total, overdueCount: counts!.overdue };
}

export const findTask = (db: Executor, id: string, options: ReadOptions = {}): Promise<TaskRow | undefined> =>
  selectRow<TaskRow>(db, sql`${SELECT} WHERE t.id = ${id}`, options, 't');

export async function insertManualTask(
  db: Executor,
  input: {
    title: string;
    dueOn: string;
    assigneeId: string | null;
    companyId: string | null;
    contributionId: string | null;
    requestId: string | null;
    createdById: string;
  },
): Promise<string> {
  const [row] = await selectRows<{ id: string }>(
    db,
    sql`INSERT INTO tasks (kind, title, due_on, assignee_id, company_id, contribution_id, funding_request_id,
                           created_by_id)
        VALUES ('manual', ${input.title}, ${input.dueOn}, ${input.assigneeId}, ${input.companyId},
                ${input.contributionId}, ${input.requestId}, ${input.createdById})
        RETURNING id`,
  );
  return row!.id;
}

export async function updateTask(
  db: Executor,
  id: string,
  change: { status?: 'open' | 'done'; title?: string; dueOn?: string; assigneeId?: string | null; byUserId: string },
): Promise<void> {
  const sets: SQL[] = [sql`updated_at = now()`];
  if (change.status === 'done') sets.push(sql`status = 'done', done_at = now(), done_by_id = ${change.byUserId}`);
  if (change.status === 'open') sets.push(sql`status = 'open', done_at = NULL, done_by_id = NULL`);
  if (change.title !== undefined) sets.push(sql`title = ${change.title}`);
  if (change.dueOn !== undefined) sets.push(sql`due_on = ${change.dueOn}`);
  if (change.assigneeId !== undefined) sets.push(sql`assignee_id = ${change.assigneeId}`);
  await db.execute(sql`UPDATE tasks SET ${sql.join(sets, sql`, `)} WHERE id = ${id}`);
}

/** An active user (confirmed, not disabled), who may be given a task. */
export async function isActiveUser(db: Executor, id: string): Promise<boolean> {
  const rows = await selectRows(
    db,
    sql`SELECT 1 FROM users WHERE id = ${id} AND confirmed_at IS NOT NULL AND disabled_at IS NULL`,
  );
  return rows.length > 0;
}

/**
 * The company a task is about: the one named, its loan's, its funding request's — all the same company, or
 * undefined (a 404: a loan or request unknown, or of another company than the one named). Every staff user may
 * see every request (ADR 0040), so a request that exists is one the user may put a task on.
 */
export async function subjectOf(
  db: Executor,
  subject: { companyId: string | null; contributionId: string | null; requestId: string | null },
): Promise<{ companyId: string | null } | undefined> {
  let companyId = subject.companyId;
  const owners: SQL[] = [];
  if (subject.contributionId) {
    owners.push(sql`(SELECT company_id FROM financial_contributions WHERE id = ${subject.contributionId})`);
  }
  if (subject.requestId) owners.push(sql`(SELECT company_id FROM funding_requests WHERE id = ${subject.requestId})`);
  for (const owner of owners) {
    const [row] = await selectRows<{ companyId: string | null }>(db, sql`SELECT ${owner} AS "companyId"`);
    if (!row?.companyId || (companyId && row.companyId !== companyId)) return undefined;
    companyId = row.companyId;
  }
  if (companyId && owners.length === 0) {
    const [company] = await selectRows(db, sql`SELECT 1 FROM companies WHERE id = ${companyId}`);
    if (!company) return undefined;
  }
  return { companyId };
}

/** A user's daily digest settings as saved; undefined for one who never saved any. */
export async function findDigestSettings(
  db: Executor,
  userId: string,
): Promise<{ digestEnabled: boolean; digestTime: string } | undefined> {
  const [row] = await selectRows<{ digestEnabled: boolean; digestTime: string }>(
    db,
    sql`SELECT digest_enabled AS "digestEnabled", to_char(digest_time, 'HH24:MI') AS "digestTime"
          FROM notification_settings WHERE user_id = ${userId}`,
  );
  return row;
}

/** Saves a user's daily digest settings (HH:MM, Québec time), the first time or again. */
export async function saveDigestSettings(
  db: Executor,
  userId: string,
  settings: { digestEnabled: boolean; digestTime: string },
): Promise<void> {
  await db.execute(sql`
    INSERT INTO notification_settings (user_id, digest_enabled, digest_time)
    VALUES (${userId}, ${settings.digestEnabled}, ${settings.digestTime}::time)
    ON CONFLICT (user_id) DO UPDATE
      SET digest_enabled = EXCLUDED.digest_enabled, digest_time = EXCLUDED.digest_time, updated_at = now()`);
}
