import { useQuery } from '@tanstack/react-query';
import type { ServicingSchedule } from '../../shared/schemas/servicing-answers';
import { api } from './client';
import { queryKeys } from './query-keys';

/** `{fc}` of the servicing calls: a loan is a financial contribution of a company. */
export const loanPath = (companyId: string, contributionId: string) =>
  `/companies/${companyId}/financial_contributions/${contributionId}`;

/**
 * A loan's schedule with its truth as of a day (`asOf` null: today): figures, status, bucket, installments.
 * The company file's loan lines and the loan's own screens read the same answer, so opening a loan from the
 * company file shows at once what the line said.
 */
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
