/**
 * The repayment import (docs/decisions/0038, "Importing repayments"): a file read by the shared reader
 * (src/shared/servicing/import-file.ts), each row matched to its loan by its number, judged by the rules every
 * repayment meets (src/shared/servicing/entries.ts, all of a loan's rows together), and — not a dry run —
 * posted all or nothing through the store's one write path: the repayments, one history event per loan, the
 * loans' rows of figures, in one transaction with the loans locked in id order.
 */
import { createHash } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { Locale } from '../../shared/constants';
import { translate } from '../../shared/i18n';
import {
  IMPORT_LIST_LIMIT,
  IMPORT_MAX_FILE_BYTES,
  IMPORT_MAX_ROWS,
  type ImportWireField,
  type RepaymentImportInput,
} from '../../shared/schemas/servicing';
import type { ImportReport } from '../../shared/schemas/servicing-answers';
import { problemMessage, repaymentsProblems, type EntryProblem } from '../../shared/servicing/entries';
import {
  readImportRows,
  type FileProblem,
  type ReadFile,
  type ReadRow,
  type RowProblem,
} from '../../shared/servicing/import-file';
import { readFileRecords } from './import-read';
import { todayIso } from '../../shared/portfolio/schedule';
import type { Db, Executor, Tx } from '../db/client';
import { selectRows } from '../db/rows';
import { AppError, invalid, type ErrorDetail } from '../platform/errors/app-error';
import { snakePath } from '../../shared/case';
import { dollars } from './answers';
import { recordLoanEvent } from './history';
import {
  currentBuckets,
  insertRepayments,
  lockLoans,
  loanColumns,
  loanInputOf,
  loanOf,
  readEntries,
  termsOf,
  writeLoanStates,
  type LoanRow,
  type RawLoan,
} from './store';
import { assertPeriodOpen } from './period-guard';

/** A row of the file with its loan and what keeps it from being posted, if anything. */
interface JudgedRow {
  row: ReadRow;
  loan: LoanRow | null;
  companyName: string;
  importKey: string | null;
  alreadyImported: boolean;
  problems: RowProblem[];
}

/** One text parameter holding a whole array (`{"a","b"}`): thousands of loan numbers in one bound value. */
const textArray = (values: readonly string[]) =>
  sql`${`{${values.map((value) => `"${value.replace(/["\\]/g, '\\$&')}"`).join(',')}}`}::text[]`;

/**
 * What identifies an imported payment for good: its loan, day, cents and reference, hashed. Unique per loan in
 * the database (`repayments_import_key_idx`), so the same row is never posted twice, from this file or another.
 */
export const importKeyOf = (loanId: string, values: NonNullable<ReadRow['values']>): string =>
  createHash('sha256')
    .update([loanId, values.receivedOn, values.amountCents, values.reference ?? ''].join('\u0000'))
    .digest('hex');

/** A rule's problem on a row, its money and days written in the reader's language; `base` is the whole row. */
const rowProblemOf = (problem: EntryProblem, locale: Locale): RowProblem => {
  const message = problemMessage(problem, locale);
  const field =
    problem.field === 'receivedOn' || problem.field === 'amount' || problem.field === 'kind' ? problem.field : 'row';
  return { field, key: message.key, params: message.params as RowProblem['params'] };
};

/**
 * Every row judged: its loan found by number (locked, in id order, when `tx` posts), its loan's rules checked
 * with all of the loan's new rows at once, and whether it was imported before.
 */
async function judge(db: Executor, file: ReadFile, today: string, locale: Locale, tx?: Tx): Promise<JudgedRow[]> {
  const numbers = [...new Set(file.rows.flatMap((row) => (row.loanNumber ? [row.loanNumber] : [])))];
  const where = sql`f.loan_number = ANY(${textArray(numbers)})`;
  const loans =
    numbers.length === 0
      ? []
      : tx
        ? await lockLoans(tx, where)
        : (
            await selectRows<RawLoan>(
              db,
              sql`SELECT ${loanColumns}
                    FROM financial_contributions f JOIN contribution_funds fu ON fu.id = f.contribution_fund_id
                   WHERE ${where}`,
            )
          ).map(loanOf);
  const byNumber = new Map(loans.map((loan) => [loan.loanNumber, loan]));
  const ids = loans.map((loan) => loan.id);
  const companies = new Map(
    (
      await selectRows<{ id: string; name: string }>(
        db,
        sql`SELECT id, name FROM companies WHERE id = ANY(${`{${[...new Set(loans.map((loan) => loan.companyId))].join(',')}}`}::uuid[])`,
      )
    ).map((row) => [row.id, row.name]),
  );
  const entries = await readEntries(db, ids);
  const buckets = await currentBuckets(db);

  const judged: JudgedRow[] = file.rows.map((row) => {
    const loan = row.loanNumber ? (byNumber.get(row.loanNumber) ?? null) : null;
    const problems = [...row.problems];
    if (row.loanNumber && !loan) {
      problems.unshift({
        field: 'loanNumber',
        key: 'servicing.errors.import.unknownLoan',
        params: { value: row.loanCell ?? '' },
      });
    }
    return {
      row,
      loan,
      companyName: loan ? (companies.get(loan.companyId) ?? '') : '',
      importKey: loan && row.values ? importKeyOf(loan.id, row.values) : null,
      alreadyImported: false,
      problems,
    };
  });

  const keys = judged.flatMap((row) => (row.importKey && row.problems.length === 0 ? [row.importKey] : []));
  if (keys.length > 0) {
    const imported = await selectRows<{ key: string }>(
      db,
      sql`SELECT contribution_id || ':' || import_key AS key FROM repayments
           WHERE contribution_id = ANY(${`{${ids.join(',')}}`}::uuid[]) AND import_key = ANY(${textArray(keys)})
             AND reversed_at IS NULL`,
    );
    const seen = new Set(imported.map((row) => row.key));
    for (const row of judged)
      if (row.importKey && seen.has(`${row.loan!.id}:${row.importKey}`)) row.alreadyImported = true;
  }

  // Each loan's new rows against what it holds, together: a payment beyond the payoff is found as posted.
  const byLoan = new Map<string, JudgedRow[]>();
  for (const row of judged) {
    if (!row.loan || row.problems.length > 0 || row.alreadyImported) continue;
    byLoan.set(row.loan.id, [...(byLoan.get(row.loan.id) ?? []), row]);
  }
  for (const [id, rows] of byLoan) {
    const loan = rows[0]!.loan!;
    const terms = termsOf(loan);
    if (!terms.ok) {
      for (const row of rows) row.problems.push({ field: 'row', key: 'servicing.errors.noTerms' });
      continue;
    }
    const input = loanInputOf(terms.terms, entries.get(id)!, today, buckets);
    const found = repaymentsProblems(
      input,
      rows.map((row) => ({
        receivedOn: row.row.values!.receivedOn,
        amount: row.row.values!.amountCents,
        kind: row.row.values!.kind,
      })),
      today,
    );
    rows.forEach((row, index) => row.problems.push(...found[index]!.map((problem) => rowProblemOf(problem, locale))));
  }
  return judged;
}

/** A row's problem in the reader's language. */
const messageOf = (problem: RowProblem, locale: Locale): string => translate(locale, problem.key, problem.params);

/** The report of a judged file; `posted` once written. */
function reportOf(
  file: ReadFile,
  judged: readonly JudgedRow[],
  locale: Locale,
  options: { dryRun: boolean; fileName: string; importId: string | null; postedCount: number; postedCents: number },
): ImportReport {
  const matched = judged.filter((row) => row.problems.length === 0 && row.loan && row.row.values);
  const unmatched = judged.filter((row) => !matched.includes(row));
  return {
    dryRun: options.dryRun,
    fileName: options.fileName,
    importId: options.importId,
    encoding: file.encoding,
    separator: file.separator,
    decimalSeparator: file.decimalSeparator,
    decimalSeparatorChosen: file.decimalSeparatorChosen,
    rowsCount: judged.length,
    matchedCount: matched.length,
    matchedAmount: dollars(matched.reduce((sum, row) => sum + row.row.values!.amountCents, 0)),
    alreadyImportedCount: matched.filter((row) => row.alreadyImported).length,
    unmatchedCount: unmatched.length,
    postedCount: options.postedCount,
    postedAmount: dollars(options.postedCents),
    matched: matched.slice(0, IMPORT_LIST_LIMIT).map(({ row, loan, companyName, alreadyImported }) => ({
      row: row.line,
      loanNumber: loan!.loanNumber,
      companyId: loan!.companyId,
      companyName,
      contributionId: loan!.id,
      receivedOn: row.values!.receivedOn,
      amount: dollars(row.values!.amountCents),
      method: row.values!.method,
      kind: row.values!.kind,
      reference: row.values!.reference,
      alreadyImported,
    })),
    unmatched: unmatched.slice(0, IMPORT_LIST_LIMIT).map(({ row, problems }) => ({
      row: row.line,
      loanNumber: row.loanCell,
      problems: problems.map((problem) => ({
        field: snakePath([problem.field]) as ImportWireField,
        message: messageOf(problem, locale),
      })),
    })),
  };
}

/** The dry run: what the file holds and what an import would post, nothing written. */
export async function dryRunImport(
  db: Executor,
  file: ReadFile,
  input: RepaymentImportInput,
  today: string,
  locale: Locale,
): Promise<ImportReport> {
  const judged = await judge(db, file, today, locale);
  return reportOf(file, judged, locale, {
    dryRun: true,
    fileName: input.fileName,
    importId: null,
    postedCount: 0,
    postedCents: 0,
  });
}

/**
 * The import, inside the caller's transaction: judged again with the loans locked (what the dry run saw may
 * have changed), refused whole (422, nothing written) when any row cannot be imported, else every row not
 * imported before posted.
 */
export async function postImport(
  tx: Tx,
  file: ReadFile,
  input: RepaymentImportInput & { sha256: string },
  authorId: string,
  today: string,
  locale: Locale,
): Promise<ImportReport> {
  const judged = await judge(tx, file, today, locale, tx);
  await assertPeriodOpen(
    tx,
    judged.flatMap((row) => (row.row.values && !row.alreadyImported ? [row.row.values.receivedOn] : [])),
    locale,
  );
  const refused = judged.filter((row) => row.problems.length > 0 || !row.loan || !row.row.values);
  if (refused.length > 0) {
    throw new AppError(422, 'import_refused', 'servicing.errors.import.refused', refusalDetail(refused), undefined, {
      count: refused.length,
    });
  }
  const toPost = judged.filter((row) => !row.alreadyImported);
  const postedCents = toPost.reduce((sum, row) => sum + row.row.values!.amountCents, 0);
  let importId: string | null = null;
  if (toPost.length > 0) {
    const [created] = await selectRows<{ id: string }>(
      tx,
      sql`INSERT INTO repayment_imports (file_name, file_sha256, rows_count, posted_count, posted_cents, author_id)
          VALUES (${input.fileName}, ${input.sha256}, ${judged.length}, ${toPost.length}, ${postedCents}, ${authorId})
          RETURNING id`,
    );
    importId = created!.id;
    await insertRepayments(
      tx,
      toPost.map(({ row, loan, importKey }) => ({
        contributionId: loan!.id,
        receivedOn: row.values!.receivedOn,
        amountCents: row.values!.amountCents,
        method: row.values!.method,
        kind: row.values!.kind,
        reference: row.values!.reference,
        authorId,
        importId,
        importKey,
      })),
    );
    const loans = new Map<string, { loan: LoanRow; count: number; cents: number }>();
    for (const { loan, row } of toPost) {
      const sum = loans.get(loan!.id) ?? { loan: loan!, count: 0, cents: 0 };
      sum.count += 1;
      sum.cents += row.values!.amountCents;
      loans.set(loan!.id, sum);
    }
    for (const { loan, count, cents } of loans.values()) {
      await recordLoanEvent(tx, loan, authorId, 'repaymentsImported', {
        count,
        amount: dollars(cents),
        fileName: input.fileName,
      });
    }
    await writeLoanStates(
      tx,
      [...loans.values()].map(({ loan }) => loan).sort((a, b) => (a.id < b.id ? -1 : 1)),
      today,
    );
  }
  return reportOf(file, judged, locale, {
    dryRun: false,
    fileName: input.fileName,
    importId,
    postedCount: toPost.length,
    postedCents,
  });
}

/** A refusal's detail: each refused row's problems under `rows.<line>.<field>` (the first rows only). */
function refusalDetail(rows: readonly JudgedRow[]): ErrorDetail {
  const detail: ErrorDetail = {};
  for (const { row, problems } of rows.slice(0, IMPORT_LIST_LIMIT)) {
    for (const problem of problems) {
      (detail[`rows.${row.line}.${snakePath([problem.field])}`] ??= []).push({
        key: problem.key,
        params: problem.params ?? {},
      });
    }
  }
  return detail;
}

/**
 * The import's use case, as the route calls it: the file read (a refusal of the file as a whole is a 422 naming
 * its field), then judged without writing (a dry run) or posted in one transaction.
 */
export async function importRepayments(
  db: Db,
  input: RepaymentImportInput,
  /** The file, decoded off the event loop (import-body.ts); else decoded here from `input.content`. */
  decoded: Uint8Array | undefined,
  options: { dryRun: boolean; authorId: string; locale: Locale },
): Promise<ImportReport> {
  const { locale } = options;
  const bytes = decoded ?? Buffer.from(input.content, 'base64');
  if (bytes.length > IMPORT_MAX_FILE_BYTES) {
    throw invalid({ content: [{ key: 'servicing.errors.import.tooLarge', params: {} }] });
  }
  const records = await readFileRecords(bytes, input, IMPORT_MAX_ROWS);
  const read =
    'key' in records
      ? { ok: false as const, problems: [records] }
      : await readImportRows(records, input, IMPORT_MAX_ROWS);
  if (!read.ok) throw fileRefusal(read.problems);
  const today = todayIso();
  if (options.dryRun) return dryRunImport(db, read.file, input, today, locale);
  const sha256 = await sha256Of(bytes);
  return db.transaction((tx) => postImport(tx, read.file, { ...input, sha256 }, options.authorId, today, locale));
}

/** The file's refusal as a whole: 422, each problem under its field, the first one as the message. */
function fileRefusal(problems: readonly FileProblem[]): AppError {
  const detail: ErrorDetail = {};
  for (const problem of problems) {
    (detail[snakePath(problem.field.split('.'))] ??= []).push({ key: problem.key, params: problem.params ?? {} });
  }
  return new AppError(422, 'validation_failed', problems[0]!.key, detail, undefined, problems[0]!.params);
}

/** The file's hash, a megabyte at a time, the event loop given back between two. */
async function sha256Of(bytes: Uint8Array): Promise<string> {
  const hash = createHash('sha256');
  for (let offset = 0; offset < bytes.length; offset += 1024 * 1024) {
    hash.update(bytes.subarray(offset, offset + 1024 * 1024));
    await nextTurn();
  }
  return hash.digest('hex');
}
