/**
 * Company documents as both sides see them: constants, the camelCase shape of API answers, and the pure
 * helpers the list needs (accent folding, grouping, sizes in the user's locale).
 */
import type { z } from 'zod';
import type { STORED_DOCUMENT_TYPES } from './constants';
import { ALLOWED_DOCUMENT_TYPES, type Locale } from './constants';
import type { companyDocumentSchema } from './schemas/documents-answers';
import type { UploadExtension } from './companies';
import { numberFormat } from './intl';

export type DocumentFileType = (typeof ALLOWED_DOCUMENT_TYPES)[number];
/** What a stored document may be: an upload's type, or a letter Atrium wrote (a Word file). */
export type StoredDocumentFileType = (typeof STORED_DOCUMENT_TYPES)[number];

/** camelCase fields `GET /companies/:id/documents` sorts on (`sort=-inserted_at` on the wire). */
export const DOCUMENT_SORT_FIELDS = ['name', 'date', 'insertedAt'] as const;
export type DocumentSortField = (typeof DOCUMENT_SORT_FIELDS)[number];

/** The choices of the list's sort menu (docs/SPEC.md §9), camelCase as the SPA names them. */
export const DOCUMENT_SORTS = ['name', '-date', '-insertedAt'] as const;
export type DocumentSort = (typeof DOCUMENT_SORTS)[number];
export const DEFAULT_DOCUMENT_SORT: DocumentSort = 'name';

/** Long enough for any real title, short enough to keep a row on one or two lines. */
export const DOCUMENT_NAME_MAX_LENGTH = 200;

/** The extension a document of this type is uploaded under (`POST /assets/s3_presigned_url`). */
export const DOCUMENT_EXTENSIONS: Record<DocumentFileType, UploadExtension> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
};

export function isDocumentFileType(value: unknown): value is DocumentFileType {
  return typeof value === 'string' && (ALLOWED_DOCUMENT_TYPES as readonly string[]).includes(value);
}

/**
 * Where a document's text stands (ADR 0022): extracted in the background after the save, so a new PDF is
 * `pending` for a moment; `no_text` is a JPEG or a scanned PDF, `failed` an unreadable or hostile file.
 */
export const CONTENT_STATUSES = ['pending', 'indexed', 'no_text', 'failed'] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];

/** One document as `GET /companies/:companyId/documents` answers it, as the API contract declares it. */
export type CompanyDocument = z.infer<typeof companyDocumentSchema>;

/* ------------------------------------------------------------------------------------------------
 * Accent folding: the browser's twin of f_search_text (unaccent + lower) in the database.
 * ---------------------------------------------------------------------------------------------- */

/** Letters unaccent() expands, which NFD alone would not. */
const LIGATURES: Record<string, string> = { œ: 'oe', Œ: 'oe', æ: 'ae', Æ: 'ae', ß: 'ss' };

function foldChar(char: string): string {
  return LIGATURES[char] ?? char.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** "École" → "ecole": what search and grouping compare. */
export function foldText(text: string): string {
  return Array.from(text, foldChar).join('');
}

/** A letter or digit: what a search word is made of (`searchWordsOf`). */
const WORD_CHAR = /[\p{L}\p{N}]/u;

/**
 * Where the words of a search occur in a text, compared accent- and case-insensitively, as
 * [start, end) offsets in the original text, sorted and merged: "ecole" marks "École" entirely. A word
 * of one letter marks only the start of a word ("b" marks the B of "Atelier B", not the b of "Cabinet"):
 * inside words a single letter is everywhere and marks nothing useful (ADR 0022).
 */
export function highlightRanges(text: string, search: string): Array<[number, number]> {
  const words = foldText(search).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  // Each folded character remembers the original character it came from.
  let folded = '';
  const origin: Array<{ start: number; end: number }> = [];
  let offset = 0;
  for (const char of Array.from(text)) {
    const f = foldChar(char);
    for (let i = 0; i < f.length; i++) origin.push({ start: offset, end: offset + char.length });
    folded += f;
    offset += char.length;
  }
  const ranges: Array<[number, number]> = [];
  const startsAWord = (at: number) => at === 0 || !WORD_CHAR.test(folded.charAt(at - 1));
  for (const word of words) {
    const single = Array.from(word).length === 1;
    for (let at = folded.indexOf(word); at !== -1; at = folded.indexOf(word, at + word.length)) {
      if (!single || startsAWord(at)) ranges.push([origin[at]!.start, origin[at + word.length - 1]!.end]);
    }
  }
  ranges.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const merged: Array<[number, number]> = [];
  for (const range of ranges) {
    const last = merged[merged.length - 1];
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push([range[0], range[1]]);
  }
  return merged;
}

/* ------------------------------------------------------------------------------------------------
 * Grouping of the list (docs/SPEC.md §2): by first letter for the name sort, by year for date sorts.
 * ---------------------------------------------------------------------------------------------- */

/** "École" → "E"; a name that starts with a digit or a sign goes under "#". */
export function initialOf(name: string): string {
  const first = foldText(name.trim()).charAt(0).toUpperCase();
  return /^[A-Z]$/.test(first) ? first : '#';
}

export function groupKeyOf(
  document: Pick<CompanyDocument, 'name' | 'date' | 'insertedAt'>,
  sort: DocumentSort,
): string {
  switch (sort) {
    case 'name':
      return initialOf(document.name);
    case '-date':
      return document.date.slice(0, 4);
    case '-insertedAt':
      return String(new Date(document.insertedAt).getFullYear());
  }
}

/** Consecutive documents with the same key, in list order (the server already sorted them). */
export function groupDocuments<T extends Pick<CompanyDocument, 'name' | 'date' | 'insertedAt'>>(
  documents: readonly T[],
  sort: DocumentSort,
): Array<{ key: string; documents: T[] }> {
  const groups: Array<{ key: string; documents: T[] }> = [];
  for (const document of documents) {
    const key = groupKeyOf(document, sort);
    const last = groups[groups.length - 1];
    if (last?.key === key) last.documents.push(document);
    else groups.push({ key, documents: [document] });
  }
  return groups;
}

/* ------------------------------------------------------------------------------------------------
 * Sizes in the user's locale: "1,2 Mo" in French, "1.2 MB" in English (binary multiples).
 * ---------------------------------------------------------------------------------------------- */

const SIZE_UNITS: Record<Locale, readonly string[]> = {
  en: ['B', 'KB', 'MB', 'GB'],
  fr: ['o', 'ko', 'Mo', 'Go'],
};

export function formatFileSize(bytes: number, locale: Locale): string {
  const units = SIZE_UNITS[locale];
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  // One decimal below 100 units ("1,2 Mo", "10,4 Mo"), none above nor for bytes. Rounded up, never down:
  // a file over the 10 MB limit must not read "10 Mo" next to "at most 10 Mo". The
  // epsilon keeps 1.2 MB, which binary floating point makes 1.2000000000000002, from reading "1,3".
  const digits = unit > 0 && value < 100 ? 1 : 0;
  const scale = 10 ** digits;
  const shown = Math.ceil(value * scale - 1e-9) / scale;
  const number = numberFormat(locale, { maximumFractionDigits: digits }).format(shown);
  return `${number} ${units[unit]}`;
}
