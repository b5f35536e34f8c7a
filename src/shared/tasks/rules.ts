/**
 * What a task is, pure: its kinds, its states and the transitions between them, the due groups of My tasks and
 * the conditions under which Atrium generates a task from what it already knows (docs/decisions/0041). The
 * server's generators and sweep, the screens and the digest all read these, never a second copy.
 */
import { nextStates, stageGuarding, type ChecklistStage, type RequestState } from '../pipeline/states';
import { addDays, addMonths, dateParts, daysBetween, daysInMonth, isCalendarDate } from '../servicing/calendar';
import { GUARANTEE_TASK_KINDS } from '../guarantees/tasks';

/** `manual`: typed by a user. The others are generated, each from one cause. */
export const TASK_KINDS = [
  'manual',
  'followup',
  'statement',
  'late',
  'condition',
  'checklist',
  ...GUARANTEE_TASK_KINDS,
  'offer_unsigned',
  'privacy_request',
] as const;
export type TaskKind = (typeof TASK_KINDS)[number];
export type GeneratedKind = Exclude<TaskKind, 'manual'>;

/**
 * `open`; `done`, marked by a user; `resolved`, closed by its cause (the statement entered, the payment recorded,
 * the follow-up date moved) — which nobody can undo, since the cause is gone.
 */
export const TASK_STATUSES = ['open', 'done', 'resolved'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** Every transition a user may ask for; the API refuses any other with 409. `resolved` is the sweep's alone. */
export const USER_TRANSITIONS: Readonly<Record<TaskStatus, readonly TaskStatus[]>> = {
  open: ['done'],
  done: ['open'],
  resolved: [],
};

export const canTransition = (from: TaskStatus, to: TaskStatus): boolean =>
  from === to || USER_TRANSITIONS[from].includes(to);

/** The sections of My tasks, in order, and the values of `filter[due]`. */
export const DUE_GROUPS = ['overdue', 'week', 'later'] as const;
export type DueGroup = (typeof DUE_GROUPS)[number];

/** The last day of "this week": today and the six days after it. */
export const WEEK_DAYS = 7;

export function dueGroup(dueOn: string, today: string): DueGroup {
  if (dueOn < today) return 'overdue';
  return daysBetween(today, dueOn) < WEEK_DAYS ? 'week' : 'later';
}

/** The days (inclusive) each group covers, for a query: null where it is open-ended. */
export function dueRange(group: DueGroup, today: string): { from: string | null; to: string | null } {
  switch (group) {
    case 'overdue':
      return { from: null, to: addDays(today, -1) };
    case 'week':
      return { from: today, to: addDays(today, WEEK_DAYS - 1) };
    case 'later':
      return { from: addDays(today, WEEK_DAYS), to: null };
  }
}

/* ------------------------------------------------------------------------------------------------
 * Manual tasks
 * ---------------------------------------------------------------------------------------------- */

export const TASK_TITLE_MAX = 200;
/** A task may be due from a year ago (entered late) to five years ahead; anything else is a typing error. */
export const DUE_PAST_YEARS = 1;
export const DUE_FUTURE_YEARS = 5;

export function dueDateInRange(dueOn: string, today: string): boolean {
  return (
    isCalendarDate(dueOn) &&
    dueOn >= addMonths(today, -12 * DUE_PAST_YEARS) &&
    dueOn <= addMonths(today, 12 * DUE_FUTURE_YEARS)
  );
}

/* ------------------------------------------------------------------------------------------------
 * Generators' conditions
 * ---------------------------------------------------------------------------------------------- */

/**
 * A loan's follow-up date makes a task a week before it, so it shows under "this week" in time; a date more
 * than sixty days past when tasks first run makes none (an old file's dates are history, not work to do).
 */
export const FOLLOWUP_LEAD_DAYS = 7;
export const FOLLOWUP_LOOKBACK_DAYS = 60;

export function followupWindow(today: string): { from: string; to: string } {
  return { from: addDays(today, -FOLLOWUP_LOOKBACK_DAYS), to: addDays(today, FOLLOWUP_LEAD_DAYS) };
}

export const followupTaskWanted = (followupOn: string, today: string): boolean => {
  const { from, to } = followupWindow(today);
  return followupOn >= from && followupOn <= to;
};

/** The yearly financial statements are expected within this many months of the financial year's end. */
export const STATEMENT_GRACE_MONTHS = 6;

/** `DD/MM` (the slash optional, as the company form takes it) as [day, month], or null. */
export function financialYearEnd(value: string | null | undefined): [day: number, month: number] | null {
  const match = value ? /^(\d{2})\/?(\d{2})$/.exec(value.trim()) : null;
  if (!match) return null;
  const [day, month] = [Number(match[1]), Number(match[2])];
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  return [day, month];
}

/** The financial year ending in `year` ends on this day (29/02 and 31/xx fall back to the month's last day). */
export function yearEndOn(day: number, month: number, year: number): string {
  const d = Math.min(day, daysInMonth(year, month));
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

export interface StatementDue {
  /** The statement's `year`: the calendar year the financial year ends in. */
  year: number;
  yearEnd: string;
  dueOn: string;
}

/**
 * The latest financial year whose statements are due by today (its end + the grace months on or before today),
 * or null when the company has no end of financial year. Only that one: an older missing year is not chased
 * again (its task, if any, stays as it was).
 */
export function statementDue(endOfFinancialYear: string | null | undefined, today: string): StatementDue | null {
  const end = financialYearEnd(endOfFinancialYear);
  if (!end) return null;
  const [todayYear] = dateParts(today);
  for (let year = todayYear; year >= todayYear - 2; year -= 1) {
    const yearEnd = yearEndOn(end[0], end[1], year);
    const dueOn = addMonths(yearEnd, STATEMENT_GRACE_MONTHS);
    if (dueOn <= today) return { year, yearEnd, dueOn };
  }
  return null;
}

/** Days past due at which a loan gets a task: the first day late, a month, three months. */
export const LATE_THRESHOLDS = [1, 30, 90] as const;
export type LateThreshold = (typeof LATE_THRESHOLDS)[number];

/**
 * The highest threshold a loan has crossed, or null when it is not late. One task per loan and late spell is
 * open at a time: crossing 30 days resolves the 1-day task (superseded) and opens the 30-day one.
 */
export function crossedThreshold(daysPastDue: number): LateThreshold | null {
  let crossed: LateThreshold | null = null;
  for (const threshold of LATE_THRESHOLDS) if (daysPastDue >= threshold) crossed = threshold;
  return crossed;
}

/** The day a loan late since `overdueSince` (its oldest unpaid due date) crosses `threshold` days. */
export const thresholdDay = (overdueSince: string, threshold: LateThreshold): string =>
  addDays(overdueSince, threshold);

/**
 * A decision condition's due date makes a task from the same lead days as a follow-up (so it shows under "this
 * week" in time) and stays wanted once past, until the condition is met, waived or breached. Not on a request
 * withdrawn or declined: its conditions bind nobody. A disbursed request's covenants still do.
 */
export const CONDITION_LEAD_DAYS = FOLLOWUP_LEAD_DAYS;
export const REQUEST_STATES_WITHOUT_CONDITIONS: readonly RequestState[] = ['withdrawn', 'declined'];

export const conditionTaskWanted = (dueOn: string, requestState: RequestState, today: string): boolean =>
  !REQUEST_STATES_WITHOUT_CONDITIONS.includes(requestState) && dueOn <= addDays(today, CONDITION_LEAD_DAYS);

/**
 * The checklist stage whose required items keep a request where it is: the stage guarding its way forward (the
 * first of its moves, ADR 0039), or null when nothing does — a draft, a request before the committee, and an
 * ended one (disbursed, declined, withdrawn), whose items block nothing any more.
 */
export function blockingStage(state: RequestState): ChecklistStage | null {
  const forward = nextStates(state)[0];
  return forward && forward !== 'withdrawn' ? stageGuarding(state, forward) : null;
}

/** A required item neither verified nor waived, of the stage its request cannot leave without it. */
export const checklistTaskWanted = (
  item: { stage: ChecklistStage; required: boolean; status: string },
  requestState: RequestState,
): boolean =>
  item.required && item.status !== 'verified' && item.status !== 'waived' && blockingStage(requestState) === item.stage;

/**
 * The unique source key of a generated task: its kind, what it is about and the occasion, so the same cause
 * never makes two tasks (the database holds the key unique) and a new occasion (next year's statement, a new
 * follow-up date, a new late spell) makes a new one.
 */
export function sourceKey(
  source:
    | { kind: 'followup'; loanId: string; followupOn: string }
    | { kind: 'statement'; companyId: string; year: number }
    | { kind: 'late'; loanId: string; overdueSince: string; threshold: LateThreshold }
    | { kind: 'condition'; conditionId: string; dueOn: string }
    | { kind: 'checklist'; itemId: string }
    | { kind: 'offer_unsigned'; letterId: string },
): string {
  switch (source.kind) {
    case 'followup':
      return `followup:${source.loanId}:${source.followupOn}`;
    case 'statement':
      return `statement:${source.companyId}:${source.year}`;
    case 'late':
      return `late:${source.loanId}:${source.overdueSince}:${source.threshold}`;
    case 'condition':
      return `condition:${source.conditionId}:${source.dueOn}`;
    case 'checklist':
      return `checklist:${source.itemId}`;
    case 'offer_unsigned':
      return `offer_unsigned:${source.letterId}`;
  }
}

/**
 * An offer letter not signed within its fund's days (ADR 0074): a task due the day the delay runs out, from that
 * day on, until the letter is signed (which resolves it).
 */
export const offerUnsignedDueOn = (generatedOn: string, days: number): string => addDays(generatedOn, days);
export const offerTaskWanted = (state: string, generatedOn: string, days: number, today: string): boolean =>
  state !== 'signed' && offerUnsignedDueOn(generatedOn, days) <= today;
