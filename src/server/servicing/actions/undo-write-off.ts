import { correctionProblems } from '../../../shared/servicing/entries';
import type { Executor } from '../../db/client';
import { AppError } from '../../platform/errors/app-error';
import { recordLoanEvent } from '../history';
import { undoWriteOff as undoWriteOffRow } from '../store';
import { refuse, writeOnLoan, type Author, type LoanParams } from './write-on-loan';
import { assertPeriodOpen } from '../period-guard';

const notWrittenOff = () => new AppError(409, 'invalid_transition', 'servicing.errors.notWrittenOff');

/** The write-off in force undone (409 when there is none), unless a payment would then be beyond the payoff. */
export function undoWriteOff(db: Executor, params: LoanParams, reason: string, author: Author) {
  return writeOnLoan(db, params, author, async (tx, loan) => {
    // Dated on its own day, as a reversal (docs/decisions/0070).
    await assertPeriodOpen(tx, loan.asOf, author.locale);
    const writeOff = loan.entries.writeOffs.find((row) => row.undone === null);
    if (!writeOff || !loan.input.writeOff) throw notWrittenOff();
    refuse(correctionProblems(loan.input, { ...loan.input, writeOff: null }, loan.asOf), author);
    if (!(await undoWriteOffRow(tx, { contributionId: loan.loan.id, reason, authorId: author.authorId }))) {
      throw notWrittenOff();
    }
    await recordLoanEvent(tx, loan.loan, author.authorId, 'writeOffUndone', { date: writeOff.date, reason });
    return writeOff.id;
  });
}
