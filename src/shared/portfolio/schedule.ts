/**
 * The loan schedule of a financial contribution as agreed (docs/decisions/0020-loan-schedule.md): the whole
 * amount taken as paid out on the authorization date and every installment paid on its due date. A view
 * of the servicing computation (docs/decisions/0033-loan-servicing-computation.md), which works out the
 * same installments from what was actually paid out and received; this module only reshapes them into
 * dollars for the schedule screen, print and the portfolio export, so there is one computation.
 */
import { dayNumber, dayToDate } from '../servicing/calendar';
import { projectionWalk } from '../servicing/loan';
import { loanTerms, termsProblems, type ContributionTerms, type TermsProblem } from '../servicing/terms';

export { addMonths } from '../servicing/calendar';
export { MAX_RATE_PERCENT, MAX_SCHEDULE_MONTHS } from '../servicing/terms';

/** What a schedule is computed from: the contribution's own fields. */
export type ScheduleTerms = ContributionTerms;

export interface ScheduleRow {
  /** 1-based. */
  number: number;
  /** YYYY-MM-DD. */
  date: string;
  payment: number;
  interest: number;
  principal: number;
  /** What is still owed after this payment. */
  balance: number;
}

export interface Schedule {
  /** The level payment after the moratorium. */
  payment: number;
  rows: ScheduleRow[];
  totalInterest: number;
  totalPaid: number;
  /** Balance after the last payment dated on or before today; the amount before the first one. */
  balanceToday: number;
  /** YYYY-MM-DD: the date of the last payment, moratorium and amortization months after authorization. */
  lastPaymentDate: string;
}

/** Why a contribution has no schedule: the field to fix, and a catalog key saying how. */
export type ScheduleProblem = TermsProblem;

export type ScheduleResult = { ok: true; schedule: Schedule } | { ok: false; problems: ScheduleProblem[] };

/** What is missing or absurd in the terms; empty when a schedule can be computed. */
export const scheduleProblems = termsProblems;

/** A schedule's figures without its month-by-month table. */
export type ScheduleFigures = Omit<Schedule, 'rows'>;

/** The projection's figures in dollars; each installment is handed to `onRow` when there is one. */
function figures(terms: ScheduleTerms, today: string, onRow?: (row: ScheduleRow) => void) {
  const checked = loanTerms(terms);
  if (!checked.ok) return checked;
  const walk = projectionWalk(checked.terms);
  const todayDay = dayNumber(today);
  let totalInterest = 0;
  let totalPaid = 0;
  let balanceToday = checked.terms.amount;
  for (const installment of walk.installments) {
    const paid = installment.interest + installment.principal;
    totalInterest += installment.interest;
    totalPaid += paid;
    if (installment.dueDay <= todayDay) balanceToday = installment.closing;
    onRow?.({
      number: installment.number,
      date: dayToDate(installment.dueDay),
      payment: paid / 100,
      interest: installment.interest / 100,
      principal: installment.principal / 100,
      balance: installment.closing / 100,
    });
  }
  const lastDueDay = walk.installments.at(-1)?.dueDay;
  return {
    ok: true as const,
    figures: {
      payment: (walk.installments.find((installment) => installment.kind === 'regular')?.levelPayment ?? 0) / 100,
      totalInterest: totalInterest / 100,
      totalPaid: totalPaid / 100,
      balanceToday: balanceToday / 100,
      lastPaymentDate: lastDueDay === undefined ? checked.terms.authorizationDate : dayToDate(lastDueDay),
    },
  };
}

/**
 * The month-by-month schedule, or why there is none. `today` (YYYY-MM-DD) is only used for the balance
 * today; passing it keeps the function pure and the tests exact.
 */
export function computeSchedule(terms: ScheduleTerms, today: string): ScheduleResult {
  const rows: ScheduleRow[] = [];
  const result = figures(terms, today, (row) => rows.push(row));
  if (!result.ok) return result;
  return { ok: true, schedule: { ...result.figures, rows } };
}

/**
 * The same figures as `computeSchedule` without building the table: the portfolio export needs them for
 * every loan (150 000 in the demo set; building each table's rows and dates took most of a minute).
 */
export function scheduleFigures(
  terms: ScheduleTerms,
  today: string,
): { ok: true; figures: ScheduleFigures } | { ok: false; problems: ScheduleProblem[] } {
  return figures(terms, today);
}

/** The app's time zone (Québec): its days and times of day, in Intl and in PostgreSQL (`AT TIME ZONE`). */
export const QUEBEC_TIME_ZONE = 'America/Toronto';

/** Formats a day as YYYY-MM-DD in Québec's time zone. Made once: making one costs ~0.1 ms (8 % of a dashboard request). */
const QUEBEC_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: QUEBEC_TIME_ZONE });

/** Today's date in the app's time zone (Québec), as YYYY-MM-DD: the day a user there calls today. */
export function todayIso(now: Date = new Date()): string {
  return QUEBEC_DAY.format(now);
}

/**
 * What a loan's agreement said when it was authorized, typed in the company file beside the terms: the
 * agreed (monthly) payment — the `refund` field — and the expected end date (ADR 0032).
 */
export interface AgreedFigures {
  refund: number | null;
  expectedEndDate: string | null;
}

/**
 * Where the figures typed at authorization disagree with those the terms give: a payment a cent or more
 * apart, an end date other than the last payment's. Nothing typed, or no schedule, is no disagreement.
 */
export function agreementDifferences(
  agreed: AgreedFigures,
  figures: Pick<ScheduleFigures, 'payment' | 'lastPaymentDate'> | null,
): { payment: boolean; endDate: boolean } {
  if (!figures) return { payment: false, endDate: false };
  return {
    payment:
      agreed.refund !== null && Math.abs(Math.round(agreed.refund * 100) - Math.round(figures.payment * 100)) >= 1,
    endDate: agreed.expectedEndDate !== null && agreed.expectedEndDate !== figures.lastPaymentDate,
  };
}
