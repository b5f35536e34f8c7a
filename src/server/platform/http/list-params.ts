import { z } from 'zod';
import { toCamel, toSnake } from '../../../shared/case';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../../shared/constants';
import type { ListMeta } from '../../../shared/wire';
import { badRequest } from '../errors/app-error';
import { localeQuery } from './contract';

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
}

/** `page[number]` as a flat key (Fastify's default parser) or nested (a qs-style parser). */
function param(query: Record<string, unknown>, group: string, name: string): unknown {
  const flat = query[`${group}[${name}]`];
  if (flat !== undefined) return flat;
  const nested = query[group];
  return nested !== null && typeof nested === 'object' ? (nested as Record<string, unknown>)[name] : undefined;
}

/** Repeating a parameter is ambiguous: refuse it rather than pick one. */
function single(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw badRequest('errors.api.badListParams');
  return value;
}

function positiveInt(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  if (!/^\d{1,9}$/.test(value)) throw badRequest('errors.api.badListParams');
  const n = Number(value);
  if (n < 1) throw badRequest('errors.api.badListParams');
  return n;
}

function groupKeys(query: Record<string, unknown>, group: string): string[] {
  const keys: string[] = [];
  for (const key of Object.keys(query)) {
    const match = new RegExp(`^${group}\\[([^\\]]+)\\]$`).exec(key);
    if (match?.[1]) keys.push(match[1]);
  }
  const nested = query[group];
  if (nested !== null && typeof nested === 'object') keys.push(...Object.keys(nested));
  return [...new Set(keys)];
}

/**
 * The list parameters of ARCHITECTURE §4. Anything a client could mistype (page size outside 10/25/50,
 * unknown sort field or filter, page 0) is a 400 rather than a silent default, so bugs show up at once.
 */
export function parseListParams<F extends string>(rawQuery: unknown, options: ListOptions<F>): ListParams<F> {
  const query = (rawQuery !== null && typeof rawQuery === 'object' ? rawQuery : {}) as Record<string, unknown>;

  const pageNumber = positiveInt(single(param(query, 'page', 'number')), 1);
  const pageSize = positiveInt(single(param(query, 'page', 'size')), DEFAULT_PAGE_SIZE);
  if (!(PAGE_SIZES as readonly number[]).includes(pageSize)) throw badRequest('errors.api.badListParams');

  const rawSort = single(query['sort'])?.trim();
  let sort: SortTerm<F>[] = [...options.defaultSort];
  if (rawSort) {
    sort = rawSort.split(',').map((term) => {
      const descending = term.startsWith('-');
      const wire = (descending ? term.slice(1) : term).trim();
      // Only snake_case is accepted on the wire: `firstName` would silently work otherwise.
      const field = toCamel(wire) as F;
      if (!wire || toSnake(field) !== wire || !options.sortable.includes(field)) {
        throw badRequest('errors.api.badListParams');
      }
      return { field, direction: descending ? 'desc' : 'asc' };
    });
  }

  const filters: Record<string, string> = {};
  for (const wire of groupKeys(query, 'filter')) {
    const name = toCamel(wire);
    if (!options.filters.includes(name)) throw badRequest('errors.api.badListParams');
    const value = single(param(query, 'filter', wire));
    if (value !== undefined) filters[name] = value;
  }

  return { pageNumber, pageSize, sort, filters };
}

/** Longer searches are typing accidents; the cap keeps the LIKE patterns small. */
const SEARCH_MAX_LENGTH = 100;

/** `filter[search]`: the words to find, each of which must appear; none when absent or blank. */
export function searchFilter(value: string | undefined): string[] {
  const text = (value ?? '').trim();
  if (text.length > SEARCH_MAX_LENGTH) throw badRequest('errors.api.badListParams');
  return text.split(/\s+/).filter(Boolean);
}

/** A yes/no filter (`filter[archived]=true`): absent, blank or `false` is no; anything but `true` is a 400. */
export function booleanFilter(value: string | undefined): boolean {
  if (value === undefined || value === '' || value === 'false') return false;
  if (value === 'true') return true;
  throw badRequest('errors.api.badListParams');
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
 * so the document and the parser name the same keys. Loose: a key it does not name still reaches the parser,
 * which refuses it (400) as before; repeated keys arrive as arrays and fail here with the same 400.
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
    .loose();
}
