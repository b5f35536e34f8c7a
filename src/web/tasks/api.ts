import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DueGroup } from '../../shared/tasks/rules';
import type { Task, TaskInput } from '../../shared/tasks/schemas';
import { api } from '../api/client';
import type { TaskListMeta } from '../api/tasks';
import { queryKeys } from '../api/query-keys';
import { useTranslation } from '../i18n';

export type Whose = 'me' | 'queue';

/** The list's filters as the API takes them: whose tasks (mine or the administrators' queue) and which due group. */
export const taskListQuery = (whose: Whose, due: DueGroup) => ({
  'filter[assignee]': whose,
  'filter[due]': due,
  'page[size]': '50',
});

/** One due group of My tasks (or of the administrators' queue), soonest first. */
export function useTasks(whose: Whose, due: DueGroup) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: queryKeys.taskList({ whose, due }, i18n.language),
    queryFn: async () => {
      const { data, meta } = await api<Task[], TaskListMeta>('GET', '/tasks', {
        query: taskListQuery(whose, due),
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

/**
 * After marking a task done or sending it to the queue, the lists are refreshed without being waited for: the
 * refresh removes the task's row, and the caller's own `onSuccess` (its toast) would never run once the row is
 * gone.
 */
const refreshWithoutWaiting = (client: ReturnType<typeof useQueryClient>) => () => {
  void client.invalidateQueries({ queryKey: queryKeys.tasks });
};

export function useSetTaskStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, status }: { id: string; status: 'open' | 'done' }) =>
      (await api<Task>('PATCH', `/tasks/${id}`, { body: { status } })).data,
    onSuccess: refreshWithoutWaiting(client),
  });
}

/** An administrator's task sent back to the administrators' queue (nobody's), for another to take. */
export function useReturnToQueue() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => (await api<Task>('PATCH', `/tasks/${id}`, { body: { assigneeId: null } })).data,
    onSuccess: refreshWithoutWaiting(client),
  });
}
