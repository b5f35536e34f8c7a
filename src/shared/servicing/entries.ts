/**
 * What may be recorded on a loan (docs/decisions/0036): the rules a disbursement, a repayment, an amendment,
 * a write-off, a reversal or an undo must meet given what the loan already holds and today's date. Pure, like
 * the computation it asks: the API runs them in the loan's locked transaction before writing anything, and a
 * form may run them to warn early. Each problem names its field, a catalog key, and the amounts (cents) and
 * dates its message shows, written in the reader's language by `problemMessage`.
 */
import { toDollars } from '../money';
import type { WebCatalogKey } from '../i18n/keys';
import type { Locale } from '../constants';
import { formatDay, formatMoney } from '../intl';
import { addMonths } from './calendar';
import { computeLoan } from './loan';
import { MAX_FIGURE_CENTS, isCountable } from './money';
import { MAX_SCHEDULE_MONTHS, type ContributionTerms } from './terms';
import type { Amendment, Disbursement, LoanInput, LoanServicing, Repayment, RepaymentKind } from './types';

/**
 * `field`: the input's field (camelCase) or `base` for the entry as a whole. `state`: the loan's state refuses
 * the action (a transition it cannot make: the API answers 409), rather than a value of the input (422).
 */
export interface EntryProblem {
  field: string;
  key: WebCatalogKey;
  state?: boolean;
  /** Values of the message written as they are. */
  params?: Record<string, number | string>;
  /** Values of the message that are cents, written as money. */
  money?: Record<string, number>;
  /** Values of the message that are days (YYYY-MM-DD), written as dates. */
  dates?: Record<string, string>;
}

/** An amendment as a form gives it: one of the kinds, without id. */
export type NewAmendment = Amendment extends infer A
  ? A extends Amendment
    ? Omit<A, 'id' | 'reversed'>
    : never
  : never;

/** Entries may be dated up to a year ahead (a payment announced, a planned deferral), never further. */
export const latestEntryDate = (today: string): string => addMonths(today, 12);

const counted = <T extends { reversed: boolean }>(entries: readonly T[]) => entries.filter((entry) => !entry.reversed);

/** The first disbursement that counts, whatever its date (a disbursement recorded for later counts too). */
export function firstDisbursementDate(input: Pick<LoanInput, 'disbursements'>): string | null {
  let first: string | null = null;
  for (const entry of counted(input.disbursements)) if (first === null || entry.date < first) first = entry.date;
  return first;
}

/** The amount lent less every disbursement that counts: what may still be paid out. */
export function undisbursedAmount(input: Pick<LoanInput, 'terms' | 'disbursements'>): number {
  return input.terms.amount - counted(input.disbursements).reduce((sum, entry) => sum + entry.amount, 0);
}

/** The last day any entry is dated, or `today`: as of it, every recorded entry counts. */
function horizon(input: LoanInput, today: string): string {
  let last = today;
  for (const entry of input.disbursements) if (entry.date > last) last = entry.date;
  for (const entry of input.repayments) if (entry.receivedOn > last) last = entry.receivedOn;
  for (const entry of input.amendments) if (entry.effectiveDate > last) last = entry.effectiveDate;
  return last;
}

/** The loan with every recorded entry counted (as of the last entry's day, or today). */
export function servicingOfAll(input: LoanInput, today: string): LoanServicing {
  return computeLoan({ ...input, asOf: horizon(input, today) });
}

/**
 * A payment that was applied whole before and would have money beyond the payoff after a change (a
 * backdated payment, a reversal, a lower rate): the change is refused, naming that payment's day.
 */
function newlyOverpaid(
  before: LoanServicing,
  after: LoanServicing,
  ignore: ReadonlySet<string> = new Set(),
): string | null {
  const was = new Map(before.repayments.map((r) => [r.id, r.allocation?.overpaid ?? 0]));
  for (const repayment of after.repayments) {
    if (ignore.has(repayment.id) || repayment.excludedBecause !== null) continue;
    if ((repayment.allocation?.overpaid ?? 0) > (was.get(repayment.id) ?? 0)) return repayment.receivedOn;
  }
  return null;
}

/**
 * Every amount the computation gives — figures, installments, statement balances — within the ceiling the product
 * counts to (`MAX_FIGURE_CENTS`): a change that would push one past it is refused before anything is written.
 */
export function figuresProblems(servicing: LoanServicing): EntryProblem[] {
  const amounts = (values: Record<string, unknown>) =>
    Object.values(values).every((value) => typeof value !== 'number' || isCountable(value));
  const countable =
    amounts({ ...servicing.figures }) &&
    [...servicing.installments, ...(servicing.projection ?? [])].every(
      (row) =>
        amounts({ ...row, rate: 0, number: 0 }) &&
        amounts({ ...row.paid }) &&
        amounts({ ...row.due }) &&
        amounts({ ...row.writtenOff }),
    ) &&
    servicing.statement.every(
      (line) => isCountable(line.debit) && isCountable(line.credit) && isCountable(line.balance),
    );
  return countable
    ? []
    : [{ field: 'base', key: 'servicing.errors.figuresTooLarge', money: { max: MAX_FIGURE_CENTS } }];
}

const tooLate = (field: string, date: string, today: string): EntryProblem[] =>
  date > latestEntryDate(today)
    ? [{ field, key: 'servicing.errors.dateTooLate', dates: { max: latestEntryDate(today) } }]
    : [];

/**
 * A repayment is money received: dated today or before (money announced for later is not a repayment yet), the
 * same rule on the form, the API and the import.
 */
export function repaymentDateProblems(receivedOn: string, today: string): EntryProblem[] {
  return receivedOn > today ? [{ field: 'receivedOn', key: 'servicing.errors.repaymentInFuture' }] : [];
}

/** A written-off loan takes no new disbursement or change of terms. */
const writtenOff = (writeOff: { date: string }): EntryProblem[] => [
  { field: 'base', key: 'servicing.errors.writtenOff', state: true, dates: { date: writeOff.date } },
];

/** An entry's date: not too far ahead, not before the loan's authorization (`beforeKey` says it for that entry). */
function datedProblems(
  input: LoanInput,
  field: string,
  date: string,
  today: string,
  beforeKey: WebCatalogKey,
): EntryProblem[] {
  const problems = tooLate(field, date, today);
  const authorized = input.terms.authorizationDate;
  if (date < authorized) problems.push({ field, key: beforeKey, dates: { date: authorized } });
  return problems;
}

/** While a write-off is in force, nothing is recorded on or before its day: undo it first. */
const beforeWriteOff = (input: LoanInput, field: string, date: string): EntryProblem[] =>
  input.writeOff && date <= input.writeOff.date
    ? [{ field, key: 'servicing.errors.beforeWriteOff', dates: { date: input.writeOff.date } }]
    : [];

/** Money paid out: within what is left of the amount lent, not before the authorization, not while written off. */
export function disbursementProblems(
  input: LoanInput,
  entry: { date: string; amount: number },
  today: string,
): EntryProblem[] {
  if (input.writeOff) return writtenOff(input.writeOff);
  const problems = datedProblems(input, 'date', entry.date, today, 'servicing.errors.beforeAuthorization');
  const available = undisbursedAmount(input);
  if (entry.amount > available) {
    problems.push({
      field: 'amount',
      key: 'servicing.errors.overDisbursed',
      money: { available: Math.max(available, 0), lent: input.terms.amount },
    });
  }
  if (problems.length > 0) return problems;
  const added: Disbursement = { id: '\u0000new', ...entry, reversed: false };
  return figuresProblems(servicingOfAll({ ...input, disbursements: [...input.disbursements, added] }, today));
}

/** A repayment as a form or an import row gives it. */
export interface NewRepayment {
  receivedOn: string;
  amount: number;
  kind: RepaymentKind;
}

/**
 * Money received: on a loan paid out, not before its first disbursement nor more than a year ahead, a recovery
 * only after a write-off, and never beyond what would repay the loan on that day (the message gives that
 * amount) — nor making a later payment go beyond it.
 */
export function repaymentProblems(input: LoanInput, entry: NewRepayment, today: string): EntryProblem[] {
  return repaymentsProblems(input, [entry], today)[0]!;
}

/**
 * The same for several repayments recorded together on one loan (an import's rows), each one's problems in
 * the order given. They are checked together, with the loan computed twice whatever their number: a payment
 * beyond the payoff is the one whose money is not applied once all of them count.
 */
export function repaymentsProblems(
  input: LoanInput,
  entries: readonly NewRepayment[],
  today: string,
): EntryProblem[][] {
  const first = firstDisbursementDate(input);
  if (first === null) return entries.map(() => [{ field: 'base', key: 'servicing.errors.notDisbursed' }]);
  const problems = entries.map((entry): EntryProblem[] => {
    const found: EntryProblem[] = [...repaymentDateProblems(entry.receivedOn, today)];
    if (entry.receivedOn < first) {
      found.push({ field: 'receivedOn', key: 'servicing.errors.beforeFirstDisbursement', dates: { date: first } });
    }
    if (entry.kind === 'recovery' && !input.writeOff) {
      found.push({ field: 'kind', key: 'servicing.errors.recoveryNotWrittenOff' });
    }
    found.push(...beforeWriteOff(input, 'receivedOn', entry.receivedOn));
    return found;
  });
  const valid = entries.flatMap((entry, index) => (problems[index]!.length === 0 ? [{ entry, index }] : []));
  if (valid.length === 0) return problems;

  const idOf = (index: number) => `\u0000new${index}`;
  const added: Repayment[] = valid.map(({ entry, index }) => ({ id: idOf(index), ...entry, reversed: false }));
  const before = servicingOfAll(input, today);
  const after = servicingOfAll({ ...input, repayments: [...input.repayments, ...added] }, today);
  const results = new Map(after.repayments.map((r) => [r.id, r]));
  let overpaying = false;
  for (const { entry, index } of valid) {
    const result = results.get(idOf(index));
    if (!result?.allocation || result.allocation.overpaid === 0) continue;
    overpaying = true;
    problems[index]!.push(
      result.appliedAs === 'recovery'
        ? { field: 'amount', key: 'servicing.errors.recoveryOverpayment', money: { amount: result.payoffBefore ?? 0 } }
        : {
            field: 'amount',
            key: 'servicing.errors.overpayment',
            money: { amount: result.payoffBefore ?? 0 },
            dates: { date: entry.receivedOn },
          },
    );
  }
  if (!overpaying) {
    const later = newlyOverpaid(before, after, new Set(valid.map(({ index }) => idOf(index))));
    if (later) {
      for (const { index } of valid) {
        problems[index]!.push({ field: 'receivedOn', key: 'servicing.errors.overpaysLater', dates: { date: later } });
      }
    }
  }
  const tooLarge = figuresProblems(after);
  if (tooLarge.length > 0) for (const { index } of valid) problems[index]!.push(...tooLarge);
  return problems;
}

/** A change of terms: not before the loan, within a year, on a loan still running, the whole term bounded. */
export function amendmentProblems(input: LoanInput, entry: NewAmendment, today: string): EntryProblem[] {
  if (input.writeOff) return writtenOff(input.writeOff);
  const before = servicingOfAll(input, today);
  if (before.status === 'repaid') return [{ field: 'base', key: 'servicing.errors.loanClosed', state: true }];
  const problems = datedProblems(
    input,
    'effectiveDate',
    entry.effectiveDate,
    today,
    'servicing.errors.amendmentBeforeLoan',
  );
  if (entry.kind !== 'rate_change') {
    const months =
      input.terms.moratorium +
      input.terms.amortization +
      counted(input.amendments).reduce((sum, a) => sum + (a.kind === 'rate_change' ? 0 : a.months), 0);
    if (months + entry.months > MAX_SCHEDULE_MONTHS) {
      problems.push({
        field: 'months',
        key: 'servicing.errors.termTooLong',
        params: { max: Math.max(MAX_SCHEDULE_MONTHS - months, 0), total: MAX_SCHEDULE_MONTHS },
      });
    }
  }
  if (problems.length > 0) return problems;
  const amendment: Amendment = { ...entry, id: '\u0000new', reversed: false };
  const after = servicingOfAll({ ...input, amendments: [...input.amendments, amendment] }, today);
  const tooLarge = figuresProblems(after);
  if (tooLarge.length > 0) return tooLarge;
  const later = newlyOverpaid(before, after);
  return later ? [{ field: 'effectiveDate', key: 'servicing.errors.amendmentOverpays', dates: { date: later } }] : [];
}

/** A write-off: of a loan running as of its day, not before its first disbursement, not in the future. */
export function writeOffProblems(input: LoanInput, entry: { date: string }, today: string): EntryProblem[] {
  if (input.writeOff) {
    return [
      { field: 'base', key: 'servicing.errors.alreadyWrittenOff', state: true, dates: { date: input.writeOff.date } },
    ];
  }
  if (entry.date > today) return [{ field: 'date', key: 'servicing.errors.dateInFuture' }];
  const first = firstDisbursementDate(input);
  if (first === null) return [{ field: 'base', key: 'servicing.errors.notDisbursed', state: true }];
  if (entry.date < first) {
    return [{ field: 'date', key: 'servicing.errors.beforeFirstDisbursement', dates: { date: first } }];
  }
  const status = computeLoan({ ...input, asOf: entry.date }).status;
  if (status !== 'active') return [{ field: 'base', key: 'servicing.errors.loanClosed', state: true }];
  return [];
}

/**
 * Reversing an entry, or undoing a write-off: refused when a payment would then go beyond the payoff, or an amount
 * beyond what the product counts.
 */
export function correctionProblems(before: LoanInput, after: LoanInput, today: string): EntryProblem[] {
  const computed = servicingOfAll(after, today);
  const tooLarge = figuresProblems(computed);
  if (tooLarge.length > 0) return tooLarge;
  const later = newlyOverpaid(servicingOfAll(before, today), computed);
  return later ? [{ field: 'base', key: 'servicing.errors.correctionOverpays', dates: { date: later } }] : [];
}

/** The day an entry is dated: what a reversal of it changes from. */
export function entryDate(
  input: LoanInput,
  kind: 'disbursement' | 'repayment' | 'amendment',
  id: string,
): string | undefined {
  if (kind === 'disbursement') return input.disbursements.find((entry) => entry.id === id)?.date;
  if (kind === 'repayment') return input.repayments.find((entry) => entry.id === id)?.receivedOn;
  return input.amendments.find((entry) => entry.id === id)?.effectiveDate;
}

/**
 * Reversing a disbursement, a repayment or an amendment: while a write-off is in force, an entry dated on or
 * before its day is part of what was written off — reversing it would change the write-off's amounts under the
 * reports that show them, so it is refused as a new entry on that day is (409: undo the write-off first). Later
 * entries (a recovery) may be reversed. Then the rules of any correction.
 */
export function reversalProblems(
  input: LoanInput,
  kind: 'disbursement' | 'repayment' | 'amendment',
  id: string,
  today: string,
): EntryProblem[] {
  const date = entryDate(input, kind, id);
  if (input.writeOff && date !== undefined && date <= input.writeOff.date) {
    return [
      {
        field: 'base',
        key: 'servicing.errors.correctionBeforeWriteOff',
        state: true,
        dates: { date: input.writeOff.date },
      },
    ];
  }
  return correctionProblems(input, withReversed(input, kind, id), today);
}

/** The input with one disbursement, repayment or amendment reversed. */
export function withReversed(
  input: LoanInput,
  kind: 'disbursement' | 'repayment' | 'amendment',
  id: string,
): LoanInput {
  const reverse = <T extends { id: string; reversed: boolean }>(entries: readonly T[]) =>
    entries.map((entry) => (entry.id === id ? { ...entry, reversed: true } : entry));
  if (kind === 'disbursement') return { ...input, disbursements: reverse<Disbursement>(input.disbursements) };
  if (kind === 'repayment') return { ...input, repayments: reverse<Repayment>(input.repayments) };
  return { ...input, amendments: reverse<Amendment>(input.amendments) };
}

/** A problem as a schema message: its key, and its values written in the reader's language. */
export function problemMessage(
  problem: EntryProblem,
  locale: Locale,
): { key: WebCatalogKey; params: Record<string, unknown> } {
  const params: Record<string, unknown> = { ...problem.params };
  for (const [name, cents] of Object.entries(problem.money ?? {})) params[name] = formatMoney(toDollars(cents), locale);
  for (const [name, day] of Object.entries(problem.dates ?? {})) params[name] = formatDay(day, locale) ?? day;
  return { key: problem.key, params };
}

/** The contribution's fields the recorded money depends on, as the company file holds them. */
export interface LockedTerms extends ContributionTerms {
  contributionFundId: string;
}

/**
 * Once money is recorded on a loan, a company save may not change the terms that money depends on — the
 * fund, the rate, the amortization, the moratorium, the authorization date — nor lower the amount below what
 * was paid out: each such field is refused, saying to use a term amendment (docs/decisions/0036).
 */
export function lockedTermsProblems(stored: LockedTerms, sent: LockedTerms, disbursedCents: number): EntryProblem[] {
  const problems: EntryProblem[] = [];
  const locked = (field: keyof LockedTerms, same: boolean) => {
    if (!same) problems.push({ field, key: 'servicing.errors.termsLocked' });
  };
  locked('contributionFundId', stored.contributionFundId === sent.contributionFundId);
  locked('rate', stored.rate === sent.rate);
  locked('amortization', stored.amortization === sent.amortization);
  // No moratorium and a moratorium of 0 months are the same terms.
  locked('moratorium', (stored.moratorium ?? 0) === (sent.moratorium ?? 0));
  locked('authorizationDate', stored.authorizationDate === sent.authorizationDate);
  if (sent.amount === null || Math.round(sent.amount * 100) < disbursedCents) {
    problems.push({ field: 'amount', key: 'servicing.errors.amountBelowDisbursed', money: { amount: disbursedCents } });
  }
  return problems;
}
