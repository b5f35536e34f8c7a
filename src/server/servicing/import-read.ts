/**
 * The repayment file's bytes to records on the API (docs/decisions/0059): decoded and parsed by csv-parse in
 * slices, the event loop given back between two, so that a 16 MB file never holds other requests for more than
 * a few milliseconds; a record longer than any row may be (a huge cell) stops the reading at once. The format's
 * options, the encodings tried and the records' line numbers are the shared reader's
 * (src/shared/servicing/import-file.ts), which the import screen's preview uses too.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { finished } from 'node:stream/promises';
import { parse } from 'csv-parse';
import type { RepaymentImportInput } from '../../shared/schemas/servicing';
import {
  FileRows,
  IMPORT_MAX_RECORD_CHARS,
  csvOptions,
  decoderOf,
  detectSeparator,
  encodingsToTry,
  isText,
  parseProblem,
  type FileEncoding,
  type FileProblem,
  type FileRecords,
  type Separator,
} from '../../shared/servicing/import-file';

/** Bytes decoded and parsed between two turns of the event loop: about a millisecond of work. */
const SLICE_BYTES = 64 * 1024;

const notText: FileProblem = { field: 'content', key: 'servicing.errors.import.encoding' };

/**
 * The file's records (the header first, at most `maxRows` rows under it kept, all of them counted), or why it
 * cannot be read: not text in an encoding tried, a record too long, a quote never closed.
 */
export async function readFileRecords(
  bytes: Uint8Array,
  input: Pick<RepaymentImportInput, 'encoding' | 'separator'>,
  maxRows: number,
): Promise<FileRecords | FileProblem> {
  for (const encoding of encodingsToTry(bytes, input.encoding)) {
    const read = await readAs(bytes, encoding, input.separator, maxRows);
    if (read !== 'not-this-encoding') return read;
  }
  return notText;
}

async function readAs(
  bytes: Uint8Array,
  encoding: FileEncoding,
  asked: RepaymentImportInput['separator'],
  maxRows: number,
): Promise<FileRecords | FileProblem | 'not-this-encoding'> {
  const decoder = decoderOf(encoding);
  const rows = new FileRows(maxRows + 1);
  let separator: Separator | null = asked === 'auto' ? null : asked;
  let failure: unknown = null;
  const current: { parser: ReturnType<typeof parse> | null } = { parser: null };
  /** Text read before the separator is known: the first line, at most as long as a record may be. */
  let start = '';

  const open = (sep: Separator) => {
    const created = parse({
      ...csvOptions(sep),
      // Every record is counted and numbered as it is read; none goes through the stream.
      on_record: (record: string[]) => {
        rows.push(record);
        return null;
      },
    });
    created.on('error', (error) => (failure ??= error));
    created.resume();
    return created;
  };
  const feed = (text: string, last: boolean) => {
    if (!current.parser) {
      start += text;
      if (!last && !/[\r\n]/.test(start) && start.length < IMPORT_MAX_RECORD_CHARS) return;
      separator ??= detectSeparator(start);
      current.parser = open(separator);
      text = start;
      start = '';
    }
    if (text) current.parser.write(text);
  };

  for (let offset = 0; offset < bytes.length || offset === 0; offset += SLICE_BYTES) {
    const last = offset + SLICE_BYTES >= bytes.length;
    let text: string;
    try {
      text = decoder.decode(bytes.subarray(offset, offset + SLICE_BYTES), { stream: !last });
    } catch {
      current.parser?.destroy();
      return 'not-this-encoding';
    }
    if (!isText(text)) {
      current.parser?.destroy();
      return notText;
    }
    feed(text, last);
    await nextTurn();
    if (failure) return parseProblem(failure, rows.line);
    if (last) break;
  }
  const done = current.parser;
  if (done) {
    done.end();
    await finished(done).catch((error: unknown) => (failure ??= error));
    if (failure) return parseProblem(failure, rows.line);
  }
  return { encoding, separator: separator ?? ',', rows: rows.rows, count: rows.count };
}
