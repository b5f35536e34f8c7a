/**
 * Word models read, checked and filled (ADR 0074): a `.docx` is a zip of XML parts. Before the templating library
 * reads one, its entries are inflated once as a stream and counted, so a small file declaring (or hiding) gigabytes
 * of XML — a zip bomb — is refused without ever being held in memory.
 */
import Docxtemplater from 'docxtemplater';
import InspectModule from 'docxtemplater/js/inspect-module.js';
import PizZip from 'pizzip';
import { Unzip, UnzipInflate } from 'fflate';
import { type LetterData, type ParsedTag } from '../../shared/letters/fields';

/** A real Word model is well under this once inflated; a zip bomb is far over it. */
export const MAX_INFLATED_BYTES = 50 * 1024 * 1024;
/** Parts in a real Word file: a few dozen. */
export const MAX_ENTRIES = 1000;
/** Input slices pushed to the inflater: each emits at most ~1 MB (deflate's ratio is at most ~1032:1). */
const SLICE = 1024;

export type DocxProblem = 'not_docx' | 'zip_bomb';

export class DocxRefused extends Error {
  constructor(readonly problem: DocxProblem) {
    super(problem);
    this.name = 'DocxRefused';
  }
}

/** Template errors of the library (an unclosed tag, a loop never closed…): the tag each names. */
export class TemplateSyntax extends Error {
  constructor(readonly tags: string[]) {
    super('template syntax');
    this.name = 'TemplateSyntax';
  }
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const MAIN_PART = 'word/document.xml';

/**
 * Checks that `bytes` are a Word document within the bounds: a zip, with the main part, at most MAX_ENTRIES parts,
 * each inflating to no more than it declares, all together under MAX_INFLATED_BYTES.
 */
export function checkDocx(bytes: Buffer): void {
  if (bytes.length < 4 || ZIP_MAGIC.some((byte, i) => bytes[i] !== byte)) throw new DocxRefused('not_docx');
  let total = 0;
  let entries = 0;
  let sawMain = false;
  let sawTypes = false;
  const unzip = new Unzip((file) => {
    entries += 1;
    if (entries > MAX_ENTRIES) throw new DocxRefused('zip_bomb');
    if (file.name === MAIN_PART) sawMain = true;
    if (file.name === '[Content_Types].xml') sawTypes = true;
    if (file.originalSize !== undefined && total + file.originalSize > MAX_INFLATED_BYTES) {
      throw new DocxRefused('zip_bomb');
    }
    let own = 0;
    file.ondata = (error, chunk) => {
      // The inflater stops a part at the size its header declared: more data past it is a lie, a bomb's.
      if (error)
        throw new DocxRefused(file.originalSize !== undefined && own >= file.originalSize ? 'zip_bomb' : 'not_docx');
      own += chunk.length;
      total += chunk.length;
      // More than it declared, or more than the cap: either way not a file to open.
      if ((file.originalSize !== undefined && own > file.originalSize) || total > MAX_INFLATED_BYTES) {
        throw new DocxRefused('zip_bomb');
      }
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    for (let at = 0; at < bytes.length; at += SLICE) {
      unzip.push(bytes.subarray(at, Math.min(at + SLICE, bytes.length)), at + SLICE >= bytes.length);
    }
  } catch (error) {
    if (error instanceof DocxRefused) throw error;
    throw new DocxRefused('not_docx');
  }
  if (!sawMain || !sawTypes) throw new DocxRefused('not_docx');
}

interface InspectedPart {
  type: string;
  value?: string;
  module?: string;
  subparsed?: InspectedPart[];
}

const toTags = (parts: readonly InspectedPart[]): ParsedTag[] =>
  parts
    .filter((part) => part.type === 'placeholder')
    .map((part) =>
      part.module === 'loop'
        ? { kind: 'loop', name: part.value ?? '', inner: toTags(part.subparsed ?? []) }
        : part.module
          ? { kind: 'other', name: part.value ?? '' }
          : { kind: 'field', name: part.value ?? '' },
    );

function templaterOf(bytes: Buffer, modules: unknown[] = []): Docxtemplater {
  let zip: PizZip;
  try {
    zip = new PizZip(bytes);
  } catch {
    throw new DocxRefused('not_docx');
  }
  try {
    return new Docxtemplater(zip, {
      paragraphLoop: true,
      linebreaks: true,
      errorLogging: false,
      // A field without a value for this subject is written empty, never "undefined".
      nullGetter: () => '',
      modules: modules as never[],
    });
  } catch (error) {
    const errors = (error as { properties?: { errors?: Array<{ properties?: { xtag?: string; context?: string } }> } })
      .properties?.errors;
    if (errors)
      throw new TemplateSyntax([...new Set(errors.map((e) => e.properties?.xtag ?? e.properties?.context ?? '?'))]);
    throw new DocxRefused('not_docx');
  }
}

/** The tags a (checked) model names, as the library reads them. */
export function tagsOfDocx(bytes: Buffer): ParsedTag[] {
  const inspect = new InspectModule();
  templaterOf(bytes, [inspect]);
  return toTags(inspect.getStructuredTags() as InspectedPart[]);
}

/** The model filled with `data`: the new file, and its text (kept as the document's searchable content). */
export function fillDocx(bytes: Buffer, data: LetterData): { file: Buffer; text: string } {
  const doc = templaterOf(bytes);
  doc.render(data);
  const text = doc.getFullText();
  return { file: doc.getZip().generate({ type: 'nodebuffer', compression: 'DEFLATE' }), text };
}
