import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  time,
  uuid,
} from 'drizzle-orm/pg-core';
import { TASK_KINDS, TASK_STATUSES } from '../../../shared/tasks/rules';
import { at, oneOf, timestamps, uuidKey } from './columns';
import { companies, companyRecord, financialContributions } from './companies';
import { checklistItems, decisionConditions, fundingRequests } from './pipeline';
import { userOwned, userRef, users } from './users';

/**
 * What someone has to do (docs/decisions/0041): typed by hand, or generated from a cause Atrium knows, with a
 * unique `source_key` (kind, what it is about, the occasion) so a cause never makes two tasks, and closed
 * (`resolved`) when the cause is gone. No assignee: the administrators' queue.
 */
export const tasks = pgTable(
  'tasks',
  {
    ...uuidKey,
    kind: text('kind', { enum: TASK_KINDS }).notNull(),
    status: text('status', { enum: TASK_STATUSES }).notNull().default('open'),
    /** A manual task's title; a generated one's is written from its kind in the reader's language. */
    title: text('title'),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    assigneeId: userRef('assignee_id'),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    contributionId: uuid('contribution_id').references(() => financialContributions.id, { onDelete: 'cascade' }),
    /** A task about a funding request: typed on it, or generated from its conditions and checklist. */
    fundingRequestId: uuid('funding_request_id').references(() => fundingRequests.id, { onDelete: 'cascade' }),
    /** The cause of a `condition` task, and of a `checklist` one: what the triggers close them by. */
    conditionId: uuid('condition_id').references(() => decisionConditions.id, { onDelete: 'cascade' }),
    checklistItemId: uuid('checklist_item_id').references(() => checklistItems.id, { onDelete: 'cascade' }),
    /** Generated tasks only, unique: see `sourceKey` in src/shared/tasks/rules.ts. */
    sourceKey: text('source_key').unique(),
    /**
     * The occasion: the follow-up date, the financial year's end, the day the late spell began, the condition's
     * due date, the day the request entered the stage its checklist item blocks.
     */
    occasionOn: date('occasion_on', { mode: 'string' }),
    /** A late task's threshold (1, 30 or 90 days past due). */
    lateDays: smallint('late_days'),
    createdById: userRef('created_by_id'),
    doneAt: at('done_at'),
    doneById: userRef('done_by_id'),
    resolvedAt: at('resolved_at'),
    ...timestamps,
  },
  (t) => [
    index('tasks_assignee_open_idx')
      .on(t.assigneeId, t.dueOn)
      .where(sql`${t.status} = 'open'`),
    index('tasks_kind_open_idx')
      .on(t.kind)
      .where(sql`${t.status} = 'open'`),
    index('tasks_company_idx').on(t.companyId),
    index('tasks_contribution_idx').on(t.contributionId),
    index('tasks_funding_request_idx').on(t.fundingRequestId),
    index('tasks_condition_idx').on(t.conditionId),
    index('tasks_checklist_item_idx').on(t.checklistItemId),
    oneOf('tasks_kind_check', t.kind, TASK_KINDS),
    oneOf('tasks_status_check', t.status, TASK_STATUSES),
    check('tasks_source_check', sql`(${t.kind} = 'manual') = (${t.sourceKey} is null)`),
    check('tasks_title_check', sql`${t.kind} <> 'manual' or ${t.title} is not null`),
  ],
);

/**
 * A company's employee count, one dated row per change (written by a trigger on `companies`, migration
 * `employee_count_history`), so a report reads the count as it was on a loan's authorization date.
 */
export const companyEmployeeCounts = pgTable(
  'company_employee_counts',
  {
    ...companyRecord,
    employeeCount: integer('employee_count'),
    /** The Québec day of the change. */
    recordedOn: date('recorded_on', { mode: 'string' }).notNull(),
    ...timestamps,
  },
  (t) => [index('company_employee_counts_company_idx').on(t.companyId, t.recordedOn)],
);

/**
 * A user's reminders (docs/decisions/0044): the daily digest, off until they turn it on, at a Québec time of
 * day. No row: the defaults.
 */
export const notificationSettings = pgTable('notification_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  digestEnabled: boolean('digest_enabled').notNull().default(false),
  /** Québec time (America/Toronto), minutes only. */
  digestTime: time('digest_time').notNull().default('07:00'),
  ...timestamps,
});

export const DIGEST_DELIVERY_STATUSES = ['pending', 'sent', 'empty', 'failed'] as const;

/**
 * One row per user and Québec day a digest was due (docs/decisions/0044): the unique key is the claim, so
 * however many processes tick, a day's digest is sent once. `pending` rows are (re)tried from
 * `next_attempt_at`, each attempt counted; `empty` means nothing was due, `failed` that every attempt failed.
 */
export const digestDeliveries = pgTable(
  'digest_deliveries',
  {
    ...userOwned,
    day: date('day', { mode: 'string' }).notNull(),
    status: text('status', { enum: DIGEST_DELIVERY_STATUSES }).notNull().default('pending'),
    attempts: smallint('attempts').notNull().default(0),
    nextAttemptAt: at('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    taskCount: integer('task_count'),
    sentAt: at('sent_at'),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.day] }),
    index('digest_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    oneOf('digest_deliveries_status_check', t.status, DIGEST_DELIVERY_STATUSES),
  ],
);

/**
 * A user's private calendar feed (docs/decisions/0044): only the hash of its secret is kept, one per user, so a
 * new link replaces (revokes) the old one.
 */
export const calendarTokens = pgTable('calendar_tokens', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  ...timestamps,
});
