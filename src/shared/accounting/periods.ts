/**
 * Closed periods (docs/decisions/0070): an administrator closes the books through a month's last day; from then
 * on no servicing write may be dated on or before it. Pure rules the API and the screen share.
 */
import { addDays, dateParts, daysInMonth, isCalendarDate } from '../servicing/calendar';

/** The last day of the month `date` lies in. */
export function monthEnd(date: string): string {
  const [year, month] = dateParts(date);
  return `${date.slice(0, 8)}${String(daysInMonth(year, month)).padStart(2, '0')}`;
}

/** The last day of the month before the one `date` lies in. */
export const previousMonthEnd = (date: string): string => addDays(`${date.slice(0, 8)}01`, -1);

export const isMonthEnd = (date: string): boolean => isCalendarDate(date) && monthEnd(date) === date;

export type PeriodProblemKey =
  | 'accounting.errors.notMonthEnd'
  | 'accounting.errors.closeFuture'
  | 'accounting.errors.closeBeforeLast'
  | 'accounting.errors.reopenNotClosed';

export interface PeriodProblem {
  field: 'through';
  key: PeriodProblemKey;
  params: Record<string, string>;
}

/**
 * Closing through `through`: a month's last day, of a month already over (before today), after the last close.
 */
export function closeProblems(through: string, today: string, closedThrough: string | null): PeriodProblem[] {
  if (!isMonthEnd(through)) return [{ field: 'through', key: 'accounting.errors.notMonthEnd', params: {} }];
  if (through >= today) return [{ field: 'through', key: 'accounting.errors.closeFuture', params: {} }];
  if (closedThrough !== null && through <= closedThrough) {
    return [{ field: 'through', key: 'accounting.errors.closeBeforeLast', params: { date: closedThrough } }];
  }
  return [];
}

/**
 * Reopening the month ending `through` (and every later closed month): a month's last day within what is closed.
 * The books are then closed through the month before it.
 */
export function reopenProblems(through: string, closedThrough: string | null): PeriodProblem[] {
  if (!isMonthEnd(through)) return [{ field: 'through', key: 'accounting.errors.notMonthEnd', params: {} }];
  if (closedThrough === null || through > closedThrough) {
    return [{ field: 'through', key: 'accounting.errors.reopenNotClosed', params: {} }];
  }
  return [];
}

/**
 * What stays closed once the month ending `through` is reopened: the months before it (closing through a day
 * closed everything before it too, so reopening one month leaves the earlier ones closed).
 */
export const closedAfterReopen = (through: string): string => previousMonthEnd(through);

/** Whether a write dated `date` lands in a closed period. */
export const isClosed = (date: string, closedThrough: string | null): boolean =>
  closedThrough !== null && date <= closedThrough;

/** A journal's period: `from` to `to`, at most twelve months. */
export const MAX_JOURNAL_MONTHS = 12;

export type JournalPeriodProblemKey =
  'accounting.errors.dateInvalid' | 'accounting.errors.toBeforeFrom' | 'accounting.errors.periodTooLong';

export function journalPeriodProblems(
  from: string | undefined,
  to: string | undefined,
): { field: 'from' | 'to'; key: JournalPeriodProblemKey; params: Record<string, number> }[] {
  const problems: { field: 'from' | 'to'; key: JournalPeriodProblemKey; params: Record<string, number> }[] = [];
  if (from === undefined || !isCalendarDate(from))
    problems.push({ field: 'from', key: 'accounting.errors.dateInvalid', params: {} });
  if (to === undefined || !isCalendarDate(to))
    problems.push({ field: 'to', key: 'accounting.errors.dateInvalid', params: {} });
  if (problems.length > 0) return problems;
  if (to! < from!) return [{ field: 'to', key: 'accounting.errors.toBeforeFrom', params: {} }];
  const [fy, fm, fd] = dateParts(from!);
  const limit = addDays(
    `${fy + Math.floor((fm - 1 + MAX_JOURNAL_MONTHS) / 12)}-${String(((fm - 1 + MAX_JOURNAL_MONTHS) % 12) + 1).padStart(2, '0')}-01`,
    fd - 2,
  );
  if (to! > limit)
    return [{ field: 'to', key: 'accounting.errors.periodTooLong', params: { months: MAX_JOURNAL_MONTHS } }];
  return [];
}
