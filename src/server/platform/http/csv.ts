import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import type { FastifyReply } from 'fastify';
import type { Locale } from '../../../shared/constants';
import { translate } from '../../../shared/i18n';

/**
 * CSV that Excel opens as it should in each language (ADR 0020): UTF-8 with a byte-order mark (without
 * it Excel reads the file as Windows-1252), `;` between fields and a decimal comma in French (Excel's
 * separator where the comma is the decimal mark), `,` and a dot in English, CRLF line ends.
 */
export const CSV_BOM = '\uFEFF';
export const CSV_SEPARATORS: Record<Locale, string> = { fr: ';', en: ',' };

export type CsvCell = string | number | boolean | null;

/** Excel runs a cell that starts with these as a formula (CSV injection): such text gets a leading quote. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell's text before quoting: the locale's yes/no, numbers without grouping, formulas disarmed. */
function cellText(value: CsvCell, locale: Locale, yesNo: [string, string]): string {
  if (value === null) return '';
  if (typeof value === 'boolean') return value ? yesNo[0] : yesNo[1];
  // Numbers without grouping, so that Excel reads them as numbers: 1234,56 in French, 1234.56 in English.
  if (typeof value === 'number') return locale === 'fr' ? String(value).replace('.', ',') : String(value);
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/**
 * Quoting, separators and line ends are csv-stringify's (ADR 0054): a cell holding the separator, a quote,
 * CR or LF is quoted with its quotes doubled. `quote_record_delimiter` must be said: with a record delimiter
 * of its own, the library would otherwise quote a cell only for a whole CRLF, not a lone CR or LF.
 */
function csvLines(rows: readonly (readonly CsvCell[])[], locale: Locale, yesNo: [string, string]): string {
  return stringify(
    rows.map((cells) => cells.map((value) => cellText(value, locale, yesNo))),
    { delimiter: CSV_SEPARATORS[locale], record_delimiter: 'windows', quote_record_delimiter: true },
  );
}

export function csvLine(cells: readonly CsvCell[], locale: Locale, yesNo: [string, string] = ['yes', 'no']): string {
  return csvLines([cells], locale, yesNo);
}

/** Money with its two decimals, as a number Excel reads (`1234,50`). */
export const csvMoney = (value: number | null, locale: Locale): string | null =>
  value === null ? null : locale === 'fr' ? value.toFixed(2).replace('.', ',') : value.toFixed(2);

/**
 * A readable stream of the file: the mark and header line, then one chunk per batch of rows. Batches are
 * read only as fast as the client takes them (Readable.from pulls), so memory stays flat.
 */
export function csvStream<Row>(
  header: readonly string[],
  batches: AsyncIterable<Row[]>,
  toCells: (row: Row) => readonly CsvCell[],
  locale: Locale,
  yesNo: [string, string],
): Readable {
  async function* lines() {
    yield CSV_BOM + csvLine(header, locale, yesNo);
    for await (const batch of batches) if (batch.length > 0) yield csvLines(batch.map(toCells), locale, yesNo);
  }
  return Readable.from(lines(), { objectMode: false });
}

/**
 * The batches with the first one already read: a database that fails at once then answers the usual
 * error envelope (503, 500) instead of a download cut short after its headers were sent.
 */
export async function primed<Row>(batches: AsyncGenerator<Row[]>): Promise<AsyncIterable<Row[]>> {
  const first = await batches.next();
  return (async function* () {
    if (first.done) return;
    yield first.value;
    yield* batches;
  })();
}

/** "oui"/"non", "yes"/"no": how a boolean cell reads. */
export const yesNo = (locale: Locale): [string, string] => [
  translate(locale, 'portfolio.export.yes'),
  translate(locale, 'portfolio.export.no'),
];

/** Sends the file as a download that no cache keeps. */
export function sendCsv(reply: FastifyReply, fileName: string, body: Readable) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(body);
}
