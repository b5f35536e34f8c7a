/**
 * The daily digest (docs/decisions/0044): for each active user who turned it on, once their Québec time of day
 * has passed, one mail listing their overdue tasks and those due this week, in their language. Nothing is sent
 * when nothing is due.
 *
 * Once per user and day across processes: the day's row in `digest_deliveries` (unique user + day) is inserted
 * once, then each attempt claims it (`FOR UPDATE SKIP LOCKED`) and leases it while it sends. A failed attempt is
 * retried later with a growing delay, a bounded number of times, and never holds up the other users' mails.
 */
import type { FastifyBaseLogger } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import type { Locale } from '../../shared/constants';
import { translate } from '../../shared/i18n';
import { formatDay } from '../../shared/intl';
import { QUEBEC_TIME_ZONE } from '../../shared/portfolio/schedule';
import { MY_TASKS_PATH, subjectPath, taskTitle } from '../../shared/tasks/titles';
import type { Db } from '../db/client';
import { selectRows } from '../db/rows';
import { composeMail, type MailListItem } from '../platform/mail/compose';
import type { MailDelivery } from '../platform/mail/delivery';
import type { MailMessage } from '../platform/mail/mailer';
import { receivesDigest } from '../users/store';
import { generateTasks } from './generators';
import { listTasks, type TaskRow } from './store';

/** The periodic row of the digest's tick (ADR 0027): one process each time (DIGEST_CHECK_SECONDS) looks for digests due. */
export const DIGEST_TICK = 'task-digest';

/** Attempts of one day's digest before it is given up (and logged as an error). */
export const DIGEST_MAX_ATTEMPTS = 5;
/** The wait after each failed attempt, in minutes: 1, 5, 15, then 60. */
export const DIGEST_RETRY_MINUTES = [1, 5, 15, 60] as const;
/**
 * How long an attempt holds its row: a process that dies mid-send leaves it to another process after this.
 * Longer than nodemailer's own timeouts, so a slow relay is not sent to twice.
 */
export const DIGEST_LEASE_MINUTES = 10;
/**
 * Rows claimed per round of a tick; a tick takes rounds until none is left. Few, so that even with the relay at
 * its slowest (the SMTP adapter gives up after about 50 s) the last of a round is sent well within its lease.
 */
const BATCH = 5;
/** Tasks listed per section; the rest are counted ("and 3 more on My tasks"). */
export const DIGEST_LIST_MAX = 30;

export const retryDelayMinutes = (attempts: number): number =>
  DIGEST_RETRY_MINUTES[Math.min(attempts, DIGEST_RETRY_MINUTES.length) - 1] ?? DIGEST_RETRY_MINUTES[0];

/** The instant a run reasons from: the database's clock, or a given one (tests, replaying a day). */
const instant = (at: Date | undefined): SQL => (at ? sql`${at.toISOString()}::timestamptz` : sql`now()`);
const quebec = (at: Date | undefined): SQL => sql`(${instant(at)} AT TIME ZONE ${QUEBEC_TIME_ZONE})`;

/**
 * Inserts today's row for every active user with the digest on whose time of day has passed; a row that is
 * already there (another process, an earlier tick) stays as it is.
 */
async function queueDue(db: Db, at: Date | undefined): Promise<void> {
  await db.execute(sql`
    INSERT INTO digest_deliveries (user_id, day, next_attempt_at)
    SELECT notification_settings.user_id, ${quebec(at)}::date, ${instant(at)}
      FROM notification_settings
      JOIN users ON users.id = notification_settings.user_id
     WHERE ${receivesDigest} AND notification_settings.digest_time <= ${quebec(at)}::time
    ON CONFLICT (user_id, day) DO NOTHING`);
}

interface Claimed {
  userId: string;
  day: string;
  attempts: number;
  email: string;
  locale: Locale;
  receives: boolean;
}

/** Takes up to BATCH due rows for this process, leasing them; rows another process holds are skipped. */
async function claim(db: Db, at: Date | undefined): Promise<Claimed[]> {
  return selectRows<Claimed>(
    db,
    sql`
    WITH due AS (
      SELECT user_id, day FROM digest_deliveries
       WHERE status = 'pending' AND next_attempt_at <= ${instant(at)}
       ORDER BY next_attempt_at
       LIMIT ${BATCH}
         FOR UPDATE SKIP LOCKED
    ), taken AS (
      UPDATE digest_deliveries d
         SET attempts = d.attempts + 1,
             next_attempt_at = ${instant(at)} + make_interval(mins => ${DIGEST_LEASE_MINUTES}),
             updated_at = now()
        FROM due
       WHERE d.user_id = due.user_id AND d.day = due.day
      RETURNING d.user_id, d.day, d.attempts
    )
    SELECT taken.user_id AS "userId", taken.day::text AS day, taken.attempts, users.email, users.locale,
           COALESCE(${receivesDigest}, FALSE) AS receives
      FROM taken
      JOIN users ON users.id = taken.user_id
      LEFT JOIN notification_settings ON notification_settings.user_id = taken.user_id`,
  );
}

async function settle(
  db: Db,
  row: Pick<Claimed, 'userId' | 'day'>,
  change: { status: 'sent' | 'empty' | 'failed'; taskCount?: number; error?: string },
): Promise<void> {
  await db.execute(sql`
    UPDATE digest_deliveries
       SET status = ${change.status}, task_count = ${change.taskCount ?? null},
           sent_at = ${change.status === 'sent' ? sql`now()` : sql`NULL`},
           last_error = ${change.error ?? null}, updated_at = now()
     WHERE user_id = ${row.userId} AND day = ${row.day}`);
}

async function retryLater(db: Db, row: Claimed, error: string, at: Date | undefined): Promise<void> {
  await db.execute(sql`
    UPDATE digest_deliveries
       SET next_attempt_at = ${instant(at)} + make_interval(mins => ${retryDelayMinutes(row.attempts)}),
           last_error = ${error}, updated_at = now()
     WHERE user_id = ${row.userId} AND day = ${row.day}`);
}

/** A user's open tasks overdue and due this week on `day` (the groups of My tasks), the sweep caught up first. */
export async function digestTasks(
  db: Db,
  userId: string,
  day: string,
): Promise<{ overdue: TaskRow[]; overdueCount: number; week: TaskRow[]; weekCount: number }> {
  await generateTasks(db, day, { overseeingUserId: userId });
  const group = (due: 'overdue' | 'week') =>
    listTasks(db, {
      owner: { assigneeId: userId },
      due,
      status: 'open',
      today: day,
      limit: DIGEST_LIST_MAX,
      offset: 0,
    });
  const [overdue, week] = [await group('overdue'), await group('week')];
  return { overdue: overdue.rows, overdueCount: overdue.totalCount, week: week.rows, weekCount: week.totalCount };
}

/** The digest mail: the two groups as lists, each task linked to what it is about, and a button to My tasks. */
export function digestMail(input: {
  locale: Locale;
  to: string;
  publicUrl: string;
  day: string;
  tasks: Awaited<ReturnType<typeof digestTasks>>;
}): MailMessage {
  const { locale, publicUrl, tasks } = input;
  const t = (key: string, params?: Record<string, unknown>) => translate(locale, key, params);
  const myTasks = `${publicUrl}${MY_TASKS_PATH}`;
  const item = (row: TaskRow): MailListItem => {
    const path = subjectPath({ companyId: row.companyId, loanId: row.contributionId, requestId: row.requestId });
    const due = t('mail.digest.due', { date: formatDay(row.dueOn, locale) });
    return {
      text: taskTitle(row, t, locale),
      detail: row.companyName ? `${due} · ${row.companyName}` : due,
      url: path ? `${publicUrl}${path}` : myTasks,
    };
  };
  const section = (heading: string, rows: TaskRow[], count: number) => ({
    heading: t(heading, { count }),
    items: [
      ...rows.map(item),
      ...(count > rows.length ? [{ text: t('mail.digest.more', { count: count - rows.length }), url: myTasks }] : []),
    ],
  });
  return composeMail({
    locale,
    to: input.to,
    subject: t('mail.digest.subject', { appName: t('common.appName'), date: formatDay(input.day, locale) }),
    paragraphs: [t('mail.digest.intro', { overdue: tasks.overdueCount, week: tasks.weekCount })],
    sections: [
      ...(tasks.overdueCount > 0 ? [section('mail.digest.overdue', tasks.overdue, tasks.overdueCount)] : []),
      ...(tasks.weekCount > 0 ? [section('mail.digest.week', tasks.week, tasks.weekCount)] : []),
    ],
    action: { label: t('mail.digest.action'), url: myTasks },
    notes: [t('mail.digest.why')],
  });
}

/** One attempt at one user's digest: sent, nothing to say, or a failure retried later (or given up). */
async function deliver(
  db: Db,
  deps: { mail: MailDelivery; publicUrl: string; log: FastifyBaseLogger },
  row: Claimed,
  at: Date | undefined,
): Promise<'sent' | 'empty' | 'retry' | 'failed'> {
  // Turned off or disabled since the row was queued: nothing is sent.
  if (!row.receives) {
    await settle(db, row, { status: 'empty', taskCount: 0 });
    return 'empty';
  }
  try {
    const tasks = await digestTasks(db, row.userId, row.day);
    const count = tasks.overdueCount + tasks.weekCount;
    if (count === 0) {
      await settle(db, row, { status: 'empty', taskCount: 0 });
      return 'empty';
    }
    const message = digestMail({ locale: row.locale, to: row.email, publicUrl: deps.publicUrl, day: row.day, tasks });
    await deps.mail.send(message, deps.log);
    await settle(db, row, { status: 'sent', taskCount: count });
    return 'sent';
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const context = { err: error, userId: row.userId, day: row.day, attempt: row.attempts };
    if (row.attempts >= DIGEST_MAX_ATTEMPTS) {
      deps.log.error(context, 'daily digest given up after its last attempt');
      await settle(db, row, { status: 'failed', error: reason });
      return 'failed';
    }
    deps.log.warn(
      { ...context, retryInMinutes: retryDelayMinutes(row.attempts) },
      'daily digest failed; retried later',
    );
    await retryLater(db, row, reason, at);
    return 'retry';
  }
}

export interface DigestRun {
  sent: number;
  empty: number;
  retry: number;
  failed: number;
}

/**
 * One tick: queues the digests now due, then attempts every due row this process can claim, each on its own
 * (one user's failure is that user's retry, never the others' delay).
 */
export async function runDigests(
  db: Db,
  deps: { mail: MailDelivery; publicUrl: string; log: FastifyBaseLogger },
  options: { at?: Date } = {},
): Promise<DigestRun> {
  const run: DigestRun = { sent: 0, empty: 0, retry: 0, failed: 0 };
  await queueDue(db, options.at);
  for (;;) {
    const claimed = await claim(db, options.at);
    if (claimed.length === 0) return run;
    for (const row of claimed) run[await deliver(db, deps, row, options.at)] += 1;
  }
}
