import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { api, ApiError } from '../api/client';
import { setCurrentCompanyId, useCurrentCompanyId, type CompanySummary } from './current-company';

/** The current company's name and avatar for the top bar and drawer; a company that is gone is forgotten. */
export function useCurrentCompany(): CompanySummary | undefined {
  const id = useCurrentCompanyId();
  const query = useQuery({
    queryKey: ['companies', 'detail', id],
    queryFn: async () => (await api<CompanySummary>('GET', `/companies/${id}`)).data,
    enabled: Boolean(id),
    retry: false,
  });
  const gone = query.error instanceof ApiError && query.error.status === 404;
  useEffect(() => {
    if (gone) setCurrentCompanyId(null);
  }, [gone]);
  return id ? query.data : undefined;
}
