/**
 * What the tasks routes take and answer (docs/decisions/0041), for the forms and the routes alike. Whether a due
 * date is in range depends on today, so `dueDateInRange` (rules.ts) is checked by the route and, if it likes,
 * the form.
 */
import { z } from 'zod';
import { listMetaSchema } from '../schemas/answer-parts';
import { requiredText, wrongValue } from '../schemas/common';
import { optionalId, requiredDate } from '../schemas/company-fields';
import { DUE_GROUPS, TASK_KINDS, TASK_STATUSES, TASK_TITLE_MAX } from './rules';

/**
 * `POST /tasks`: a task typed by hand, about a company, one of its loans or one of its funding requests; no
 * assignee: the author.
 */
export const taskInputSchema = z.object({
  title: requiredText(TASK_TITLE_MAX),
  dueOn: requiredDate(),
  assigneeId: optionalId(),
  companyId: optionalId(),
  contributionId: optionalId(),
  fundingRequestId: optionalId(),
});
export type TaskInput = z.output<typeof taskInputSchema>;
export type TaskFormValues = z.input<typeof taskInputSchema>;

/**
 * `PATCH /tasks/{id}`: mark done or open again; a manual task's title and date; the assignee — absent, unchanged;
 * `null`, back to the administrators' queue (an administrator's move alone).
 */
export const taskPatchSchema = z.object({
  status: z.enum(['open', 'done'], { error: wrongValue }).optional(),
  title: requiredText(TASK_TITLE_MAX).optional(),
  dueOn: requiredDate().optional(),
  assigneeId: optionalId().optional(),
});
export type TaskPatch = z.output<typeof taskPatchSchema>;

const named = z.object({ id: z.string(), name: z.string() });

export const taskSchema = z.object({
  id: z.string(),
  kind: z.enum(TASK_KINDS),
  status: z.enum(TASK_STATUSES),
  /** In the reader's language: a generated task's title is written from its kind. */
  title: z.string(),
  dueOn: z.string(),
  dueGroup: z.enum(DUE_GROUPS),
  assignee: named.nullable(),
  company: named.nullable(),
  /** The loan, by its number. */
  loan: z.object({ id: z.string(), number: z.string() }).nullable(),
  /** The funding request, by its project's name: the task opens its page. */
  request: z.object({ id: z.string(), projectName: z.string() }).nullable(),
  lateDays: z.number().int().nullable(),
  occasionOn: z.string().nullable(),
  doneAt: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  insertedAt: z.string(),
});
export type Task = z.infer<typeof taskSchema>;

/** `meta` of `GET /tasks`: the list's and the overdue count, which the drawer shows. */
export const taskListMetaSchema = listMetaSchema.extend({
  overdueCount: z.number().int(),
});
