/**
 * The use-case layer of loan servicing (docs/decisions/0061): one function per write, in this folder, which opens
 * the transaction (or, given one, joins it as a savepoint), locks the loan, checks the shared entry rules
 * (src/shared/servicing/entries.ts), calls the store's SQL, records the history and keeps the loan's row of
 * figures. The routes hold only contracts and answers: contract → action → answer.
 */
import type { Locale } from '../../../shared/constants';
import { todayIso } from '../../../shared/portfolio/schedule';
import { computeLoan, type LoanServicing } from '../../../shared/servicing';
import { figuresProblems, type EntryProblem } from '../../../shared/servicing/entries';
import type { Executor, Tx } from '../../db/client';
import { loanSummary } from '../answers';
import { loanContext, requireTerms, throwProblems, type LoanContext } from '../loan-context';
import { writeLoanState, type LoanEntries } from '../store';

/** A loan as its address names it. */
export interface LoanParams {
  companyId: string;
  id: string;
}

/** Who writes, and the language their refusals are written in. */
export interface Author {
  authorId: string;
  locale: Locale;
}

/** A loan locked for a write, with the terms and input every write needs. */
export type WritableLoan = LoanContext & ReturnType<typeof requireTerms>;

/** What a write leaves: the entry's id, the loan's entries and computation after it, and its summary. */
export interface LoanWrite {
  id: string;
  entries: LoanEntries;
  servicing: LoanServicing;
  summary: ReturnType<typeof loanSummary>;
}

/** The loan's summary and its computation as of the context's date (none before the loan has terms). */
export function computed(context: LoanContext): {
  servicing: LoanServicing | null;
  summary: ReturnType<typeof loanSummary>;
} {
  const servicing = context.input && computeLoan(context.input);
  const state = servicing
    ? { status: servicing.status, figures: servicing.figures, startDate: servicing.startDate }
    : ({ status: 'not_disbursed', figures: null, startDate: null } as const);
  return { servicing, summary: loanSummary(context.loan, state, context.asOf, context.entries) };
}

/** The shared rules' problems, refused in the author's language (409 for the loan's state, else 422). */
export const refuse = (problems: readonly EntryProblem[], author: Author): void =>
  throwProblems(problems, author.locale);

/**
 * A write on one loan, in one transaction: the loan's row locked first (two payments at once take turns, the
 * second seeing the first), `write` checking the rules against what it holds and writing the entry and its
 * history, then the loan's row of figures, all read before the commit. Bad input leaves nothing written; figures
 * past what the product counts are refused rather than kept.
 */
export function writeOnLoan(
  db: Executor,
  params: LoanParams,
  author: Author,
  write: (tx: Tx, loan: WritableLoan) => Promise<string>,
): Promise<LoanWrite> {
  return db.transaction(async (tx) => {
    const today = todayIso();
    const before = await loanContext(tx, params, today, { lock: true });
    const id = await write(tx, { ...before, ...requireTerms(before) });
    const after = await loanContext(tx, params, today);
    const { servicing, summary } = computed(after);
    refuse(figuresProblems(servicing!), author);
    await writeLoanState(
      tx,
      after.loan,
      { status: servicing!.status, figures: servicing!.figures, startDate: servicing!.startDate },
      today,
    );
    return { id, entries: after.entries, servicing: servicing!, summary };
  });
}
