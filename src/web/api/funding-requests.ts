import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { RequestState } from '../../shared/pipeline';
import type { FundingRequestSummary } from '../../shared/schemas/pipeline-answers';
import { useTranslation } from '../i18n';
import { api } from './client';
import { queryKeys } from './query-keys';

/*
 * The lists of funding requests: the board's columns (web/pipeline) and a company's requests (its page, which may
 * not import the pipeline feature), under one key family that every write of a request refreshes.
 */

/** `meta` of `GET /funding_requests` as the screens read it. */
export interface RequestListMeta {
  totalCount: number;
  totalPages: number;
  pageNumber: number;
  countsByState: Record<string, number>;
}

export interface RequestListFilters {
  state?: RequestState;
  fundId?: string | null;
  mine?: boolean;
  companyId?: string;
}

const BOARD_PAGE = 25;

const listQuery = (filters: RequestListFilters, page: number, size: number) => ({
  'filter[state]': filters.state,
  'filter[fund_id]': filters.fundId ?? undefined,
  'filter[assignee]': filters.mine ? 'me' : undefined,
  'filter[company_id]': filters.companyId,
  'page[number]': page,
  'page[size]': size,
});

/** One column of the board: the requests of a state, longest waiting first, a page more at a time. */
export function useRequestColumn(filters: RequestListFilters) {
  const { i18n } = useTranslation();
  return useInfiniteQuery({
    queryKey: queryKeys.fundingRequestList({ ...filters, column: true }, i18n.language),
    queryFn: async ({ pageParam }) =>
      api<FundingRequestSummary[], RequestListMeta>('GET', '/funding_requests', {
        query: listQuery(filters, pageParam, BOARD_PAGE),
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.meta.pageNumber < last.meta.totalPages ? last.meta.pageNumber + 1 : undefined),
  });
}

/** A company's requests, latest first (a company has a handful; the page shows the first fifty). */
export function useCompanyRequests(companyId: string) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: queryKeys.fundingRequestList({ companyId }, i18n.language),
    queryFn: async () =>
      (
        await api<FundingRequestSummary[], RequestListMeta>('GET', '/funding_requests', {
          query: { ...listQuery({ companyId }, 1, 50), sort: '-inserted_at' },
        })
      ).data,
  });
}
