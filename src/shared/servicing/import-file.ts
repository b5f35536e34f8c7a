/**
 * Reading a repayment file (docs/decisions/0038, "Importing repayments"): its bytes as text, its rows as cells,
 * each row's cells as a repayment or as the problems that keep it from being one. Pure, so that the import's
 * screen previews a file exactly as the API will read it, and the API judges every row (the screen never does).
 * What needs the database (which loan, what it holds, what was imported before) is the API's
 * (src/server/servicing/import.ts).
 */
import type { WebCatalogKey } from '../i18n/keys';
import { DATE_MAX_YEAR, DATE_MIN_YEAR, isYearInRange } from '../constants';
import {
  IMPORT_FIELDS,
  SERVICING_LIMITS,
  type ImportField,
  type RepaymentImportInput,
  type RepaymentMethod,
} from '../schemas/servicing';
import { MONEY_MAX } from '../schemas/company-fields';
import { parse as parseCsv } from 'csv-parse/browser/esm/sync';
import { isCalendarDate } from './calendar';
import type { RepaymentKind } from './types';

export type FileEncoding = 'utf-8' | 'windows-1252';
export type Separator = ',' | ';' | '\t';
export type DecimalSeparator = '.' | ',';

/** A message of the catalog and its values. */
export interface ImportMessage {
  key: WebCatalogKey;
  params?: Record<string, string | number>;
}
export interface RowProblem extends ImportMessage {
  field: ImportField | 'row';
}

/* ------------------------------------------------------------------------------------------------
 * Bytes to text.
 * ---------------------------------------------------------------------------------------------- */

/**
 * Control characters text never holds: a file that decodes to them is binary (a spreadsheet's own format) or
 * UTF-16, which Windows-1252 would otherwise "read" into nonsense without complaint.
 */
// eslint-disable-next-line no-control-regex
const NOT_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/** Text, not a spreadsheet's binary format nor UTF-16 read as bytes. */
export const isText = (text: string): boolean => !NOT_TEXT.test(text);

/**
 * The encodings to try, in order, for a file asked to be read as `asked`: none for UTF-16 (its byte-order mark
 * says so); `auto` reads UTF-8 when the bytes are valid UTF-8 — a Windows-1252 file with accents never is — and
 * Windows-1252 otherwise. UTF-8's byte-order mark is tried as UTF-8 whatever was asked.
 */
export function encodingsToTry(bytes: Uint8Array, asked: RepaymentImportInput['encoding'] = 'auto'): FileEncoding[] {
  const utf16 =
    bytes.length >= 2 && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff));
  if (utf16) return [];
  const bom = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const encodings: FileEncoding[] = [];
  if (asked !== 'windows-1252' || bom) encodings.push('utf-8');
  if (asked !== 'utf-8') encodings.push('windows-1252');
  return encodings;
}

/** A decoder of one encoding: UTF-8 fails on bytes that are not UTF-8; its byte-order mark is left out. */
export const decoderOf = (encoding: FileEncoding) => new TextDecoder(encoding, { fatal: encoding === 'utf-8' });

/**
 * The file's text and the encoding it was read in (see `encodingsToTry`), or null when it is not text in UTF-8
 * (with or without its byte-order mark) nor Windows-1252 (a bank's or an older accounting program's export).
 */
export function decodeFile(
  bytes: Uint8Array,
  asked: RepaymentImportInput['encoding'] = 'auto',
): { text: string; encoding: FileEncoding } | null {
  for (const encoding of encodingsToTry(bytes, asked)) {
    let text: string;
    try {
      text = decoderOf(encoding).decode(bytes);
    } catch {
      continue;
    }
    return isText(text) ? { text, encoding } : null;
  }
  return null;
}

/* ------------------------------------------------------------------------------------------------
 * Text to rows.
 * ---------------------------------------------------------------------------------------------- */

/**
 * The longest record the import reads, in characters: a bank's or an accountant's row is a few hundred. A
 * longer one is refused at once, naming its line, before the rest of the file is read (docs/decisions/0059).
 */
export const IMPORT_MAX_RECORD_CHARS = 5_000;

/**
 * The separator the first line uses most outside quotes: `;` in a French export, `,` or a tab otherwise (a first
 * line is never longer than a record may be).
 */
export function detectSeparator(text: string): Separator {
  const counts: Record<Separator, number> = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const char of text.slice(0, IMPORT_MAX_RECORD_CHARS)) {
    if (char === '\n' && !quoted) break;
    if (char === '"') quoted = !quoted;
    else if (!quoted && char in counts) counts[char as Separator] += 1;
  }
  const [best, count] = (Object.entries(counts) as [Separator, number][]).sort((a, b) => b[1] - a[1])[0]!;
  return count > 0 ? best : ',';
}

/** A record of the file: its cells and the line it starts on (the header is line 1). */
export interface FileRow {
  line: number;
  cells: string[];
}

/**
 * csv-parse's options for a repayment file, the one description of the format the screen's preview and the
 * API's reader share (docs/decisions/0059): RFC 4180 quotes (a quoted cell may hold the separator, `""` and line
 * breaks), a quote inside an unquoted cell kept as written (`+HYPERLINK("x")` is a cell, refused later as a
 * formula), blanks before an opening quote ignored, rows of any width (the reader says which row is short),
 * `\r\n`, `\n` or `\r` between records whatever the first line used, a byte-order mark left out, and any record
 * longer than `IMPORT_MAX_RECORD_CHARS` an error. Blank lines are records here, so that every record's line is
 * known (`FileRows`); they are left out there.
 */
export function csvOptions(separator: Separator) {
  return {
    delimiter: separator,
    record_delimiter: ['\r\n', '\n', '\r'],
    bom: true,
    ltrim: true,
    relax_quotes: true,
    relax_column_count: true,
    skip_empty_lines: false,
    max_record_size: IMPORT_MAX_RECORD_CHARS,
  };
}

const LINE_BREAKS = /\r\n|\n|\r/g;

/**
 * The records as the parser gives them, each numbered by the line it starts on (a quoted cell's line breaks
 * move the next record down), blank ones left out. `line` is where the next record starts: where an error of
 * the parser is.
 */
export class FileRows {
  readonly rows: FileRow[] = [];
  /** Records that are not blank, kept or not (see `keep`). */
  count = 0;
  line = 1;
  constructor(private readonly keep = Infinity) {}

  push(cells: string[]): void {
    const line = this.line;
    let breaks = 0;
    for (const cell of cells) if (cell.length > 0 && /[\r\n]/.test(cell)) breaks += cell.match(LINE_BREAKS)!.length;
    this.line += 1 + breaks;
    if (!cells.some((value) => value.trim() !== '')) return;
    this.count += 1;
    if (this.rows.length < this.keep) this.rows.push({ line, cells });
  }
}

/** Why csv-parse stopped, as the import says it: the record too long, a quote never closed, or a bad line. */
export function parseProblem(error: unknown, line: number): FileProblem {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'CSV_MAX_RECORD_SIZE') {
    return {
      field: 'content',
      key: 'servicing.errors.import.recordTooLong',
      params: { line, max: IMPORT_MAX_RECORD_CHARS },
    };
  }
  if (code === 'CSV_QUOTE_NOT_CLOSED') {
    return { field: 'content', key: 'servicing.errors.import.quoteNotClosed', params: { line } };
  }
  return { field: 'content', key: 'servicing.errors.import.unreadable', params: { line } };
}

/**
 * The file's records (see `csvOptions`), blank lines left out, at most `limit` of them: the screen's preview of
 * a file in memory. What csv-parse could read before an error is kept (the API names the error).
 */
export function parseRows(text: string, separator: Separator, limit = Infinity): FileRow[] {
  const rows = new FileRows(limit);
  const enough = new Error('enough');
  try {
    parseCsv(text, {
      ...csvOptions(separator),
      on_record: (record: string[]) => {
        rows.push(record);
        if (rows.rows.length >= limit) throw enough;
        return null;
      },
    });
  } catch {
    // Enough rows, or an error the API reports: the preview shows what came before.
  }
  return rows.rows;
}

/* ------------------------------------------------------------------------------------------------
 * Cells to values.
 * ---------------------------------------------------------------------------------------------- */

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[\s_.-]+/g, ' ')
    .trim();

/**
 * A cell a spreadsheet would run as a formula (`=1+1`, `+A1`, `-A1`, `@SUM(…)`): refused, never stored, so the
 * accountant's export cannot carry it. A minus sign before an amount is not one: that amount is below zero.
 */
const FORMULA = /^[=+\-@]/;
const NEGATIVE_AMOUNT = /^-\s*\$?\s*\d/;

const SPACES = /[\s\u00a0\u202f]/g;

/**
 * An amount that could be a thousands group or three decimals (`1,500`, `1.500`, `12.345`): read only when the
 * user chose the file's decimal separator. `0,125` is never one: a group never starts with 0.
 */
const GROUP_OR_DECIMALS = /^[1-9]\d{0,2}[.,]\d{3}$/;

/**
 * Dollars as a bank or a French export writes them — `1234.56`, `1,234.56`, `1 234,56`, `1.234,56`, `$` before
 * or after — to cents, or why not. At most two decimals: nothing is rounded away. `chosen` says the decimal
 * separator is the user's choice, not a guess: without it, an amount that reads either way is refused.
 */
export function parseAmount(raw: string, decimal: DecimalSeparator, chosen = true): number | ImportMessage {
  const bad: ImportMessage = { key: 'servicing.errors.import.badAmount', params: { value: raw.trim() } };
  let text = raw.replace(SPACES, '').replace(/^\$|\$$/g, '');
  let negative = false;
  if (text.startsWith('-')) {
    negative = true;
    text = text.slice(1).replace(/^\$/, '');
  }
  if (!chosen && GROUP_OR_DECIMALS.test(text)) {
    return { key: 'servicing.errors.import.ambiguousAmount', params: { value: raw.trim() } };
  }
  const pattern =
    decimal === ','
      ? /^([1-9]\d{0,2}(?:\.\d{3})+|\d+)(?:,(\d{1,2}))?$/
      : /^([1-9]\d{0,2}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/;
  const match = pattern.exec(text);
  if (!match) return bad;
  const whole = match[1]!.replace(/[.,]/g, '').replace(/^0+(?=\d)/, '');
  if (whole.length > String(Math.trunc(MONEY_MAX)).length) return bad;
  const cents = Number(whole) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  if (negative || cents === 0) return { key: 'servicing.errors.import.notPositive' };
  if (cents > Math.round(MONEY_MAX * 100)) return bad;
  return cents;
}

/** The decimal separator of a file's amounts, when not said: the comma when more of them end in `,dd`. */
export function detectDecimal(amounts: readonly string[]): DecimalSeparator {
  let comma = 0;
  let dot = 0;
  for (const raw of amounts) {
    const text = raw.replace(SPACES, '').replace(/\$/g, '');
    if (/,\d{1,2}$/.test(text)) comma += 1;
    else if (/\.\d{1,2}$/.test(text)) dot += 1;
  }
  return comma > dot ? ',' : '.';
}

type DateFormat = RepaymentImportInput['dateFormat'];
const SLASHED = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;

/**
 * The order of a file's slashed dates when not said: day first when some date can only be read so (25/03),
 * month first when some can only be read that way (03/25), undecided (each ambiguous date refused) otherwise.
 */
export function detectDateFormat(dates: readonly string[]): DateFormat {
  let dayFirst = false;
  let monthFirst = false;
  for (const raw of dates) {
    const match = SLASHED.exec(raw.trim());
    if (!match) continue;
    if (Number(match[1]) > 12) dayFirst = true;
    if (Number(match[2]) > 12) monthFirst = true;
  }
  if (dayFirst !== monthFirst) return dayFirst ? 'DD/MM/YYYY' : 'MM/DD/YYYY';
  return 'auto';
}

const pad = (value: string) => value.padStart(2, '0');

/** A day as written in the file (`2026-03-15`, `20260315`, `2026/03/15`, or slashed in the order said) to YYYY-MM-DD. */
export function parseDay(raw: string, format: DateFormat): string | ImportMessage {
  const value = raw.trim();
  let iso: string | null = null;
  let match = /^(\d{4})[-/.]?(\d{2})[-/.]?(\d{2})$/.exec(value);
  if (match) iso = `${match[1]}-${match[2]}-${match[3]}`;
  else if ((match = SLASHED.exec(value))) {
    const [a, b, year] = [match[1]!, match[2]!, match[3]!];
    let order = format;
    if (order === 'auto') {
      if (Number(a) > 12 || a === b) order = 'DD/MM/YYYY';
      else if (Number(b) > 12) order = 'MM/DD/YYYY';
      else return { key: 'servicing.errors.import.ambiguousDate', params: { value } };
    }
    iso = order === 'DD/MM/YYYY' ? `${year}-${pad(b)}-${pad(a)}` : `${year}-${pad(a)}-${pad(b)}`;
  }
  if (!iso || !isCalendarDate(iso)) {
    return {
      key: 'servicing.errors.import.badDate',
      params: { value, format: format === 'auto' ? 'YYYY-MM-DD' : format },
    };
  }
  if (!isYearInRange(iso)) {
    return { key: 'errors.validations.dateRange', params: { min: DATE_MIN_YEAR, max: DATE_MAX_YEAR } };
  }
  return iso;
}

/** The words of each method and kind a file may hold, folded, in either language; the codes themselves too. */
const METHOD_WORDS: Record<RepaymentMethod, readonly string[]> = {
  pad: ['pad', 'dpa', 'debit preautorise', 'pre authorized debit', 'preauthorized debit', 'prelevement'],
  cheque: ['cheque', 'check', 'chq'],
  eft: ['eft', 'tef', 'virement', 'transfert electronique de fonds', 'electronic funds transfer', 'transfer'],
  cash: ['cash', 'comptant', 'argent comptant', 'especes'],
};
const KIND_WORDS: Record<RepaymentKind, readonly string[]> = {
  regular: ['regular', 'regulier', 'versement regulier', 'paiement regulier', 'regular payment'],
  prepayment: ['prepayment', 'paiement anticipe', 'remboursement anticipe', 'anticipe'],
  recovery: ['recovery', 'recouvrement'],
};
const wordOf = <T extends string>(words: Record<T, readonly string[]>, raw: string): T | null => {
  const folded = fold(raw);
  return (Object.keys(words) as T[]).find((code) => words[code].includes(folded)) ?? null;
};

/** How a loan number is compared: a bank file may write it in lowercase or with spaces around it. */
export const normalizeLoanNumber = (raw: string): string => raw.replace(SPACES, '').toUpperCase();

/* ------------------------------------------------------------------------------------------------
 * A file to its rows, read.
 * ---------------------------------------------------------------------------------------------- */

export interface ReadRow {
  line: number;
  /** As normalised (see `normalizeLoanNumber`); null when the cell is empty or refused. */
  loanNumber: string | null;
  /** The loan number as the file wrote it, trimmed, or null. */
  loanCell: string | null;
  /** Set when the row's cells read; the loan's own rules are the API's to check. */
  values: {
    receivedOn: string;
    amountCents: number;
    method: RepaymentMethod;
    kind: RepaymentKind;
    reference: string | null;
  } | null;
  problems: RowProblem[];
}

export interface ReadFile {
  encoding: FileEncoding;
  separator: Separator;
  decimalSeparator: DecimalSeparator;
  /** The user chose the decimal separator (else it was found from the amounts). */
  decimalSeparatorChosen: boolean;
  header: string[];
  rows: ReadRow[];
}

/** A file's text as records: what the reader found (src/server/servicing/import-read.ts) or was told. */
export interface FileRecords {
  encoding: FileEncoding;
  separator: Separator;
  /** The records kept, the header first (at most the cap of rows and the header). */
  rows: FileRow[];
  /** Every record that is not blank, the header included, kept or not. */
  count: number;
}

/** A refusal of the file as a whole, on one field of the input (`content`, `mapping.amount`…). */
export interface FileProblem extends ImportMessage {
  field: string;
}

/** What makes two rows the same payment: its loan, day, cents and reference (the import key hashes the same). */
export const rowIdentity = (loanNumber: string, values: NonNullable<ReadRow['values']>): string =>
  [loanNumber, values.receivedOn, values.amountCents, values.reference ?? ''].join('\u0000');

/**
 * A row that repeats an earlier one of the file (same loan, day, amount and reference) is refused, naming that
 * row: posting both would be the same payment twice, and the import key would refuse the second anyway.
 */
function markDuplicates(rows: ReadRow[]): void {
  const seen = new Map<string, number>();
  for (const row of rows) {
    if (!row.values || !row.loanNumber) continue;
    const identity = rowIdentity(row.loanNumber, row.values);
    const first = seen.get(identity);
    if (first === undefined) seen.set(identity, row.line);
    else {
      row.problems.push({ field: 'row', key: 'servicing.errors.import.duplicate', params: { row: first } });
      row.values = null;
    }
  }
}

/** The header's index of a column named by its heading (case and accents aside) or its number from 1. */
function columnIndex(header: readonly string[], column: string | number): number | null {
  if (typeof column === 'number') return column <= header.length ? column - 1 : null;
  const wanted = fold(column);
  const index = header.findIndex((heading) => fold(heading) === wanted);
  return index >= 0 ? index : null;
}

/**
 * The longest cell of each field, in characters: longer, the row is refused with the field's limit (a loan
 * number, a date, an amount are short; a reference is what a repayment keeps).
 */
export const IMPORT_CELL_MAX: Record<ImportField, number> = {
  loanNumber: 40,
  receivedOn: 40,
  amount: 40,
  reference: SERVICING_LIMITS.reference,
  method: 100,
  kind: 100,
};

/** Rows read between two turns of the event loop. */
const ROWS_PER_TURN = 500;
const nextTurn = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Reads the file's records as the input says: its header, then each row's mapped cells. Answers the file's
 * refusal when it cannot be read at all (no row, too many rows, a mapping naming no column), else every row with
 * its values or its problems.
 */
export async function readImportRows(
  records: FileRecords,
  input: RepaymentImportInput,
  maxRows: number,
): Promise<{ ok: true; file: ReadFile } | { ok: false; problems: FileProblem[] }> {
  const { encoding, separator } = records;
  if (records.count - 1 > maxRows) {
    return {
      ok: false,
      problems: [
        {
          field: 'content',
          key: 'servicing.errors.import.tooManyRows',
          params: { count: records.count - 1, max: maxRows },
        },
      ],
    };
  }
  const [head, ...body] = records.rows;
  if (!head || body.length === 0) {
    return { ok: false, problems: [{ field: 'content', key: 'servicing.errors.import.empty' }] };
  }
  const header = head.cells.map((cell) => cell.trim());
  const columns: Partial<Record<ImportField, number>> = {};
  const problems: FileProblem[] = [];
  for (const field of IMPORT_FIELDS) {
    const column = input.mapping[field];
    if (column === null || column === undefined) continue;
    const index = columnIndex(header, column);
    if (index === null) {
      problems.push({
        field: `mapping.${field}`,
        key: 'servicing.errors.import.unknownColumn',
        params: { column: String(column), columns: header.join(', ') },
      });
    } else columns[field] = index;
  }
  if (problems.length > 0) return { ok: false, problems };

  const cellOf = (row: FileRow, field: ImportField) =>
    columns[field] === undefined ? '' : (row.cells[columns[field]!] ?? '').trim();
  const decimalSeparatorChosen = input.decimalSeparator !== 'auto';
  const decimalSeparator =
    input.decimalSeparator === 'auto'
      ? detectDecimal(body.map((row) => cellOf(row, 'amount')))
      : input.decimalSeparator;
  const dateFormat =
    input.dateFormat === 'auto' ? detectDateFormat(body.map((row) => cellOf(row, 'receivedOn'))) : input.dateFormat;

  const rows: ReadRow[] = [];
  for (const row of body) {
    rows.push(readRow(row, header.length, (field) => cellOf(row, field)));
    // Ten thousand rows take tens of milliseconds: the event loop (the API's other requests) gets a turn.
    if (rows.length % ROWS_PER_TURN === 0) await nextTurn();
  }
  markDuplicates(rows);
  return { ok: true, file: { encoding, separator, decimalSeparator, decimalSeparatorChosen, header, rows } };

  function readRow(row: FileRow, width: number, cell: (field: ImportField) => string): ReadRow {
    const problems: RowProblem[] = [];
    if (row.cells.length !== width) {
      problems.push({
        field: 'row',
        key: 'servicing.errors.import.cells',
        params: { count: row.cells.length, expected: width },
      });
    }
    const read = <T>(field: ImportField, parse: (value: string) => T | ImportMessage, required: boolean): T | null => {
      if (columns[field] === undefined) return null;
      const value = cell(field);
      if (value === '') {
        if (required) problems.push({ field, key: 'servicing.errors.import.missing' });
        return null;
      }
      if (value.length > IMPORT_CELL_MAX[field]) {
        problems.push({ field, key: 'servicing.errors.import.tooLong', params: { max: IMPORT_CELL_MAX[field] } });
        return null;
      }
      if (FORMULA.test(value) && !(field === 'amount' && NEGATIVE_AMOUNT.test(value))) {
        problems.push({ field, key: 'servicing.errors.import.formula', params: { value } });
        return null;
      }
      const parsed = parse(value);
      if (typeof parsed === 'object' && parsed !== null && 'key' in parsed) {
        problems.push({ field, ...(parsed as ImportMessage) });
        return null;
      }
      return parsed as T;
    };
    const loanCell = read('loanNumber', (value) => value, true);
    const receivedOn = read('receivedOn', (value) => parseDay(value, dateFormat), true);
    const amountCents = read('amount', (value) => parseAmount(value, decimalSeparator, decimalSeparatorChosen), true);
    const method = read(
      'method',
      (value): RepaymentMethod | ImportMessage =>
        wordOf(METHOD_WORDS, value) ?? { key: 'servicing.errors.import.badMethod', params: { value } },
      false,
    );
    const kind = read(
      'kind',
      (value): RepaymentKind | ImportMessage =>
        wordOf(KIND_WORDS, value) ?? { key: 'servicing.errors.import.badKind', params: { value } },
      false,
    );
    const reference = read('reference', (value) => value, false);
    const ok = problems.length === 0 && loanCell !== null && receivedOn !== null && amountCents !== null;
    return {
      line: row.line,
      loanCell,
      loanNumber: loanCell === null ? null : normalizeLoanNumber(loanCell),
      values: ok
        ? {
            receivedOn,
            amountCents,
            method: method ?? input.defaultMethod,
            kind: kind ?? input.defaultKind,
            reference,
          }
        : null,
      problems,
    };
  }
}
