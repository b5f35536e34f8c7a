import { describe, expect, it } from 'vitest';
import { AppError } from '../errors/app-error';
import { listMeta, pageWindow, parseListParams } from './list-params';

const options = {
  sortable: ['name', 'insertedAt'] as const,
  defaultSort: [{ field: 'name' as const, direction: 'asc' as const }],
  filters: ['search', 'archived', 'categoryId'],
};

/** The parameter a refused query names (ADR 0034 §9), or undefined when it is not refused with a 400. */
const refusedParameter = (query: unknown): string | undefined => {
  try {
    parseListParams(query, options);
  } catch (error) {
    if (error instanceof AppError && error.status === 400) return Object.keys(error.detail ?? {})[0];
  }
  return undefined;
};

describe('parseListParams', () => {
  it('defaults to page 1 of 10, the default sort and no filters', () => {
    expect(parseListParams({}, options)).toEqual({
      pageNumber: 1,
      pageSize: 10,
      sort: [{ field: 'name', direction: 'asc' }],
      filters: {},
    });
    expect(parseListParams(undefined, options).pageSize).toBe(10);
    expect(parseListParams({ sort: '' }, options).sort).toEqual(options.defaultSort);
  });

  it('reads flat keys as Fastify parses them', () => {
    const flat = parseListParams(
      {
        'page[number]': '3',
        'page[size]': '50',
        sort: '-inserted_at,name',
        'filter[search]': 'montréal',
        'filter[category_id]': 'abc',
        locale: 'fr',
      },
      options,
    );
    expect(flat).toEqual({
      pageNumber: 3,
      pageSize: 50,
      sort: [
        { field: 'insertedAt', direction: 'desc' },
        { field: 'name', direction: 'asc' },
      ],
      filters: { search: 'montréal', categoryId: 'abc' },
    });
  });

  it('refuses what a client could mistype instead of guessing, naming the parameter', () => {
    for (const [query, name] of [
      [{ 'page[size]': '20' }, 'page[size]'],
      [{ 'page[size]': '10.5' }, 'page[size]'],
      [{ 'page[number]': '0' }, 'page[number]'],
      [{ 'page[number]': 'two' }, 'page[number]'],
      [{ 'page[number]': '99999999999' }, 'page[number]'],
      [{ 'page[number]': ['1', '2'] }, 'page[number]'],
      [{ sort: 'password' }, 'sort'],
      [{ sort: 'insertedAt' }, 'sort'],
      [{ sort: 'name,,inserted_at' }, 'sort'],
      [{ sort: '-' }, 'sort'],
      [{ sort: ['name', 'inserted_at'] }, 'sort'],
      [{ 'filter[owner]': 'x' }, 'filter[owner]'],
      [{ 'filter[categoryId]': 'x' }, 'filter[categoryId]'],
      [{ 'filter[search]': ['a', 'b'] }, 'filter[search]'],
      [{ 'filter[search][x]': 'a' }, 'filter[search][x]'],
      [{ 'filter[search][]': 'a' }, 'filter[search][]'],
      [{ page: '1' }, 'page'],
      [{ page: { number: '2' } }, 'page'],
      [{ filter: { archived: 'false' } }, 'filter'],
      [{ per_page: '50' }, 'per_page'],
    ] as const) {
      expect(refusedParameter(query), JSON.stringify(query)).toBe(name);
    }
  });
});

describe('listMeta and pageWindow', () => {
  it('counts pages, with one (empty) page for an empty list', () => {
    expect(listMeta(0, 1, 10)).toEqual({ totalPages: 1, totalCount: 0, pageNumber: 1, pageSize: 10 });
    expect(listMeta(10, 1, 10).totalPages).toBe(1);
    expect(listMeta(11, 2, 10).totalPages).toBe(2);
    expect(listMeta(51, 1, 25).totalPages).toBe(3);
  });

  it('turns a page into LIMIT/OFFSET', () => {
    expect(pageWindow({ pageNumber: 1, pageSize: 10 })).toEqual({ limit: 10, offset: 0 });
    expect(pageWindow({ pageNumber: 3, pageSize: 25 })).toEqual({ limit: 25, offset: 50 });
  });
});
