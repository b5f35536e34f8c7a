import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BackupSummary } from '../../shared/backups';
import { api } from '../api/client';
import { queryKeys } from '../api/query-keys';

const backupsKey = queryKeys.backups;

/** The list, re-read every 2 s while a backup runs so its outcome shows without a reload. */
export function useBackups() {
  return useQuery({
    queryKey: backupsKey,
    queryFn: async () => (await api<BackupSummary[]>('GET', '/backups')).data,
    refetchInterval: (query) => (query.state.data?.some((b) => b.status === 'running') ? 2000 : false),
  });
}

export function useStartBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api<BackupSummary>('POST', '/backups')).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: backupsKey }),
  });
}
