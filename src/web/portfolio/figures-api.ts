import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListMeta } from '../../shared/wire';
import type {
  AgingAnswer,
  AgingLoan,
  BucketAnswer,
  BucketsInput,
  BucketsMeta,
  CollectionsAnswer,
  FundCapitalInput,
  FundFigures,
  FundsAnswer,
  ParAnswer,
} from '../../shared/schemas/portfolio-figures';
import { api } from '../api/client';
import { queryKeys } from '../api/query-keys';
import { useTranslation } from '../i18n';

/** Which loans the portfolio's figures are about, and for which day (null: today). */
export interface FigureFilters {
  fundId: string | null;
  mine: boolean;
  asOf: string | null;
}

const scopeQuery = (filters: Pick<FigureFilters, 'fundId' | 'mine'>) => ({
  'filter[fund_id]': filters.fundId,
  'filter[mine]': filters.mine ? 'true' : undefined,
});

/** A read of the portfolio's figures: its answer is written in the reader's language (fund and bucket names). */
function useFigures<T>(name: string, path: string, query: Record<string, string | null | undefined>) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: queryKeys.portfolioFigures(name, query, i18n.language),
    queryFn: async () => (await api<T>('GET', path, { query })).data,
    placeholderData: keepPreviousData,
  });
}

export const useAging = (filters: FigureFilters) =>
  useFigures<AgingAnswer>('aging', '/portfolio/arrears_aging', { ...scopeQuery(filters), as_of: filters.asOf });

export const usePar = (filters: FigureFilters) =>
  useFigures<ParAnswer>('par', '/portfolio/par', { ...scopeQuery(filters), as_of: filters.asOf });

export const useFundFigures = (asOf: string | null) =>
  useFigures<FundsAnswer>('funds', '/portfolio/funds', { as_of: asOf });

export const useCollections = (filters: Omit<FigureFilters, 'asOf'> & { from: string | null; to: string | null }) =>
  useFigures<CollectionsAnswer>('collections', '/portfolio/collections', {
    ...scopeQuery(filters),
    from: filters.from,
    to: filters.to,
  });

/** A page of the loans behind a cell of the aging table. */
export function useAgingLoans(params: FigureFilters & { bucket: string; page: number; size: number; sort: string }) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: queryKeys.portfolioFigures('aging-loans', params, i18n.language),
    queryFn: async () => {
      const { data, meta } = await api<AgingLoan[], ListMeta & { asOf: string; bucket: string }>(
        'GET',
        '/portfolio/arrears_aging/loans',
        {
          query: {
            ...scopeQuery(params),
            'filter[bucket]': params.bucket,
            as_of: params.asOf,
            'page[number]': params.page + 1,
            'page[size]': params.size,
            sort: params.sort,
          },
        },
      );
      return { loans: data, meta };
    },
    placeholderData: keepPreviousData,
  });
}

export function useBuckets() {
  return useQuery({
    queryKey: queryKeys.buckets,
    queryFn: async () => {
      const { data, meta } = await api<BucketAnswer[], BucketsMeta>('GET', '/delinquency_buckets');
      return { buckets: data, meta };
    },
  });
}

/** Buckets and capitals move every portfolio figure: each save refreshes them. */
function usePortfolioSetting<TInput, TAnswer>(call: (input: TInput) => Promise<TAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.buckets });
      void queryClient.invalidateQueries({ queryKey: queryKeys.portfolio });
      void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard });
    },
  });
}

export const useSaveBuckets = () =>
  usePortfolioSetting(async (input: BucketsInput) => {
    const { data, meta } = await api<BucketAnswer[], BucketsMeta>('PUT', '/delinquency_buckets', {
      body: {
        buckets: input.buckets.map(({ minDays, maxDays, provisionRate }) => ({ minDays, maxDays, provisionRate })),
      },
    });
    return { buckets: data, meta };
  });

export const useSaveCapital = () =>
  usePortfolioSetting(
    async ({ fundId, capital }: FundCapitalInput & { fundId: string }) =>
      (await api<FundFigures>('PUT', `/portfolio/funds/${fundId}`, { body: { capital } })).data,
  );
