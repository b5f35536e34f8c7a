/**
 * The controlled moves (docs/decisions/0067): what each is, what a fund's policy weighs of it (its loan, fund,
 * amount and date), and the ONE function that lands a move — the servicing action it stands for, run as the
 * maker, in the caller's transaction. A move below its fund's policy lands at once through it; a pending one lands
 * through it on approval, its entry dated as the maker dated it, re-checked by the entry's own rules.
 */
import { sql } from 'drizzle-orm';
import type { ControlledKind } from '../../shared/controls/rules';
import type {
  BulkTermAmendmentInput,
  DisbursementInput,
  TermAmendmentInput,
  WriteOffInput,
} from '../../shared/schemas/servicing';
import type { AuthorizedIncreaseInput } from '../../shared/schemas/controls';
import { toCents } from '../../shared/money';
import { todayIso } from '../../shared/portfolio/schedule';
import type { Db, Executor, Tx } from '../db/client';
import { selectRows } from '../db/rows';
import { notFound } from '../platform/errors/app-error';
import { amendTerms } from '../servicing/actions/amend-terms';
import { applyBulkAmendment } from '../servicing/actions/bulk-amendment';
import { recordDisbursement } from '../servicing/actions/record-disbursement';
import { reverseEntry } from '../servicing/actions/reverse-entry';
import { undoWriteOff } from '../servicing/actions/undo-write-off';
import { writeOffLoan } from '../servicing/actions/write-off-loan';
import { writeOnLoan, type Author, type LoanParams } from '../servicing/actions/write-on-loan';
import { loanContext } from '../servicing/loan-context';
import { outsidePipeline } from '../db/outside-pipeline';
import { recordLoanEvent } from '../servicing/history';
import { writeOffInForce } from '../servicing/store';
import { computeLoanFigures } from '../../shared/servicing';

/** A money move a policy may hold, as the maker asked it. */
export type Move =
  | { kind: 'disbursement'; loan: LoanParams; input: DisbursementInput }
  | { kind: 'write_off'; loan: LoanParams; input: WriteOffInput }
  | { kind: 'write_off_undo'; loan: LoanParams; input: { reason: string } }
  | { kind: 'disbursement_reversal'; loan: LoanParams; input: { entryId: string; reason: string } }
  | { kind: 'repayment_reversal'; loan: LoanParams; input: { entryId: string; reason: string } }
  | { kind: 'term_amendment'; loan: LoanParams; input: TermAmendmentInput }
  | { kind: 'bulk_amendment'; loan: null; input: BulkTermAmendmentInput }
  | { kind: 'authorized_increase'; loan: LoanParams; input: AuthorizedIncreaseInput };

/** What a policy weighs of a move, and where it is kept. */
export interface MoveFacts {
  fundId: string;
  companyId: string | null;
  contributionId: string | null;
  amountCents: number;
  entryDate: string;
  outsidePipeline: boolean;
}

/** What landing a move left: the entry (or reversed entry, or loan) it made, and the servicing write's result. */
export interface Landed<T = unknown> {
  entryId: string;
  result: T;
}

const today = () => todayIso();

/**
 * The facts of a move, read as of now: its loan's fund, whether a decision created the loan, and its amount —
 * the money paid out, reversed or raised; for a write-off, its undo and a term amendment, the loan's outstanding
 * principal; for a fund's amendment, the outstanding of the fund's active loans. 404 for a loan or entry that is
 * not there.
 */
export async function moveFacts(db: Executor, move: Move): Promise<MoveFacts> {
  if (move.kind === 'bulk_amendment') {
    const [fund] = await selectRows<{ total: number | null }>(
      db,
      sql`SELECT coalesce(sum(s.outstanding_principal_cents), 0)::float8 AS total
            FROM financial_contributions f JOIN loan_states s ON s.contribution_id = f.id
           WHERE f.contribution_fund_id = ${move.input.fundId} AND s.status = 'active'`,
    );
    return {
      fundId: move.input.fundId,
      companyId: null,
      contributionId: null,
      amountCents: fund?.total ?? 0,
      entryDate: move.input.effectiveDate,
      outsidePipeline: false,
    };
  }
  const context = await loanContext(db, move.loan, today());
  const [outside] = await selectRows<{ outside: boolean }>(
    db,
    sql`SELECT ${outsidePipeline(sql`${context.loan.id}::uuid`)} AS outside`,
  );
  const base = {
    fundId: context.loan.fundId,
    companyId: context.loan.companyId,
    contributionId: context.loan.id,
    outsidePipeline: outside?.outside ?? false,
  };
  const outstanding = () => {
    if (!context.input) return 0;
    return computeLoanFigures(context.input).figures.outstandingPrincipal;
  };
  switch (move.kind) {
    case 'disbursement':
      return { ...base, amountCents: toCents(move.input.amount), entryDate: move.input.date };
    case 'write_off':
      return { ...base, amountCents: outstanding(), entryDate: move.input.date };
    case 'write_off_undo': {
      const writeOff = writeOffInForce(context.entries);
      return {
        ...base,
        amountCents: writeOff ? writeOff.principalCents : 0,
        entryDate: writeOff ? writeOff.date : today(),
      };
    }
    case 'disbursement_reversal': {
      const entry = context.entries.disbursements.find((row) => row.id === move.input.entryId);
      if (!entry) throw notFound();
      return { ...base, amountCents: entry.amountCents, entryDate: entry.date };
    }
    case 'repayment_reversal': {
      const entry = context.entries.repayments.find((row) => row.id === move.input.entryId);
      if (!entry) throw notFound();
      return { ...base, amountCents: entry.amountCents, entryDate: entry.receivedOn };
    }
    case 'term_amendment':
      return { ...base, amountCents: outstanding(), entryDate: move.input.effectiveDate };
    case 'authorized_increase':
      return { ...base, amountCents: toCents(move.input.amount), entryDate: move.input.resolutionDate };
  }
}

/**
 * Lands a move: the servicing write it stands for, as `author` (the maker), in `db`'s transaction (a savepoint
 * when given one). The entry's own rules are checked here as on any write, so a move no longer valid (a later
 * payment it would overpay, a loan since written off) is refused with that rule's message, and nothing is written.
 */
export async function landMove(db: Executor, move: Move, author: Author): Promise<Landed> {
  switch (move.kind) {
    case 'disbursement': {
      const done = await recordDisbursement(db, move.loan, move.input, author);
      return { entryId: done.id, result: done };
    }
    case 'write_off': {
      const done = await writeOffLoan(db, move.loan, move.input, author);
      return { entryId: done.id, result: done };
    }
    case 'write_off_undo': {
      const done = await undoWriteOff(db, move.loan, move.input.reason, author);
      return { entryId: done.id, result: done };
    }
    case 'disbursement_reversal':
    case 'repayment_reversal': {
      const kind = move.kind === 'disbursement_reversal' ? 'disbursement' : 'repayment';
      const done = await reverseEntry(db, move.loan, kind, move.input.entryId, move.input.reason, author);
      return { entryId: done.id, result: done };
    }
    case 'term_amendment': {
      const done = await amendTerms(db, move.loan, move.input, author);
      return { entryId: done.id, result: done };
    }
    case 'bulk_amendment': {
      const done = await applyBulkAmendment(db as Db, move.input, author.authorId, today(), author.locale);
      return { entryId: done.bulkActionId, result: done };
    }
    case 'authorized_increase': {
      const done = await raiseAuthorizedAmount(db, move.loan, move.input, author);
      return { entryId: move.loan.id, result: done };
    }
  }
}

/** The loan's authorized amount raised to the one given, with its line of history and its figures kept. */
function raiseAuthorizedAmount(db: Executor, loan: LoanParams, input: AuthorizedIncreaseInput, author: Author) {
  return writeOnLoan(db, loan, author, async (tx: Tx, locked) => {
    await tx.execute(sql`UPDATE financial_contributions SET amount = ${input.amount} WHERE id = ${locked.loan.id}`);
    await recordLoanEvent(tx, locked.loan, author.authorId, 'authorizedIncreased', {
      before: locked.loan.amount ?? 0,
      after: input.amount,
      resolutionNumber: input.resolutionNumber,
      resolutionDate: input.resolutionDate,
    });
    return locked.loan.id;
  });
}

/** The kinds that hold a loan (all but a fund's amendment). */
export const isLoanMove = (kind: ControlledKind): boolean => kind !== 'bulk_amendment';
