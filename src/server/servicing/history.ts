/**
 * A loan's entries in its company's history (docs/decisions/0036): one system event per disbursement,
 * repayment, reversal, amendment, write-off and undo, written in the transaction of the entry itself, so the
 * event exists exactly when the entry does. Amounts are kept in dollars and days as YYYY-MM-DD; the title is
 * written in the reader's language when read (platform/history/render.ts).
 */
import type { SystemEventCode, SystemEventParams } from '../../shared/history';
import type { Tx } from '../db/client';
import { recordSystemEvent } from '../platform/history/record';
import type { LoanRow } from './store';

export function recordLoanEvent<C extends SystemEventCode>(
  tx: Tx,
  loan: LoanRow,
  authorId: string,
  code: C,
  params: Omit<SystemEventParams[C], 'loanNumber'>,
): Promise<void> {
  return recordSystemEvent(tx, {
    companyId: loan.companyId,
    code,
    params: { ...params, loanNumber: loan.loanNumber } as SystemEventParams[C],
    authorId,
  });
}
