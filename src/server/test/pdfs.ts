/** PDFs for the tests of text extraction, made in code (ADR 0022): text, image-only, encrypted, corrupt, bombs. */
import { constants, crc32, deflateRawSync, deflateSync } from 'node:zlib';
import { PDFDocument, StandardFonts } from 'pdf-lib';

/** A PDF whose pages hold these lines as real text. */
export async function textPdf(pages: string[][]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = doc.addPage([612, 792]);
    lines.forEach((line, i) => page.drawText(line, { x: 50, y: 740 - i * 16, size: 11, font }));
  }
  return Buffer.from(await doc.save());
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A grey 8×8 PNG. */
function tinyPng(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(8, 0);
  header.writeUInt32BE(8, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  const rows = Buffer.alloc(8 * 9, 0x80);
  for (let y = 0; y < 8; y++) rows[y * 9] = 0; // filter byte of each row
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A "scanned" PDF: one page that is a picture, with no text layer. */
export async function imageOnlyPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const image = await doc.embedPng(tinyPng());
  doc.addPage([612, 792]).drawImage(image, { x: 0, y: 0, width: 612, height: 792 });
  return Buffer.from(await doc.save());
}

/** Objects (their bodies, numbered from 1) and a trailer, with a correct cross-reference table. */
function rawPdf(objects: Array<string | Buffer>, trailer: string): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets: number[] = [];
  let length = parts[0]!.length;
  objects.forEach((body, i) => {
    offsets.push(length);
    const part = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`, 'latin1'),
      typeof body === 'string' ? Buffer.from(body, 'latin1') : body,
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    parts.push(part);
    length += part.length;
  });
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n `),
    'trailer',
    `<< /Size ${objects.length + 1} ${trailer} >>`,
    'startxref',
    String(length),
    '%%EOF',
  ].join('\n');
  parts.push(Buffer.from(`${xref}\n`, 'latin1'));
  return Buffer.concat(parts);
}

/**
 * `pages` pages (one by default) that all show one compressed content stream, as Flate (or `filter`) decodes it;
 * with `font`, the stream may write in Helvetica as /F1.
 */
function streamPdf(
  stream: Buffer,
  { filter = '/FlateDecode', pages = 1, font = true }: { filter?: string; pages?: number; font?: boolean } = {},
): Buffer {
  const kids = Array.from({ length: pages }, () => '3 0 R').join(' ');
  const resources = font ? ' /Resources << /Font << /F1 5 0 R >> >>' : '';
  return rawPdf(
    [
      '<< /Type /Catalog /Pages 2 0 R >>',
      `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`,
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R${resources} >>`,
      Buffer.concat([
        Buffer.from(`<< /Length ${stream.length} /Filter ${filter} >>\nstream\n`, 'latin1'),
        stream,
        Buffer.from('\nendstream', 'latin1'),
      ]),
      ...(font ? ['<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'] : []),
    ],
    '/Root 1 0 R',
  );
}

/** Encrypted with a user password (RC4, revision 2): it cannot be opened without it. */
export function encryptedPdf(): Buffer {
  const hex = (byte: string) => `<${byte.repeat(32)}>`;
  return rawPdf(
    [
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>',
      `<< /Filter /Standard /V 1 /R 2 /O ${hex('4f')} /U ${hex('a5')} /P -44 >>`,
    ],
    '/Root 1 0 R /Encrypt 4 0 R /ID [<0123456789abcdef0123456789abcdef> <0123456789abcdef0123456789abcdef>]',
  );
}

/** Starts like a PDF (so the upload is accepted), then is not one. */
export function corruptPdf(): Buffer {
  return Buffer.concat([Buffer.from('%PDF-1.7\n', 'latin1'), Buffer.alloc(2048, 0x5a)]);
}

/** A page whose small compressed content stream inflates to `inflatedMb` of text operators. */
export function zipBombPdf(inflatedMb: number): Buffer {
  const line = Buffer.from('BT /F1 12 Tf 50 700 Td (bomb bomb bomb bomb bomb bomb) Tj ET\n', 'latin1');
  const plain = Buffer.alloc(inflatedMb * 1024 * 1024);
  for (let at = 0; at < plain.length; at += line.length) line.copy(plain, at);
  const stream = deflateSync(plain, { level: 9 });
  return streamPdf(stream);
}

/**
 * A page whose content stream inflates to `inflatedMb` MiB of `unit` through two Flate filters, so that the
 * file stays a few kilobytes however large the stream: the inner stream is one self-contained deflate block
 * of a MiB (flushed so that it stands alone and ends on a byte) repeated, which the outer Flate compresses
 * to almost nothing. Made in milliseconds even for gigabytes (pdf.js does not check the inner checksum).
 */
export function inflatingPdf(inflatedMb: number, unit = ' '): Buffer {
  const mebibyte = Buffer.alloc(1024 * 1024, unit, 'latin1');
  const block = deflateRawSync(mebibyte, { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  const inner = Buffer.concat([
    Buffer.from([0x78, 0xda]),
    ...Array.from({ length: inflatedMb }, () => block),
    // The last block: final, fixed Huffman codes, end of block; then a checksum nobody reads.
    Buffer.from([0x03, 0x00, 0, 0, 0, 0]),
  ]);
  const stream = deflateSync(inner, { level: 9 });
  return streamPdf(stream, { filter: '[/FlateDecode /FlateDecode]', font: false });
}

/** A page whose content holds arrays nested `depth` levels deep: a parser that recurses runs out of stack. */
export function deeplyNestedPdf(depth: number): Buffer {
  const content = Buffer.from(
    `BT /F1 12 Tf 50 700 Td ${'['.repeat(depth)}(deep)${']'.repeat(depth)} TJ ET\n`,
    'latin1',
  );
  const stream = deflateSync(content, { level: 9 });
  return streamPdf(stream);
}

/**
 * `pages` pages that all show one content stream of `linesPerPage` lines of text: a small file whose text
 * layer is as long as wanted.
 */
export function manyPagesPdf(pages: number, linesPerPage = 40): Buffer {
  const lines = Array.from(
    { length: linesPerPage },
    (_, i) =>
      `BT /F1 10 Tf 40 ${760 - i * 18} Td (Ligne ${i} de la page: financement, remboursement, moratoire.) Tj ET`,
  ).join('\n');
  const stream = deflateSync(Buffer.from(lines, 'latin1'), { level: 9 });
  return streamPdf(stream, { pages });
}
