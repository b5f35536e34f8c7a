import { describe, expect, it } from 'vitest';
import { AppError } from '../errors/app-error';
import { listMeta, pageWindow, parseListParams } from './list-params';

const options = {
  sortable: ['name', 'insertedAt'] as const,
  defaultSort: [{ field: 'name' as const, direction: 'asc' as const }],
  filters: ['search', 'archived', 'categoryId'],
};

const badRequest = (query: unknown) => {
  try {
    parseListParams(query, options);
  } catch (error) {
    return error instanceof AppError && error.status === 400 && error.messageKey === 'errors.api.badListParams';
  }
  return false;
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

  it('reads flat keys as Fastify parses them, and nested ones', () => {
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
    const nested = parseListParams({ page: { number: '2', size: '25' }, filter: { archived: 'false' } }, options);
    expect(nested).toMatchObject({ pageNumber: 2, pageSize: 25, filters: { archived: 'false' } });
  });

  it('refuses what a client could mistype instead of guessing', () => {
    for (const query of [
      { 'page[size]': '20' },
      { 'page[size]': '10.5' },
      { 'page[number]': '0' },
      { 'page[number]': 'two' },
      { 'page[number]': '99999999999' },
      { 'page[number]': ['1', '2'] },
      { sort: 'password' },
      { sort: 'insertedAt' },
      { sort: 'name,,inserted_at' },
      { sort: '-' },
      { 'filter[owner]': 'x' },
      { 'filter[search]': ['a', 'b'] },
    ]) {
      expect(badRequest(query), JSON.stringify(query)).toBe(true);
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
