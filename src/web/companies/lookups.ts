import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../i18n';
import type { CompanyStatus, Lookup, Municipality } from '../../shared/companies';
import { api } from '../api/client';

/**
 * The reference lists of the company form (SPEC §3 lookups). Fetched once per language (SPEC §7:
 * "fetched once on first use"): the names come localized from `?locale=`, so the language is part of
 * the key, and they never go stale during a session.
 */
function useLookup<T extends Lookup>(path: string) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['lookups', path, i18n.language],
    queryFn: async () => (await api<T[]>('GET', path)).data,
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

export const useMunicipalities = () => useLookup<Municipality>('/municipalities');
export const useLegalForms = () => useLookup<Lookup>('/legal_forms');
export const useContributionFunds = () => useLookup<Lookup>('/contribution_funds');
export const useActivityAreas = () => useLookup<Lookup>('/activity_areas');
export const useStatuses = () => useLookup<CompanyStatus>('/statuses');
export const useWarranties = () => useLookup<Lookup>('/warranties');
