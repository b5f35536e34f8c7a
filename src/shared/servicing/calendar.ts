/**
 * Calendar arithmetic on `YYYY-MM-DD` dates, in whole days, without `Date` objects: a portfolio computes
 * every loan's due dates (150 000 loans of ~120 installments), and building a `Date` per installment was
 * most of that cost. Days are counted from 1970-01-01 (day 0), so the difference of two dates is a
 * subtraction (docs/decisions/0033-loan-servicing-computation.md).
 *
 * The arithmetic rolls over like `Date.UTC` does (day 0 is the last day of the month before, month 13
 * is January of the next year), so it gives the same answers as the `Date`-based code it replaced for
 * every four-digit date; whether a date is a real one is `isCalendarDate`'s question, asked at the edge.
 */

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const digit = (date: string, at: number) => {
  const code = date.charCodeAt(at) - 48;
  return code >= 0 && code <= 9 ? code : Number.NaN;
};

/**
 * Year, month (1–12, or beyond: it rolls over) and day of a `YYYY-MM-DD` string. Read digit by digit: a
 * portfolio reads a few million dates, and the regular expression was a tenth of a loan's time.
 */
export function dateParts(date: string): [year: number, month: number, day: number] {
  const year = digit(date, 0) * 1000 + digit(date, 1) * 100 + digit(date, 2) * 10 + digit(date, 3);
  const month = digit(date, 5) * 10 + digit(date, 6);
  const day = digit(date, 8) * 10 + digit(date, 9);
  if (date.length !== 10 || date[4] !== '-' || date[7] !== '-' || Number.isNaN(year + month + day)) {
    throw new RangeError(`not a date: ${date}`);
  }
  return [year, month, day];
}

/** Whether the string is a real day of the calendar (`2026-02-30` is not). */
export function isCalendarDate(date: string): boolean {
  const match = DATE.exec(date);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Days in `month` (1–12) of `year`. */
export function daysInMonth(year: number, month: number): number {
  return month === 2 && isLeap(year) ? 29 : MONTH_DAYS[month - 1]!;
}

/**
 * The day number of a date (1970-01-01 is 0): H. Hinnant's `days_from_civil`, exact over the proleptic
 * Gregorian calendar. Linear in the day, so a day past the month's end lands in the next month.
 */
export function dayFromParts(year: number, month: number, day: number): number {
  // Months past December roll into the next years first, as Date.UTC does.
  const whole = year * 12 + (month - 1);
  let y = Math.floor(whole / 12);
  const m = whole - y * 12 + 1;
  if (m <= 2) y -= 1;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

/** The day number of a `YYYY-MM-DD` date. */
export function dayNumber(date: string): number {
  const [year, month, day] = dateParts(date);
  return dayFromParts(year, month, day);
}

const pad2 = (value: number) => (value < 10 ? `0${value}` : String(value));
const padYear = (year: number) => (year >= 0 && year < 10_000 ? String(year).padStart(4, '0') : String(year));

/** The `YYYY-MM-DD` date of a day number (H. Hinnant's `civil_from_days`). */
export function dayToDate(dayNumberValue: number): string {
  const z = dayNumberValue + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const mp = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  return `${padYear(year)}-${pad2(month)}-${pad2(day)}`;
}

/**
 * The day number `months` months after the date given by its parts: the same day of the month, or the
 * month's last day when that month is shorter (31 January + 1 month = 28 or 29 February).
 */
export function addMonthsToParts(year: number, month: number, day: number, months: number): number {
  const whole = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(whole / 12);
  const targetMonth = whole - targetYear * 12 + 1;
  return dayFromParts(targetYear, targetMonth, Math.min(day, daysInMonth(targetYear, targetMonth)));
}

/** `months` after `start`, on the same day of the month, or the month's last day when it is shorter. */
export function addMonths(start: string, months: number): string {
  const [year, month, day] = dateParts(start);
  return dayToDate(addMonthsToParts(year, month, day, months));
}

/** `days` days after `date` (before it when negative). */
export function addDays(date: string, days: number): string {
  return dayToDate(dayNumber(date) + days);
}

/** Whole days from `from` to `to` (negative when `to` comes first). */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}
