import { z } from 'zod';
import { todayIso } from '../../shared/portfolio/schedule';
import { DUE_GROUPS, TASK_STATUSES, type DueGroup, type TaskStatus } from '../../shared/tasks/rules';
import { taskInputSchema, taskListMetaSchema, taskPatchSchema, taskSchema } from '../../shared/tasks/schemas';
import { userOf } from '../platform/auth/plugin';
import { badParameter, forbidden } from '../platform/errors/app-error';
import { envelopeContract, uuid } from '../platform/http/contract';
import { listContract, listMeta, pageWindow, parseListParams, type ListOptions } from '../platform/http/list-params';
import { ok } from '../platform/http/wire';
import type { FeatureRoutes } from '../platform/route-deps';
import { generateTasks } from './generators';
import { startTicker, type Ticker } from '../platform/periodic/ticker';
import { TASKS_SWEEP, TASKS_SWEEP_INTERVAL_MS, sweepTasks } from './sweep';
import { listTasks, taskAnswer, type Owner } from './store';
import { addTask, changeTask } from './actions';

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

  app.post('/tasks', create, async (request, reply) =>
    reply.code(201).send(ok(await addTask(db, userOf(request), request.body, request.locale))),
  );

  app.patch('/tasks/:id', change, async (request) =>
    ok(await changeTask(db, userOf(request), request.params.id, request.body, request.locale)),
  );

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
