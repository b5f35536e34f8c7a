/**
 * Global search (ADR 0022). Companies, events and users are matched like their lists: each
 * word a part of the folded text (trigram indexes), so a result shows up while its word is still being
 * typed. Documents add full-text search of their name and content (stemmed, both languages). Each kind
 * answers its best few, ranked in SQL; the highlight is worked out for those few only.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { headline, markedHeadline, textQuery } from '../db/full-text';
import { selectRows } from '../db/rows';
import { highlightRanges } from '../../shared/documents';
import type { Locale } from '../../shared/constants';
import { renderSystemTitle } from '../platform/history/render';
import {
  SEARCH_RESULTS_PER_KIND,
  SIMILAR_COMPANIES_LIMIT,
  markedText,
  type CompanySearchResult,
  type SearchKind,
  type SearchResults,
  type DocumentSearchResult,
  type EventSearchResult,
  type SimilarCompany,
  type UserSearchResult,
} from '../../shared/search';
import { fullNameOf } from '../users/store';

/**
 * Ranking reads every row it ranks: a common word ("montreal", a single letter) matches tens of thousands.
 * Each kind therefore ranks the first this many matches its index gives (and companies their exact name
 * too), which bounds a search's cost whatever it matches; a more precise query ranks all its matches.
 */
const SEARCH_CANDIDATES = 200;

/** Every word (letters and digits only: no LIKE wildcard can be among them) a part of `folded`. */
function allWordsIn(folded: SQL, words: string[]): SQL {
  return sql.join(
    words.map((word) => sql`${folded} LIKE '%' || public.f_search_text(${word}) || '%'`),
    sql` AND `,
  );
}

const marked = (text: string, words: string[]) => markedText(text, highlightRanges(text, words.join(' ')));

/** Folded text as a sequence of words: punctuation and runs of spaces become one space ("Atelier-B inc." → "atelier b inc"). */
const wordsKey = (text: SQL) => sql`btrim(regexp_replace(public.f_search_text(${text}), '[^[:alnum:]]+', ' ', 'g'))`;

/**
 * How well a company answers the words, best first (ADR 0022): 0 its name is the words, punctuation and
 * accents aside, or its reference number is; 1 its name starts with them; 2 each word starts a word of its
 * name; 3 each word is somewhere in its name; 4 some word is only elsewhere (municipality, owners, email).
 * The one ranking of companies by a search: whatever lists the best companies for some words orders by it.
 */
export function companyMatchTier(company: { name: SQL; nameKey: SQL; referenceNumber: SQL }, words: string[]): SQL {
  const typed = wordsKey(sql`${words.join(' ')}`);
  const name = wordsKey(company.name);
  const startsAWord = sql.join(
    words.map((word) => sql`(' ' || ${name}) LIKE '% ' || public.f_search_text(${word}) || '%'`),
    sql` AND `,
  );
  return sql`CASE WHEN ${name} = ${typed} OR ${wordsKey(company.referenceNumber)} = ${typed} THEN 0
                  WHEN ${name} LIKE ${typed} || '%' THEN 1
                  WHEN ${startsAWord} THEN 2
                  WHEN ${allWordsIn(company.nameKey, words)} THEN 3
                  ELSE 4 END`;
}

/** True when some word of the search is in `text` (as the highlight marks it). */
const holdsAWord = (text: string, words: string[]) => highlightRanges(text, words.join(' ')).length > 0;

/** Around the first matched word of a long text: about `width` characters, cut at spaces. */
export function excerptOf(text: string, words: string[], width = 160): string | undefined {
  const ranges = highlightRanges(text, words.join(' '));
  const first = ranges[0];
  if (!first) return undefined;
  let start = Math.max(0, first[0] - width / 3);
  let end = Math.min(text.length, start + width);
  if (start > 0) start = text.indexOf(' ', start) + 1 || start;
  if (end < text.length) end = text.lastIndexOf(' ', end) > first[1] ? text.lastIndexOf(' ', end) : end;
  const piece = text.slice(start, end);
  return `${start > 0 ? '… ' : ''}${marked(piece, words)}${end < text.length ? ' …' : ''}`;
}

export async function searchCompanies(db: Db, words: string[], locale: Locale): Promise<CompanySearchResult[]> {
  const query = words.join(' ');
  const municipality = locale === 'en' ? sql`m.name_en` : sql`m.name_fr`;
  const tier = companyMatchTier(
    { name: sql`c.name`, nameKey: sql`c.name_key`, referenceNumber: sql`c.reference_number` },
    words,
  );
  const rows = await selectRows<{
    id: string;
    name: string;
    reference_number: string;
    archived: boolean;
    municipality: string | null;
    owners: string[];
  }>(
    db,
    sql`WITH candidates AS (
          -- The exact name always (an index lookup), then the first names holding every word (the names'
          -- trigram index), so that a name match is ranked even when thousands of files hold the words
          -- elsewhere, then the first files holding them anywhere.
          (SELECT id FROM companies WHERE name_key = public.f_search_text(${query}))
          UNION
          (SELECT id FROM companies WHERE ${allWordsIn(sql`name_key`, words)} LIMIT ${SEARCH_CANDIDATES})
          UNION
          (SELECT id FROM companies WHERE ${allWordsIn(sql`search_text`, words)} LIMIT ${SEARCH_CANDIDATES}))
        SELECT c.id, c.name, c.reference_number, c.archived_at IS NOT NULL AS archived,
               (SELECT ${municipality}
                  FROM company_addresses a JOIN municipalities m ON m.id = a.municipality_id
                 WHERE a.company_id = c.id) AS municipality,
               (SELECT coalesce(json_agg(o.name ORDER BY o.name), '[]') FROM owners o WHERE o.company_id = c.id) AS owners
          FROM candidates JOIN companies c USING (id)
         ORDER BY ${tier}, c.archived_at IS NOT NULL,
                  similarity(c.name_key, public.f_search_text(${query})) DESC, c.name_key, c.id
         LIMIT ${SEARCH_RESULTS_PER_KIND}`,
  );
  return rows.map((row) => ({
    id: row.id,
    title: row.name,
    referenceNumber: row.reference_number,
    municipality: row.municipality,
    archived: row.archived,
    highlight: marked(row.name, words),
    // What tells it apart from a namesake, then the owners the words name (why it was found).
    detail: [row.reference_number, row.municipality, ...row.owners.filter((owner) => holdsAWord(owner, words))]
      .filter((part): part is string => Boolean(part))
      .map((part) => marked(part, words))
      .join(' · '),
  }));
}

export async function searchDocuments(db: Db, words: string[]): Promise<DocumentSearchResult[]> {
  const nameMatch = allWordsIn(sql`public.f_search_text(d.name)`, words);
  const rows = await selectRows<{
    id: string;
    company_id: string;
    name: string;
    company_name: string;
    company_archived: boolean;
    name_matched: boolean;
    excerpt: string | null;
  }>(
    db,
    sql`WITH candidates AS (
          SELECT d.id FROM documents d
           WHERE d.search_vector @@ ${textQuery(words)} OR (${nameMatch})
           LIMIT ${SEARCH_CANDIDATES}),
        found AS (
          SELECT d.id, d.company_id, d.name, coalesce(${nameMatch}, false) AS name_matched,
                 ts_rank_cd(d.search_vector, ${textQuery(words)}) AS rank
            FROM candidates JOIN documents d USING (id)
           ORDER BY name_matched DESC, rank DESC, d.inserted_at DESC, d.id
           LIMIT ${SEARCH_RESULTS_PER_KIND})
        SELECT f.id, f.company_id, f.name, f.name_matched, c.name AS company_name,
               c.archived_at IS NOT NULL AS company_archived,
               CASE WHEN d.content_text IS NOT NULL THEN ${headline(sql`d.content_text`, words)} END AS excerpt
          FROM found f JOIN documents d ON d.id = f.id JOIN companies c ON c.id = f.company_id
         ORDER BY f.name_matched DESC, f.rank DESC, d.inserted_at DESC, f.id`,
  );
  return rows.map((row) => ({
    id: row.id,
    companyId: row.company_id,
    companyName: row.company_name,
    companyArchived: row.company_archived,
    title: row.name,
    highlight: marked(row.name, words),
    // The content's excerpt when the words are there and not in the name (a stem match may mark nothing).
    ...(row.excerpt && row.excerpt.includes('\u0002') && !row.name_matched
      ? { detail: markedHeadline(row.excerpt) }
      : {}),
  }));
}

export async function searchEvents(db: Db, words: string[], locale: Locale): Promise<EventSearchResult[]> {
  const query = words.join(' ');
  const rows = await selectRows<{
    id: string;
    company_id: string;
    title: string | null;
    code: string | null;
    params: unknown;
    notes: string | null;
    company_name: string;
    company_archived: boolean;
  }>(
    db,
    sql`WITH candidates AS (
          SELECT id FROM events WHERE ${allWordsIn(sql`search_text`, words)} LIMIT ${SEARCH_CANDIDATES})
        SELECT e.id, e.company_id, e.title, e.code, e.params, e.notes, c.name AS company_name,
               c.archived_at IS NOT NULL AS company_archived
          FROM candidates JOIN events e USING (id) JOIN companies c ON c.id = e.company_id
         ORDER BY word_similarity(public.f_search_text(${query}), e.search_text) DESC, e.date DESC, e.id
         LIMIT ${SEARCH_RESULTS_PER_KIND}`,
  );
  return rows.map((row) => {
    const title = row.code ? renderSystemTitle(row.code, row.params, locale) : (row.title ?? '');
    const excerpt = !holdsAWord(title, words) && row.notes ? excerptOf(row.notes, words) : undefined;
    return {
      id: row.id,
      companyId: row.company_id,
      companyName: row.company_name,
      companyArchived: row.company_archived,
      title,
      highlight: marked(title, words),
      ...(excerpt ? { detail: excerpt } : {}),
    };
  });
}

export async function searchUsers(db: Db, words: string[]): Promise<UserSearchResult[]> {
  const query = words.join(' ');
  // The expression of users_search_trgm_idx (migration 0001).
  const folded = sql`public.f_search_text(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '') || ' ' || u.email)`;
  const rows = await selectRows<{ id: string; first_name: string | null; last_name: string | null; email: string }>(
    db,
    sql`SELECT u.id, u.first_name, u.last_name, u.email
          FROM (SELECT * FROM users u WHERE ${allWordsIn(folded, words)} LIMIT ${SEARCH_CANDIDATES}) u
         ORDER BY similarity(${folded}, public.f_search_text(${query})) DESC, u.email
         LIMIT ${SEARCH_RESULTS_PER_KIND}`,
  );
  return rows.map((row) => {
    const title = fullNameOf({ firstName: row.first_name, lastName: row.last_name, email: row.email });
    return {
      id: row.id,
      title,
      email: row.email,
      highlight: marked(title, words),
      ...(title === row.email ? {} : { detail: marked(row.email, words) }),
    };
  });
}

/**
 * The answer of `GET /search` for these words and kinds. One kind after the other: on PGlite queries run
 * one at a time anyway, and on PostgreSQL a search then holds one pooled connection, not four.
 */
export async function globalSearch(
  db: Db,
  words: string[],
  kinds: ReadonlySet<SearchKind>,
  locale: Locale,
): Promise<SearchResults> {
  const data: SearchResults = {};
  const empty = words.length === 0;
  if (kinds.has('companies')) data.companies = empty ? [] : await searchCompanies(db, words, locale);
  if (kinds.has('documents')) data.documents = empty ? [] : await searchDocuments(db, words);
  if (kinds.has('events')) data.events = empty ? [] : await searchEvents(db, words, locale);
  if (kinds.has('users')) data.users = empty ? [] : await searchUsers(db, words);
  return data;
}

/**
 * Companies whose folded name is similar to `name` (pg_trgm's `%`, similarity ≥ 0.3), most similar
 * first: the duplicate warning of the company form. Archived companies count: reopening one beats
 * creating it twice.
 */
export async function similarCompanies(db: Db, name: string, locale: Locale): Promise<SimilarCompany[]> {
  const municipality = locale === 'en' ? sql`m.name_en` : sql`m.name_fr`;
  const rows = await selectRows<{ id: string; name: string; municipality_name: string | null; similarity: number }>(
    db,
    sql`SELECT c.id, c.name, ${municipality} AS municipality_name,
               similarity(c.name_key, public.f_search_text(${name}))::float8 AS similarity
          FROM companies c
          LEFT JOIN company_addresses a ON a.company_id = c.id
          LEFT JOIN municipalities m ON m.id = a.municipality_id
         WHERE c.name_key % public.f_search_text(${name})
         ORDER BY similarity DESC, c.name_key, c.id
         LIMIT ${SIMILAR_COMPANIES_LIMIT}`,
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    municipalityName: row.municipality_name,
    similarity: Math.round(Number(row.similarity) * 100) / 100,
  }));
}
