/**
 * Word files for the letters' tests, made in code (ADR 0074): a minimal `.docx` holding these paragraphs, a
 * multipart form as the browser sends a model, and the text of a generated letter read back.
 */
import PizZip from 'pizzip';

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`;
const RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`;

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A Word document whose body is these paragraphs, one run each. */
export function docx(paragraphs: string[]): Buffer {
  const zip = new PizZip();
  zip.file('[Content_Types].xml', CONTENT_TYPES);
  zip.file('_rels/.rels', RELS);
  const body = paragraphs
    .map((line) => `<w:p><w:r><w:t xml:space="preserve">${escapeXml(line)}</w:t></w:r></w:p>`)
    .join('');
  zip.file(
    'word/document.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
  );
  return zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/**
 * A zip bomb shaped like a Word file: a part of `inflated` zero bytes, deflated to a few kilobytes, whose header
 * declares `declared` bytes (a lie, when smaller).
 */
export function zipBomb(inflated: number, declared = inflated): Buffer {
  const zip = new PizZip();
  zip.file('[Content_Types].xml', CONTENT_TYPES);
  zip.file('word/document.xml', Buffer.alloc(inflated));
  const bytes = zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' });
  if (declared === inflated) return bytes;
  // Rewrite the uncompressed size of the big part in its local header and its central directory entry.
  const name = Buffer.from('word/document.xml');
  for (let at = bytes.indexOf(name); at !== -1; at = bytes.indexOf(name, at + 1)) {
    if (bytes.readUInt32LE(at - 30) === 0x04034b50) bytes.writeUInt32LE(declared, at - 30 + 22);
    if (bytes.readUInt32LE(at - 46) === 0x02014b50) bytes.writeUInt32LE(declared, at - 46 + 24);
  }
  return bytes;
}

/** A multipart/form-data body with these text fields and, unless null, a file. */
export function multipart(
  fields: Record<string, string>,
  file: { name: string; bytes: Buffer; type?: string } | null,
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----atrium${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The text of a Word file's body, paragraphs joined by new lines, non-breaking spaces as plain ones. */
export function docxText(bytes: Buffer): string {
  const xml = new PizZip(bytes).file('word/document.xml')!.asText();
  return xml
    .split('</w:p>')
    .map((p) => [...p.matchAll(/<w:t[^>]*>([^<]*)<\/w:t>/g)].map((m) => m[1]).join(''))
    .join('\n')
    .replace(/&amp;/g, '&')
    .replace(/[\u00a0\u202f]/g, ' ');
}
