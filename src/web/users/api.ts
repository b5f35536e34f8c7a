import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InviteInput, UserEditInput } from '../../shared/schemas/users';
import type { ListMeta, User } from '../../shared/wire';
import { api } from '../api/client';

export const usersKey = ['users'] as const;

export function useUsersList(params: { page: number; size: number; search: string }) {
  return useQuery({
    queryKey: [...usersKey, 'list', params],
    queryFn: async () => {
      const { data, meta } = await api<User[], ListMeta>('GET', '/users', {
        query: {
          'page[number]': params.page + 1,
          'page[size]': params.size,
          'filter[search]': params.search,
        },
      });
      return { users: data, meta };
    },
    placeholderData: keepPreviousData,
  });
}

export function useUser(id: string) {
  return useQuery({
    queryKey: [...usersKey, 'detail', id],
    queryFn: async () => (await api<User>('GET', `/users/${id}`)).data,
  });
}

/** Every user write refreshes the lists and the user's own detail. */
function useUserMutation<TInput>(call: (input: TInput) => Promise<User>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (user) => {
      queryClient.setQueryData([...usersKey, 'detail', user.id], user);
      void queryClient.invalidateQueries({ queryKey: [...usersKey, 'list'] });
    },
  });
}

export const useInviteUser = () =>
  useUserMutation(async (input: InviteInput) => (await api<User>('POST', '/invitations', { body: input })).data);

export const useUpdateUser = (id: string) =>
  useUserMutation(
    async (input: UserEditInput & { lockVersion: number }) =>
      (await api<User>('PATCH', `/users/${id}`, { body: input })).data,
  );

export const useArchiveUser = () =>
  useUserMutation(async (id: string) => (await api<User>('DELETE', `/users/${id}`)).data);

export const useRestoreUser = () =>
  useUserMutation(async (id: string) => (await api<User>('POST', `/users/${id}/restore`)).data);

export const useReinviteUser = () =>
  useUserMutation(async (id: string) => (await api<User>('POST', `/users/${id}/reinvite`)).data);
