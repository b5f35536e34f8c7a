/**
 * Global search (ADR 0022) as both sides see it: the kinds, the wire shape of `GET /search`, and the
 * marked text of a `highlight` (docs/decisions/0022-search.md).
 */

import type { z } from 'zod';
import type {
  companySearchResultSchema,
  documentSearchResultSchema,
  searchResultSchema,
  searchResultsSchema,
  similarCompanySchema,
  userSearchResultSchema,
} from './schemas/search-answers';

export const SEARCH_KINDS = ['companies', 'documents', 'events', 'users'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** Results per kind: a palette shows the best few; the lists are there for the rest. */
export const SEARCH_RESULTS_PER_KIND = 5;
/** Longer queries are pasted by mistake; they are cut, not refused (as the user typed, never a 5xx). */
export const SEARCH_MAX_LENGTH = 200;
/** More words only narrow further; past this they cost without changing the answer. */
export const SEARCH_MAX_WORDS = 8;
/** The duplicate warning's answer: at most this many similar names. */
export const SIMILAR_COMPANIES_LIMIT = 5;

export type SearchResult = z.infer<typeof searchResultSchema>;
export type CompanySearchResult = z.infer<typeof companySearchResultSchema>;
export type DocumentSearchResult = z.infer<typeof documentSearchResultSchema>;
export type EventSearchResult = DocumentSearchResult;
export type UserSearchResult = z.infer<typeof userSearchResultSchema>;
/** `data` of `GET /search`; `users` only for administrators, and each kind only when asked for. */
export type SearchResults = z.infer<typeof searchResultsSchema>;
export type SimilarCompany = z.infer<typeof similarCompanySchema>;

/**
 * The words of a query: letters and digits only, so that tsquery or LIKE syntax (`&`, `|`, `!`, `:*`,
 * quotes, `%`), control characters and NUL are plain separators. Empty when nothing searchable is left.
 */
export function searchWordsOf(query: string): string[] {
  const words = query
    .slice(0, SEARCH_MAX_LENGTH)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  return words.slice(0, SEARCH_MAX_WORDS);
}

/* ------------------------------------------------------------------------------------------------
 * Marked text: `<mark>` around each matched word, every other `&`, `<` and `>` escaped. The browser
 * never inserts it as HTML: it splits it into text and marked parts (`parseMarked`).
 * ---------------------------------------------------------------------------------------------- */

const escapeMarkup = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const unescapeMarkup = (text: string) => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** `text` with the [start, end) ranges (sorted, not overlapping) marked. */
export function markedText(text: string, ranges: ReadonlyArray<readonly [number, number]>): string {
  let out = '';
  let at = 0;
  for (const [start, end] of ranges) {
    out += `${escapeMarkup(text.slice(at, start))}<mark>${escapeMarkup(text.slice(start, end))}</mark>`;
    at = end;
  }
  return out + escapeMarkup(text.slice(at));
}

export interface MarkedPart {
  text: string;
  marked: boolean;
}

export function parseMarked(highlight: string): MarkedPart[] {
  const parts: MarkedPart[] = [];
  for (const [index, piece] of highlight.split(/<\/?mark>/).entries()) {
    // Pieces alternate: outside, inside, outside…
    if (piece) parts.push({ text: unescapeMarkup(piece), marked: index % 2 === 1 });
  }
  return parts;
}
