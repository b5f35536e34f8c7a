import { useQuery } from '@tanstack/react-query';
import { api } from './client';
import { useTranslation } from '../i18n';

/*
 * The signed-in frame's drawer shows how many moves await a decision beside "To approve" (docs/decisions/0067);
 * the frame may not import a feature, so the count's query lives here, under the approvals' key family.
 */
export const approvalKeys = { all: ['approvals'] as const };

/** The count the drawer shows beside To approve: the moves pending that the viewer may see. */
export function usePendingApprovalsCount(enabled: boolean) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [...approvalKeys.all, 'count', i18n.language],
    queryFn: async () => {
      const { meta } = await api<unknown[], { totalCount: number }>('GET', '/approvals', {
        query: { 'filter[state]': 'pending', 'page[size]': '10' },
      });
      return meta.totalCount;
    },
    enabled,
    staleTime: 60_000,
  });
}
