import { sql } from 'drizzle-orm';
import type { Locale } from '../../../shared/constants';
import { translate } from '../../../shared/i18n';
import { formatDay } from '../../../shared/intl';
import type { BulkTermAmendmentInput } from '../../../shared/schemas/servicing';
import type { BulkActionAnswer } from '../../../shared/schemas/servicing-answers';
import { computeLoanFigures } from '../../../shared/servicing';
import {
  amendmentProblems,
  correctionProblems,
  problemMessage,
  withReversed,
  type EntryProblem,
} from '../../../shared/servicing/entries';
import { todayIso } from '../../../shared/portfolio/schedule';
import type { Db, Tx } from '../../db/client';
import { AppError, invalid, notFound, type ErrorDetail } from '../../platform/errors/app-error';
import { amendmentEvent, newAmendment } from '../amendment-input';
import { dollars } from '../answers';
import {
  amendmentsInForce,
  companyNames,
  findBulkAction,
  findSameBulkAction,
  fundExists,
  markBulkActionReversed,
  type BulkActionRow,
} from '../bulk-store';
import { recordLoanEvent } from '../history';
import {
  currentBuckets,
  findLoansWhere,
  insertAmendment,
  insertBulkAmendment,
  loanInputOf,
  lockLoans,
  readEntries,
  reverseEntry,
  termsOf,
  writeLoanStates,
  writeOffInForce,
  type LoanRow,
} from '../store';
import { assertPeriodOpen } from '../period-guard';

/*
 * One term amendment for every active loan of a fund, in one action (a blanket deferral), and its reversal as
 * one (docs/decisions/0038, 0062). The dry run and the write answer the same refusals, so the screen learns
 * them before confirming; the same action twice is refused, naming the earlier one; a reversal reverses every
 * amendment it made, in one transaction, or none.
 */

const uuidArray = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/** What an action's row says on the wire, with where it stands. */
export function bulkActionAnswer(row: BulkActionRow): BulkActionAnswer {
  const state =
    row.reversal !== null || row.inForceCount === 0
      ? 'reversed'
      : row.inForceCount < row.loansCount
        ? 'partly_reversed'
        : 'applied';
  return { ...row, state };
}

/** 409 naming the earlier identical action: its id, the day it was recorded and who recorded it. */
function sameActionError(earlier: BulkActionRow, locale: Locale): AppError {
  const date = formatDay(todayIso(new Date(earlier.insertedAt)), locale) ?? earlier.insertedAt;
  const author = earlier.authorName ?? translate(locale, 'servicing.errors.earlierAction.unknownAuthor');
  const detail: ErrorDetail = {
    bulk_action_id: [{ key: 'servicing.errors.earlierAction.id', params: { id: earlier.id } }],
    inserted_at: [{ key: 'servicing.errors.earlierAction.date', params: { date } }],
    author_name: [{ key: 'servicing.errors.earlierAction.author', params: { name: author } }],
  };
  return new AppError(409, 'bulk_action_duplicate', 'servicing.errors.bulkDuplicate', detail, undefined, {
    date,
    author,
    count: earlier.inForceCount,
  });
}

interface PlannedLoan {
  loan: LoanRow;
  outstandingCents: number;
}

/**
 * The fund's loans active today, each with its figures, read (and with `lock`, locked in id order) in the
 * caller's transaction. Refuses the same action as one still in force (409, read once the loans are locked, so
 * that of two identical posts at once the second sees the first), a fund without an active loan (422), and an
 * amendment one of them cannot take (422).
 */
async function bulkPlan(
  tx: Tx,
  input: BulkTermAmendmentInput,
  today: string,
  locale: Locale,
  lock: boolean,
): Promise<PlannedLoan[]> {
  const where = sql`f.contribution_fund_id = ${input.fundId}`;
  const loans = lock ? await lockLoans(tx, where) : await findLoansWhere(tx, where);
  const earlier = await findSameBulkAction(tx, input);
  if (earlier) throw sameActionError(earlier, locale);
  const entries = await readEntries(
    tx,
    loans.map((loan) => loan.id),
  );
  const buckets = await currentBuckets(tx);
  const active: (PlannedLoan & { problems: EntryProblem[] })[] = [];
  for (const loan of loans) {
    const terms = termsOf(loan);
    if (!terms.ok) continue;
    const loanInput = loanInputOf(terms.terms, entries.get(loan.id)!, today, buckets);
    const { status, figures } = computeLoanFigures(loanInput);
    if (status !== 'active') continue;
    active.push({
      loan,
      outstandingCents: figures.outstandingPrincipal,
      problems: amendmentProblems(loanInput, newAmendment(input), today),
    });
  }
  if (active.length === 0) {
    throw invalid(
      { fund_id: [{ key: 'servicing.errors.noActiveLoans', params: {} }] },
      'servicing.errors.noActiveLoans',
    );
  }
  const refused = active.filter((loan) => loan.problems.length > 0);
  if (refused.length > 0) {
    const params = { count: refused.length, loanNumber: refused[0]!.loan.loanNumber };
    throw new AppError(422, 'validation_failed', 'servicing.errors.bulkRefused', undefined, undefined, params);
  }
  return active.map(({ loan, outstandingCents }) => ({ loan, outstandingCents }));
}

async function requireFund(db: Db, fundId: string): Promise<void> {
  if (!(await fundExists(db, fundId))) {
    throw invalid({ fund_id: [{ key: 'servicing.errors.unknownFund', params: {} }] });
  }
}

/** The dry run: the loans it would amend, each with its company and outstanding, refused as the write would be. */
export async function previewBulkAmendment(db: Db, input: BulkTermAmendmentInput, today: string, locale: Locale) {
  await requireFund(db, input.fundId);
  // Read in one transaction (one snapshot), nothing locked: a preview must not hold up the fund's payments.
  return db.transaction(async (tx) => {
    const active = await bulkPlan(tx, input, today, locale, false);
    const names = await companyNames(
      tx,
      active.map(({ loan }) => loan.companyId),
    );
    const loans = active
      .map(({ loan, outstandingCents }) => ({
        companyId: loan.companyId,
        companyName: names.get(loan.companyId) ?? '',
        contributionId: loan.id,
        loanNumber: loan.loanNumber,
        outstandingPrincipal: dollars(outstandingCents),
      }))
      .sort((a, b) => a.loanNumber.localeCompare(b.loanNumber));
    return {
      fundId: input.fundId,
      loansCount: active.length,
      outstandingPrincipal: dollars(active.reduce((sum, loan) => sum + loan.outstandingCents, 0)),
      loans,
    };
  });
}

/** The write: every active loan of the fund amended, with its line of history and its row of figures, or none. */
export async function applyBulkAmendment(
  db: Db,
  input: BulkTermAmendmentInput,
  authorId: string,
  today: string,
  locale: Locale,
) {
  await requireFund(db, input.fundId);
  return db.transaction(async (tx) => {
    await assertPeriodOpen(tx, input.effectiveDate, locale);
    const active = await bulkPlan(tx, input, today, locale, true);
    const bulkActionId = await insertBulkAmendment(tx, {
      fundId: input.fundId,
      effectiveDate: input.effectiveDate,
      kind: input.kind,
      months: input.months,
      rate: input.rate,
      reason: input.reason,
      loansCount: active.length,
      authorId,
    });
    const amended = [];
    for (const { loan } of active) {
      const amendmentId = await insertAmendment(tx, {
        contributionId: loan.id,
        effectiveDate: input.effectiveDate,
        kind: input.kind,
        months: input.months,
        rate: input.rate,
        reason: input.reason,
        bulkActionId,
        authorId,
      });
      await recordLoanEvent(tx, loan, authorId, 'termsAmended', amendmentEvent(input));
      amended.push({ loan, amendmentId });
    }
    await writeLoanStates(
      tx,
      active.map(({ loan }) => loan),
      today,
    );
    const names = await companyNames(
      tx,
      active.map(({ loan }) => loan.companyId),
    );
    return {
      bulkActionId,
      fundId: input.fundId,
      amendedCount: amended.length,
      loans: amended.map(({ loan, amendmentId }) => ({
        companyId: loan.companyId,
        companyName: names.get(loan.companyId) ?? '',
        contributionId: loan.id,
        loanNumber: loan.loanNumber,
        amendmentId,
      })),
    };
  });
}

/** 409 naming each loan whose entries no longer allow its amendment to be reversed, and why. */
function blockedError(blocked: { loan: LoanRow; company: string; problem: EntryProblem }[], locale: Locale) {
  const reasonOf = (problem: EntryProblem) => {
    const message = problemMessage(problem, locale);
    return translate(locale, message.key, message.params);
  };
  const first = blocked[0]!;
  const detail: ErrorDetail = {
    loans: blocked.map(({ loan, company, problem }) => ({
      key: 'servicing.errors.bulkReversalLoan',
      params: { loanNumber: loan.loanNumber, company, reason: reasonOf(problem) },
    })),
  };
  return new AppError(409, 'bulk_reversal_blocked', 'servicing.errors.bulkReversalBlocked', detail, undefined, {
    count: blocked.length,
    loanNumber: first.loan.loanNumber,
    company: first.company,
    reason: reasonOf(first.problem),
  });
}

/**
 * Reverses the whole action in one transaction: its row locked first, then its loans in id order; every
 * amendment still in force reversed, with its line of history, and each loan's row of figures rewritten. 409
 * when it was reversed already (or all its amendments one by one), and when a loan has since taken an entry
 * that forbids it — a write-off on or after the amendment's date, or a payment the reversal would overpay —
 * naming each such loan; then nothing is reversed.
 */
export async function reverseBulkAmendment(
  db: Db,
  id: string,
  values: { reason: string; authorId: string },
  today: string,
  locale: Locale,
): Promise<BulkActionAnswer> {
  return db.transaction(async (tx) => {
    // Dated on its own day, as every reversal (docs/decisions/0070).
    await assertPeriodOpen(tx, today, locale);
    const action = await findBulkAction(tx, id, { lock: true });
    if (!action) throw notFound();
    if (action.reversal) {
      const date = formatDay(todayIso(new Date(action.reversal.reversedAt)), locale);
      throw new AppError(409, 'already_reversed', 'servicing.errors.bulkAlreadyReversed', undefined, undefined, {
        date,
        author: action.reversal.reversedByName ?? translate(locale, 'servicing.errors.earlierAction.unknownAuthor'),
      });
    }
    const inForce = await amendmentsInForce(tx, id);
    if (inForce.length === 0) throw new AppError(409, 'already_reversed', 'servicing.errors.bulkAllReversed');
    const loanIds = [...new Set(inForce.map((row) => row.contributionId))];
    const loans = await lockLoans(tx, sql`f.id = ANY(${uuidArray(loanIds)})`);
    const entries = await readEntries(tx, loanIds);
    const buckets = await currentBuckets(tx);
    const names = await companyNames(
      tx,
      loans.map((loan) => loan.companyId),
    );
    const blocked: { loan: LoanRow; company: string; problem: EntryProblem }[] = [];
    for (const loan of loans) {
      const loanEntries = entries.get(loan.id)!;
      const company = names.get(loan.companyId) ?? '';
      const writeOff = writeOffInForce(loanEntries);
      if (writeOff && writeOff.date >= action.effectiveDate) {
        blocked.push({
          loan,
          company,
          problem: { field: 'base', key: 'servicing.errors.writtenOff', state: true, dates: { date: writeOff.date } },
        });
        continue;
      }
      const terms = termsOf(loan);
      if (!terms.ok) continue;
      const before = loanInputOf(terms.terms, loanEntries, today, buckets);
      const after = inForce
        .filter((row) => row.contributionId === loan.id)
        .reduce((input, row) => withReversed(input, 'amendment', row.id), before);
      const [problem] = correctionProblems(before, after, today);
      if (problem) blocked.push({ loan, company, problem });
    }
    if (blocked.length > 0) throw blockedError(blocked, locale);

    const loanOf = new Map(loans.map((loan) => [loan.id, loan]));
    for (const row of inForce) {
      const loan = loanOf.get(row.contributionId)!;
      await reverseEntry(tx, 'amendment', {
        id: row.id,
        contributionId: loan.id,
        reason: values.reason,
        authorId: values.authorId,
      });
      await recordLoanEvent(tx, loan, values.authorId, 'amendmentReversed', {
        kind: action.kind,
        date: action.effectiveDate,
        reason: values.reason,
      });
    }
    await writeLoanStates(tx, loans, today);
    await markBulkActionReversed(tx, { id, reason: values.reason, authorId: values.authorId });
    return bulkActionAnswer((await findBulkAction(tx, id))!);
  });
}
