/**
 * Postings to the books, derived from the servicing engine's figures (docs/decisions/0070), never recomputed
 * here: the entry of a loan on a day is the change the engine's figures made that day, account by account.
 *
 * "The figures on day D" are the engine's as of D, counting every entry dated on or before D and the
 * corrections made on or before D: a reversal or an undone write-off counts from the day it was made, so its
 * posting is the mirror entry dated on that day and a month already reported never moves. Because every
 * account's amount is a difference of the engine's own totals, each entry balances by the engine's identities
 * (received = interest paid + principal repaid + paid in advance + recovered + overpaid; outstanding =
 * disbursed + capitalised − repaid − written off), and the sum of postings to loans receivable through any day
 * is the engine's outstanding principal on it.
 */
import { computeLoanFigures, type Amendment, type LoanFigures, type LoanInput, type LoanTerms } from '../servicing';
import { addDays } from '../servicing/calendar';
import type { AgingBucket } from '../servicing/types';
import type { AccountRole } from './accounts';

/** A loan's entries with the day each correction was made (null: never). */
export interface LedgerLoan {
  terms: LoanTerms;
  buckets: readonly AgingBucket[];
  disbursements: readonly { id: string; date: string; amount: number; reversedOn: string | null }[];
  repayments: readonly {
    id: string;
    receivedOn: string;
    amount: number;
    kind: 'regular' | 'prepayment' | 'recovery';
    reversedOn: string | null;
  }[];
  amendments: readonly (Amendment & { reversedOn: string | null })[];
  /** Every write-off, oldest first, with the day it was undone (null: in force). */
  writeOffs: readonly { date: string; undoneOn: string | null }[];
}

/** What happened on a loan's day: the words of the entry's description. */
export const POSTING_EVENTS = [
  'disbursement',
  'repayment',
  'recovery',
  'reversal',
  'write_off',
  'write_off_undone',
  'installment',
] as const;
export type PostingEvent = (typeof POSTING_EVENTS)[number];

/** One account's amount: > 0 a debit, < 0 a credit, cents. */
export interface PostingLine {
  role: AccountRole;
  amount: number;
}

export interface LoanPosting {
  date: string;
  events: PostingEvent[];
  lines: PostingLine[];
}

const counted = (reversedOn: string | null, day: string) => reversedOn === null || reversedOn > day;

/** The engine's input as the books saw the loan at the end of `day`. */
export function ledgerInputOn(loan: LedgerLoan, day: string): LoanInput {
  let writeOff: { date: string } | null = null;
  for (const row of loan.writeOffs) if (row.date <= day && counted(row.undoneOn, day)) writeOff = { date: row.date };
  return {
    terms: loan.terms,
    buckets: loan.buckets,
    asOf: day,
    disbursements: loan.disbursements.map((d) => ({
      id: d.id,
      date: d.date,
      amount: d.amount,
      reversed: !counted(d.reversedOn, day),
    })),
    repayments: loan.repayments.map((p) => ({
      id: p.id,
      receivedOn: p.receivedOn,
      amount: p.amount,
      kind: p.kind,
      reversed: !counted(p.reversedOn, day),
    })),
    amendments: loan.amendments.map(({ reversedOn, ...a }) => ({ ...a, reversed: !counted(reversedOn, day) })),
    writeOff,
  };
}

/** The engine's figures of the loan as the books saw it at the end of `day`. */
export const ledgerFigures = (loan: LedgerLoan, day: string): LoanFigures =>
  computeLoanFigures(ledgerInputOn(loan, day)).figures;

/**
 * The posting between two states of the engine's figures. Cash basis: interest is income when received, or
 * when a payment holiday capitalises it; written-off interest was never income and posts nothing.
 */
export function postingLines(before: LoanFigures, after: LoanFigures): PostingLine[] {
  const d = (key: keyof LoanFigures) => (after[key] as number) - (before[key] as number);
  const lines: PostingLine[] = [
    { role: 'loans_receivable', amount: d('outstandingPrincipal') },
    { role: 'bank', amount: d('received') - d('disbursed') },
    { role: 'interest_income', amount: -(d('interestPaid') + d('capitalisedInterest')) },
    { role: 'write_off_expense', amount: d('writtenOffPrincipal') },
    { role: 'recoveries_income', amount: -d('recovered') },
    { role: 'payments_in_advance', amount: -(d('paidInAdvance') + d('overpaid')) },
  ];
  return lines.filter((line) => line.amount !== 0);
}

/** The days something is recorded or corrected on a loan, sorted, without repeats. */
function eventDays(loan: LedgerLoan): { day: string; event: PostingEvent }[] {
  const days: { day: string; event: PostingEvent }[] = [];
  for (const d of loan.disbursements) {
    days.push({ day: d.date, event: 'disbursement' });
    if (d.reversedOn) days.push({ day: d.reversedOn, event: 'reversal' });
  }
  for (const p of loan.repayments) {
    days.push({ day: p.receivedOn, event: p.kind === 'recovery' ? 'recovery' : 'repayment' });
    if (p.reversedOn) days.push({ day: p.reversedOn, event: 'reversal' });
  }
  for (const a of loan.amendments) {
    days.push({ day: a.effectiveDate, event: 'installment' });
    if (a.reversedOn) days.push({ day: a.reversedOn, event: 'reversal' });
  }
  for (const w of loan.writeOffs) {
    days.push({ day: w.date, event: 'write_off' });
    if (w.undoneOn) days.push({ day: w.undoneOn, event: 'write_off_undone' });
  }
  return days.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
}

/**
 * Whether the figures may change on a day with no entry: money held in advance is applied when an installment
 * falls due, and a payment holiday capitalises interest then.
 */
const changesWithoutEntry = (loan: LedgerLoan, figures: LoanFigures) =>
  figures.paidInAdvance > 0 || loan.amendments.some((a) => a.kind === 'payment_holiday');

/**
 * The loan's postings dated from `from` to `to`, one per day the figures moved, oldest first. The engine is
 * asked on each day something was recorded or corrected, and on the days its figures say they change by
 * themselves when that can move money between accounts.
 */
export function loanPostings(loan: LedgerLoan, from: string, to: string): LoanPosting[] {
  const events = eventDays(loan);
  const postings: LoanPosting[] = [];
  let previous = ledgerFigures(loan, addDays(from, -1));
  let at = 0;
  let day: string | null = events.find((e) => e.day >= from)?.day ?? null;
  if (changesWithoutEntry(loan, previous) && previous.nextChangeOn && (!day || previous.nextChangeOn < day)) {
    day = previous.nextChangeOn;
  }
  while (day !== null && day <= to) {
    const figures = ledgerFigures(loan, day);
    const lines = postingLines(previous, figures);
    while (at < events.length && events[at]!.day < day) at += 1;
    const happened = new Set<PostingEvent>();
    while (at < events.length && events[at]!.day === day) happened.add(events[at++]!.event);
    if (lines.length > 0) {
      if (happened.size === 0) happened.add('installment');
      postings.push({ date: day, events: POSTING_EVENTS.filter((e) => happened.has(e)), lines });
    }
    previous = figures;
    const nextEvent: string | null = at < events.length ? events[at]!.day : null;
    const nextChange = changesWithoutEntry(loan, figures) ? figures.nextChangeOn : null;
    day = nextEvent === null ? nextChange : nextChange === null || nextEvent < nextChange ? nextEvent : nextChange;
  }
  return postings;
}

/** Debits minus credits of an entry: 0 when it balances. */
export const imbalance = (lines: readonly { amount: number }[]): number =>
  lines.reduce((sum, line) => sum + line.amount, 0);
