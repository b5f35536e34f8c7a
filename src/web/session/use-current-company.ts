import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { api, ApiError } from '../api/client';
import { queryKeys } from '../api/query-keys';
import { setCurrentCompanyId, useCurrentCompanyId, type CompanySummary } from './current-company';

/**
 * The current company's name and avatar for the top bar and drawer. A company that is gone, or archived
 * (here or by someone else), stops being current: documents and events are for active files only
 * (docs/decisions/0017).
 */
export function useCurrentCompany(): CompanySummary | undefined {
  const id = useCurrentCompanyId();
  const query = useQuery({
    queryKey: queryKeys.company(id),
    queryFn: async () => (await api<CompanySummary>('GET', `/companies/${id}`)).data,
    enabled: Boolean(id),
    retry: false,
  });
  const gone = (query.error instanceof ApiError && query.error.status === 404) || Boolean(query.data?.archivedAt);
  useEffect(() => {
    if (gone) setCurrentCompanyId(null);
  }, [gone]);
  return id && !gone ? query.data : undefined;
}
