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

/** Dollars (as the contribution stores them) to integer cents. */
export const toCents = (dollars: number): number => Math.round(dollars * 100);
