import { keepPreviousData, type QueryFunctionContext, type QueryKey } from '@tanstack/react-query';
import type { ListMeta } from '../../shared/wire';
import { api } from './client';

/** The page a list screen shows: 0-based (docs/SPEC.md §9), sent 1-based, and its search. */
export interface PageParams {
  page: number;
  size: number;
  search: string;
}

type Filters = NonNullable<NonNullable<Parameters<typeof api>[2]>['query']>;

/**
 * The query of a list screen: one page of `path` with its search and filters, answered as its rows under `name`
 * and the list's meta; the page shown stays while the next one loads.
 */
export function listQuery<N extends string, T>(
  name: N,
  queryKey: QueryKey,
  path: string,
  params: PageParams,
  filters: Filters = {},
) {
  return {
    queryKey,
    queryFn: async ({ signal }: QueryFunctionContext) => {
      const { data, meta } = await api<T[], ListMeta>('GET', path, {
        query: {
          'page[number]': params.page + 1,
          'page[size]': params.size,
          'filter[search]': params.search,
          ...filters,
        },
        signal,
      });
      return { [name]: data, meta } as Record<N, T[]> & { meta: ListMeta };
    },
    placeholderData: keepPreviousData,
  };
}
