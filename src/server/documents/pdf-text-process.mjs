// Runs as its own process (text-extraction.ts): reads one PDF from stdin, reads its text layer with pdf.js
// (through unpdf) and writes the outcome as one JSON line to file descriptor 3. Plain JavaScript so that it
// starts with plain node, without the TypeScript loader. The parent bounds its memory (the data segment,
// which holds pdf.js's buffers as well as the heap) and its time, and kills it beyond them; this file bounds
// the text it keeps, so a huge text layer stops early instead of filling the memory.
import { createWriteStream } from 'node:fs';
import { getDocumentProxy } from 'unpdf';

const [maxChars, maxPages] = process.argv.slice(2).map(Number);

async function readInput() {
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  return new Uint8Array(Buffer.concat(chunks));
}

async function extract(bytes) {
  let pdf;
  try {
    pdf = await getDocumentProxy(bytes, {
      // No code from the file is ever evaluated, and fonts are not loaded: only the text is wanted.
      isEvalSupported: false,
      disableFontFace: true,
      useSystemFonts: false,
      stopAtErrors: false,
    });
  } catch (error) {
    const name = error && typeof error === 'object' ? error.name : '';
    return { status: 'failed', reason: name === 'PasswordException' ? 'encrypted' : 'unreadable' };
  }
  if (pdf.numPages > maxPages) return { status: 'failed', reason: 'too_large' };
  const pages = [];
  let length = 0;
  for (let number = 1; number <= pdf.numPages; number++) {
    const page = await pdf.getPage(number);
    const content = await page.getTextContent();
    const text = content.items
      .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : ''))
      .join('')
      // Control characters (NUL among them) are never text a person searches for.
      // eslint-disable-next-line no-control-regex -- removing control characters is the point
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, ' ');
    length += text.length;
    if (length > maxChars) return { status: 'failed', reason: 'too_large' };
    pages.push(text);
    page.cleanup();
  }
  const text = pages
    .join('\n')
    .replace(/[ \t]+/g, ' ')
    .trim();
  return text ? { status: 'indexed', text } : { status: 'no_text' };
}

const outcome = await extract(await readInput()).catch(() => ({ status: 'failed', reason: 'unreadable' }));
const result = createWriteStream('', { fd: 3 });
result.end(`${JSON.stringify(outcome)}\n`, () => process.exit(0));
