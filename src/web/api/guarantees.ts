import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  GuaranteeAnswer,
  PortfolioGuarantee,
  guaranteesMetaSchema,
} from '../../shared/schemas/guarantees-answers';
import type { ListMeta } from '../../shared/wire';
import { useTranslation } from '../i18n';
import { api } from './client';
import { loanPath } from './loans';
import { queryKeys } from './query-keys';

/*
 * The guarantees register's calls (docs/decisions/0072), here rather than in a feature: the loan page (servicing)
 * and the company file show a loan's guarantees, and no feature imports another.
 */

type GuaranteesMeta = z.infer<typeof guaranteesMetaSchema>;

export const guaranteesPath = (companyId: string, contributionId: string) =>
  `${loanPath(companyId, contributionId)}/guarantees`;

/** A loan's guarantees with its coverage. */
export function useLoanGuarantees(companyId: string, contributionId: string) {
  return useQuery({
    queryKey: queryKeys.loanGuarantees(contributionId),
    queryFn: async () => {
      const { data, meta } = await api<GuaranteeAnswer[], GuaranteesMeta>(
        'GET',
        guaranteesPath(companyId, contributionId),
      );
      return { guarantees: data, meta };
    },
  });
}

/** A company's documents by name, for the signed deed's picker (the first 50, newest first). */
export function useDeedChoices(companyId: string) {
  return useQuery({
    queryKey: [...queryKeys.documents(companyId), 'deeds'],
    queryFn: async () =>
      (
        await api<Array<{ id: string; name: string }>>('GET', `/companies/${companyId}/documents`, {
          query: { 'page[size]': 50 },
        })
      ).data,
  });
}

/** Every write on a loan's guarantees: refreshes them, the loan's figures, the history and the tasks. */
export function useGuaranteeWrite(companyId: string, contributionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({
      method,
      path,
      body,
    }: {
      method: 'POST' | 'PATCH' | 'DELETE';
      path: string;
      body?: Record<string, unknown>;
    }) => (await api<GuaranteeAnswer>(method, `${guaranteesPath(companyId, contributionId)}${path}`, { body })).data,
    onSuccess: () =>
      Promise.all(
        [
          queryKeys.loanGuarantees(contributionId),
          queryKeys.portfolioGuarantees,
          queryKeys.companyLoans(companyId),
          queryKeys.events(companyId),
          queryKeys.tasks,
        ].map((queryKey) => client.invalidateQueries({ queryKey })),
      ),
  });
}

/** A page of the portfolio's guarantees, filtered. */
export function usePortfolioGuarantees(query: Record<string, string | number>) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [...queryKeys.portfolioGuarantees, query, i18n.language],
    queryFn: async () => {
      const { data, meta } = await api<PortfolioGuarantee[], ListMeta>('GET', '/portfolio/guarantees', { query });
      return { guarantees: data, meta };
    },
  });
}
