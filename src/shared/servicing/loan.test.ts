import { describe, expect, it } from 'vitest';
import { computeLoan, computeLoanFigures, projectInstallments, type Amendment, type LoanInput } from '.';
import { TERMS, disbursement, expectConsistent, loanInput, repayment, table } from '../test/servicing-fixture';

/*
 * The test loan: 1 200,00 $ at 12 % a year (1 % a month) over 12 months, paid out on 15 January 2026.
 * Level payment: 1 200 × 0,01 / (1 − 1,01^−12) = 106,6185… → 106,62 $. Month by month (cents), interest =
 * 1 % of the balance at the start of the month, rounded half away from zero:
 *   1  15 Feb  12,00 + 94,62  → 1 105,38      7  15 Aug  6,18 + 100,44 → 517,45
 *   2  15 Mar  11,05 + 95,57  → 1 009,81      8  15 Sep  5,17 + 101,45 → 416,00
 *   3  15 Apr  10,10 + 96,52  →   913,29      9  15 Oct  4,16 + 102,46 → 313,54
 *   4  15 May   9,13 + 97,49  →   815,80     10  15 Nov  3,14 + 103,48 → 210,06
 *   5  15 Jun   8,16 + 98,46  →   717,34     11  15 Dec  2,10 + 104,52 → 105,54
 *   6  15 Jul   7,17 + 99,45  →   617,89     12  15 Jan  1,06 + 105,54 →   0 (the last takes the balance)
 */
const SCHEDULE = [
  [1, '2026-02-15', 1200, 9462, 110_538],
  [2, '2026-03-15', 1105, 9557, 100_981],
  [3, '2026-04-15', 1010, 9652, 91_329],
  [4, '2026-05-15', 913, 9749, 81_580],
  [5, '2026-06-15', 816, 9846, 71_734],
  [6, '2026-07-15', 717, 9945, 61_789],
  [7, '2026-08-15', 618, 10_044, 51_745],
  [8, '2026-09-15', 517, 10_145, 41_600],
  [9, '2026-10-15', 416, 10_246, 31_354],
  [10, '2026-11-15', 314, 10_348, 21_006],
  [11, '2026-12-15', 210, 10_452, 10_554],
  [12, '2027-01-15', 106, 10_554, 0],
];
const PAYMENT = 10_662;

/** Computes the loan and checks what must hold on every loan before the case looks at its own figures. */
function serviced(overrides: Partial<LoanInput> & { asOf: string }) {
  const input = loanInput(overrides);
  const result = computeLoan(input);
  expectConsistent(result, input);
  expect(computeLoanFigures(input)).toEqual({ status: result.status, figures: result.figures });
  return result;
}

const onTime = (count: number) =>
  SCHEDULE.slice(0, count).map(([n, date]) => repayment(`r${n}`, date as string, PAYMENT));

describe('computeLoan: the schedule from the first disbursement', () => {
  it('nothing paid out: not disbursed, no installments of its own, the projection of the terms', () => {
    const result = serviced({
      disbursements: [],
      repayments: [repayment('r', '2026-03-01', 1000, 'recovery')],
      asOf: '2026-06-01',
    });
    expect(result.status).toBe('not_disbursed');
    // Money received with nothing owed: overpaid, on the statement without moving its balance.
    expect(result.repayments[0]).toMatchObject({ appliedAs: 'regular', payoffBefore: 0 });
    expect(result.figures).toMatchObject({ received: 1000, overpaid: 1000, undisbursed: 120_000 });
    expect(result.statement).toMatchObject([{ kind: 'repayment', credit: 1000, balance: 0, counts: true }]);
    expect(result.installments).toEqual([]);
    expect(table({ ...result, installments: result.projection! })).toEqual(SCHEDULE);
    expect(result.figures).toMatchObject({ outstandingPrincipal: 0, daysPastDue: 0, bucket: null, nextChangeOn: null });
  });

  it('paid out whole on the authorization date and paid on every due date: the agreed schedule, repaid', () => {
    const result = serviced({ repayments: onTime(11), asOf: '2027-01-15' });
    expect(table(result)).toEqual(SCHEDULE);
    // The last installment asks 1,06 + 105,54 = 106,60 $, not the level payment.
    const last = result.installments.at(-1)!;
    expect(last).toMatchObject({ payment: 10_660, status: 'due', due: { interest: 106, principal: 10_554 } });
    const settled = serviced({
      repayments: [...onTime(11), repayment('r12', '2027-01-15', 10_660)],
      asOf: '2027-01-15',
    });
    expect(settled.status).toBe('repaid');
    expect(settled.installments.every((i) => i.status === 'paid')).toBe(true);
    expect(settled.figures).toMatchObject({ outstandingPrincipal: 0, interestPaid: 7942, levelPayment: PAYMENT });
    expect(settled.bucketHistory).toEqual([{ date: '2026-01-15', bucket: 'current', daysPastDue: 0 }]);
  });

  it('starts from the first disbursement actually paid out, not the authorization date', () => {
    const result = serviced({ disbursements: [disbursement('d1', '2026-03-10', 120_000)], asOf: '2026-03-10' });
    expect(result.startDate).toBe('2026-03-10');
    expect(result.installments.map((i) => i.dueDate).slice(0, 3)).toEqual(['2026-04-10', '2026-05-10', '2026-06-10']);
    expect(result.installments.map((i) => [i.interest, i.principal])).toEqual(
      SCHEDULE.map(([, , interest, principal]) => [interest, principal]),
    );
    // Repaid on the day it was paid out, the loan costs no interest; from the next day, the payoff includes
    // the first month's: the figures change on 11 March.
    expect(result.figures.payoffAmount).toBe(120_000);
    expect(result.figures.nextChangeOn).toBe('2026-03-11');
    const nextDay = serviced({ disbursements: [disbursement('d1', '2026-03-10', 120_000)], asOf: '2026-03-11' });
    expect(nextDay.figures).toMatchObject({ payoffAmount: 121_200, nextChangeOn: '2026-04-10' });
  });
});

describe('computeLoan: allocation of payments', () => {
  it('partial payment: interest first, the rest of the installment late the next day', () => {
    // 50,00 $ on 15 Feb: 12,00 of interest, 38,00 of principal; 94,62 − 38,00 = 56,62 still owed.
    const onDueDate = serviced({ repayments: [repayment('r1', '2026-02-15', 5000)], asOf: '2026-02-15' });
    expect(onDueDate.installments[0]).toMatchObject({
      status: 'due',
      paid: { interest: 1200, principal: 3800 },
      due: { interest: 0, principal: 5662 },
    });
    expect(onDueDate.figures).toMatchObject({ dueTodayPrincipal: 5662, arrearsPrincipal: 0, daysPastDue: 0 });
    expect(onDueDate.figures.nextChangeOn).toBe('2026-02-16');

    const later = serviced({ repayments: [repayment('r1', '2026-02-15', 5000)], asOf: '2026-02-20' });
    expect(later.installments[0]!.status).toBe('late');
    expect(later.figures).toMatchObject({
      arrearsPrincipal: 5662,
      arrearsInterest: 0,
      daysPastDue: 5,
      overdueSince: '2026-02-15',
      bucket: 'days_1_30',
      // 120 000 − 3 800 of principal paid.
      outstandingPrincipal: 116_200,
    });
    expect(later.repayments[0]!.allocation).toEqual({
      installments: [{ number: 1, interest: 1200, principal: 3800 }],
      prepaidPrincipal: 0,
      inAdvance: 0,
      recovered: 0,
      overpaid: 0,
    });
  });

  it('a payment a few days early pays the installment on its due date, and the schedule does not change', () => {
    const before = serviced({ repayments: [repayment('r1', '2026-02-10', PAYMENT)], asOf: '2026-02-12' });
    expect(before.figures.paidInAdvance).toBe(PAYMENT);
    expect(before.installments[0]).toMatchObject({ status: 'paid', paidOn: '2026-02-15', projected: true });
    expect(before.repayments[0]!.allocation).toMatchObject({ inAdvance: PAYMENT, prepaidPrincipal: 0 });
    const after = serviced({ repayments: [repayment('r1', '2026-02-10', PAYMENT)], asOf: '2026-03-01' });
    expect(after.figures).toMatchObject({ paidInAdvance: 0, arrearsPrincipal: 0, daysPastDue: 0 });
    expect(table(after)).toEqual(SCHEDULE);
  });

  it('a payment of more than what is due is held in advance, part of a later installment until it falls due', () => {
    // 150,00 $ on 15 Feb: installment 1 (106,62), then 43,38 held; installment 2 is partly paid in advance.
    const result = serviced({ repayments: [repayment('r1', '2026-02-15', 15_000)], asOf: '2026-02-20' });
    expect(result.figures.paidInAdvance).toBe(4338);
    expect(result.installments[1]).toMatchObject({
      status: 'partial',
      paid: { interest: 1105, principal: 3233 },
      due: { interest: 0, principal: 9557 - 3233 },
    });
  });

  it('overpayment: beyond what repays the loan, reported and not applied; the rest closes the loan', () => {
    // On 1 March (inside period 2, whose interest is fixed at its start): installment 1 (106,62) + scheduled
    // balance 1 105,38 + the period's interest 11,05 = 1 223,05. A payment of 1 300,00 leaves 76,95 over.
    const result = serviced({ repayments: [repayment('r1', '2026-03-01', 130_000)], asOf: '2026-03-01' });
    const paid = result.repayments[0]!;
    expect(paid.payoffBefore).toBe(122_305);
    expect(paid.appliedAs).toBe('prepayment');
    expect(paid.allocation).toEqual({
      installments: [{ number: 1, interest: 1200, principal: 9462 }],
      prepaidPrincipal: 110_538,
      inAdvance: 1105,
      recovered: 0,
      overpaid: 7695,
    });
    expect(result.status).toBe('repaid');
    expect(result.figures).toMatchObject({ overpaid: 7695, outstandingPrincipal: 0, payoffAmount: 0 });
    // The last installment asks the period's interest only, paid by what was held.
    expect(table(result)).toEqual([SCHEDULE[0], [2, '2026-03-15', 1105, 0, 0]]);
    expect(result.installments[1]!.status).toBe('paid');
  });

  it('a regular payment of exactly the payoff amount closes the loan like a prepayment', () => {
    const result = serviced({ repayments: [repayment('r1', '2026-03-01', 122_305)], asOf: '2026-06-01' });
    expect(result.repayments[0]!.appliedAs).toBe('prepayment');
    expect(result.status).toBe('repaid');
    expect(result.installments).toHaveLength(2);
  });

  it('a backdated payment is allocated at its date: the later one moves on to the next installment', () => {
    // Recorded first: one payment on 15 March, which pays installment 1 a month late.
    const late = serviced({ repayments: [repayment('r2', '2026-03-15', PAYMENT)], asOf: '2026-03-20' });
    expect(late.installments.slice(0, 2).map((i) => i.status)).toEqual(['paid', 'late']);
    expect(late.bucketHistory.map((b) => [b.date, b.bucket])).toEqual([
      ['2026-01-15', 'current'],
      ['2026-02-16', 'days_1_30'],
      ['2026-03-15', 'current'],
      ['2026-03-16', 'days_1_30'],
    ]);
    // Then the payment of 15 February, recorded after it: both installments are paid on time.
    const backdated = serviced({
      repayments: [repayment('r2', '2026-03-15', PAYMENT), repayment('r1', '2026-02-15', PAYMENT)],
      asOf: '2026-03-20',
    });
    expect(backdated.installments.slice(0, 2).map((i) => [i.status, i.paidOn])).toEqual([
      ['paid', '2026-02-15'],
      ['paid', '2026-03-15'],
    ]);
    expect(backdated.repayments.map((r) => r.allocation!.installments.map((x) => x.number))).toEqual([[2], [1]]);
    expect(backdated.bucketHistory).toEqual([{ date: '2026-01-15', bucket: 'current', daysPastDue: 0 }]);
  });

  it('a reversed payment is shown struck through and counts for nothing', () => {
    const repayments = [
      repayment('r1', '2026-02-15', PAYMENT),
      repayment('r2', '2026-03-15', PAYMENT, 'regular', true),
    ];
    const result = serviced({ repayments, asOf: '2026-03-20' });
    const without = serviced({ repayments: repayments.slice(0, 1), asOf: '2026-03-20' });
    expect(result.figures).toEqual(without.figures);
    expect(result.installments).toEqual(without.installments);
    expect(result.repayments[1]).toMatchObject({ excludedBecause: 'reversed', allocation: null, appliedAs: null });
    const line = result.statement.find((l) => l.entryId === 'r2')!;
    // Balance on 15 March: 1 105,38 of principal + 11,05 of interest fallen due that day.
    expect(line).toMatchObject({ reversed: true, counts: false, credit: PAYMENT, balance: 111_643 });
  });

  it('a recovery before any write-off is a regular payment; money before the first disbursement is overpaid', () => {
    const result = serviced({
      disbursements: [disbursement('d1', '2026-01-20', 120_000)],
      repayments: [repayment('r0', '2026-01-10', 1000), repayment('r1', '2026-02-20', PAYMENT, 'recovery')],
      asOf: '2026-02-20',
    });
    expect(result.repayments.map((r) => [r.appliedAs, r.allocation!.overpaid])).toEqual([
      ['regular', 1000],
      ['regular', 0],
    ]);
    expect(result.installments[0]!.status).toBe('paid');
  });
});

describe('computeLoan: disbursements and prepayments', () => {
  it('two disbursements: the second counts from the next period, and the level payment is recomputed then', () => {
    // 600 $ on 15 Jan, 600 $ on 1 Feb (inside period 1). Installment 1: 1 % of 600 = 6,00; payment on 600 over
    // 12 months = 6 / (1 − 1,01^−12) = 53,31; principal 47,31; balance 1 200 − 47,31 = 1 152,69.
    // Installment 2: 1 % of 1 152,69 = 11,53; payment recomputed on 1 152,69 over the 11 months left =
    // 11,5269 / (1 − 1,01^−11) = 111,18; principal 99,65; balance 1 053,04.
    const disbursements = [disbursement('d1', '2026-01-15', 60_000), disbursement('d2', '2026-02-01', 60_000)];
    const result = serviced({ disbursements, asOf: '2026-02-01' });
    expect(table(result).slice(0, 2)).toEqual([
      [1, '2026-02-15', 600, 4731, 115_269],
      [2, '2026-03-15', 1153, 9965, 105_304],
    ]);
    expect(result.installments.map((i) => i.levelPayment).slice(0, 3)).toEqual([5331, 11_118, 11_118]);
    expect(result.installments).toHaveLength(12);
    expect(result.figures).toMatchObject({ disbursed: 120_000, undisbursed: 0, nextChangeOn: '2026-02-15' });
    // Before the second one is paid out, it counts for nothing yet, and the figures change on its date.
    const before = serviced({ disbursements, asOf: '2026-01-20' });
    expect(before.disbursements[1]!.excludedBecause).toBe('after_as_of');
    expect(before.figures).toMatchObject({ disbursed: 60_000, undisbursed: 60_000, nextChangeOn: '2026-02-01' });
    expect(before.installments.at(-1)!.number).toBe(12);
  });

  it('a prepayment lowers the scheduled balance from the next period: the payment stays, the loan ends earlier', () => {
    // On 15 March, after installment 2 fell due (balance 1 009,81): 106,62 for it and 400,00 of surplus, so
    // period 3 opens on 609,81. Installment 3: 1 % of 609,81 = 6,10, principal 106,62 − 6,10 = 100,52 …
    const result = serviced({
      repayments: [...onTime(1), repayment('p', '2026-03-15', PAYMENT + 40_000, 'prepayment')],
      asOf: '2026-03-15',
    });
    expect(result.repayments[1]!.allocation).toMatchObject({ prepaidPrincipal: 40_000, inAdvance: 0 });
    expect(table(result).slice(1, 4)).toEqual([
      [2, '2026-03-15', 1105, 9557, 100_981],
      [3, '2026-04-15', 610, 10_052, 50_929],
      [4, '2026-05-15', 509, 10_153, 40_776],
    ]);
    // Every installment but the last asks the same 106,62; the loan ends in September instead of January.
    expect(result.installments[2]!.openingBalance).toBe(60_981);
    expect(result.installments.slice(2, -1).every((i) => i.payment === PAYMENT)).toBe(true);
    expect(result.installments.at(-1)).toMatchObject({ number: 8, dueDate: '2026-09-15', closingBalance: 0 });
    expect(result.figures.levelPayment).toBe(PAYMENT);
  });

  it('a loan paid off early by a prepayment inside a period: that period’s interest, then repaid', () => {
    // 1 April, inside period 3 (opening 1 009,81, interest 10,10): payoff 1 009,81 + 10,10 = 1 019,91.
    const repayments = [...onTime(2), repayment('p', '2026-04-01', 101_991, 'prepayment')];
    const result = serviced({ repayments, asOf: '2026-04-01' });
    expect(result.figures.payoffAmount).toBe(0);
    expect(result.repayments[2]).toMatchObject({ payoffBefore: 101_991 });
    expect(result.repayments[2]!.allocation).toMatchObject({ prepaidPrincipal: 100_981, inAdvance: 1010, overpaid: 0 });
    expect(table(result).at(-1)).toEqual([3, '2026-04-15', 1010, 0, 0]);
    expect(result.status).toBe('repaid');
    expect(result.figures.nextChangeOn).toBe('2026-04-15');
    // On a due date the new period has not started: the payoff is the balance, no interest.
    const onDueDate = serviced({ repayments: onTime(2), asOf: '2026-03-15' });
    expect(onDueDate.figures.payoffAmount).toBe(100_981);
    expect(onDueDate.figures.nextChangeOn).toBe('2026-03-16');
  });
});

describe('computeLoan: amendments', () => {
  type Fields<T> = T extends unknown ? Omit<T, 'id' | 'reversed'> & { reversed?: boolean } : never;
  const amendment = (a: Fields<Amendment>): Amendment => ({ id: `a-${a.kind}`, reversed: false, ...a }) as Amendment;

  it('moratorium added mid-life: interest-only installments inserted, the term extended, the terms shown', () => {
    // From 1 April: installments 3–5 (15 April – 15 June) are 1 % of 1 009,81 = 10,10; then the payment is
    // recomputed on 1 009,81 over the 10 level months left: 10,0981 / (1 − 1,01^−10) = 106,62 again.
    const result = serviced({
      amendments: [amendment({ kind: 'moratorium', effectiveDate: '2026-04-01', months: 3 })],
      repayments: onTime(2),
      asOf: '2026-03-20',
    });
    expect(result.installments).toHaveLength(15);
    expect(result.installments.slice(2, 6).map((i) => [i.kind, i.interest, i.principal, i.closingBalance])).toEqual([
      ['moratorium', 1010, 0, 100_981],
      ['moratorium', 1010, 0, 100_981],
      ['moratorium', 1010, 0, 100_981],
      ['regular', 1010, 9652, 91_329],
    ]);
    expect(result.installments.at(-1)!.dueDate).toBe('2027-04-15');
    expect(result.amendments[0]).toMatchObject({ fromInstallment: 3, fromDueDate: '2026-04-15' });
    expect(result.originalTerms).toEqual(TERMS);
  });

  it('payment holiday: nothing due, the interest capitalised, the payment recomputed on the larger balance', () => {
    // Installment 3: 1 % of 1 009,81 = 10,10 → balance 1 019,91; installment 4: 1 % of 1 019,91 = 10,20 →
    // 1 030,11. Installment 5: payment on 1 030,11 over 10 months = 10,3011 / (1 − 1,01^−10) = 108,76.
    const result = serviced({
      amendments: [amendment({ kind: 'payment_holiday', effectiveDate: '2026-04-15', months: 2 })],
      repayments: onTime(2),
      asOf: '2026-05-20',
    });
    expect(result.installments.slice(2, 5).map((i) => [i.kind, i.payment, i.capitalised, i.closingBalance])).toEqual([
      ['holiday', 0, 1010, 101_991],
      ['holiday', 0, 1020, 103_011],
      ['regular', 10_876, 0, 103_011 - (10_876 - 1030)],
    ]);
    expect(result.installments.slice(2, 4).map((i) => i.status)).toEqual(['paid', 'paid']);
    expect(result.installments).toHaveLength(14);
    expect(result.figures).toMatchObject({ capitalisedInterest: 2030, daysPastDue: 0, outstandingPrincipal: 103_011 });
  });

  it('term extension: more level months, the payment recomputed', () => {
    // 1 009,81 over 10 + 6 months: 10,0981 / (1 − 1,01^−16) = 68,61.
    const result = serviced({
      amendments: [amendment({ kind: 'term_extension', effectiveDate: '2026-04-01', months: 6 })],
      asOf: '2026-01-15',
    });
    expect(result.installments).toHaveLength(18);
    expect(result.installments[2]).toMatchObject({ levelPayment: 6861, payment: 6861, interest: 1010 });
    expect(result.installments.at(-1)).toMatchObject({ dueDate: '2027-07-15', closingBalance: 0 });
  });

  it('rate change: the new rate for the interest from its installment, the payment recomputed', () => {
    // 6 % from 1 April: installment 3 interest 0,5 % of 1 009,81 = 5,05; payment 5,04905 / (1 − 1,005^−10) = 103,78.
    const result = serviced({
      amendments: [amendment({ kind: 'rate_change', effectiveDate: '2026-04-01', rate: 6 })],
      asOf: '2026-01-15',
    });
    expect(result.installments.slice(1, 3).map((i) => [i.rate, i.interest, i.payment])).toEqual([
      [12, 1105, PAYMENT],
      [6, 505, 10_378],
    ]);
    expect(result.installments).toHaveLength(12);
  });

  it('a reversed amendment changes nothing', () => {
    const result = serviced({
      amendments: [amendment({ kind: 'rate_change', effectiveDate: '2026-04-01', rate: 6, reversed: true })],
      asOf: '2026-01-15',
    });
    expect(table(result)).toEqual(SCHEDULE);
    expect(result.amendments[0]).toMatchObject({ excludedBecause: 'reversed', fromInstallment: null });
  });
});

describe('computeLoan: write-off and recovery', () => {
  it('writes off the outstanding principal and the interest in arrears, then counts later money as recovered', () => {
    // Installments 1–2 paid; 3–6 (15 April – 15 July) unpaid. On 1 August: principal 1 009,81 (the balance
    // after installment 2: nothing was paid since) and interest 10,10 + 9,13 + 8,16 + 7,17 = 34,56 written off.
    const input = {
      repayments: [...onTime(2), repayment('rec', '2026-09-01', 20_000, 'recovery')],
      writeOff: { date: '2026-08-01' },
      disbursements: [disbursement('d1', '2026-01-15', 120_000), disbursement('d2', '2026-08-10', 5000)],
    };
    const result = serviced({ ...input, asOf: '2026-10-01' });
    expect(result.status).toBe('written_off');
    expect(result.figures).toMatchObject({
      writtenOffPrincipal: 100_981,
      writtenOffInterest: 3456,
      recovered: 20_000,
      outstandingPrincipal: 0,
      arrearsPrincipal: 0,
      daysPastDue: 0,
      bucket: null,
      nextChangeOn: null,
    });
    expect(result.installments).toHaveLength(6);
    expect(result.installments.slice(2).map((i) => i.status)).toEqual(Array(4).fill('written_off'));
    expect(result.disbursements[1]!.excludedBecause).toBe('after_write_off');
    expect(result.statement.map((l) => [l.date, l.kind, l.balance]).slice(-3)).toEqual([
      ['2026-08-01', 'write_off', 0],
      ['2026-08-10', 'disbursement', 0],
      ['2026-09-01', 'recovery', 0],
    ]);
    expect(result.bucketHistory.at(-1)).toEqual({ date: '2026-08-01', bucket: null, daysPastDue: 0 });

    // Before the write-off date, the loan was 108 days late (15 April → 1 August).
    const before = serviced({ ...input, asOf: '2026-07-31' });
    expect(before.figures).toMatchObject({ daysPastDue: 107, bucket: 'days_91_180' });
    expect(before.figures.nextChangeOn).toBe('2026-08-01');
  });

  it('a recovery beyond what was written off is overpaid', () => {
    const result = serviced({
      repayments: [repayment('rec', '2026-03-01', 200_000, 'recovery')],
      writeOff: { date: '2026-02-20' },
      asOf: '2026-03-01',
    });
    // Written off: 1 200 $ of principal (1 105,38 scheduled + 94,62 late) and 12,00 of interest.
    expect(result.figures).toMatchObject({ writtenOffPrincipal: 120_000, writtenOffInterest: 1200 });
    expect(result.repayments[0]!.allocation).toMatchObject({ recovered: 121_200, overpaid: 78_800 });
  });
});

describe('computeLoan: calendar', () => {
  it('month ends: a loan paid out on 31 January falls due on the last day of shorter months', () => {
    const result = serviced({ disbursements: [disbursement('d1', '2026-01-31', 120_000)], asOf: '2026-01-31' });
    expect(result.installments.map((i) => i.dueDate).slice(0, 6)).toEqual([
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
      '2026-05-31',
      '2026-06-30',
      '2026-07-31',
    ]);
  });

  it('leap years: 29 February is a due date and a day of arrears', () => {
    const result = serviced({ disbursements: [disbursement('d1', '2024-01-31', 120_000)], asOf: '2024-03-30' });
    expect(result.installments.map((i) => i.dueDate).slice(0, 2)).toEqual(['2024-02-29', '2024-03-31']);
    // Installment 1 unpaid since 29 February 2024: 30 days late on 30 March (1 day in February, 29 in March).
    expect(result.figures).toMatchObject({ daysPastDue: 30, bucket: 'days_1_30' });
    const next = serviced({ disbursements: [disbursement('d1', '2024-01-31', 120_000)], asOf: '2024-03-31' });
    expect(next.figures).toMatchObject({ daysPastDue: 31, bucket: 'days_31_60' });
    const fromLeapDay = serviced({ disbursements: [disbursement('d1', '2024-02-29', 120_000)], asOf: '2024-02-29' });
    expect(fromLeapDay.installments.map((i) => i.dueDate).slice(-2)).toEqual(['2025-01-29', '2025-02-28']);
  });
});

describe('computeLoan: aging', () => {
  it('bucket history across every bound, and back to current at once when the arrears are paid', () => {
    // Nothing paid: installment 1 (15 Feb 2026) is the oldest late one. Each bound is crossed on its day:
    // 15 Feb + 1, + 31, + 61, + 91, + 181 and + 366 days.
    const unpaid = serviced({ asOf: '2027-06-01' });
    expect(unpaid.bucketHistory).toEqual([
      { date: '2026-01-15', bucket: 'current', daysPastDue: 0 },
      { date: '2026-02-16', bucket: 'days_1_30', daysPastDue: 1 },
      { date: '2026-03-18', bucket: 'days_31_60', daysPastDue: 31 },
      { date: '2026-04-17', bucket: 'days_61_90', daysPastDue: 61 },
      { date: '2026-05-17', bucket: 'days_91_180', daysPastDue: 91 },
      { date: '2026-08-15', bucket: 'days_181_365', daysPastDue: 181 },
      { date: '2027-02-16', bucket: 'over_365', daysPastDue: 366 },
    ]);
    // Each change is what the loan computed as of that day says, and the day before says the bucket before.
    for (const [index, change] of unpaid.bucketHistory.entries()) {
      expect(computeLoanFigures(loanInput({ asOf: change.date })).figures.bucket).toBe(change.bucket);
      if (index > 0) {
        const dayBefore = new Date(Date.parse(change.date) - 86_400_000).toISOString().slice(0, 10);
        expect(computeLoanFigures(loanInput({ asOf: dayBefore })).figures.bucket).toBe(
          unpaid.bucketHistory[index - 1]!.bucket,
        );
      }
    }
    // Paying installments 1–4 on 20 May 2026 leaves installment 5 (15 June) the oldest unpaid: current at once.
    const caughtUp = serviced({ repayments: [repayment('r', '2026-05-20', 4 * PAYMENT)], asOf: '2026-07-01' });
    expect(caughtUp.bucketHistory.slice(4)).toEqual([
      { date: '2026-05-17', bucket: 'days_91_180', daysPastDue: 91 },
      { date: '2026-05-20', bucket: 'current', daysPastDue: 0 },
      { date: '2026-06-16', bucket: 'days_1_30', daysPastDue: 1 },
    ]);
    expect(caughtUp.figures).toMatchObject({ daysPastDue: 16, overdueSince: '2026-06-15' });
    // Days past due grow by one a day until the next change: 31 on 16 July, when the next bound is crossed.
    expect(caughtUp.figures.nextChangeOn).toBe('2026-07-15');
  });

  it('takes an administrator’s buckets', () => {
    const buckets = [
      { key: 'ok', minDays: 0, maxDays: 9, provisionRate: null },
      { key: 'watch', minDays: 10, maxDays: null, provisionRate: 50 },
    ];
    const result = serviced({ buckets, asOf: '2026-02-25' });
    expect(result.figures).toMatchObject({ daysPastDue: 10, bucket: 'watch' });
    expect(result.bucketHistory.map((b) => [b.date, b.bucket])).toEqual([
      ['2026-01-15', 'ok'],
      ['2026-02-25', 'watch'],
    ]);
  });
});

describe('projectInstallments', () => {
  it('is the agreed schedule of the terms, every installment to come', () => {
    const installments = projectInstallments(TERMS);
    expect(installments.map((i) => [i.number, i.dueDate, i.interest, i.principal, i.closingBalance])).toEqual(SCHEDULE);
    expect(installments.every((i) => i.status === 'future' && i.projected)).toBe(true);
  });
});

describe('computeLoan: input it refuses', () => {
  it.each([
    ['a zero disbursement', { disbursements: [disbursement('d', '2026-01-15', 0)] }],
    ['a fractional repayment', { repayments: [repayment('r', '2026-01-15', 10.5)] }],
    ['a malformed date', { repayments: [repayment('r', '15/01/2026', 100)] }],
    [
      'an amendment of 0 months',
      { amendments: [{ id: 'a', kind: 'moratorium', effectiveDate: '2026-03-01', months: 0, reversed: false }] },
    ],
  ] as const)('%s: a RangeError (the API validates before)', (_label, overrides) => {
    expect(() => computeLoan(loanInput({ ...(overrides as Partial<LoanInput>), asOf: '2026-06-01' }))).toThrow(
      RangeError,
    );
  });
});
