import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../i18n';
import type { Lookup } from '../../shared/companies';
import type { Dashboard, DashboardMeta } from '../../shared/portfolio/dashboard';
import { api } from '../api/client';

export interface DashboardFilters {
  fundId: string | null;
  mine: boolean;
}

export function useDashboard(filters: DashboardFilters) {
  // Fund and status names come localized: another language is another answer.
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['dashboard', filters, i18n.language],
    queryFn: async () => {
      const { data, meta } = await api<Dashboard, DashboardMeta>('GET', '/dashboard', {
        query: { 'filter[fund_id]': filters.fundId, 'filter[mine]': filters.mine ? 'true' : undefined },
      });
      return { dashboard: data, meta };
    },
  });
}

export function useFunds() {
  const { i18n } = useTranslation();
  return useQuery({
    // The same key as the company form's lookup of the same list: one fetch per language for both.
    queryKey: ['lookups', '/contribution_funds', i18n.language],
    queryFn: async () => (await api<Lookup[]>('GET', '/contribution_funds')).data,
    staleTime: Infinity,
    gcTime: Infinity,
  });
}
