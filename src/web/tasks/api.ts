import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DueGroup } from '../../shared/tasks/rules';
import type { Task, TaskInput } from '../../shared/tasks/schemas';
import { api } from '../api/client';
import type { TaskListMeta } from '../api/tasks';
import { queryKeys } from '../api/query-keys';
import { useTranslation } from '../i18n';

export type Whose = 'me' | 'queue';

/** One due group of My tasks (or of the administrators' queue), soonest first. */
export function useTasks(whose: Whose, due: DueGroup) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: queryKeys.taskList({ whose, due }, i18n.language),
    queryFn: async () => {
      const { data, meta } = await api<Task[], TaskListMeta>('GET', '/tasks', {
        query: { 'filter[assignee]': whose, 'filter[due]': due, 'page[size]': '50' },
      });
      return { tasks: data, meta };
    },
  });
}

export function useCreateTask() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: TaskInput) => (await api<Task>('POST', '/tasks', { body: input })).data,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.tasks }),
  });
}

export function useSetTaskStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, status }: { id: string; status: 'open' | 'done' }) =>
      (await api<Task>('PATCH', `/tasks/${id}`, { body: { status } })).data,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.tasks }),
  });
}
