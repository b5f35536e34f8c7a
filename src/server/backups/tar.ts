/**
 * The few parts of POSIX ustar that a backup needs: regular files with short names, written one after
 * the other and read back in order. An archive is then a plain `.tar.gz` that `tar tzf` can list, and
 * no archiving dependency is needed.
 */
const BLOCK = 512;

function field(buffer: Buffer, offset: number, length: number, value: string): void {
  buffer.write(value, offset, length, 'utf8');
}

function octal(buffer: Buffer, offset: number, length: number, value: number): void {
  field(buffer, offset, length, `${value.toString(8).padStart(length - 1, '0')}\0`);
}

/** The 512-byte header of one regular file. */
export function tarHeader(name: string, size: number, mtime: Date): Buffer {
  if (Buffer.byteLength(name) > 100) throw new Error(`tar entry name too long: ${name}`);
  const header = Buffer.alloc(BLOCK);
  field(header, 0, 100, name);
  octal(header, 100, 8, 0o644);
  octal(header, 108, 8, 0);
  octal(header, 116, 8, 0);
  octal(header, 124, 12, size);
  octal(header, 136, 12, Math.floor(mtime.getTime() / 1000));
  header.fill(' ', 148, 156);
  field(header, 156, 1, '0');
  field(header, 257, 6, 'ustar\0');
  field(header, 263, 2, '00');
  let sum = 0;
  for (const byte of header) sum += byte;
  field(header, 148, 8, `${sum.toString(8).padStart(6, '0')}\0 `);
  return header;
}

/** Zeros that bring an entry of `size` bytes to a whole block. */
export function tarPadding(size: number): Buffer {
  return Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);
}

/** Two zero blocks end an archive. */
export const TAR_END = Buffer.alloc(2 * BLOCK);

export class TarFormatError extends Error {}

export interface TarEntry {
  name: string;
  body: Buffer;
}

/**
 * The entries of a tar stream, in order. Anything that is not a well-formed ustar stream of regular
 * files — a bad header checksum, a stream that ends inside an entry or before the end marker — throws
 * TarFormatError, so a truncated archive is never mistaken for a short one.
 */
export async function* readTar(chunks: AsyncIterable<Buffer>): AsyncGenerator<TarEntry> {
  let pending: Buffer = Buffer.alloc(0);
  const iterator = chunks[Symbol.asyncIterator]();
  let done = false;
  const need = async (length: number): Promise<boolean> => {
    while (pending.length < length && !done) {
      const next = await iterator.next();
      if (next.done) done = true;
      else pending = pending.length === 0 ? next.value : Buffer.concat([pending, next.value]);
    }
    return pending.length >= length;
  };
  const take = (length: number): Buffer => {
    const out = pending.subarray(0, length);
    pending = pending.subarray(length);
    return out;
  };
  for (;;) {
    if (!(await need(BLOCK))) throw new TarFormatError('archive ends before its end marker');
    const header = take(BLOCK);
    if (header.every((byte) => byte === 0)) return;
    const stored = parseInt(header.subarray(148, 156).toString('ascii').replace(/\0.*$/s, '').trim(), 8);
    const copy = Buffer.from(header);
    copy.fill(' ', 148, 156);
    let sum = 0;
    for (const byte of copy) sum += byte;
    if (sum !== stored || header.subarray(257, 262).toString('ascii') !== 'ustar') {
      throw new TarFormatError('not a tar header');
    }
    const name = header.subarray(0, 100).toString('utf8').replace(/\0.*$/s, '');
    const size = parseInt(header.subarray(124, 136).toString('ascii').replace(/\0.*$/s, '').trim(), 8);
    const padded = size + ((BLOCK - (size % BLOCK)) % BLOCK);
    if (!(await need(padded))) throw new TarFormatError('archive ends inside an entry');
    const body = Buffer.from(take(padded).subarray(0, size));
    yield { name, body };
  }
}
