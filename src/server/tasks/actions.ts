import type { Locale } from '../../shared/constants';
import { formatDay } from '../../shared/intl';
import { todayIso } from '../../shared/portfolio/schedule';
import { addMonths } from '../../shared/servicing/calendar';
import { DUE_FUTURE_YEARS, DUE_PAST_YEARS, canTransition, dueDateInRange } from '../../shared/tasks/rules';
import type { Task, TaskInput, TaskPatch } from '../../shared/tasks/schemas';
import { DIGEST_DEFAULT_TIME, type NotificationSettings } from '../../shared/tasks/reminders';
import type { Db } from '../db/client';
import { AppError, forbidden, invalid, notFound } from '../platform/errors/app-error';
import { calendarLinkCreatedAt } from './calendar';
import {
  findDigestSettings,
  findTask,
  insertManualTask,
  isActiveUser,
  saveDigestSettings,
  subjectOf,
  taskAnswer,
  updateTask,
  type TaskRow,
} from './store';

/**
 * Tasks' and reminders' use cases (docs/decisions/0041, 0044): each checks the rules (due range, transitions, who
 * may assign), calls the store, in one transaction where it writes more than once, and answers what is now kept.
 * The routes only read the contract and answer.
 */

/** Who acts: a task's visibility and the queue depend on it. */
export interface Actor {
  id: string;
  role: string;
}

/** The range a due date may take, in the reader's words (rules.ts `dueDateInRange`). */
function dueOutOfRange(today: string, locale: Locale): AppError {
  return invalid({
    due_on: [
      {
        key: 'tasks.errors.dueOutOfRange',
        params: {
          from: formatDay(addMonths(today, -12 * DUE_PAST_YEARS), locale),
          to: formatDay(addMonths(today, 12 * DUE_FUTURE_YEARS), locale),
        },
      },
    ],
  });
}

const assigneeInactive = () => invalid({ assignee_id: [{ key: 'tasks.errors.assigneeInactive', params: {} }] });

/** A task is seen by whoever it is assigned to, who created it, and the administrators. */
function visibleTo(row: TaskRow, user: Actor): boolean {
  return user.role === 'admin' || row.assigneeId === user.id || row.createdById === user.id;
}

/** A task typed by hand, on a company, one of its loans or one of its funding requests; the author's by default. */
export async function addTask(db: Db, user: Actor, input: TaskInput, locale: Locale): Promise<Task> {
  const today = todayIso();
  if (!dueDateInRange(input.dueOn, today)) throw dueOutOfRange(today, locale);
  const assigneeId = input.assigneeId ?? user.id;
  if (!(await isActiveUser(db, assigneeId))) throw assigneeInactive();
  return db.transaction(async (tx) => {
    const subject = await subjectOf(tx, {
      companyId: input.companyId,
      contributionId: input.contributionId,
      requestId: input.fundingRequestId,
    });
    if (!subject) throw notFound();
    const id = await insertManualTask(tx, {
      title: input.title,
      dueOn: input.dueOn,
      assigneeId,
      companyId: subject.companyId,
      contributionId: input.contributionId,
      requestId: input.fundingRequestId,
      createdById: user.id,
    });
    return taskAnswer((await findTask(tx, id))!, today, locale);
  });
}

/**
 * Marks a task done or open again (not one closed by its cause), changes a manual task's title and due date, or
 * its assignee (null: back to the administrators' queue, administrators only).
 */
export async function changeTask(db: Db, user: Actor, id: string, input: TaskPatch, locale: Locale): Promise<Task> {
  const today = todayIso();
  return db.transaction(async (tx) => {
    const row = await findTask(tx, id, { lock: true });
    if (!row || !visibleTo(row, user)) throw notFound();
    if (input.status && !canTransition(row.status, input.status)) {
      throw new AppError(409, 'invalid_transition', `tasks.errors.transition.${row.status}`);
    }
    if (row.kind !== 'manual' && (input.title !== undefined || input.dueOn !== undefined)) {
      throw invalid({
        [input.title !== undefined ? 'title' : 'due_on']: [{ key: 'tasks.errors.generatedFixed', params: {} }],
      });
    }
    if (input.dueOn !== undefined && !dueDateInRange(input.dueOn, today)) throw dueOutOfRange(today, locale);
    // Back to the administrators' queue: theirs to hand out again, so theirs to send back (ADR 0045).
    if (input.assigneeId === null && user.role !== 'admin') throw forbidden();
    if (input.assigneeId && !(await isActiveUser(tx, input.assigneeId))) throw assigneeInactive();
    await updateTask(tx, row.id, {
      ...(input.status && input.status !== row.status ? { status: input.status } : {}),
      ...(input.title !== undefined ? { title: input.title } : {}),
      ...(input.dueOn !== undefined ? { dueOn: input.dueOn } : {}),
      ...(input.assigneeId !== undefined ? { assigneeId: input.assigneeId } : {}),
      byUserId: user.id,
    });
    return taskAnswer((await findTask(tx, row.id))!, today, locale);
  });
}

/** My reminders (docs/decisions/0044): the daily digest (off until saved) and whether a calendar link exists. */
export async function reminderSettingsOf(db: Db, userId: string): Promise<NotificationSettings> {
  const saved = await findDigestSettings(db, userId);
  const linkCreatedAt = await calendarLinkCreatedAt(db, userId);
  return {
    digestEnabled: saved?.digestEnabled ?? false,
    digestTime: saved?.digestTime ?? DIGEST_DEFAULT_TIME,
    calendarLinkCreatedAt: linkCreatedAt?.toISOString() ?? null,
  };
}

/** Turns the daily digest on or off and sets its time of day; answers my reminders as they are now. */
export async function saveReminderSettings(
  db: Db,
  userId: string,
  settings: { digestEnabled: boolean; digestTime: string },
): Promise<NotificationSettings> {
  await saveDigestSettings(db, userId, settings);
  return reminderSettingsOf(db, userId);
}
