import { useQuery } from '@tanstack/react-query';
import type { LoanSummary, ServicingSchedule } from '../../shared/schemas/servicing-answers';
import { api } from './client';
import { queryKeys } from './query-keys';

/** `{fc}` of the servicing calls: a loan is a financial contribution of a company. */
export const loanPath = (companyId: string, contributionId: string) =>
  `/companies/${companyId}/financial_contributions/${contributionId}`;

/** A loan's schedule with its truth as of a day (`asOf` null: today): figures, status, bucket, installments. */
export function useLoanSchedule(companyId: string, contributionId: string, asOf: string | null = null) {
  return useQuery({
    queryKey: queryKeys.loanSchedule(contributionId, asOf),
    queryFn: async () =>
      (
        await api<ServicingSchedule>('GET', `${loanPath(companyId, contributionId)}/schedule`, {
          query: { as_of: asOf },
        })
      ).data,
    // A loan without terms answers 422 (the fields to fix): asking again would not change that.
    retry: false,
  });
}

/**
 * Every loan of a company as of today — number, status, figures — in one call, for the company file's loan
 * lines. Any write to one of its loans refreshes it (servicing/api.ts).
 */
export function useCompanyLoans(companyId: string) {
  return useQuery({
    queryKey: queryKeys.companyLoans(companyId),
    queryFn: async () => (await api<LoanSummary[]>('GET', `/companies/${companyId}/loans`)).data,
  });
}
