import type { WriteOffInput } from '../../../shared/schemas/servicing';
import { computeLoanFigures } from '../../../shared/servicing';
import { writeOffProblems } from '../../../shared/servicing/entries';
import type { Executor } from '../../db/client';
import { dollars } from '../answers';
import { recordLoanEvent } from '../history';
import { insertWriteOff } from '../store';
import { refuse, writeOnLoan, type Author, type LoanParams } from './write-on-loan';
import { assertPeriodOpen } from '../period-guard';

/**
 * A loan written off at the end of a day: its principal and interest due then, as computed, kept on the record
 * of the write-off (what the reports show is the loan's own figures, recomputed: docs/decisions/0061).
 */
export function writeOffLoan(db: Executor, params: LoanParams, input: WriteOffInput, author: Author) {
  return writeOnLoan(db, params, author, async (tx, loan) => {
    await assertPeriodOpen(tx, input.date, author.locale);
    refuse(writeOffProblems(loan.input, { date: input.date }, loan.asOf), author);
    const { figures } = computeLoanFigures({ ...loan.input, writeOff: { date: input.date }, asOf: input.date });
    const id = await insertWriteOff(tx, {
      contributionId: loan.loan.id,
      date: input.date,
      principalCents: figures.writtenOffPrincipal,
      interestCents: figures.writtenOffInterest,
      reason: input.reason,
      authorId: author.authorId,
    });
    await recordLoanEvent(tx, loan.loan, author.authorId, 'loanWrittenOff', {
      principal: dollars(figures.writtenOffPrincipal),
      interest: dollars(figures.writtenOffInterest),
      date: input.date,
      reason: input.reason,
    });
    return id;
  });
}
