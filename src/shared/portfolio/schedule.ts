/**
 * The loan schedule of a financial contribution (docs/decisions/0020-loan-schedule.md). One pure module
 * read by the API (schedule endpoint, portfolio export, dashboard's outstanding figure is checked
 * against it in tests), the SPA (schedule screen, print) — so every place shows the same cents.
 *
 * Money is computed in integer cents: interest is rounded to the cent each month, the level payment is
 * rounded to the cent, and the last payment absorbs what rounding left over so the balance ends at 0.
 */

/** What a schedule is computed from: the contribution's own fields. */
export interface ScheduleTerms {
  amount: number | null;
  /** Percent per year. */
  rate: number | null;
  /** Months of level payments after the moratorium. */
  amortization: number | null;
  /** Months of interest-only payments before the level payments; none when null. */
  moratorium: number | null;
  /** YYYY-MM-DD: the funds are taken as disbursed that day; the first payment falls one month later. */
  authorizationDate: string | null;
}

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
export type ScheduleProblem =
  | { field: 'amount'; key: 'portfolio.schedule.problems.amount' }
  | { field: 'rate'; key: 'portfolio.schedule.problems.rate' }
  | { field: 'amortization'; key: 'portfolio.schedule.problems.amortization' }
  | { field: 'moratorium'; key: 'portfolio.schedule.problems.moratorium' }
  | { field: 'authorizationDate'; key: 'portfolio.schedule.problems.authorizationDate' };

export type ScheduleResult = { ok: true; schedule: Schedule } | { ok: false; problems: ScheduleProblem[] };

/** Past these, the terms are a typing mistake rather than a loan (the form accepts up to 1 200 months). */
export const MAX_SCHEDULE_MONTHS = 600;
export const MAX_RATE_PERCENT = 100;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `months` after `start`, on the same day of the month, or the month's last day when it is shorter. */
export function addMonths(start: string, months: number): string {
  const match = DATE.exec(start);
  if (!match) throw new Error(`not a date: ${start}`);
  const [year, month, day] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  const target = new Date(Date.UTC(year, month + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString().slice(0, 10);
}

const isMonths = (value: number, min: number) =>
  Number.isInteger(value) && value >= min && value <= MAX_SCHEDULE_MONTHS;

/** What is missing or absurd in the terms; empty when a schedule can be computed. */
export function scheduleProblems(terms: ScheduleTerms): ScheduleProblem[] {
  const problems: ScheduleProblem[] = [];
  if (terms.amount === null || !(terms.amount > 0) || !Number.isFinite(terms.amount)) {
    problems.push({ field: 'amount', key: 'portfolio.schedule.problems.amount' });
  }
  if (terms.rate === null || !(terms.rate >= 0 && terms.rate <= MAX_RATE_PERCENT)) {
    problems.push({ field: 'rate', key: 'portfolio.schedule.problems.rate' });
  }
  const amortizationOk = terms.amortization !== null && isMonths(terms.amortization, 1);
  if (!amortizationOk) problems.push({ field: 'amortization', key: 'portfolio.schedule.problems.amortization' });
  const moratorium = terms.moratorium ?? 0;
  // The whole term (moratorium and amortization) is what the 50-year bound is about.
  if (!isMonths(moratorium, 0) || (amortizationOk && moratorium + terms.amortization! > MAX_SCHEDULE_MONTHS)) {
    problems.push({ field: 'moratorium', key: 'portfolio.schedule.problems.moratorium' });
  }
  if (terms.authorizationDate === null || !DATE.test(terms.authorizationDate)) {
    problems.push({ field: 'authorizationDate', key: 'portfolio.schedule.problems.authorizationDate' });
  }
  return problems;
}

/** Round half away from zero on a cents value that may carry floating-point noise. */
const roundCents = (value: number) => Math.sign(value) * Math.round(Math.abs(value) + 1e-9);

/** The level monthly payment, in cents, that repays `principal` cents over `months` at `monthlyRate`. */
function levelPayment(principal: number, monthlyRate: number, months: number): number {
  if (monthlyRate === 0) return roundCents(principal / months);
  return roundCents((principal * monthlyRate) / (1 - (1 + monthlyRate) ** -months));
}

/** A schedule's figures without its month-by-month table. */
export type ScheduleFigures = Omit<Schedule, 'rows'>;

/**
 * How many of the `total` payments fall on or before `today`: payment n is dated `addMonths(start, n)`.
 * The whole months between the two dates, corrected by `addMonths` itself where the day of the month
 * decides, so this agrees with comparing every payment's date.
 */
function paymentsMadeBy(start: string, today: string, total: number): number {
  const months = (date: string) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7));
  let made = Math.min(Math.max(months(today) - months(start), 0), total);
  while (made > 0 && addMonths(start, made) > today) made -= 1;
  while (made < total && addMonths(start, made + 1) <= today) made += 1;
  return made;
}

/** The schedule's arithmetic, for valid terms; each month is handed to `onRow` when there is one. */
function walk(terms: ScheduleTerms, today: string, onRow?: (row: ScheduleRow) => void): ScheduleFigures {
  const amount = Math.round(terms.amount! * 100);
  const monthlyRate = terms.rate! / 100 / 12;
  const amortization = terms.amortization!;
  const moratorium = terms.moratorium ?? 0;
  const payment = levelPayment(amount, monthlyRate, amortization);

  let balance = amount;
  let totalInterest = 0;
  let totalPaid = 0;
  let balanceToday = amount;
  const total = moratorium + amortization;
  const made = paymentsMadeBy(terms.authorizationDate!, today, total);
  for (let n = 1; n <= total; n += 1) {
    const interest = roundCents(balance * monthlyRate);
    let principal: number;
    if (n <= moratorium) principal = 0;
    else if (n === total) principal = balance;
    else principal = Math.min(balance, payment - interest);
    balance -= principal;
    const paid = interest + principal;
    totalInterest += interest;
    totalPaid += paid;
    if (n === made) balanceToday = balance;
    onRow?.({
      number: n,
      date: addMonths(terms.authorizationDate!, n),
      payment: paid / 100,
      interest: interest / 100,
      principal: principal / 100,
      balance: balance / 100,
    });
  }
  return {
    payment: payment / 100,
    totalInterest: totalInterest / 100,
    totalPaid: totalPaid / 100,
    balanceToday: balanceToday / 100,
    lastPaymentDate: addMonths(terms.authorizationDate!, total),
  };
}

/**
 * The month-by-month schedule, or why there is none. `today` (YYYY-MM-DD) is only used for the balance
 * today; passing it keeps the function pure and the tests exact.
 */
export function computeSchedule(terms: ScheduleTerms, today: string): ScheduleResult {
  const problems = scheduleProblems(terms);
  if (problems.length > 0) return { ok: false, problems };
  const rows: ScheduleRow[] = [];
  const figures = walk(terms, today, (row) => rows.push(row));
  return { ok: true, schedule: { ...figures, rows } };
}

/**
 * The same figures as `computeSchedule` without building the table: the portfolio export needs them for
 * every loan (150 000 in the demo set; building each table's rows and dates took most of a minute).
 */
export function scheduleFigures(
  terms: ScheduleTerms,
  today: string,
): { ok: true; figures: ScheduleFigures } | { ok: false; problems: ScheduleProblem[] } {
  const problems = scheduleProblems(terms);
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, figures: walk(terms, today) };
}

/** Formats a day as YYYY-MM-DD in Québec's time zone. Made once: making one costs ~0.1 ms (8 % of a dashboard request). */
const QUEBEC_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' });

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
