/**
 * Portfolio ratios on per-loan figures (docs/decisions/0033-loan-servicing-computation.md): portfolio at
 * risk, arrears rate, collection rate, provision and the aging table. Pure sums over what `computeLoan` or
 * `computeLoanFigures` gave each loan; the formula each screen shows in its tooltip is a catalog string.
 */
import { dayNumber } from './calendar';
import { roundCents } from './money';
import type { AgingBucket, LoanFigures, LoanServicing, LoanStatus } from './types';

/**
 * What the ratios read of a loan: its status and a few of its figures. A position may stand for several loans
 * of the same status and days past due, their money summed (`loans` of them; 1 when absent): the portfolio
 * reads its loans grouped so.
 */
export type LoanPosition = { status: LoanStatus; loans?: number } & Pick<
  LoanFigures,
  'outstandingPrincipal' | 'arrearsPrincipal' | 'arrearsInterest' | 'daysPastDue' | 'bucket'
>;

/** A ratio with its two terms (cents), so a screen can show them; `value` is null when the denominator is 0. */
export interface Ratio {
  numerator: number;
  denominator: number;
  value: number | null;
}

/** The catalog keys of each ratio's label and formula (the PAR ones take `{{days}}`). */
export const RATIO_TEXTS = {
  par: {
    label: 'servicing.ratios.par.label',
    name: 'servicing.ratios.par.name',
    formula: 'servicing.ratios.par.formula',
  },
  arrearsRate: { label: 'servicing.ratios.arrearsRate.label', formula: 'servicing.ratios.arrearsRate.formula' },
  collectionRate: {
    label: 'servicing.ratios.collectionRate.label',
    formula: 'servicing.ratios.collectionRate.formula',
  },
  provision: { label: 'servicing.ratios.provision.label', formula: 'servicing.ratios.provision.formula' },
} as const;

const ratio = (numerator: number, denominator: number): Ratio => ({
  numerator,
  denominator,
  value: denominator === 0 ? null : numerator / denominator,
});

/**
 * PAR_days: outstanding principal of active loans more than `days` days past due ÷ outstanding principal
 * of all active loans. Written-off, repaid and undisbursed loans are out of both.
 */
export function portfolioAtRisk(loans: Iterable<LoanPosition>, days: number): Ratio {
  let atRisk = 0;
  let outstanding = 0;
  for (const loan of loans) {
    if (loan.status !== 'active') continue;
    outstanding += loan.outstandingPrincipal;
    if (loan.daysPastDue > days) atRisk += loan.outstandingPrincipal;
  }
  return ratio(atRisk, outstanding);
}

/** Arrears rate: principal and interest in arrears ÷ outstanding principal, active loans only. */
export function arrearsRate(loans: Iterable<LoanPosition>): Ratio {
  let arrears = 0;
  let outstanding = 0;
  for (const loan of loans) {
    if (loan.status !== 'active') continue;
    arrears += loan.arrearsPrincipal + loan.arrearsInterest;
    outstanding += loan.outstandingPrincipal;
  }
  return ratio(arrears, outstanding);
}

/** A loan's money of a period: what its installments falling due in it asked, and what was paid on them. */
export interface LoanCollections {
  /** Interest + principal asked by the installments due from `from` to `to`, both included. */
  due: number;
  /** Paid on those installments by `to`, whenever it was received (in advance included). */
  collected: number;
  /** Every counted payment received from `from` to `to`, whatever it paid (recoveries and overpayments included). */
  received: number;
  /** Of `received`, what was counted as recovered after a write-off. */
  recovered: number;
}

/**
 * A loan's collections over [from, to], from its servicing computed as of `to` (so that "paid by the
 * period's last day" is what the installments show).
 */
export function loanCollections(servicing: LoanServicing, from: string, to: string): LoanCollections {
  if (servicing.asOf !== to) throw new RangeError('collections are read from the loan computed as of the period’s end');
  const first = dayNumber(from);
  const last = dayNumber(to);
  let due = 0;
  let collected = 0;
  for (const installment of servicing.installments) {
    const day = dayNumber(installment.dueDate);
    if (day < first || day > last) continue;
    due += installment.payment;
    collected += installment.paid.interest + installment.paid.principal;
  }
  let received = 0;
  let recovered = 0;
  for (const repayment of servicing.repayments) {
    if (repayment.excludedBecause !== null) continue;
    const day = dayNumber(repayment.receivedOn);
    if (day < first || day > last) continue;
    received += repayment.amount;
    recovered += repayment.allocation?.recovered ?? 0;
  }
  return { due, collected, received, recovered };
}

/** Collection rate of a period: Σ collected ÷ Σ due over the loans' collections of that period. */
export function collectionRate(collections: Iterable<LoanCollections>): Ratio {
  let collected = 0;
  let due = 0;
  for (const loan of collections) {
    collected += loan.collected;
    due += loan.due;
  }
  return ratio(collected, due);
}

export interface AgingRow {
  key: string;
  minDays: number;
  maxDays: number | null;
  /** Active loans in the bucket. */
  count: number;
  outstandingPrincipal: number;
  arrearsPrincipal: number;
  arrearsInterest: number;
  /** Outstanding principal × the bucket's provision rate, rounded to the cent; null when the bucket has none. */
  provision: number | null;
}

/** The aging table: one row per bucket, in the buckets' order, over the active loans. */
export function agingTable(loans: Iterable<LoanPosition>, buckets: readonly AgingBucket[]): AgingRow[] {
  const rows = buckets.map<AgingRow>((bucket) => ({
    key: bucket.key,
    minDays: bucket.minDays,
    maxDays: bucket.maxDays,
    count: 0,
    outstandingPrincipal: 0,
    arrearsPrincipal: 0,
    arrearsInterest: 0,
    provision: null,
  }));
  const byKey = new Map(rows.map((row) => [row.key, row]));
  for (const loan of loans) {
    if (loan.status !== 'active' || loan.bucket === null) continue;
    const row = byKey.get(loan.bucket);
    if (!row) throw new RangeError(`a loan's bucket is not among the buckets: ${loan.bucket}`);
    row.count += loan.loans ?? 1;
    row.outstandingPrincipal += loan.outstandingPrincipal;
    row.arrearsPrincipal += loan.arrearsPrincipal;
    row.arrearsInterest += loan.arrearsInterest;
  }
  buckets.forEach((bucket, index) => {
    const row = rows[index]!;
    row.provision = bucketProvision(row.outstandingPrincipal, bucket.provisionRate);
  });
  return rows;
}

/** A bucket's provision: its active loans' outstanding principal × its rate, rounded to the cent; null without rate. */
export function bucketProvision(outstandingPrincipal: number, provisionRate: number | null): number | null {
  return provisionRate === null ? null : roundCents((outstandingPrincipal * provisionRate) / 100);
}

/** Provision: Σ over the buckets of their active loans' outstanding principal × the bucket's rate (none: 0). */
export function provision(loans: Iterable<LoanPosition>, buckets: readonly AgingBucket[]): number {
  return agingTable(loans, buckets).reduce((sum, row) => sum + (row.provision ?? 0), 0);
}
