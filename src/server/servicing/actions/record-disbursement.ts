import type { DisbursementInput } from '../../../shared/schemas/servicing';
import { toCents } from '../../../shared/servicing';
import { disbursementProblems } from '../../../shared/servicing/entries';
import type { Executor } from '../../db/client';
import { recordLoanEvent } from '../history';
import { insertDisbursement } from '../store';
import { refuse, writeOnLoan, type Author, type LoanParams } from './write-on-loan';
import { assertPeriodOpen } from '../period-guard';

/** Money paid out on a loan: within the amount lent, not while written off (the shared rules), with its history. */
export function recordDisbursement(db: Executor, params: LoanParams, input: DisbursementInput, author: Author) {
  const amountCents = toCents(input.amount);
  return writeOnLoan(db, params, author, async (tx, loan) => {
    await assertPeriodOpen(tx, input.date, author.locale);
    refuse(disbursementProblems(loan.input, { date: input.date, amount: amountCents }, loan.asOf), author);
    const id = await insertDisbursement(tx, {
      contributionId: loan.loan.id,
      date: input.date,
      amountCents,
      method: input.method,
      reference: input.reference ?? null,
      note: input.note,
      authorId: author.authorId,
    });
    await recordLoanEvent(tx, loan.loan, author.authorId, 'loanDisbursed', { amount: input.amount, date: input.date });
    return id;
  });
}
