/**
 * Interest accrued to a date (docs/decisions/0071): for each active loan, the share of the interest of the
 * installment period the date lies in that has run by the date's end, earned and not yet due. The installment's
 * interest is the engine's (it already reflects rate changes, holidays and prepayments); this module only takes
 * its pro-rata share, by days.
 */
import type { LoanServicing } from '../servicing';
import { daysBetween } from '../servicing/calendar';

export interface LoanAccrual {
  /** The installment whose period the date lies in. */
  installmentNumber: number;
  periodStart: string;
  dueDate: string;
  /** Days of the period run by the end of the as-of day, and the period's length. */
  daysElapsed: number;
  daysInPeriod: number;
  /** The installment's scheduled interest (asked, or capitalised in a payment holiday), cents. */
  periodInterest: number;
  /** periodInterest × daysElapsed ÷ daysInPeriod, to the nearest cent. */
  accrued: number;
}

/**
 * The loan's accrual at the end of `servicing.asOf`, or null: not disbursed, repaid, written off, or the date
 * is a due date (nothing earned is not yet due).
 */
export function loanAccrual(servicing: LoanServicing): LoanAccrual | null {
  if (servicing.status !== 'active' || servicing.startDate === null) return null;
  const asOf = servicing.asOf;
  const index = servicing.installments.findIndex((installment) => installment.dueDate > asOf);
  if (index < 0) return null;
  const installment = servicing.installments[index]!;
  const periodStart = index === 0 ? servicing.startDate : servicing.installments[index - 1]!.dueDate;
  const daysInPeriod = daysBetween(periodStart, installment.dueDate);
  const daysElapsed = daysBetween(periodStart, asOf);
  const periodInterest = installment.interest + installment.capitalised;
  if (daysInPeriod <= 0 || daysElapsed <= 0 || periodInterest === 0) return null;
  return {
    installmentNumber: installment.number,
    periodStart,
    dueDate: installment.dueDate,
    daysElapsed,
    daysInPeriod,
    periodInterest,
    accrued: Math.round((periodInterest * daysElapsed) / daysInPeriod),
  };
}
