/**
 * A loan's truth as of a date, from what was recorded: installments with what was paid and what is still
 * owed, arrears, days past due, aging bucket and its history, the statement of account
 * (docs/decisions/0033-loan-servicing-computation.md). Pure: the as-of date is an argument.
 */
import { dayToDate } from './calendar';
import { DEFAULT_BUCKETS } from './buckets';
import { walkLoan, type AllocationRecord, type InstallmentRecord, type Walk } from './engine';
import type { LoanTerms } from './terms';
import type {
  Allocation,
  Amendment,
  Installment,
  InstallmentStatus,
  LoanFigures,
  LoanInput,
  LoanServicing,
  LoanStatus,
} from './types';

const allocationOf = (record: AllocationRecord | null): Allocation | null =>
  record && {
    installments: record.installments,
    prepaidPrincipal: record.prepaidPrincipal,
    inAdvance: record.inAdvance,
    recovered: record.recovered,
    overpaid: record.overpaid,
  };

function statusOf(record: InstallmentRecord, asOfDay: number): InstallmentStatus {
  if (record.writtenOffInterest + record.writtenOffPrincipal > 0) return 'written_off';
  const paid = record.paidInterest + record.paidPrincipal;
  if (paid === record.interest + record.principal) return 'paid';
  if (record.dueDay < asOfDay) return 'late';
  if (record.dueDay === asOfDay) return 'due';
  return paid > 0 ? 'partial' : 'future';
}

function installmentOf(record: InstallmentRecord, asOfDay: number): Installment {
  return {
    number: record.number,
    dueDate: dayToDate(record.dueDay),
    kind: record.kind,
    rate: record.rate,
    openingBalance: record.opening,
    interest: record.interest,
    principal: record.principal,
    payment: record.interest + record.principal,
    capitalised: record.capitalised,
    closingBalance: record.closing,
    levelPayment: record.levelPayment,
    paid: { interest: record.paidInterest, principal: record.paidPrincipal },
    due: {
      interest: record.interest - record.paidInterest - record.writtenOffInterest,
      principal: record.principal - record.paidPrincipal - record.writtenOffPrincipal,
    },
    writtenOff: { interest: record.writtenOffInterest, principal: record.writtenOffPrincipal },
    status: statusOf(record, asOfDay),
    paidOn: record.paidOnDay === null ? null : dayToDate(record.paidOnDay),
    projected: record.dueDay > asOfDay,
  };
}

function loanStatus(walk: Walk): LoanStatus {
  if (!walk.started) return 'not_disbursed';
  if (walk.writtenOff) return 'written_off';
  return walk.repaid ? 'repaid' : 'active';
}

function figuresOf(walk: Walk, input: LoanInput): LoanFigures {
  const t = walk.totals;
  // Field by field rather than a rest spread: the portfolio builds 150 000 of these.
  return {
    disbursed: t.disbursed,
    undisbursed: t.undisbursed,
    interestFallenDue: t.interestFallenDue,
    capitalisedInterest: t.capitalisedInterest,
    interestPaid: t.interestPaid,
    principalRepaid: t.principalRepaid,
    outstandingPrincipal: t.outstandingPrincipal,
    arrearsPrincipal: t.arrearsPrincipal,
    arrearsInterest: t.arrearsInterest,
    dueTodayPrincipal: t.dueTodayPrincipal,
    dueTodayInterest: t.dueTodayInterest,
    paidInAdvance: t.paidInAdvance,
    daysPastDue: t.daysPastDue,
    overdueSince: t.overdueSinceDay === null ? null : dayToDate(t.overdueSinceDay),
    bucket: t.bucket === null || !walk.started ? null : input.buckets[t.bucket]!.key,
    writtenOffPrincipal: t.writtenOffPrincipal,
    writtenOffInterest: t.writtenOffInterest,
    recovered: t.recovered,
    received: t.received,
    applied: t.applied,
    overpaid: t.overpaid,
    payoffAmount: t.payoffAmount,
    levelPayment: t.levelPayment,
    nextChangeOn: t.nextChangeDay === null ? null : dayToDate(t.nextChangeDay),
  };
}

/**
 * The schedule if the whole amount were paid out on the authorization date and every installment paid on
 * its due date: what a loan not yet disbursed shows, and today's `computeSchedule` (portfolio/schedule.ts).
 */
export function projectInstallments(terms: LoanTerms, amendments: readonly Amendment[] = []): Installment[] {
  const walk = walkLoan(projectionInput(terms, amendments), false);
  return walk.installments.map((record) => installmentOf(record, walk.asOfDay));
}

/** The walk of a projection: exported for the schedule's figures, which need no installment objects. */
export function projectionWalk(terms: LoanTerms, amendments: readonly Amendment[] = []): Walk {
  return walkLoan(projectionInput(terms, amendments), false);
}

function projectionInput(terms: LoanTerms, amendments: readonly Amendment[]): LoanInput {
  return {
    terms,
    disbursements: [{ id: 'projection', date: terms.authorizationDate, amount: terms.amount, reversed: false }],
    repayments: [],
    amendments,
    writeOff: null,
    buckets: DEFAULT_BUCKETS,
    asOf: terms.authorizationDate,
  };
}

/** A loan's figures without its installments, statement or history: what the portfolio keeps per loan. */
export function computeLoanFigures(input: LoanInput): { status: LoanStatus; figures: LoanFigures } {
  const walk = walkLoan(input, false);
  return { status: loanStatus(walk), figures: figuresOf(walk, input) };
}

/** Everything the screens, print and exports show of one loan as of `input.asOf`. */
export function computeLoan(input: LoanInput): LoanServicing {
  const walk = walkLoan(input, true);
  const status = loanStatus(walk);
  return {
    asOf: input.asOf,
    status,
    startDate: walk.startDay === null ? null : dayToDate(walk.startDay),
    installments: walk.installments.map((record) => installmentOf(record, walk.asOfDay)),
    projection: walk.started ? null : projectInstallments(input.terms, input.amendments),
    figures: figuresOf(walk, input),
    bucketHistory: walk.bucketHistory.map((change) => ({
      date: dayToDate(change.day),
      bucket: change.bucket === null ? null : input.buckets[change.bucket]!.key,
      daysPastDue: change.daysPastDue,
    })),
    statement: walk.statement.map((line) => ({
      date: dayToDate(line.day),
      kind: line.kind,
      entryId: line.entryId,
      installmentNumber: line.installmentNumber,
      debit: line.debit,
      credit: line.credit,
      balance: line.balance,
      reversed: line.reversed,
      counts: line.excludedBecause === null,
      excludedBecause: line.excludedBecause,
      allocation: allocationOf(line.allocation),
    })),
    disbursements: walk.disbursements.map(({ entry, excludedBecause }) => ({
      id: entry.id,
      date: entry.date,
      amount: entry.amount,
      excludedBecause,
    })),
    repayments: walk.repayments.map((record) => ({
      id: record.entry.id,
      receivedOn: record.entry.receivedOn,
      amount: record.entry.amount,
      kind: record.entry.kind,
      appliedAs: record.appliedAs,
      excludedBecause: record.excludedBecause,
      payoffBefore: record.payoffBefore,
      allocation: allocationOf(record.allocation),
    })),
    amendments: walk.amendments.map(({ entry, fromInstallment, fromDay }) => ({
      id: entry.id,
      kind: entry.kind,
      effectiveDate: entry.effectiveDate,
      months: entry.kind === 'rate_change' ? null : entry.months,
      rate: entry.kind === 'rate_change' ? entry.rate : null,
      excludedBecause: entry.reversed ? 'reversed' : null,
      fromInstallment,
      fromDueDate: fromDay === null ? null : dayToDate(fromDay),
    })),
    originalTerms: input.terms,
  };
}
