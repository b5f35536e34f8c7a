/**
 * The companies' writes as the routes call them (docs/decisions/0060): each opens its transaction, runs the
 * store's write and reads the answer before the commit, so that a failure to read it (no connection free in time,
 * say) rolls the write back instead of answering 5xx for a write that was kept — which a client retrying would
 * then make twice. The routes hold no SQL and no transaction.
 */
import { formatMoney } from '../../shared/intl';
import type { Locale } from '../../shared/constants';
import type { CompanyLiveLoan } from '../../shared/companies';
import type { Db, Executor, Tx } from '../db/client';
import { AppError, notFound } from '../platform/errors/app-error';
import { liveLoansOf, type LiveLoan } from './hooks';
import { LiveLoansError, setArchived } from './store';

/** A write and the answer it reads, in one transaction; the write answers the company's id, or false: 404. */
export function writeThenAnswer<T>(
  db: Db,
  write: (tx: Tx) => Promise<string | false>,
  answer: (id: string, tx: Tx) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const id = await write(tx);
    if (!id) throw notFound();
    return answer(id, tx);
  });
}

const liveLoanAnswer = (loan: LiveLoan): CompanyLiveLoan => ({
  id: loan.id,
  loanNumber: loan.loanNumber,
  outstanding: loan.outstandingCents / 100,
});

/** The company's loans still holding money, as the archive dialog names them. */
export const companyLiveLoans = async (db: Executor, companyId: string): Promise<CompanyLiveLoan[]> =>
  (await liveLoansOf(db, companyId)).map(liveLoanAnswer);

/**
 * Archive (`true`) or restore (`false`), then answer; refused with 422 when the company is already so
 * (docs/SPEC.md §4), and archiving a company with live loans with 409 `company_has_live_loans` naming each
 * loan and its outstanding, unless `liveLoansConfirmed` (docs/decisions/0060).
 */
export async function archiveOrRestore<T>(
  db: Db,
  change: { id: string; archived: boolean; authorId: string; liveLoansConfirmed: boolean; locale: Locale },
  answer: (id: string, tx: Tx) => Promise<T>,
): Promise<T> {
  try {
    return await writeThenAnswer(
      db,
      async (tx) => {
        const outcome = await setArchived(tx, change.id, change.archived, change.authorId, change.liveLoansConfirmed);
        if (outcome === 'unchanged') {
          throw change.archived
            ? new AppError(422, 'already_archived', 'companies.errors.alreadyArchived')
            : new AppError(422, 'not_archived', 'companies.errors.notArchived');
        }
        return outcome === 'done' && change.id;
      },
      answer,
    );
  } catch (error) {
    if (!(error instanceof LiveLoansError)) throw error;
    const loans = error.loans.map((loan) => ({
      key: 'companies.errors.liveLoan',
      params: { loanNumber: loan.loanNumber, outstanding: formatMoney(loan.outstandingCents / 100, change.locale) },
    }));
    throw new AppError(409, 'company_has_live_loans', 'companies.errors.hasLiveLoans', { loans }, undefined, {
      count: loans.length,
    });
  }
}
