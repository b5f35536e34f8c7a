/**
 * What every servicing route does before its own work: find the loan of the company named by the address (404
 * otherwise — the same rule as the company routes: any signed-in user reads and writes every company, so the
 * loan need only be that company's), check its terms, read its entries, and turn the shared rules' problems
 * into the error envelope.
 */
import type { CatalogKey } from '../../shared/i18n/keys';
import { snakePath } from '../../shared/case';
import type { Locale } from '../../shared/constants';
import { todayIso } from '../../shared/portfolio/schedule';
import type { ServicingSchedule } from '../../shared/schemas/servicing-answers';
import { computeLoan, type AgingBucket, type LoanInput, type LoanTerms } from '../../shared/servicing';
import { problemMessage, type EntryProblem } from '../../shared/servicing/entries';
import type { Executor } from '../db/client';
import type { ReadOptions } from '../db/rows';
import { AppError, invalid, notFound, type ErrorDetail } from '../platform/errors/app-error';
import { keptKey } from '../platform/lists/kept-reads';
import type { ListSnapshots } from '../platform/lists/list-snapshots';
import { scheduleAnswer } from './answers';
import {
  currentBuckets,
  findLoan,
  findLoanWithEntries,
  loanInputOf,
  readEntries,
  termsOf,
  type LoanEntries,
  type LoanRow,
} from './store';

/** A loan of a company, its entries as stored, and the computation's input as of `asOf`. */
export interface LoanContext {
  loan: LoanRow;
  /** null: the contribution's terms make no schedule (nothing is recorded on such a loan). */
  terms: LoanTerms | null;
  entries: LoanEntries;
  buckets: readonly AgingBucket[];
  input: LoanInput | null;
  asOf: string;
}

export async function loanContext(
  db: Executor,
  params: { companyId: string; id: string },
  asOf: string,
  options: ReadOptions = {},
): Promise<LoanContext> {
  const found = options.lock
    ? await lockedLoan(db, params)
    : await findLoanWithEntries(db, params.companyId, params.id);
  if (!found) throw notFound();
  const { loan, entries } = found;
  const checked = termsOf(loan);
  const terms = checked.ok ? checked.terms : null;
  const buckets = await currentBuckets(db);
  return { loan, terms, entries, buckets, input: terms && loanInputOf(terms, entries, asOf, buckets), asOf };
}

/**
 * A loan's schedule as of a day (`GET …/schedule`), kept between writes (ADR 0050): everything it is computed
 * from — the loan, its fund, its disbursements, repayments, amendments and write-offs, the aging buckets — is a
 * `portfolio` table, so any write to any loan drops it, in this process or another (ADR 0027); "today" is in the
 * key because it decides the installments' statuses. A steady request reads nothing but the change sync and
 * computes nothing. A loan that is not found or has no terms is not kept (the error is thrown each time).
 */
export function keptSchedule(
  db: Executor,
  schedules: ListSnapshots,
  params: { companyId: string; id: string },
  asOf: string,
): Promise<ServicingSchedule> {
  return schedules.get(
    keptKey('portfolio', 'schedule', params.companyId, params.id, asOf, todayIso()),
    async () => {
      const context = await loanContext(db, params, asOf);
      if (!context.input) throw termsMissing(context.loan, 'portfolio.schedule.unavailable');
      return scheduleAnswer(context.loan, computeLoan(context.input));
    },
    (answer) => 1 + answer.rows.length,
  );
}

/** A write's loan: locked first, its entries read once the lock is held (so a concurrent write's are seen). */
async function lockedLoan(
  db: Executor,
  params: { companyId: string; id: string },
): Promise<{ loan: LoanRow; entries: LoanEntries } | undefined> {
  const loan = await findLoan(db, params.companyId, params.id, { lock: true });
  return loan && { loan, entries: (await readEntries(db, [loan.id])).get(loan.id)! };
}

/**
 * The terms a write needs: a loan whose contribution lacks them (no rate, no date…) takes no money yet, and the
 * 422 names each field to complete, as the schedule does.
 */
export function requireTerms(context: LoanContext): { terms: LoanTerms; input: LoanInput } {
  if (context.terms && context.input) return { terms: context.terms, input: context.input };
  throw termsMissing(context.loan);
}

export function termsMissing(loan: LoanRow, messageKey: CatalogKey = 'servicing.errors.noTerms'): AppError {
  const checked = termsOf(loan);
  const detail: ErrorDetail = {};
  if (!checked.ok) {
    for (const problem of checked.problems) detail[snakePath([problem.field])] = [{ key: problem.key, params: {} }];
  }
  return invalid(detail, messageKey);
}

/**
 * The rules' problems as an answer: a state of the loan that refuses the action is a 409 with its reason
 * (docs/ARCHITECTURE.md §7); anything about the input a 422 naming each field (snake_case), in the reader's language.
 */
export function throwProblems(problems: readonly EntryProblem[], locale: Locale): void {
  if (problems.length === 0) return;
  const state = problems.find((problem) => problem.state);
  if (state) {
    const message = problemMessage(state, locale);
    throw new AppError(409, 'invalid_transition', message.key, undefined, undefined, message.params);
  }
  const detail: ErrorDetail = {};
  for (const problem of problems) {
    (detail[problem.field === 'base' ? 'base' : snakePath([problem.field])] ??= []).push(
      problemMessage(problem, locale),
    );
  }
  const base = problems.find((problem) => problem.field === 'base');
  const error = invalid(detail);
  if (!base) throw error;
  const message = problemMessage(base, locale);
  throw new AppError(422, error.code, message.key, detail, undefined, message.params);
}
