import { z } from 'zod';
import { formatDay } from '../../shared/intl';
import { todayIso } from '../../shared/portfolio/schedule';
import { addMonths } from '../../shared/servicing/calendar';
import {
  DUE_FUTURE_YEARS,
  DUE_GROUPS,
  DUE_PAST_YEARS,
  TASK_STATUSES,
  canTransition,
  dueDateInRange,
  type DueGroup,
  type TaskStatus,
} from '../../shared/tasks/rules';
import { taskInputSchema, taskListMetaSchema, taskPatchSchema, taskSchema } from '../../shared/tasks/schemas';
import { userOf } from '../platform/auth/plugin';
import { AppError, badParameter, forbidden, invalid, notFound } from '../platform/errors/app-error';
import { envelopeContract, uuid } from '../platform/http/contract';
import { listContract, listMeta, pageWindow, parseListParams, type ListOptions } from '../platform/http/list-params';
import { ok } from '../platform/http/wire';
import type { FeatureRoutes } from '../platform/route-deps';
import type { Locale } from '../../shared/constants';
import { generateTasks } from './generators';
import { startTicker, type Ticker } from '../platform/periodic/ticker';
import { TASKS_SWEEP, TASKS_SWEEP_INTERVAL_MS, sweepTasks } from './sweep';
import {
  findTask,
  insertManualTask,
  isActiveUser,
  listTasks,
  subjectOf,
  taskAnswer,
  updateTask,
  type Owner,
  type TaskRow,
} from './store';

const tags = ['tasks'];

const LIST: ListOptions<never> = {
  sortable: [],
  defaultSort: [],
  filters: ['assignee', 'due', 'status'],
};

const list = listContract({
  summary:
    "My tasks (filter[assignee]=me, the default) or the administrators' queue (filter[assignee]=queue), by due group (filter[due]=overdue|week|later); open ones unless filter[status]=done|resolved",
  tags,
  options: LIST,
  item: taskSchema,
  meta: taskListMetaSchema,
});
const create = envelopeContract({
  summary:
    'A task typed by hand, on a company, one of its loans or one of its funding requests (404 for a loan or request of another company)',
  tags,
  body: taskInputSchema,
  answer: taskSchema,
  status: 201,
});
const change = envelopeContract({
  summary:
    'Marks a task done or open again (409 for one closed by its cause); a manual task’s title and due date; the assignee (null: back to the administrators’ queue, administrators only)',
  tags,
  params: z.object({ id: uuid() }),
  body: taskPatchSchema,
  answer: taskSchema,
});

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

/** A task is seen by whoever it is assigned to, who created it, and the administrators. */
function visibleTo(row: TaskRow, user: { id: string; role: string }): boolean {
  return user.role === 'admin' || row.assigneeId === user.id || row.createdById === user.id;
}

/** Tasks: My tasks, manual tasks, marking done (docs/decisions/0041). */
export const taskRoutes: FeatureRoutes = async (app, { database }) => {
  const { db } = database;

  app.get('/tasks', list, async (request) => {
    const user = userOf(request);
    const params = parseListParams(request.query, LIST);
    const assignee = params.filters['assignee'] ?? 'me';
    if (assignee !== 'me' && assignee !== 'queue') throw badParameter('filter[assignee]');
    if (assignee === 'queue' && user.role !== 'admin') throw forbidden();
    const due = params.filters['due'];
    if (due !== undefined && !(DUE_GROUPS as readonly string[]).includes(due)) throw badParameter('filter[due]');
    const status = params.filters['status'] ?? 'open';
    if (!(TASK_STATUSES as readonly string[]).includes(status)) throw badParameter('filter[status]');

    const today = todayIso();
    const owner: Owner = assignee === 'me' ? { assigneeId: user.id } : { queue: true };
    // The periodic sweep may be behind (it runs hourly): what time alone made due is generated for this
    // list's companies before answering; what a write resolved was closed by that write (ADR 0041).
    await generateTasks(db, today, assignee === 'me' ? { overseeingUserId: user.id } : { unassigned: true });
    const { limit, offset } = pageWindow(params);
    const result = await listTasks(db, {
      owner,
      due: due as DueGroup | undefined,
      status: status as TaskStatus,
      today,
      limit,
      offset,
    });
    return ok(
      result.rows.map((row) => taskAnswer(row, today, request.locale)),
      { ...listMeta(result.totalCount, params.pageNumber, params.pageSize), overdueCount: result.overdueCount },
    );
  });

  app.post('/tasks', create, async (request, reply) => {
    const user = userOf(request);
    const input = request.body;
    const today = todayIso();
    if (!dueDateInRange(input.dueOn, today)) throw dueOutOfRange(today, request.locale);
    const assigneeId = input.assigneeId ?? user.id;
    if (!(await isActiveUser(db, assigneeId))) {
      throw invalid({ assignee_id: [{ key: 'tasks.errors.assigneeInactive', params: {} }] });
    }
    const answer = await db.transaction(async (tx) => {
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
      return taskAnswer((await findTask(tx, id))!, today, request.locale);
    });
    return reply.code(201).send(ok(answer));
  });

  app.patch('/tasks/:id', change, async (request) => {
    const user = userOf(request);
    const input = request.body;
    const today = todayIso();
    return db.transaction(async (tx) => {
      const row = await findTask(tx, request.params.id, { lock: true });
      if (!row || !visibleTo(row, user)) throw notFound();
      if (input.status && !canTransition(row.status, input.status)) {
        throw new AppError(409, 'invalid_transition', `tasks.errors.transition.${row.status}`);
      }
      if (row.kind !== 'manual' && (input.title !== undefined || input.dueOn !== undefined)) {
        throw invalid({
          [input.title !== undefined ? 'title' : 'due_on']: [{ key: 'tasks.errors.generatedFixed', params: {} }],
        });
      }
      if (input.dueOn !== undefined && !dueDateInRange(input.dueOn, today)) throw dueOutOfRange(today, request.locale);
      // Back to the administrators' queue: theirs to hand out again, so theirs to send back (ADR 0045).
      if (input.assigneeId === null && user.role !== 'admin') throw forbidden();
      if (input.assigneeId && !(await isActiveUser(tx, input.assigneeId))) {
        throw invalid({ assignee_id: [{ key: 'tasks.errors.assigneeInactive', params: {} }] });
      }
      await updateTask(tx, row.id, {
        ...(input.status && input.status !== row.status ? { status: input.status } : {}),
        ...(input.title !== undefined ? { title: input.title } : {}),
        ...(input.dueOn !== undefined ? { dueOn: input.dueOn } : {}),
        ...(input.assigneeId !== undefined ? { assigneeId: input.assigneeId } : {}),
        byUserId: user.id,
      });
      return ok(taskAnswer((await findTask(tx, row.id))!, today, request.locale));
    });
  });

  // The hourly sweep of every company, once across processes (ADR 0027): what time alone makes due.
  const ticker = { current: undefined as Ticker | undefined };
  app.addHook('onReady', async () => {
    ticker.current = startTicker(db, app.log, TASKS_SWEEP, TASKS_SWEEP_INTERVAL_MS, async () => {
      const { created } = await sweepTasks(db);
      if (created.length > 0) app.log.info({ created: created.length }, 'tasks generated');
    });
  });
  app.addHook('onClose', async () => {
    await ticker.current?.stop();
  });
};
