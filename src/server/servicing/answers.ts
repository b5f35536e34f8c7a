/**
 * The servicing answers in their wire shape (src/shared/schemas/servicing-answers.ts): rows as stored, with what
 * the computation made of them as of a date, amounts turned from cents into dollars here and only here.
 */
import { guaranteesCoverage } from '../../shared/guarantees/rules';
import { toDollars as dollars } from '../../shared/money';
import type {
  DisbursementAnswer,
  LoanFiguresAnswer,
  LoanSummary,
  RepaymentAnswer,
  ServicingSchedule,
  TermAmendmentAnswer,
  WriteOffAnswer,
} from '../../shared/schemas/servicing-answers';
import type {
  Allocation,
  AmendmentResult,
  DisbursementResult,
  Installment,
  LoanFigures,
  LoanServicing,
  LoanTerms,
  RepaymentResult,
} from '../../shared/servicing';
import { wireInstallmentStatus } from '../../shared/servicing/wire';
import type {
  AmendmentRow,
  DisbursementRow,
  LoanEntries,
  LoanRow,
  LoanState,
  RepaymentRow,
  WriteOffRow,
} from './store';
import { writeOffInForce } from './store';

/** An entry's approval on the wire (docs/decisions/0067). */
const approvalAnswer = (approval: { byName: string | null; at: string } | null) => ({
  approvalState: approval ? ('approved' as const) : ('not_required' as const),
  approvedBy: approval?.byName ?? null,
  approvedAt: approval?.at ?? null,
});

/** Cents to dollars: exact for every amount a numeric(15,2) holds. */
export { dollars };

const allocationAnswer = (allocation: Allocation | null) =>
  allocation && {
    installments: allocation.installments.map((i) => ({
      number: i.number,
      interest: dollars(i.interest),
      principal: dollars(i.principal),
    })),
    prepaidPrincipal: dollars(allocation.prepaidPrincipal),
    inAdvance: dollars(allocation.inAdvance),
    recovered: dollars(allocation.recovered),
    overpaid: dollars(allocation.overpaid),
  };

/** The figures of a loan; one whose terms make no schedule has none but its amount still to disburse. */
export function figuresAnswer(figures: LoanFigures | null, loan: LoanRow): LoanFiguresAnswer {
  const f = figures;
  return {
    disbursed: dollars(f?.disbursed ?? 0),
    undisbursed: f ? dollars(f.undisbursed) : Math.max(loan.amount ?? 0, 0),
    interestFallenDue: dollars(f?.interestFallenDue ?? 0),
    capitalisedInterest: dollars(f?.capitalisedInterest ?? 0),
    interestPaid: dollars(f?.interestPaid ?? 0),
    principalRepaid: dollars(f?.principalRepaid ?? 0),
    outstandingPrincipal: dollars(f?.outstandingPrincipal ?? 0),
    arrearsPrincipal: dollars(f?.arrearsPrincipal ?? 0),
    arrearsInterest: dollars(f?.arrearsInterest ?? 0),
    dueTodayPrincipal: dollars(f?.dueTodayPrincipal ?? 0),
    dueTodayInterest: dollars(f?.dueTodayInterest ?? 0),
    paidInAdvance: dollars(f?.paidInAdvance ?? 0),
    daysPastDue: f?.daysPastDue ?? 0,
    overdueSince: f?.overdueSince ?? null,
    bucket: f?.bucket ?? null,
    writtenOffPrincipal: dollars(f?.writtenOffPrincipal ?? 0),
    writtenOffInterest: dollars(f?.writtenOffInterest ?? 0),
    recovered: dollars(f?.recovered ?? 0),
    received: dollars(f?.received ?? 0),
    applied: dollars(f?.applied ?? 0),
    overpaid: dollars(f?.overpaid ?? 0),
    payoffAmount: dollars(f?.payoffAmount ?? 0),
    levelPayment: f?.levelPayment == null ? null : dollars(f.levelPayment),
    nextChangeOn: f?.nextChangeOn ?? null,
  };
}

export function writeOffAnswer(row: WriteOffRow): WriteOffAnswer {
  return {
    id: row.id,
    contributionId: row.contributionId,
    date: row.date,
    principal: dollars(row.principalCents),
    interest: dollars(row.interestCents),
    reason: row.reason,
    authorId: row.authorId,
    authorName: row.authorName,
    insertedAt: row.insertedAt,
    ...approvalAnswer(row.approval),
    undone: row.undone,
  };
}

export function loanSummary(loan: LoanRow, state: LoanState, asOf: string, entries: LoanEntries): LoanSummary {
  const writeOff = writeOffInForce(entries);
  return {
    companyId: loan.companyId,
    companyArchived: loan.companyArchived,
    contributionId: loan.id,
    loanNumber: loan.loanNumber,
    asOf,
    status: state.status,
    startDate: state.startDate,
    figures: figuresAnswer(state.figures, loan),
    writeOff: writeOff && writeOffAnswer(writeOff),
    resolutionNumber: loan.resolutionNumber,
    resolutionDate: loan.resolutionDate,
    outsidePipeline: loan.outsidePipeline,
    guaranteesCoverage: guaranteesCoverage(loan.securingGuarantees, state.figures?.outstandingPrincipal ?? null),
  };
}

export function disbursementAnswer(row: DisbursementRow, result: DisbursementResult | undefined): DisbursementAnswer {
  return {
    id: row.id,
    contributionId: row.contributionId,
    date: row.date,
    amount: dollars(row.amountCents),
    method: row.method,
    reference: row.reference,
    note: row.note,
    authorId: row.authorId,
    authorName: row.authorName,
    insertedAt: row.insertedAt,
    ...approvalAnswer(row.approval),
    reversal: row.reversal,
    excludedBecause: result ? result.excludedBecause : row.reversal ? 'reversed' : null,
  };
}

export function repaymentAnswer(row: RepaymentRow, result: RepaymentResult | undefined): RepaymentAnswer {
  return {
    id: row.id,
    contributionId: row.contributionId,
    receivedOn: row.receivedOn,
    amount: dollars(row.amountCents),
    method: row.method,
    kind: row.kind,
    reference: row.reference,
    importId: row.importId,
    authorId: row.authorId,
    authorName: row.authorName,
    insertedAt: row.insertedAt,
    ...approvalAnswer(row.approval),
    reversal: row.reversal,
    excludedBecause: result ? result.excludedBecause : row.reversal ? 'reversed' : null,
    appliedAs: result?.appliedAs ?? null,
    payoffBefore: result?.payoffBefore == null ? null : dollars(result.payoffBefore),
    allocation: allocationAnswer(result?.allocation ?? null),
  };
}

export function amendmentAnswer(row: AmendmentRow, result: AmendmentResult | undefined): TermAmendmentAnswer {
  return {
    id: row.id,
    contributionId: row.contributionId,
    effectiveDate: row.effectiveDate,
    kind: row.kind,
    months: row.months,
    rate: row.rate,
    reason: row.reason,
    bulkActionId: row.bulkActionId,
    fromInstallment: result?.fromInstallment ?? null,
    fromDueDate: result?.fromDueDate ?? null,
    authorId: row.authorId,
    authorName: row.authorName,
    insertedAt: row.insertedAt,
    ...approvalAnswer(row.approval),
    reversal: row.reversal,
  };
}

export const originalTermsAnswer = (terms: LoanTerms) => ({
  amount: dollars(terms.amount),
  rate: terms.rate,
  amortization: terms.amortization,
  moratorium: terms.moratorium,
  authorizationDate: terms.authorizationDate,
});

function rowAnswer(installment: Installment) {
  const paid = installment.paid.interest + installment.paid.principal;
  const due = installment.due.interest + installment.due.principal;
  return {
    number: installment.number,
    date: installment.dueDate,
    payment: dollars(installment.payment),
    interest: dollars(installment.interest),
    principal: dollars(installment.principal),
    balance: dollars(installment.closingBalance),
    kind: installment.kind,
    rate: installment.rate,
    paid: dollars(paid),
    due: dollars(due),
    paidInterest: dollars(installment.paid.interest),
    paidPrincipal: dollars(installment.paid.principal),
    dueInterest: dollars(installment.due.interest),
    duePrincipal: dollars(installment.due.principal),
    capitalised: dollars(installment.capitalised),
    writtenOff: dollars(installment.writtenOff.interest + installment.writtenOff.principal),
    ...wireInstallmentStatus(installment),
    paidOn: installment.paidOn,
  };
}

/**
 * The schedule as of `servicing.asOf`: a loan paid out shows its installments with what was paid; one not
 * disbursed its projection. `payment`, `totalInterest` and `totalPaid` are those of the rows shown (today's
 * meaning); `balanceToday` is the outstanding principal, or for a projection the scheduled balance.
 */
export function scheduleAnswer(loan: LoanRow, servicing: LoanServicing): ServicingSchedule {
  const projected = servicing.projection !== null;
  const installments = servicing.projection ?? servicing.installments;
  const asOf = servicing.asOf;
  let scheduledBalance = servicing.originalTerms.amount;
  for (const installment of installments)
    if (installment.dueDate <= asOf) scheduledBalance = installment.closingBalance;
  const f = servicing.figures;
  const level = installments.find((installment) => installment.kind === 'regular')?.levelPayment ?? 0;
  return {
    payment: dollars(level),
    totalInterest: dollars(installments.reduce((sum, installment) => sum + installment.interest, 0)),
    totalPaid: dollars(installments.reduce((sum, installment) => sum + installment.payment, 0)),
    balanceToday: dollars(projected ? scheduledBalance : f.outstandingPrincipal),
    lastPaymentDate: installments.at(-1)?.dueDate ?? servicing.originalTerms.authorizationDate,
    rows: installments.map(rowAnswer),
    asOf,
    loanNumber: loan.loanNumber,
    status: servicing.status,
    projected,
    startDate: servicing.startDate,
    daysPastDue: f.daysPastDue,
    bucket: f.bucket,
    arrearsPrincipal: dollars(f.arrearsPrincipal),
    arrearsInterest: dollars(f.arrearsInterest),
    outstandingPrincipal: dollars(f.outstandingPrincipal),
    figures: figuresAnswer(f, loan),
    bucketHistory: servicing.bucketHistory,
    originalTerms: originalTermsAnswer(servicing.originalTerms),
    amendments: servicing.amendments.map((a) => ({
      id: a.id,
      kind: a.kind,
      effectiveDate: a.effectiveDate,
      months: a.months,
      rate: a.rate,
      reversed: a.excludedBecause !== null,
      fromInstallment: a.fromInstallment,
      fromDueDate: a.fromDueDate,
    })),
  };
}
