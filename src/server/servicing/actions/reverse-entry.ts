import { reversalProblems } from '../../../shared/servicing/entries';
import type { Executor, Tx } from '../../db/client';
import { AppError, notFound } from '../../platform/errors/app-error';
import { dollars } from '../answers';
import { recordLoanEvent } from '../history';
import { reverseEntry as reverseEntryRow, type LoanEntries, type LoanRow, type ReversibleKind } from '../store';
import { refuse, writeOnLoan, type Author, type LoanParams } from './write-on-loan';
import { assertPeriodOpen } from '../period-guard';

const alreadyReversed = () => new AppError(409, 'already_reversed', 'servicing.errors.alreadyReversed');

/** The entry of a kind the loan holds. */
function entryOf(entries: LoanEntries, kind: ReversibleKind, id: string) {
  if (kind === 'disbursement') return entries.disbursements.find((row) => row.id === id);
  if (kind === 'repayment') return entries.repayments.find((row) => row.id === id);
  return entries.amendments.find((row) => row.id === id);
}

/**
 * A reversal: the entry stays, counting for nothing, with who, when and why. 404 for an entry of another loan;
 * 409 when it was reversed already or lies under the write-off in force; 422 when a payment would then be
 * beyond the payoff (the shared rules).
 */
export function reverseEntry(
  db: Executor,
  params: LoanParams,
  kind: ReversibleKind,
  entryId: string,
  reason: string,
  author: Author,
) {
  return writeOnLoan(db, params, author, async (tx, loan) => {
    // A reversal is dated on its own day (docs/decisions/0070): the entry it reverses may lie in a closed month.
    await assertPeriodOpen(tx, loan.asOf, author.locale);
    const entry = entryOf(loan.entries, kind, entryId);
    if (!entry) throw notFound();
    if (entry.reversal) throw alreadyReversed();
    refuse(reversalProblems(loan.input, kind, entryId, loan.asOf), author);
    const reversal = { id: entryId, contributionId: loan.loan.id, reason, authorId: author.authorId };
    if (!(await reverseEntryRow(tx, kind, reversal))) throw alreadyReversed();
    await recordReversal(tx, loan.loan, author.authorId, entry, reason);
    return entryId;
  });
}

/** The company history's line for a reversal, in the entry's own words. */
async function recordReversal(
  tx: Tx,
  loan: LoanRow,
  authorId: string,
  entry: NonNullable<ReturnType<typeof entryOf>>,
  reason: string,
) {
  if ('receivedOn' in entry) {
    await recordLoanEvent(tx, loan, authorId, 'repaymentReversed', {
      amount: dollars(entry.amountCents),
      date: entry.receivedOn,
      reason,
    });
  } else if ('effectiveDate' in entry) {
    await recordLoanEvent(tx, loan, authorId, 'amendmentReversed', {
      kind: entry.kind,
      date: entry.effectiveDate,
      reason,
    });
  } else {
    await recordLoanEvent(tx, loan, authorId, 'disbursementReversed', {
      amount: dollars(entry.amountCents),
      date: entry.date,
      reason,
    });
  }
}
