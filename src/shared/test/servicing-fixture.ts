import { expect } from 'vitest';
import { DEFAULT_BUCKETS, bucketFor, type LoanInput, type LoanServicing, type Repayment } from '../servicing';

/** For the servicing tests: 1 200 $ at 12 % (1 % a month) over 12 months, authorized on 15 January 2026. */
export const TERMS = {
  amount: 120_000,
  rate: 12,
  amortization: 12,
  moratorium: 0,
  authorizationDate: '2026-01-15',
} as const;

export const disbursement = (id: string, date: string, amount: number, reversed = false) => ({
  id,
  date,
  amount,
  reversed,
});

export const repayment = (
  id: string,
  receivedOn: string,
  amount: number,
  kind: Repayment['kind'] = 'regular',
  reversed = false,
): Repayment => ({ id, receivedOn, amount, kind, reversed });

/** The test loan, paid out whole on its authorization date, with what the case changes. */
export function loanInput(overrides: Partial<LoanInput> & { asOf: string }): LoanInput {
  return {
    terms: TERMS,
    disbursements: [disbursement('d1', TERMS.authorizationDate, TERMS.amount)],
    repayments: [],
    amendments: [],
    writeOff: null,
    buckets: DEFAULT_BUCKETS,
    ...overrides,
  };
}

/** [number, due date, interest, principal, closing balance] of each installment: the table as a fund reads it. */
export const table = (servicing: LoanServicing) =>
  servicing.installments.map((i) => [i.number, i.dueDate, i.interest, i.principal, i.closingBalance]);

/**
 * What holds for every loan on every date (docs/decisions/0033, "What always adds up"): the reconciliation
 * identity, no negative amount, statuses agreeing with arrears and days past due, the statement's last
 * balance agreeing with the figures, every payment allocated in full. Checked in plain code and reported as
 * one list, so that a property test runs thousands of loans quickly and a failure names every broken rule.
 */
export function consistencyProblems(servicing: LoanServicing, input: LoanInput): string[] {
  const problems: string[] = [];
  const check = (ok: boolean, rule: string) => {
    if (!ok) problems.push(rule);
  };
  const cents = (value: number, where: string) =>
    check(Number.isInteger(value) && value >= 0, `${where} is whole non-negative cents (${value})`);
  const f = servicing.figures;
  const { asOf } = servicing;
  for (const [key, value] of Object.entries(f)) if (typeof value === 'number') cents(value, `figures.${key}`);

  check(
    f.disbursed + f.interestFallenDue + f.capitalisedInterest ===
      f.applied +
        f.outstandingPrincipal +
        f.arrearsInterest +
        f.dueTodayInterest -
        f.paidInAdvance +
        f.writtenOffPrincipal +
        f.writtenOffInterest,
    'disbursed + interest fallen due (capitalised included) = applied + outstanding + interest owed − paid in advance + written off',
  );
  check(f.received === f.applied + f.recovered + f.overpaid, 'received = applied + recovered + overpaid');
  const closed = servicing.status === 'repaid' || servicing.status === 'written_off';
  check(
    f.undisbursed === (closed ? 0 : Math.max(0, input.terms.amount - f.disbursed)),
    'undisbursed = amount − disbursed while open',
  );
  check(
    f.outstandingPrincipal === f.disbursed + f.capitalisedInterest - f.principalRepaid - f.writtenOffPrincipal,
    'outstanding = disbursed + capitalised − principal repaid − written off',
  );
  check(
    f.interestFallenDue === f.interestPaid + f.arrearsInterest + f.dueTodayInterest + f.writtenOffInterest,
    'interest fallen due = paid + in arrears + due today + written off',
  );

  const sums = { arrearsI: 0, arrearsP: 0, todayI: 0, todayP: 0, advance: 0, interestPaid: 0, interestDue: 0 };
  let oldestLate: string | null = null;
  let previousDue = '';
  for (const i of servicing.installments) {
    const at = `installment ${i.number}`;
    for (const value of [i.openingBalance, i.interest, i.principal, i.capitalised, i.closingBalance]) cents(value, at);
    for (const split of [i.paid, i.due, i.writtenOff]) {
      cents(split.interest, at);
      cents(split.principal, at);
    }
    check(i.payment === i.interest + i.principal, `${at}: payment = interest + principal`);
    check(i.paid.interest + i.due.interest + i.writtenOff.interest === i.interest, `${at}: interest split`);
    check(i.paid.principal + i.due.principal + i.writtenOff.principal === i.principal, `${at}: principal split`);
    check(i.dueDate > previousDue, `${at}: in date order`);
    previousDue = i.dueDate;
    check(i.projected === i.dueDate > asOf, `${at}: projected when due after the as-of date`);
    const owed = i.due.interest + i.due.principal;
    const paid = i.paid.interest + i.paid.principal;
    const status =
      i.writtenOff.interest + i.writtenOff.principal > 0
        ? 'written_off'
        : owed === 0
          ? 'paid'
          : i.dueDate < asOf
            ? 'late'
            : i.dueDate === asOf
              ? 'due'
              : paid > 0
                ? 'partial'
                : 'future';
    check(i.status === status, `${at}: status ${i.status}, expected ${status}`);
    check((i.paidOn !== null) === (i.status === 'paid'), `${at}: a payment day exactly when paid`);
    if (i.dueDate < asOf) {
      sums.arrearsI += i.due.interest;
      sums.arrearsP += i.due.principal;
      if (owed > 0) oldestLate ??= i.dueDate;
    } else if (i.dueDate === asOf) {
      sums.todayI += i.due.interest;
      sums.todayP += i.due.principal;
    } else sums.advance += paid;
    if (i.dueDate <= asOf) {
      sums.interestPaid += i.paid.interest;
      sums.interestDue += i.interest;
    }
  }
  check(f.arrearsInterest === sums.arrearsI && f.arrearsPrincipal === sums.arrearsP, 'arrears = late installments');
  check(f.dueTodayInterest === sums.todayI && f.dueTodayPrincipal === sums.todayP, 'due today = that installment');
  check(f.interestPaid === sums.interestPaid, 'interest paid = paid on installments due');
  check(f.interestFallenDue === sums.interestDue, 'interest fallen due = installments due');
  if (servicing.status !== 'written_off') {
    check(f.paidInAdvance === sums.advance, 'paid in advance = paid on installments not yet due');
  }

  const daysPastDue = oldestLate === null ? 0 : (Date.parse(asOf) - Date.parse(oldestLate)) / 86_400_000;
  check(f.daysPastDue === daysPastDue, `days past due ${f.daysPastDue}, expected ${daysPastDue}`);
  check(f.daysPastDue > 0 === f.arrearsInterest + f.arrearsPrincipal > 0, 'days past due exactly when in arrears');
  if (oldestLate !== null) check(f.overdueSince === oldestLate, 'overdue since the oldest late installment');
  const inAging = servicing.status === 'active' || servicing.status === 'repaid';
  check(f.bucket === (inAging ? bucketFor(input.buckets, daysPastDue) : null), 'bucket of the days past due');

  const owesNothing =
    f.outstandingPrincipal === 0 && servicing.installments.every((i) => i.due.interest + i.due.principal === 0);
  if (servicing.status === 'repaid') check(owesNothing, 'repaid: nothing owed');
  if (servicing.status === 'active') check(!owesNothing, 'active: something owed');
  if (servicing.status === 'written_off') {
    check(f.outstandingPrincipal + f.arrearsPrincipal + f.arrearsInterest + f.daysPastDue === 0, 'written off: 0');
  }

  let balance = 0;
  let previousDate = '';
  for (const line of servicing.statement) {
    check(line.date >= previousDate && line.date <= asOf, `statement line of ${line.date} in order`);
    previousDate = line.date;
    cents(line.debit, 'statement debit');
    cents(line.credit, 'statement credit');
    if (line.counts) {
      const notApplied = (line.allocation?.overpaid ?? 0) + (line.allocation?.recovered ?? 0);
      balance += line.debit - line.credit + notApplied;
    }
    check(line.balance === balance, `statement balance on ${line.date}`);
  }
  const owedInterest = servicing.status === 'written_off' ? 0 : f.arrearsInterest + f.dueTodayInterest;
  check(balance === f.outstandingPrincipal + owedInterest - f.paidInAdvance, 'statement ends on the figures');

  for (const r of servicing.repayments) {
    if (r.excludedBecause !== null) {
      check(r.allocation === null, `repayment ${r.id} excluded: no allocation`);
      continue;
    }
    const a = r.allocation!;
    let allocated = a.prepaidPrincipal + a.inAdvance + a.recovered + a.overpaid;
    for (const x of a.installments) {
      cents(x.interest, 'allocation');
      cents(x.principal, 'allocation');
      allocated += x.interest + x.principal;
    }
    for (const value of [a.prepaidPrincipal, a.inAdvance, a.recovered, a.overpaid]) cents(value, 'allocation');
    check(allocated === r.amount, `repayment ${r.id} allocated in full`);
  }
  return problems;
}

export function expectConsistent(servicing: LoanServicing, input: LoanInput): void {
  expect(consistencyProblems(servicing, input)).toEqual([]);
}
