import type { CompanyStatus, Lookup, Municipality } from '../../shared/companies';
import { useLookup } from '../api/lookups';

/** The reference lists of the company form (docs/SPEC.md §3 lookups). */

export const useMunicipalities = () => useLookup<Municipality>('/municipalities');
export const useLegalForms = () => useLookup<Lookup>('/legal_forms');
export const useContributionFunds = () => useLookup<Lookup>('/contribution_funds');
export const useActivityAreas = () => useLookup<Lookup>('/activity_areas');
export const useStatuses = () => useLookup<CompanyStatus>('/statuses');
export const useWarranties = () => useLookup<Lookup>('/warranties');
