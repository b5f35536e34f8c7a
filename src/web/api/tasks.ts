import { useQuery } from '@tanstack/react-query';
import { api } from './client';
import { queryKeys } from './query-keys';
import { useTranslation } from '../i18n';

/** `meta` of `GET /tasks` as the screens read it. */
export interface TaskListMeta {
  totalCount: number;
  overdueCount: number;
}

/*
 * The signed-in frame's drawer shows how many of my tasks are overdue beside My tasks; the frame may not import
 * a feature, so the count's query lives here, under the same key family as My tasks (a change refreshes both).
 */
/** The count the drawer shows beside My tasks. */
export function useOverdueCount(enabled: boolean) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: queryKeys.taskList({ overdueCount: true }, i18n.language),
    queryFn: async () => {
      const { meta } = await api<unknown[], TaskListMeta>('GET', '/tasks', {
        query: { 'filter[due]': 'overdue', 'page[size]': '10' },
      });
      return meta.overdueCount;
    },
    enabled,
    staleTime: 60_000,
  });
}
