import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ListMeta, UserOption } from '../../shared/wire';
import { api } from './client';
import { queryKeys } from './query-keys';

/*
 * Choosing a staff member (a company's overseeing user, a funding request's analyst): the active users, searched
 * on the server. Here rather than in a feature, since several features choose people.
 */

/** How many active users a choice of a person lists at once; the search narrows it. */
const ACTIVE_USERS_PAGE = 50;

/**
 * Active users only (docs/SPEC.md §2 overseeingUser), searched on the server: their id and name, all the
 * picker gets (the users list itself is for administrators).
 */
export function useUserOptions(search: string) {
  return useQuery({
    queryKey: queryKeys.userOptions(search),
    queryFn: async () =>
      (
        await api<UserOption[], ListMeta>('GET', '/users/options', {
          query: { 'filter[search]': search, 'page[size]': ACTIVE_USERS_PAGE },
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}
