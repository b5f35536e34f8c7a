/**
 * The journal as a file (docs/decisions/0070), written by csv-stringify (ADR 0054) in each target's dialect:
 * - `qbo`: QuickBooks Online's journal-entry import — one row per line, the entry's number repeated on each
 *   (`JournalNo,JournalDate,Account Name,Debits,Credits,Description`), dates `YYYY-MM-DD`, amounts with a dot;
 * - `sage50`: Sage 50 Canadian's general-journal import — per entry a header line (date `MM-DD-YYYY`, source,
 *   comment), then one `account number,amount` line per account, credits negative;
 * - `csv`: a plain file for a spreadsheet in the reader's language (`;` and a decimal comma in French).
 * Every entry balances to the cent (journal.ts refuses to build one that does not).
 */
import { stringify } from 'csv-stringify/sync';
import type { Locale } from '../../shared/constants';
import { translate } from '../../shared/i18n';
import { CSV_BOM, csvLine, csvMoney } from '../platform/http/csv';
import type { JournalEntry } from './journal';

export const JOURNAL_FILE_FORMATS = ['qbo', 'sage50', 'csv'] as const;
export type JournalFileFormat = (typeof JOURNAL_FILE_FORMATS)[number];

/** Sage 50's limits: source 13 characters, comment 39. */
const SAGE_SOURCE_MAX = 13;
const SAGE_COMMENT_MAX = 39;
/** QuickBooks Online's description limit. */
const QBO_DESCRIPTION_MAX = 4000;

const dollars = (cents: number) => (cents / 100).toFixed(2);
/** Text a spreadsheet would run as a formula, disarmed; amounts are written apart, as numbers. */
const text = (value: string, max: number) => {
  const cut = value.length > max ? value.slice(0, max) : value;
  return /^[=+\-@\t\r]/.test(cut) ? `'${cut.slice(0, max - 1)}` : cut;
};

const write = (rows: string[][]) =>
  stringify(rows, { delimiter: ',', record_delimiter: 'windows', quote_record_delimiter: true });

function qbo(entries: readonly JournalEntry[]): string {
  const rows: string[][] = [['JournalNo', 'JournalDate', 'Account Name', 'Debits', 'Credits', 'Description']];
  for (const entry of entries) {
    for (const line of entry.lines) {
      rows.push([
        entry.number,
        entry.date,
        line.account!.name,
        line.debit > 0 ? dollars(line.debit) : '',
        line.credit > 0 ? dollars(line.credit) : '',
        text(entry.description, QBO_DESCRIPTION_MAX),
      ]);
    }
  }
  return write(rows);
}

function sage50(entries: readonly JournalEntry[]): string {
  const rows: string[][] = [];
  for (const entry of entries) {
    const [year, month, day] = entry.date.split('-');
    rows.push([
      `${month}-${day}-${year}`,
      text(entry.number, SAGE_SOURCE_MAX),
      // Sage 50 reads a quote as a field delimiter only: the comment's quotes become apostrophes.
      text(entry.description.replace(/"/g, "'"), SAGE_COMMENT_MAX),
    ]);
    for (const line of entry.lines) {
      rows.push([line.account!.number, line.debit > 0 ? dollars(line.debit) : `-${dollars(line.credit)}`]);
    }
  }
  return write(rows);
}

export const JOURNAL_CSV_COLUMNS = [
  'entry',
  'date',
  'fund',
  'accountNumber',
  'accountName',
  'debit',
  'credit',
  'description',
] as const;

function plain(entries: readonly JournalEntry[], locale: Locale): string {
  let out =
    CSV_BOM +
    csvLine(
      JOURNAL_CSV_COLUMNS.map((column) => translate(locale, `accounting.columns.${column}`)),
      locale,
    );
  for (const entry of entries) {
    for (const line of entry.lines) {
      out += csvLine(
        [
          entry.number,
          entry.date,
          entry.fundName,
          line.account?.number ?? null,
          line.account?.name ?? null,
          line.debit > 0 ? csvMoney(line.debit / 100, locale) : null,
          line.credit > 0 ? csvMoney(line.credit / 100, locale) : null,
          entry.description,
        ],
        locale,
      );
    }
  }
  return out;
}

/** The file's text in a format. Entries must all be mapped (the export refuses otherwise). */
export function journalFile(entries: readonly JournalEntry[], format: JournalFileFormat, locale: Locale): string {
  if (format === 'qbo') return qbo(entries);
  if (format === 'sage50') return sage50(entries);
  return plain(entries, locale);
}

export const journalFileExtension = (format: JournalFileFormat) => (format === 'sage50' ? 'txt' : 'csv');
