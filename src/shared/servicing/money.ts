/**
 * Cents arithmetic of loans, in one place: the servicing computation and the projected schedule round
 * the same way (docs/decisions/0020-loan-schedule.md, 0033-loan-servicing-computation.md).
 */

/** Round half away from zero on a cents value that may carry floating-point noise. */
export const roundCents = (value: number): number => Math.sign(value) * Math.round(Math.abs(value) + 1e-9);

/** The monthly rate of an annual percentage (6 → 0.005). */
export const monthlyRate = (annualPercent: number): number => annualPercent / 100 / 12;

/** A month's interest, in cents, on `balance` cents: rounded to the cent, half away from zero. */
export const monthInterest = (balance: number, rate: number): number => roundCents(balance * rate);

/**
 * The level monthly payment, in cents, that repays `principal` cents over `months` at `rate` a month:
 * the annuity `A·r / (1 − (1 + r)^−n)` (`A / n` at 0 %), rounded to the cent.
 */
export function levelPayment(principal: number, rate: number, months: number): number {
  if (rate === 0) return roundCents(principal / months);
  return roundCents((principal * rate) / (1 - (1 + rate) ** -months));
}

export { toCents } from '../money';

/**
 * The most any computed amount of a loan may be, in cents (100 billion dollars): far beyond any loan, well within
 * the integers a JavaScript number holds exactly and a bigint column keeps. Past it the figures are a typing slip
 * (a huge amount, a holiday of hundreds of months at a high rate), refused before anything is written.
 */
export const MAX_FIGURE_CENTS = 10 ** 13;

/** An amount of cents the product can count: a safe integer within ±`MAX_FIGURE_CENTS`. */
export const isCountable = (cents: number): boolean =>
  Number.isSafeInteger(cents) && Math.abs(cents) <= MAX_FIGURE_CENTS;
