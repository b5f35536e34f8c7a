import type { TermAmendmentInput } from '../../../shared/schemas/servicing';
import { amendmentProblems } from '../../../shared/servicing/entries';
import { amendmentEvent, newAmendment } from '../amendment-input';
import type { Executor } from '../../db/client';
import { recordLoanEvent } from '../history';
import { insertAmendment } from '../store';
import { refuse, writeOnLoan, type Author, type LoanParams } from './write-on-loan';
import { assertPeriodOpen } from '../period-guard';

/** A change of one loan's terms from a date (the shared rules: a loan still running, the whole term bounded). */
export function amendTerms(db: Executor, params: LoanParams, input: TermAmendmentInput, author: Author) {
  return writeOnLoan(db, params, author, async (tx, loan) => {
    await assertPeriodOpen(tx, input.effectiveDate, author.locale);
    refuse(amendmentProblems(loan.input, newAmendment(input), loan.asOf), author);
    const id = await insertAmendment(tx, {
      contributionId: loan.loan.id,
      effectiveDate: input.effectiveDate,
      kind: input.kind,
      months: input.months,
      rate: input.rate,
      reason: input.reason,
      bulkActionId: null,
      authorId: author.authorId,
    });
    await recordLoanEvent(tx, loan.loan, author.authorId, 'termsAmended', amendmentEvent(input));
    return id;
  });
}
