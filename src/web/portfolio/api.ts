import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../i18n';
import type { Lookup } from '../../shared/companies';
import type { Dashboard, DashboardMeta } from '../../shared/portfolio/dashboard';
import { api } from '../api/client';
import { useLookup } from '../api/lookups';
import { queryKeys } from '../api/query-keys';

export interface DashboardFilters {
  fundId: string | null;
  mine: boolean;
}

export function useDashboard(filters: DashboardFilters) {
  // Fund and status names come localized: another language is another answer.
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: queryKeys.dashboardOf(filters, i18n.language),
    queryFn: async () => {
      const { data, meta } = await api<Dashboard, DashboardMeta>('GET', '/dashboard', {
        query: { 'filter[fund_id]': filters.fundId, 'filter[mine]': filters.mine ? 'true' : undefined },
      });
      return { dashboard: data, meta };
    },
  });
}

/** The company form's lookup of the same list: one fetch per language for both. */
export const useFunds = () => useLookup<Lookup>('/contribution_funds');
