/**
 * Month-end's writes (docs/decisions/0070, 0071), one function each: they open the transaction, check the shared
 * rules, call the store and keep the history.
 */
import type { Locale } from '../../shared/constants';
import { translate } from '../../shared/i18n';
import { chartProblems, cleanChart, type ChartOfAccounts } from '../../shared/accounting/accounts';
import { loanAccrual, type LoanAccrual } from '../../shared/accounting/accrual';
import { closeProblems, closedAfterReopen, isMonthEnd, reopenProblems } from '../../shared/accounting/periods';
import { ledgerInputOn } from '../../shared/accounting/postings';
import { computeLoan } from '../../shared/servicing';
import type { Db, Executor } from '../db/client';
import { AppError, invalid, notFound, type ErrorDetail } from '../platform/errors/app-error';
import { buildJournal, type Journal, type JournalQuery } from './journal';
import { journalFile, type JournalFileFormat } from './journal-files';
import {
  findFund,
  insertExport,
  listFunds,
  loansForAccrual,
  readClosedThrough,
  replaceChart,
  upsertAccrual,
  writePeriodChange,
} from './store';

export interface Author {
  authorId: string;
  locale: Locale;
}

/** The rules' problems as a 422 naming each field. */
function refuse(problems: readonly { field: string; key: string; params: Record<string, unknown> }[]): void {
  if (problems.length === 0) return;
  const detail: ErrorDetail = {};
  for (const problem of problems) {
    (detail[problem.field] ??= []).push({ key: problem.key as never, params: problem.params as never });
  }
  throw invalid(detail);
}

/* ------------------------------------------------------------------------------------ chart of accounts */

/** A fund's accounts replaced (administrators), checked against every format's limits, with its history. */
export async function saveChart(db: Db, fundId: string, chart: ChartOfAccounts, author: Author): Promise<void> {
  if (!(await findFund(db, fundId))) throw notFound();
  const clean = cleanChart(chart);
  refuse(chartProblems(clean));
  await db.transaction((tx) => replaceChart(tx, fundId, clean, author.authorId));
}

/* -------------------------------------------------------------------------------------------- periods */

/** Closes the books through a month's end, after every write already under way commits (their lock). */
export function closePeriod(db: Db, through: string, today: string, author: Author): Promise<string> {
  return db.transaction(async (tx) => {
    const closed = await readClosedThrough(tx, 'update');
    refuse(closeProblems(through, today, closed));
    await writePeriodChange(tx, {
      action: 'close',
      through,
      closedThrough: through,
      reason: null,
      authorId: author.authorId,
    });
    return through;
  });
}

/** Reopens the month ending `through` and any later closed one, with a reason kept in the history. */
export function reopenPeriod(db: Db, through: string, reason: string, author: Author): Promise<string | null> {
  return db.transaction(async (tx) => {
    const closed = await readClosedThrough(tx, 'update');
    refuse(reopenProblems(through, closed));
    const after = closedAfterReopen(through);
    await writePeriodChange(tx, { action: 'reopen', through, closedThrough: after, reason, authorId: author.authorId });
    return after;
  });
}

/* -------------------------------------------------------------------------------------------- journal */

/** 422 listing every account the entries need and their fund has not mapped. */
export function refuseUnmapped(journal: Journal, locale: Locale): void {
  if (journal.unmapped.length === 0) return;
  const detail: ErrorDetail = {};
  for (const missing of journal.unmapped) {
    (detail[`accounts.${missing.fundId}.${missing.role}`] ??= []).push({
      key: 'accounting.errors.unmappedAccount',
      params: { fund: missing.fundName, role: translate(locale, `accounting.roles.${missing.role}`) },
    });
  }
  throw new AppError(422, 'accounts_unmapped', 'accounting.errors.unmapped', detail);
}

/**
 * The journal file, and the export kept (who, when, period, fund, and each entry's amounts, so that "new entries
 * only" never exports the same money twice). Refused whole when any account is unmapped.
 */
export async function exportJournal(
  db: Db,
  query: JournalQuery,
  format: JournalFileFormat,
  author: Author,
): Promise<{ body: string; journal: Journal }> {
  return db.transaction(async (tx) => {
    const journal = await buildJournal(tx, query, author.locale);
    refuseUnmapped(journal, author.locale);
    await insertExport(tx, {
      from: query.from,
      to: query.to,
      fundId: query.fundId,
      format,
      onlyNew: query.onlyNew,
      authorId: author.authorId,
      entries: journal.entries.map((entry) => ({
        key: entry.key,
        date: entry.date,
        fundId: entry.fundId,
        lines: entry.net,
      })),
    });
    return { body: journalFile(journal.entries, format, author.locale), journal };
  });
}

/* ------------------------------------------------------------------------------------------- accruals */

export interface AccrualLine extends LoanAccrual {
  loanId: string;
  loanNumber: string;
  companyName: string;
  fundId: string;
  fundName: string;
}

/** Interest accrued at the end of `asOf`, per loan, as the books saw each loan that day. */
export async function accruedInterest(
  db: Executor,
  query: { asOf: string; fundId: string | null },
  locale: Locale,
): Promise<AccrualLine[]> {
  const lines: AccrualLine[] = [];
  for await (const batch of loansForAccrual(db, query)) {
    for (const { loan, companyName, ledger } of batch) {
      const accrual = loanAccrual(computeLoan(ledgerInputOn(ledger, query.asOf)));
      if (!accrual || accrual.accrued === 0) continue;
      lines.push({
        ...accrual,
        loanId: loan.id,
        loanNumber: loan.loanNumber,
        companyName,
        fundId: loan.fundId,
        fundName: loan.fund[locale],
      });
    }
  }
  return lines.sort((a, b) => a.fundName.localeCompare(b.fundName) || a.loanNumber.localeCompare(b.loanNumber));
}

/**
 * Records the accrual at a month's end: one entry per fund (Dr accrued interest receivable, Cr interest income),
 * reversed the next day in the journal. A second accrual to the same day replaces the first.
 */
export async function accrueInterest(
  db: Db,
  query: { asOf: string; fundId: string | null },
  author: Author,
): Promise<{ fundId: string; amountCents: number; loansCount: number }[]> {
  if (!isMonthEnd(query.asOf)) {
    throw invalid({ as_of: [{ key: 'accounting.errors.accrueNotMonthEnd', params: {} }] });
  }
  return db.transaction(async (tx) => {
    const lines = await accruedInterest(tx, query, author.locale);
    const funds = query.fundId ? [query.fundId] : (await listFunds(tx)).map((fund) => fund.id);
    const done = [];
    for (const fundId of funds) {
      const ofFund = lines.filter((line) => line.fundId === fundId);
      if (ofFund.length === 0 && !query.fundId) continue;
      const amountCents = ofFund.reduce((sum, line) => sum + line.accrued, 0);
      await upsertAccrual(tx, {
        fundId,
        asOf: query.asOf,
        amountCents,
        loansCount: ofFund.length,
        authorId: author.authorId,
      });
      done.push({ fundId, amountCents, loansCount: ofFund.length });
    }
    return done;
  });
}
