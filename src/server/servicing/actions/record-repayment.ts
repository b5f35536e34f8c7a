import type { RepaymentInput } from '../../../shared/schemas/servicing';
import { toCents } from '../../../shared/servicing';
import { repaymentProblems } from '../../../shared/servicing/entries';
import type { Executor } from '../../db/client';
import { recordLoanEvent } from '../history';
import { insertRepayments } from '../store';
import { refuse, writeOnLoan, type Author, type LoanParams } from './write-on-loan';
import { assertPeriodOpen } from '../period-guard';

/** Money received on a loan: received by today, within the payoff (the shared rules), with its history. */
export function recordRepayment(db: Executor, params: LoanParams, input: RepaymentInput, author: Author) {
  const amountCents = toCents(input.amount);
  return writeOnLoan(db, params, author, async (tx, loan) => {
    await assertPeriodOpen(tx, input.receivedOn, author.locale);
    refuse(
      repaymentProblems(loan.input, { receivedOn: input.receivedOn, amount: amountCents, kind: input.kind }, loan.asOf),
      author,
    );
    const [id] = await insertRepayments(tx, [
      {
        contributionId: loan.loan.id,
        receivedOn: input.receivedOn,
        amountCents,
        method: input.method,
        kind: input.kind,
        reference: input.reference ?? null,
        authorId: author.authorId,
      },
    ]);
    await recordLoanEvent(tx, loan.loan, author.authorId, 'repaymentReceived', {
      amount: input.amount,
      date: input.receivedOn,
      kind: input.kind,
    });
    return id!;
  });
}
