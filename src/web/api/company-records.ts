import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './client';
import { queryKeys } from './query-keys';

/**
 * The writes on one kind of a company's records (its documents, its events), at
 * `/companies/:companyId/<kind>`: add, change, delete. Each refreshes the company's lists of that kind and the
 * global search, which finds them too.
 */
export function companyRecordWrites<Row, Create, Fields>(kind: 'documents' | 'events') {
  function useRecordWrite<TInput>(companyId: string, call: (input: TInput) => Promise<Row>) {
    const queryClient = useQueryClient();
    return useMutation({
      mutationFn: call,
      onSuccess: () => {
        // The global search finds them too: its answers are stale from now on.
        void queryClient.invalidateQueries({ queryKey: queryKeys.search });
        return queryClient.invalidateQueries({ queryKey: queryKeys[kind](companyId) });
      },
    });
  }
  const url = (companyId: string, id = '') => `/companies/${companyId}/${kind}${id && `/${id}`}`;
  return {
    useCreate: (companyId: string) =>
      useRecordWrite(
        companyId,
        async (input: Create) => (await api<Row>('POST', url(companyId), { body: input })).data,
      ),
    useUpdate: (companyId: string) =>
      useRecordWrite(
        companyId,
        async ({ id, ...fields }: Fields & { id: string }) =>
          (await api<Row>('PATCH', url(companyId, id), { body: fields })).data,
      ),
    useDelete: (companyId: string) =>
      useRecordWrite(companyId, async (id: string) => (await api<Row>('DELETE', url(companyId, id))).data),
  };
}
