import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Locale } from '../../shared/constants';
import type { SecuritySettings, SecuritySettingsInput, UserTwoFactor } from '../../shared/schemas/two-factor';
import type { InviteInput, UserEditInput } from '../../shared/schemas/users';
import type { User, UserListItem } from '../../shared/wire';
import { api } from '../api/client';
import { listQuery, type PageParams } from '../api/list-query';
import { queryKeys } from '../api/query-keys';

export function useUsersList(params: PageParams) {
  return useQuery(listQuery<'users', UserListItem>('users', queryKeys.userList(params), '/users', params));
}

export function useUser(id: string) {
  return useQuery({
    queryKey: queryKeys.user(id),
    queryFn: async () => (await api<User>('GET', `/users/${id}`)).data,
  });
}

/** Every user write refreshes the lists and the user's own detail. */
function useUserMutation<TInput>(call: (input: TInput) => Promise<User>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (user) => {
      queryClient.setQueryData(queryKeys.user(user.id), user);
      // The lists, and the overseeing-user picker of the company form (its names and who is active).
      void queryClient.invalidateQueries({ queryKey: [...queryKeys.users, 'list'] });
      void queryClient.invalidateQueries({ queryKey: [...queryKeys.users, 'options'] });
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

/** A user's second factors and their history, written in the reader's language (ADR 0035). */
export function useUserTwoFactor(id: string, language: Locale) {
  return useQuery({
    queryKey: queryKeys.userTwoFactor(id, language),
    queryFn: async () => (await api<UserTwoFactor>('GET', `/users/${id}/two_factor`)).data,
  });
}

export function useResetTwoFactor(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api<UserTwoFactor>('POST', `/users/${id}/two_factor/reset`)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...queryKeys.users, 'twoFactor', id] }),
  });
}

export function useSecuritySettings() {
  return useQuery({
    queryKey: queryKeys.securitySettings,
    queryFn: async () => (await api<SecuritySettings>('GET', '/settings/security')).data,
  });
}

export function useSaveSecuritySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SecuritySettingsInput) =>
      (await api<SecuritySettings>('PATCH', '/settings/security', { body: input })).data,
    onSuccess: (settings) => {
      queryClient.setQueryData(queryKeys.securitySettings, settings);
      // Whether a second factor is required of someone shows on their page.
      void queryClient.invalidateQueries({ queryKey: [...queryKeys.users, 'twoFactor'] });
    },
  });
}
