// Runs in a worker thread (text-extraction.ts): reads the text layer of one PDF with pdf.js (through
// unpdf) and posts the outcome back. Plain JavaScript so that it loads the same way under tsx, vitest and
// plain node. The parent bounds its memory (resourceLimits) and time (terminate); this file bounds the
// text it keeps, so a huge text layer stops early instead of filling the heap.
import { parentPort, workerData } from 'node:worker_threads';
import { getDocumentProxy } from 'unpdf';

const { bytes, maxChars, maxPages } = workerData;

async function extract() {
  let pdf;
  try {
    pdf = await getDocumentProxy(new Uint8Array(bytes), {
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

extract().then(
  (outcome) => parentPort.postMessage(outcome),
  () => parentPort.postMessage({ status: 'failed', reason: 'unreadable' }),
);
