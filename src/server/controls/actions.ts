/**
 * Two-person approval's use cases (docs/decisions/0067): a fund's policy saved with its change; a money move
 * gated — landed at once, or kept pending for a second person; a pending move approved (landed, from its own date),
 * rejected with a reason, or cancelled by its maker; and what a move would change, computed by the engine.
 */
import {
  allowsAuthorizedIncrease,
  needsApproval,
  type ApprovalPolicy,
  type ApprovalState,
} from '../../shared/controls/rules';
import type { ApprovalPolicyInput } from '../../shared/schemas/controls';
import type { Locale } from '../../shared/constants';
import { toCents, toDollars } from '../../shared/money';
import { formatMoney } from '../../shared/intl';
import { translate } from '../../shared/i18n';
import { todayIso } from '../../shared/portfolio/schedule';
import { computeLoan, type LoanServicing } from '../../shared/servicing';
import type { Db, Executor } from '../db/client';
import { AppError, notFound } from '../platform/errors/app-error';
import type { Author } from '../servicing/actions/write-on-loan';
import { loanContext } from '../servicing/loan-context';
import { landMove, moveFacts, type Landed, type Move } from './moves';
import {
  decideApproval,
  findApproval,
  insertApproval,
  isApprover,
  readPolicy,
  setPolicy,
  type ApprovalRow,
} from './store';

const forbidden = (key: 'controls.errors.ownMove' | 'controls.errors.notApprover' | 'controls.errors.notMaker') =>
  new AppError(403, 'forbidden', key);

/** 409: the move was decided already; the message says how. */
function notPending(state: ApprovalState, locale: Locale): AppError {
  return new AppError(409, 'not_pending', 'controls.errors.notPending', undefined, undefined, {
    state: translate(locale, `controls.state.${state}`).toLowerCase(),
  });
}

/** Saves a fund's policy (dollars → cents) with its change; 404 for a fund that does not exist. */
export async function saveApprovalPolicy(db: Db, fundId: string, input: ApprovalPolicyInput, authorId: string) {
  const policy: ApprovalPolicy = {
    rules: input.rules.map((rule) => ({ kind: rule.kind, fromAmountCents: toCents(rule.fromAmount) })),
    outsidePipelineAlways: input.outsidePipelineAlways,
  };
  const found = await db.transaction((tx) => setPolicy(tx, fundId, policy, authorId));
  if (!found) throw notFound();
}

/** What a move left: landed at once (the servicing write's result), or kept pending (the approval's id). */
export type Gated = { landed: Landed } | { pendingId: string };

/** The move as stored: what its maker asked, to land it as asked. */
const payloadOf = (move: Move): Record<string, unknown> => ({ loan: move.loan, input: move.input });
const moveOf = (row: ApprovalRow): Move =>
  ({ kind: row.kind, loan: row.payload['loan'], input: row.payload['input'] }) as Move;

/**
 * A money move through its fund's policy: below it, landed at once; at or above it, checked by the entry's own
 * rules (landed in a savepoint and undone, so a move that could never land is refused now, with its message) and
 * kept pending. An authorized increase is allowed only where the fund's policy lists it, and always waits.
 */
export async function gateMove(db: Db, move: Move, author: Author): Promise<Gated> {
  return db.transaction(async (tx) => {
    const facts = await moveFacts(tx, move);
    const policy = await readPolicy(tx, facts.fundId);
    if (move.kind === 'authorized_increase') {
      if (!allowsAuthorizedIncrease(policy)) {
        throw new AppError(409, 'invalid_transition', 'controls.errors.increaseNotAllowed');
      }
      const context = await loanContext(tx, move.loan, todayIso());
      const current = context.loan.amount ?? 0;
      if (move.input.amount <= current) {
        throw new AppError(
          422,
          'validation_failed',
          'controls.errors.increaseNotHigher',
          {
            amount: [
              {
                key: 'controls.errors.increaseNotHigher',
                params: { amount: formatMoney(current, author.locale) },
              },
            ],
          },
          undefined,
          { amount: formatMoney(current, author.locale) },
        );
      }
    }
    if (
      !needsApproval(policy, {
        kind: move.kind,
        amountCents: facts.amountCents,
        outsidePipeline: facts.outsidePipeline,
      })
    ) {
      return { landed: await landMove(tx, move, author) };
    }
    await dryRun(tx, move, author);
    const pendingId = await insertApproval(tx, {
      kind: move.kind,
      fundId: facts.fundId,
      contributionId: facts.contributionId,
      companyId: facts.companyId,
      amountCents: facts.amountCents,
      entryDate: facts.entryDate,
      payload: payloadOf(move),
      makerId: author.authorId,
    });
    return { pendingId };
  });
}

/** Thrown to undo a savepoint whose write was only to see what it would do. */
class Undo<T> extends Error {
  constructor(readonly value: T) {
    super('undo');
  }
}

/** Lands the move in a savepoint and undoes it: its rules' refusal is thrown, nothing else is kept. */
async function dryRun(db: Executor, move: Move, author: Author): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      await landMove(tx, move, author);
      throw new Undo(null);
    });
  } catch (error) {
    if (!(error instanceof Undo)) throw error;
  }
}

/** Who may decide a move: an approver who did not make it (403 otherwise, an administrator included). */
async function requireDecider(db: Executor, row: ApprovalRow, userId: string): Promise<void> {
  if (row.makerId === userId) throw forbidden('controls.errors.ownMove');
  if (!(await isApprover(db, userId))) throw forbidden('controls.errors.notApprover');
}

/**
 * Approves a pending move: its row locked, the decider checked, the move landed as its maker asked — dated as
 * they dated it, so it counts from its own date — and the decision written only while still pending. A move no
 * longer valid is refused with its rule's message and stays pending; two approvals at once: one 200, one 409.
 */
export async function approveMove(db: Db, id: string, author: Author): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await findApproval(tx, id, author.locale, { lock: true });
    if (!row) throw notFound();
    await requireDecider(tx, row, author.authorId);
    if (row.state !== 'pending') throw notPending(row.state, author.locale);
    const maker: Author = { authorId: row.makerId ?? author.authorId, locale: author.locale };
    const landed = await landMove(tx, moveOf(row), maker);
    if (!(await decideApproval(tx, id, { state: 'approved', byId: author.authorId, entryId: landed.entryId }))) {
      throw notPending('approved', author.locale);
    }
  });
}

/** Rejects a pending move with a reason (the decider checked as for an approval). */
export async function rejectMove(db: Db, id: string, reason: string, author: Author): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await findApproval(tx, id, author.locale, { lock: true });
    if (!row) throw notFound();
    await requireDecider(tx, row, author.authorId);
    if (row.state !== 'pending') throw notPending(row.state, author.locale);
    if (!(await decideApproval(tx, id, { state: 'rejected', byId: author.authorId, reason }))) {
      throw notPending('rejected', author.locale);
    }
  });
}

/** The maker withdraws their pending move. */
export async function cancelMove(db: Db, id: string, author: Author): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await findApproval(tx, id, author.locale, { lock: true });
    if (!row) throw notFound();
    if (row.makerId !== author.authorId) throw forbidden('controls.errors.notMaker');
    if (row.state !== 'pending') throw notPending(row.state, author.locale);
    if (!(await decideApproval(tx, id, { state: 'cancelled', byId: author.authorId }))) {
      throw notPending('cancelled', author.locale);
    }
  });
}

/** A loan's figures a move changes, as the engine computes them as of today. */
export interface MoveFigures {
  outstandingPrincipal: number;
  arrears: number;
  nextInstallmentDate: string | null;
  nextInstallmentAmount: number | null;
  authorizedAmount: number | null;
}

function figuresOf(servicing: LoanServicing | null, authorized: number | null, today: string): MoveFigures {
  const f = servicing?.figures;
  const next = servicing?.installments.find((i) => i.dueDate > today) ?? null;
  return {
    outstandingPrincipal: toDollars(f?.outstandingPrincipal ?? 0),
    arrears: toDollars((f?.arrearsPrincipal ?? 0) + (f?.arrearsInterest ?? 0)),
    nextInstallmentDate: next?.dueDate ?? null,
    nextInstallmentAmount: next ? toDollars(next.payment) : null,
    authorizedAmount: authorized,
  };
}

/**
 * The loan's figures without the move and with it: the engine on the entries as they stand, then on them with
 * the move landed in a savepoint that is undone. Null for a fund's amendment (many loans) and for a move that
 * could no longer land (the approval would say why).
 */
export async function beforeAfter(
  db: Db,
  row: ApprovalRow,
  author: Author,
): Promise<{ before: MoveFigures; after: MoveFigures } | { before: null; after: null }> {
  const none = { before: null, after: null } as const;
  if (row.state !== 'pending' || row.kind === 'bulk_amendment' || !row.contributionId || !row.companyId) return none;
  const params = { companyId: row.companyId, id: row.contributionId };
  const today = todayIso();
  return db.transaction(async (tx) => {
    const context = await loanContext(tx, params, today);
    const before = figuresOf(context.input && computeLoan(context.input), context.loan.amount, today);
    const maker = { ...author, authorId: row.makerId ?? author.authorId };
    const after = await dryRunRead(tx, moveOf(row), maker, params, today);
    return after ? { before, after } : none;
  });
}

/** The figures with the move landed, read inside the savepoint before it is undone. */
async function dryRunRead(
  db: Executor,
  move: Move,
  author: Author,
  params: { companyId: string; id: string },
  today: string,
): Promise<MoveFigures | null> {
  try {
    await db.transaction(async (tx) => {
      await landMove(tx, move, author);
      const context = await loanContext(tx, params, today);
      throw new Undo(figuresOf(context.input && computeLoan(context.input), context.loan.amount, today));
    });
  } catch (error) {
    if (error instanceof Undo) return error.value as MoveFigures;
    return null;
  }
  return null;
}
