import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useTranslation } from '../i18n';
import { EVENTS_PAGE_SIZE, type CompanyEvent, type EventCategorySlug } from '../../shared/events';
import type { EventFields } from '../../shared/schemas/event';
import type { ListMeta } from '../../shared/wire';
import { api } from '../api/client';
import { queryKeys } from '../api/query-keys';
import { companyRecordWrites } from '../api/company-records';

const eventsKey = queryKeys.events;

export interface EventFilters {
  search: string;
  year: number | null;
  categorySlug: EventCategorySlug | null;
}

/**
 * The timeline, one page after the other as the user asks for more (long histories stay fast).
 * System titles come written in the request's language, so the language is part of the key. Always
 * fresh on arrival: company and document changes elsewhere add events here.
 */
export function useEventsTimeline(companyId: string, filters: EventFilters) {
  const { i18n } = useTranslation();
  return useInfiniteQuery({
    queryKey: [...eventsKey(companyId), 'list', filters, i18n.language],
    queryFn: async ({ pageParam, signal }) => {
      const { data, meta } = await api<CompanyEvent[], ListMeta>('GET', `/companies/${companyId}/events`, {
        query: {
          'page[number]': pageParam,
          'page[size]': EVENTS_PAGE_SIZE,
          'filter[search]': filters.search,
          'filter[year]': filters.year,
          'filter[category_slug]': filters.categorySlug,
        },
        signal,
      });
      return { events: data, meta };
    },
    initialPageParam: 1,
    getNextPageParam: (last) => (last.meta.pageNumber < last.meta.totalPages ? last.meta.pageNumber + 1 : undefined),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** The years that have events, newest first: the choices of the year filter. */
export function useEventYears(companyId: string) {
  return useQuery({
    queryKey: [...eventsKey(companyId), 'years'],
    queryFn: async ({ signal }) =>
      (await api<number[]>('GET', `/companies/${companyId}/events/years`, { signal })).data,
    staleTime: 0,
  });
}

const eventWrites = companyRecordWrites<CompanyEvent, EventFields, EventFields>('events');
export const useCreateEvent = eventWrites.useCreate;
export const useUpdateEvent = eventWrites.useUpdate;
export const useDeleteEvent = eventWrites.useDelete;
