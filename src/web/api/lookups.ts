import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../i18n';
import { api } from './client';
import { queryKeys } from './query-keys';

/**
 * A reference list (docs/SPEC.md §3 lookups, document categories). Fetched once per language (docs/SPEC.md §7: "fetched
 * once on first use"): the names come localized from `?locale=`, and they never go stale during a session.
 */
export function useLookup<T>(path: string) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: queryKeys.lookup(path, i18n.language),
    queryFn: async () => (await api<T[]>('GET', path)).data,
    staleTime: Infinity,
    gcTime: Infinity,
  });
}
