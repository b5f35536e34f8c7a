import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { markedText } from '../../shared/search';

/**
 * Full-text search in both interface languages (migration 0010, ADR 0022): a query matches when all its
 * words match in the French or in the English configuration (each folds accents, then stems).
 * `words` come from `searchWordsOf` (letters and digits only), and plainto_tsquery reads no operator
 * anyway: no query can be tsquery syntax.
 */
export function textQuery(words: string[]): SQL {
  const text = words.join(' ');
  return sql`(plainto_tsquery('public.atrium_fr', ${text}) || plainto_tsquery('public.atrium_en', ${text}))`;
}

/** Markers ts_headline puts around matched words; control characters, which stored text never holds. */
const START = '\u0002';
const STOP = '\u0003';
const HEADLINE_OPTIONS = `StartSel=${START}, StopSel=${STOP}, MaxWords=24, MinWords=10, MaxFragments=2, FragmentDelimiter=" … "`;
/** ts_headline reads the whole text it is given: an excerpt is looked for in the first part only. */
const HEADLINE_SCAN_CHARS = 100_000;

/**
 * An excerpt of `text` around the words of `words`, marked. The French configuration marks what French
 * stems match, the English one the rest; the one that marked something is kept.
 */
export function headline(text: SQLWrapper, words: string[]): SQL {
  const source = sql`left(${text}, ${HEADLINE_SCAN_CHARS})`;
  const query = textQuery(words);
  const fr = sql`ts_headline('public.atrium_fr', ${source}, ${query}, ${HEADLINE_OPTIONS})`;
  const en = sql`ts_headline('public.atrium_en', ${source}, ${query}, ${HEADLINE_OPTIONS})`;
  return sql`CASE WHEN strpos(${fr}, ${START}) > 0 THEN ${fr} ELSE ${en} END`;
}

/** ts_headline's output → the wire's marked text. */
export function markedHeadline(raw: string): string {
  const ranges: Array<[number, number]> = [];
  let plain = '';
  let start = -1;
  for (const char of raw) {
    if (char === START) start = plain.length;
    else if (char === STOP) {
      if (start >= 0) ranges.push([start, plain.length]);
      start = -1;
    } else plain += char;
  }
  return markedText(plain, ranges);
}

/** What a row's `search_text` holds: its texts joined and folded as searches fold words (`f_search_text`). */
export const searchTextOf = (...parts: Array<string | null>): SQL =>
  sql`public.f_search_text(${parts.filter(Boolean).join(' ')})`;
