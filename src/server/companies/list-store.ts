import { and, asc, count, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { selectRows } from '../db/rows';
import { companies, statuses } from '../db/schema';
import type { Locale } from '../../shared/constants';
import type { CompanySortField } from '../../shared/companies';
import type { ListSnapshots, Snapshot } from '../platform/lists/list-snapshots';
import { keptKey } from '../platform/lists/kept-reads';

/*
 * The companies list (docs/SPEC.md §2, ADR 0012): filters, the keyset sort, and the totals and page anchors kept
 * between writes. The portfolio's exports read through the same where and order.
 */

export interface CompanySummaryRow {
  id: string;
  name: string;
  referenceNumber: string;
  avatarFileName: string | null;
  archivedAt: Date | null;
  status: { id: string; name: string; color: string };
}

export interface CompanySort {
  field: CompanySortField;
  direction: 'asc' | 'desc';
}

export interface CompanyListQuery {
  archived: boolean;
  /** Words, each of which must appear (accent- and case-insensitively). */
  search: string[];
  sort: CompanySort[];
  limit: number;
  offset: number;
  locale: Locale;
}

/** LIKE treats these as wildcards: searching "50%" means the characters. */
const escapeLike = (word: string) => word.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The column of each sort field and its type, for the anchors' keyset comparison. */
const SORT_COLUMNS = {
  name: { column: companies.nameKey, type: sql.raw('text') },
  referenceNumber: { column: companies.referenceNumber, type: sql.raw('text') },
  insertedAt: { column: companies.insertedAt, type: sql.raw('timestamptz') },
  updatedAt: { column: companies.updatedAt, type: sql.raw('timestamptz') },
} satisfies Record<CompanySortField, { column: AnyPgColumn; type: SQL }>;

/**
 * The sort terms followed by the id: a total order, so that pages neither repeat nor skip rows. The id
 * goes the same direction as the first term so that the index can be walked backwards.
 */
export function sortKeys(sort: CompanySort[]): { column: AnyPgColumn; type: SQL; direction: 'asc' | 'desc' }[] {
  const direction = sort[0]?.direction ?? 'asc';
  return [
    ...sort.map((term) => ({ ...SORT_COLUMNS[term.field], direction: term.direction })),
    { column: companies.id, type: sql.raw('uuid'), direction },
  ];
}

export const orderOf = (sort: CompanySort[]): SQL[] =>
  sortKeys(sort).map((key) => (key.direction === 'desc' ? desc(key.column) : asc(key.column)));

/** One direction for every term: then a row comparison with an anchor is a seek in the index. */
const seekable = (sort: CompanySort[]) => sortKeys(sort).every((key, _, keys) => key.direction === keys[0]!.direction);

/** Rows between anchors: a deep page skips fewer than this. Searches are sparser in the index: closer. */
const ANCHOR_STEP = 100;
const SEARCH_ANCHOR_STEP = 10;

export function listWhere(query: Pick<CompanyListQuery, 'archived' | 'search'>): SQL {
  const conditions = [query.archived ? isNotNull(companies.archivedAt) : isNull(companies.archivedAt)];
  for (const word of query.search) {
    // A trigram GIN index answers LIKE '%…%'; the word is normalised the way search_text was.
    conditions.push(sql`${companies.searchText} LIKE '%' || f_search_text(${escapeLike(word)}) || '%'`);
  }
  return and(...conditions)!;
}

/** The total and the anchors of a list, in one pass over its rows (in index order when unfiltered). */
async function buildSnapshot(db: Db, query: CompanyListQuery): Promise<Snapshot> {
  const where = listWhere(query);
  if (!seekable(query.sort)) {
    const [counted] = await db.select({ n: count() }).from(companies).where(where);
    return { total: counted?.n ?? 0, anchors: [], step: 0 };
  }
  const step = query.search.length > 0 ? SEARCH_ANCHOR_STEP : ANCHOR_STEP;
  const keys = sortKeys(query.sort);
  // The row number over the index order; only every step-th row is turned into text and JSON.
  const [row] = await selectRows<{ total: number; anchors: string[][] | string }>(
    db,
    sql`SELECT count(*)::int AS total,
               coalesce(json_agg(json_build_array(${sql.join(
                 keys.map((_, i) => sql.raw(`k${i}::text`)),
                 sql`, `,
               )}) ORDER BY rn) FILTER (WHERE (rn - 1) % ${step} = 0), '[]') AS anchors
          FROM (SELECT ${sql.join(
            keys.map((key, i) => sql`${key.column} AS ${sql.raw(`k${i}`)}`),
            sql`, `,
          )}, row_number() OVER (ORDER BY ${sql.join(orderOf(query.sort), sql`, `)}) AS rn
                  FROM ${companies} WHERE ${where}) ranked`,
  );
  const anchors = typeof row?.anchors === 'string' ? (JSON.parse(row.anchors) as string[][]) : (row?.anchors ?? []);
  return { total: Number(row?.total ?? 0), anchors, step };
}

/** Rows from `from` (inclusive) to `to` (exclusive) in the list's order. */
function between(sort: CompanySort[], from: string[] | undefined, to: string[] | undefined): SQL[] {
  const keys = sortKeys(sort);
  const columns = sql`(${sql.join(
    keys.map((key) => key.column),
    sql`, `,
  )})`;
  const values = (anchor: string[]) =>
    sql`(${sql.join(
      keys.map((key, i) => sql`${anchor[i]}::${key.type}`),
      sql`, `,
    )})`;
  const asc = keys[0]!.direction === 'asc';
  const bounds: SQL[] = [];
  if (from) bounds.push(asc ? sql`${columns} >= ${values(from)}` : sql`${columns} <= ${values(from)}`);
  if (to) bounds.push(asc ? sql`${columns} < ${values(to)}` : sql`${columns} > ${values(to)}`);
  return bounds;
}

/**
 * One page of cards (one query, the status joined in) and the total. The total and the anchors come
 * from the list's snapshot (ADR 0012): a page starts at the nearest anchor before it and ends before the
 * first anchor after it, so page 1 and page 5 000 cost the same.
 */
export async function listCompanies(
  db: Db,
  snapshots: ListSnapshots,
  query: CompanyListQuery,
): Promise<{ rows: CompanySummaryRow[]; total: number }> {
  const snapshotKey = keptKey('companies', query.archived, query.search, query.sort);
  const { total, anchors, step } = await snapshots.get(snapshotKey, () => buildSnapshot(db, query));
  if (query.offset >= total) return { rows: [], total };
  const conditions = [listWhere(query)];
  let offset = query.offset;
  if (anchors.length > 0) {
    const first = Math.floor(query.offset / step);
    // A search also gets an upper bound: its matches may be sparse in the index, and the bound keeps the
    // walk between two anchors. Without a search, the LIMIT stops the index scan sooner than a bound would.
    const last = query.search.length > 0 ? Math.ceil((query.offset + query.limit) / step) : anchors.length;
    conditions.push(...between(query.sort, anchors[first], anchors[last]));
    offset -= first * step;
  }
  const statusName = query.locale === 'en' ? statuses.nameEn : statuses.nameFr;
  const rows = await db
    .select({
      id: companies.id,
      name: companies.name,
      referenceNumber: companies.referenceNumber,
      avatarFileName: companies.avatarFileName,
      archivedAt: companies.archivedAt,
      status: { id: statuses.id, name: statusName, color: statuses.color },
    })
    .from(companies)
    .innerJoin(statuses, eq(statuses.id, companies.statusId))
    .where(and(...conditions))
    .orderBy(...orderOf(query.sort))
    .limit(query.limit)
    .offset(offset);
  return { rows, total };
}
