/**
 * The private calendar feed (docs/decisions/0044): a user's open tasks, and the follow-up dates of the loans they
 * oversee that are not tasks yet, as all-day events of an iCalendar file (RFC 5545) that Outlook or Google
 * Calendar subscribe to by a secret URL. Only the secret's hash is stored; a new link replaces the old one.
 */
import { sql } from 'drizzle-orm';
import type { Locale } from '../../shared/constants';
import { translate } from '../../shared/i18n';
import { todayIso } from '../../shared/portfolio/schedule';
import { addDays } from '../../shared/servicing/calendar';
import { FOLLOWUP_LOOKBACK_DAYS, sourceKey } from '../../shared/tasks/rules';
import { MY_TASKS_PATH, subjectPath, taskTitle } from '../../shared/tasks/titles';
import type { Db } from '../db/client';
import { selectRows } from '../db/rows';
import { hashOf, isTokenShaped, newToken } from '../identity/one-time-tokens';
import { listTasks } from './store';

/** Open tasks in one feed: more than anyone has; a calendar is not where a backlog of thousands is read. */
const FEED_MAX_TASKS = 1000;

/** The path of a feed under the API, for the link a user pastes into their calendar. */
export const calendarFeedPath = (token: string) => `/api/calendar/${token}.ics`;

/** Issues a new secret for the user's feed: the old one stops working at once. Answers it in clear, this once. */
export async function issueCalendarToken(db: Db, userId: string): Promise<{ token: string; createdAt: Date }> {
  const token = newToken();
  const [row] = await selectRows<{ createdAt: Date | string }>(
    db,
    sql`INSERT INTO calendar_tokens (user_id, token_hash) VALUES (${userId}, ${hashOf(token)})
        ON CONFLICT (user_id) DO UPDATE SET token_hash = EXCLUDED.token_hash, inserted_at = now(), updated_at = now()
        RETURNING inserted_at AS "createdAt"`,
  );
  return { token, createdAt: new Date(row!.createdAt) };
}

/**
 * A restored user's feed gets a new secret, when they had a link: the one handed out before the archive stops
 * working for good (it answered nothing while archived, and would have come back with the account). Nobody sees
 * the new secret; the person makes a link to see one, as for any link after the first showing.
 */
export async function renewCalendarToken(db: Db, userId: string): Promise<void> {
  await db.execute(
    sql`UPDATE calendar_tokens SET token_hash = ${hashOf(newToken())}, inserted_at = now(), updated_at = now()
         WHERE user_id = ${userId}`,
  );
}

/** When the user's current link was made, or null without one. */
export async function calendarLinkCreatedAt(db: Db, userId: string): Promise<Date | null> {
  const [row] = await selectRows<{ createdAt: Date | string }>(
    db,
    sql`SELECT inserted_at AS "createdAt" FROM calendar_tokens WHERE user_id = ${userId}`,
  );
  return row ? new Date(row.createdAt) : null;
}

/** The active user a feed's secret belongs to; undefined for a malformed, unknown or replaced one alike. */
export async function calendarOwner(db: Db, token: string): Promise<{ id: string; locale: Locale } | undefined> {
  if (!isTokenShaped(token)) return undefined;
  const [row] = await selectRows<{ id: string; locale: Locale }>(
    db,
    sql`SELECT u.id, u.locale FROM calendar_tokens k JOIN users u ON u.id = k.user_id
         WHERE k.token_hash = ${hashOf(token)} AND u.confirmed_at IS NOT NULL AND u.disabled_at IS NULL`,
  );
  return row;
}

export interface CalendarEvent {
  uid: string;
  day: string;
  summary: string;
  description: string;
  url: string;
}

/**
 * The feed's events for a user. A generated task's UID is its source key, which is also the key of the follow-up
 * date it was made from: a follow-up date that becomes a task keeps its event (same UID), it is not doubled.
 */
export async function calendarEvents(
  db: Db,
  user: { id: string; locale: Locale },
  publicUrl: string,
  today = todayIso(),
): Promise<CalendarEvent[]> {
  const t = (key: string, params?: Record<string, unknown>) => translate(user.locale, key, params);
  const host = new URL(publicUrl).host;
  const uid = (key: string) => `${key.replace(/[^\w-]/g, '-')}@${host}`;
  const link = (companyId: string | null, loanId: string | null, requestId: string | null = null) =>
    `${publicUrl}${subjectPath({ companyId, loanId, requestId }) ?? MY_TASKS_PATH}`;

  const { rows } = await listTasks(db, {
    owner: { assigneeId: user.id },
    status: 'open',
    today,
    limit: FEED_MAX_TASKS,
    offset: 0,
  });
  const events: CalendarEvent[] = rows.map((row) => ({
    uid: uid(row.sourceKey ?? `task-${row.id}`),
    day: row.dueOn,
    summary: taskTitle(row, t, user.locale),
    description: [t(`tasks.kind.${row.kind}`), row.companyName].filter(Boolean).join(' · '),
    url: link(row.companyId, row.contributionId, row.requestId),
  }));

  // Follow-up dates of the loans this user oversees, from the look-back window on, that no task stands for
  // (whether open, done or closed: a follow-up already dealt with is not put back in the calendar).
  const followups = await selectRows<{
    loanId: string;
    companyId: string;
    companyName: string;
    loanNumber: string | null;
    day: string;
  }>(
    db,
    sql`SELECT f.id AS "loanId", c.id AS "companyId", c.name AS "companyName", f.loan_number AS "loanNumber",
               f.followup_date::text AS day
          FROM financial_contributions f JOIN companies c ON c.id = f.company_id
         WHERE c.overseeing_user_id = ${user.id} AND c.archived_at IS NULL
           AND f.followup_date >= ${addDays(today, -FOLLOWUP_LOOKBACK_DAYS)}`,
  );
  const keys = followups.map((f) => sourceKey({ kind: 'followup', loanId: f.loanId, followupOn: f.day }));
  const tasked = new Set(
    keys.length === 0
      ? []
      : (
          await selectRows<{ key: string }>(db, sql`SELECT source_key AS key FROM tasks WHERE source_key IN ${keys}`)
        ).map((row) => row.key),
  );
  followups.forEach((f, i) => {
    const key = keys[i]!;
    if (tasked.has(key)) return;
    events.push({
      uid: uid(key),
      day: f.day,
      summary: taskTitle(
        {
          kind: 'followup',
          title: null,
          companyName: f.companyName,
          loanNumber: f.loanNumber,
          occasionOn: f.day,
          lateDays: null,
        },
        t,
        user.locale,
      ),
      description: [t('tasks.kind.followup'), f.companyName].join(' · '),
      url: link(f.companyId, f.loanId),
    });
  });
  return events.sort((a, b) => a.day.localeCompare(b.day) || a.uid.localeCompare(b.uid));
}

/* ------------------------------------------------------------------------------------------------
 * Writing iCalendar (RFC 5545): the few lines a feed of all-day events needs.
 * ---------------------------------------------------------------------------------------------- */

/** TEXT values (§3.3.11): backslash, semicolon and comma escaped, line breaks as `\n`. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/**
 * Folds a content line at 75 octets (§3.1): the rest continues on lines starting with one space. Cut between
 * characters, never inside a UTF-8 sequence, so "é" stays whole.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    // The first line holds 75 octets; a continuation line's leading space counts among its 75.
    if (octets + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

const basicDate = (day: string) => day.replace(/-/g, '');
const basicInstant = (at: Date) =>
  at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** The whole calendar file, CRLF line ends, each line folded. */
export function writeCalendar(input: { name: string; events: CalendarEvent[]; at?: Date }): string {
  const stamp = basicInstant(input.at ?? new Date());
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Atrium//Tasks//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(input.name)}`,
    ...input.events.flatMap((event) => [
      'BEGIN:VEVENT',
      `UID:${event.uid}`,
      `DTSTAMP:${stamp}`,
      `DTSTART;VALUE=DATE:${basicDate(event.day)}`,
      `DTEND;VALUE=DATE:${basicDate(addDays(event.day, 1))}`,
      `SUMMARY:${escapeText(event.summary)}`,
      `DESCRIPTION:${escapeText(`${event.description}\n${event.url}`)}`,
      `URL:${event.url}`,
      'TRANSP:TRANSPARENT',
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
