import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../i18n';
import type { Company, CompanyLiveLoan, CompanySummary } from '../../shared/companies';
import type { CompanyInput, CompanyUpdateInput } from '../../shared/schemas/company';
import type { LoanSummary } from '../../shared/schemas/servicing-answers';
import { api } from '../api/client';
import { listQuery, type PageParams } from '../api/list-query';
import { queryKeys } from '../api/query-keys';

export interface CompanyListParams extends PageParams {
  archived: boolean;
}

export function useCompaniesList(params: CompanyListParams) {
  // Status names come localized: another language is another answer.
  const { i18n } = useTranslation();
  return useQuery(
    listQuery<'companies', CompanySummary>(
      'companies',
      queryKeys.companyList(params, i18n.language),
      '/companies',
      params,
      {
        'filter[archived]': params.archived ? 'true' : 'false',
      },
    ),
  );
}

export function useCompany(id: string) {
  return useQuery({
    queryKey: queryKeys.company(id),
    queryFn: async () => (await api<Company>('GET', `/companies/${id}`)).data,
    // The form starts from what it read: a background refetch must not move the version under it.
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

/**
 * Every company write stores the answer as the detail (the top bar reads it too) and refreshes what it moves:
 * the lists, the similar-name warnings, the dashboard's figures and the global search.
 */
function useCompanyMutation<TInput>(call: (input: TInput) => Promise<Company>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (company) => {
      queryClient.setQueryData(queryKeys.company(company.id), company);
      for (const queryKey of [
        [...queryKeys.companies, 'list'],
        [...queryKeys.companies, 'similar'],
        queryKeys.dashboard,
        queryKeys.search,
      ])
        void queryClient.invalidateQueries({ queryKey });
    },
  });
}

export const useCreateCompany = () =>
  useCompanyMutation(async (input: CompanyInput) => (await api<Company>('POST', '/companies', { body: input })).data);

export const useUpdateCompany = (id: string) =>
  useCompanyMutation(
    async (input: CompanyUpdateInput) => (await api<Company>('PATCH', `/companies/${id}`, { body: input })).data,
  );

/**
 * DELETE archives (docs/SPEC.md §7); `confirmLiveLoans`: its loans still holding money were named to the user,
 * who archives it all the same (docs/decisions/0060).
 */
export const useArchiveCompany = () =>
  useCompanyMutation(
    async ({ id, confirmLiveLoans }: { id: string; confirmLiveLoans: boolean }) =>
      (
        await api<Company>('DELETE', `/companies/${id}`, {
          query: confirmLiveLoans ? { confirm_live_loans: 'true' } : {},
        })
      ).data,
  );

/**
 * The company's loans still holding money (active today), read from its loans when its archiving is asked (not
 * kept: it is about to change). The archive call refuses (409) when one was not named.
 */
export const fetchLiveLoans = async (id: string): Promise<CompanyLiveLoan[]> =>
  (await api<LoanSummary[]>('GET', `/companies/${id}/loans`)).data
    .filter((loan) => loan.status === 'active')
    .map((loan) => ({
      id: loan.contributionId,
      loanNumber: loan.loanNumber,
      outstanding: loan.figures.outstandingPrincipal,
    }));

export const useRestoreCompany = () =>
  useCompanyMutation(async (id: string) => (await api<Company>('POST', `/companies/${id}/restore`)).data);
