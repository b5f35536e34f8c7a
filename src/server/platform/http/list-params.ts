import { z } from 'zod';
import { toCamel, toSnake } from '../../../shared/case';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../../shared/constants';
import type { ListMeta } from '../../../shared/wire';
import { badParameter, unknownParameter } from '../errors/app-error';
import { contract, envelopeOf, listMetaSchema, localeQuery } from './contract';

export type SortDirection = 'asc' | 'desc';

export interface SortTerm<F extends string> {
  field: F;
  direction: SortDirection;
}

export interface ListParams<F extends string> {
  /** 1-based, as on the wire. */
  pageNumber: number;
  pageSize: number;
  sort: SortTerm<F>[];
  /** `filter[category_id]=x` → `{ categoryId: 'x' }`; values are raw strings, each route parses its own. */
  filters: Record<string, string>;
}

export interface ListOptions<F extends string> {
  /** camelCase fields a client may sort on; the wire spells them in snake_case. */
  sortable: readonly F[];
  /** Used when `sort` is absent or empty. */
  defaultSort: readonly SortTerm<F>[];
  /** camelCase filter names this list understands; any other `filter[…]` is a 400. */
  filters: readonly string[];
  /** Other query parameters the route reads itself, as the wire spells them (`as_of`); any other is a 400. */
  parameters?: readonly string[];
}

/** A parameter's value: given once, as text. Repeating a parameter is ambiguous: refused rather than one picked. */
function single(query: Record<string, unknown>, name: string): string | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw badParameter(name);
  return value;
}

function positiveInt(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  if (!/^\d{1,9}$/.test(value)) throw badParameter(name);
  const n = Number(value);
  if (n < 1) throw badParameter(name);
  return n;
}

const FILTER = /^filter\[([a-z0-9_]+)\]$/;

/**
 * The list parameters of docs/ARCHITECTURE.md §4, as Fastify's parser gives them (flat keys: `page[number]`). Anything a
 * client could mistype (page size outside 10/25/50, unknown sort field or filter, page 0, `page=1` for
 * `page[number]`, a parameter given twice) is a 400 naming the parameter rather than a silent default, so bugs
 * show up at once.
 */
export function parseListParams<F extends string>(rawQuery: unknown, options: ListOptions<F>): ListParams<F> {
  const query = (rawQuery !== null && typeof rawQuery === 'object' ? rawQuery : {}) as Record<string, unknown>;

  const filters: Record<string, string> = {};
  for (const name of Object.keys(query)) {
    if (name === 'locale' || name === 'page[number]' || name === 'page[size]' || name === 'sort') continue;
    if (options.parameters?.includes(name)) continue;
    const filter = FILTER.exec(name)?.[1];
    if (!filter || !options.filters.includes(toCamel(filter))) {
      throw unknownParameter(name);
    }
    const value = single(query, name);
    if (value !== undefined) filters[toCamel(filter)] = value;
  }

  const pageNumber = positiveInt('page[number]', single(query, 'page[number]'), 1);
  const pageSize = positiveInt('page[size]', single(query, 'page[size]'), DEFAULT_PAGE_SIZE);
  if (!(PAGE_SIZES as readonly number[]).includes(pageSize)) throw badParameter('page[size]');

  const rawSort = single(query, 'sort')?.trim();
  let sort: SortTerm<F>[] = [...options.defaultSort];
  if (rawSort) {
    sort = rawSort.split(',').map((term) => {
      const descending = term.startsWith('-');
      const wire = (descending ? term.slice(1) : term).trim();
      // Only snake_case is accepted on the wire: `firstName` would silently work otherwise.
      const field = toCamel(wire) as F;
      if (!wire || toSnake(field) !== wire || !options.sortable.includes(field)) throw badParameter('sort');
      return { field, direction: descending ? 'desc' : 'asc' };
    });
  }

  return { pageNumber, pageSize, sort, filters };
}

/** Longer searches are typing accidents; the cap keeps the LIKE patterns small. */
const SEARCH_MAX_LENGTH = 100;

/** `filter[search]`: the words to find, each of which must appear; none when blank; too long is a 400 naming it. */
export function searchFilter(value: string | undefined): string[] {
  const text = (value ?? '').trim();
  if (text.length > SEARCH_MAX_LENGTH) throw badParameter('filter[search]');
  return text.split(/\s+/).filter(Boolean);
}

/** A yes/no filter (`filter[archived]=true`): absent, blank or `false` is no; anything but `true` is a 400 naming it. */
export function booleanFilter(name: string, value: string | undefined): boolean {
  if (value === undefined || value === '' || value === 'false') return false;
  if (value === 'true') return true;
  throw badParameter(`filter[${toSnake(name)}]`);
}

/** LIMIT/OFFSET of a page. */
export function pageWindow(params: Pick<ListParams<string>, 'pageNumber' | 'pageSize'>): {
  limit: number;
  offset: number;
} {
  return { limit: params.pageSize, offset: (params.pageNumber - 1) * params.pageSize };
}

/** The `meta` of a list answer; an empty list still has one (empty) page. */
export function listMeta(totalCount: number, pageNumber: number, pageSize: number): ListMeta {
  return { totalPages: Math.max(1, Math.ceil(totalCount / pageSize)), totalCount, pageNumber, pageSize };
}

/**
 * The query string a list declares in its contract (ADR 0026), from the same options `parseListParams` reads,
 * so the document and the parser name the same keys. Strict: a key it does not name, or a key given twice (an
 * array), is a 400 naming it before the handler runs (`contractError`).
 */
export function listQuerystring(options: Pick<ListOptions<string>, 'sortable' | 'filters'>) {
  const text = (description: string) => z.string().optional().describe(description);
  return localeQuery
    .extend({
      'page[number]': text('1-based page number (default 1)'),
      'page[size]': text(`${PAGE_SIZES.join(', ')} (default ${DEFAULT_PAGE_SIZE})`),
      sort: text(
        `Comma-separated snake_case fields, "-" for descending: ${options.sortable.map((field) => toSnake(field)).join(', ')}`,
      ),
      ...Object.fromEntries(
        options.filters.map((name) => [`filter[${toSnake(name)}]`, text(`Filter on ${toSnake(name)}`)]),
      ),
    })
    .strict();
}

/**
 * A list route's contract: the query string of its options (`listQuerystring`) and a page of items in the
 * envelope, with the page's figures as `meta` (`listMetaSchema`, or a list's own extension of it).
 */
export function listContract<Item extends z.ZodType, Params extends z.ZodObject | undefined = undefined>(route: {
  summary: string;
  tags: string[];
  params?: Params;
  options: Pick<ListOptions<string>, 'sortable' | 'filters'>;
  item: Item;
  meta?: z.ZodType;
}) {
  return contract({
    summary: route.summary,
    tags: route.tags,
    params: route.params,
    querystring: listQuerystring(route.options),
    response: { 200: envelopeOf(z.array(route.item), route.meta ?? listMetaSchema) },
  });
}
