import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Company } from '../../shared/companies';
import type { Locale } from '../../shared/constants';
import type { AgingBucket } from '../../shared/servicing';
import { DEFAULT_BUCKETS } from '../../shared/servicing/buckets';
import type { BulkTermAmendmentInput, RepaymentImportInput } from '../../shared/schemas/servicing';
import type {
  BulkActionAnswer,
  DisbursementAnswer,
  ImportReport,
  RepaymentAnswer,
  StatementAnswer,
  TermAmendmentAnswer,
  bulkTermAmendmentPreviewSchema,
  bulkTermAmendmentSchema,
  loanListMetaSchema,
  termAmendmentsMetaSchema,
} from '../../shared/schemas/servicing-answers';
import type { z } from 'zod';
import type { ApprovalAnswer } from '../../shared/schemas/controls';
import { api } from '../api/client';
import { approvalKeys } from '../api/controls';
import { loanPath } from '../api/loans';
import { queryKeys } from '../api/query-keys';

export { loanPath, useLoanSchedule } from '../api/loans';

type LoanListMeta = z.infer<typeof loanListMetaSchema>;
type AmendmentsMeta = z.infer<typeof termAmendmentsMetaSchema>;
export type BulkAmendmentAnswer = z.infer<typeof bulkTermAmendmentSchema>;
export type BulkAmendmentPreview = z.infer<typeof bulkTermAmendmentPreviewSchema>;

/** The company a loan belongs to: its name and address, the contribution's fund and project. */
export function useCompanyOf(companyId: string) {
  return useQuery({
    queryKey: queryKeys.company(companyId),
    queryFn: async () => (await api<Company>('GET', `/companies/${companyId}`)).data,
  });
}

/** What a loan's lists answer: its entries, and the loan's figures as of the same day. */
export interface LoanList<T, M = LoanListMeta> {
  entries: T[];
  meta: M;
}

function useLoanList<T, M = LoanListMeta>(
  companyId: string,
  contributionId: string,
  kind: 'disbursements' | 'repayments' | 'term_amendments',
) {
  return useQuery({
    queryKey: queryKeys.loanEntries(contributionId, kind),
    queryFn: async (): Promise<LoanList<T, M>> => {
      const { data, meta } = await api<T[], M>('GET', `${loanPath(companyId, contributionId)}/${kind}`);
      return { entries: data, meta };
    },
    retry: false,
  });
}

/* A loan's entries, every one (reversed ones too), each with what became of it as of today. */
export const useDisbursements = (companyId: string, contributionId: string) =>
  useLoanList<DisbursementAnswer>(companyId, contributionId, 'disbursements');
export const useRepayments = (companyId: string, contributionId: string) =>
  useLoanList<RepaymentAnswer>(companyId, contributionId, 'repayments');
export const useTermAmendments = (companyId: string, contributionId: string) =>
  useLoanList<TermAmendmentAnswer, AmendmentsMeta>(companyId, contributionId, 'term_amendments');

/** The statement of account in `language` (the borrower's), whatever the interface's. */
export function useStatement(companyId: string, contributionId: string, asOf: string | null, language: Locale) {
  return useQuery({
    queryKey: queryKeys.loanStatement(contributionId, asOf, language),
    queryFn: async () =>
      (
        await api<StatementAnswer>('GET', `${loanPath(companyId, contributionId)}/statement`, {
          query: { as_of: asOf },
          locale: language,
        })
      ).data,
    retry: false,
  });
}

/** What a write moves besides the loan itself: the portfolio's figures and the company's history. */
function useRefreshAfterWrite() {
  const queryClient = useQueryClient();
  return (keys: readonly (readonly unknown[])[]) => {
    for (const queryKey of [...keys, queryKeys.dashboard]) void queryClient.invalidateQueries({ queryKey });
  };
}

/**
 * Every write to one loan (`disbursements`, `repayments/{id}/reverse`, `write_off`…): a POST under `{fc}`. Its
 * figures, lists, schedule and statement are read again at once, so a backdated payment or a reversal shows
 * on the next render; so are the dashboard and the company's history.
 */
export function useLoanWrite(companyId: string, contributionId: string) {
  const refresh = useRefreshAfterWrite();
  return useMutation({
    mutationFn: async ({ path, body }: { path: string; body: unknown }) => {
      const { data, status } = await api<unknown>('POST', `${loanPath(companyId, contributionId)}/${path}`, { body });
      // A 202 holds the move for a second person (docs/decisions/0067): the answer is the pending move.
      return status === 202 ? { pending: data as ApprovalAnswer } : { pending: null };
    },
    onSuccess: () =>
      refresh([
        queryKeys.loan(contributionId),
        queryKeys.companyLoans(companyId),
        queryKeys.events(companyId),
        approvalKeys.all,
      ]),
  });
}

/** `POST /portfolio/repayments/import`: the dry run reads the file; the real run posts it, all or nothing. */
export function useRepaymentImport() {
  const refresh = useRefreshAfterWrite();
  return useMutation({
    mutationFn: async ({ input, dryRun }: { input: RepaymentImportInput; dryRun: boolean }) =>
      (
        await api<ImportReport>('POST', '/portfolio/repayments/import', {
          body: input,
          query: { dry_run: dryRun ? 'true' : 'false' },
        })
      ).data,
    onSuccess: (report) => {
      if (!report.dryRun) refresh([queryKeys.servicing, ['events']]);
    },
  });
}

/** `GET /portfolio/term_amendments/bulk?filter[fund_id]=`: a fund's actions, the latest first, with their state. */
export function useBulkActions(fundId: string) {
  return useQuery({
    queryKey: [...queryKeys.servicing, 'bulk', fundId],
    queryFn: async () =>
      (
        await api<BulkActionAnswer[]>('GET', '/portfolio/term_amendments/bulk', {
          query: { 'filter[fund_id]': fundId, 'page[size]': 50 },
        })
      ).data,
    enabled: fundId !== '',
    retry: false,
  });
}

/** `POST /portfolio/term_amendments/bulk/{id}/reverse`: every amendment of the action reversed, or none (409). */
export function useBulkReversal() {
  const refresh = useRefreshAfterWrite();
  return useMutation({
    mutationFn: async ({ id, reason }: { id: string; reason: string }) =>
      (await api<BulkActionAnswer>('POST', `/portfolio/term_amendments/bulk/${id}/reverse`, { body: { reason } })).data,
    onSuccess: () => refresh([queryKeys.servicing, ['events']]),
  });
}

/**
 * `POST /portfolio/term_amendments/bulk?dry_run=true`: the active loans of the fund the amendment would reach,
 * each with its outstanding, refused as the write would be; nothing is written.
 */
export function useBulkAmendmentPreview() {
  return useMutation({
    mutationFn: async (input: BulkTermAmendmentInput) =>
      (
        await api<BulkAmendmentPreview>('POST', '/portfolio/term_amendments/bulk', {
          body: input,
          query: { dry_run: 'true' },
        })
      ).data,
  });
}

/** `POST /portfolio/term_amendments/bulk`: the amendment of every active loan of the fund, all or none. */
export function useBulkAmendment() {
  const refresh = useRefreshAfterWrite();
  return useMutation({
    mutationFn: async (input: BulkTermAmendmentInput) => {
      const { data, status } = await api<BulkAmendmentAnswer>('POST', '/portfolio/term_amendments/bulk', {
        body: input,
        query: { dry_run: 'false' },
      });
      // A 202 holds the amendment for a second person (docs/decisions/0067): the answer is the pending move.
      return status === 202
        ? { pending: data as unknown as ApprovalAnswer, answer: null }
        : { pending: null, answer: data };
    },
    onSuccess: () => refresh([queryKeys.servicing, ['events'], approvalKeys.all]),
  });
}

/**
 * The aging buckets in force (an administrator may change them): their bounds name a loan's bucket. Until they
 * arrive, or should they not, the default ones, which every installation starts with.
 */
export function useBuckets(): readonly AgingBucket[] {
  const query = useQuery({
    queryKey: queryKeys.delinquencyBuckets,
    queryFn: async () => (await api<AgingBucket[]>('GET', '/delinquency_buckets')).data,
    staleTime: 5 * 60_000,
    retry: false,
  });
  return query.data ?? DEFAULT_BUCKETS;
}
