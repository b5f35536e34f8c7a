import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RequestState } from '../../shared/pipeline';
import type {
  ChecklistItemPatch,
  FundingRequestInput,
  FundingRequestPatch,
  TransitionInput,
} from '../../shared/schemas/pipeline';
import type { ChecklistItem, Condition, FundingRequest } from '../../shared/schemas/pipeline-answers';
import { api } from '../api/client';
import { queryKeys } from '../api/query-keys';
import { useTranslation } from '../i18n';

/** One request with its decisions, checks, timeline and the moves open to it. */
export function useFundingRequest(id: string) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: queryKeys.fundingRequest(id, i18n.language),
    queryFn: async () => (await api<FundingRequest>('GET', `/funding_requests/${id}`)).data,
  });
}

export function useChecklist(id: string) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: queryKeys.checklist(id, i18n.language),
    queryFn: async () => (await api<ChecklistItem[]>('GET', `/funding_requests/${id}/checklist`)).data,
  });
}

/**
 * A write of the pipeline: once it is through, every list and page of requests is read again, with the company's
 * history (each write is an event of it) and, for a disbursement, its loans.
 */
function usePipelineWrite<I, O>(call: (input: I) => Promise<O>, companyId: () => string | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      const company = companyId();
      if (company) {
        void client.invalidateQueries({ queryKey: queryKeys.events(company) });
        void client.invalidateQueries({ queryKey: queryKeys.companyLoans(company) });
      }
      void client.invalidateQueries({ queryKey: queryKeys.dashboard });
      return client.invalidateQueries({ queryKey: queryKeys.fundingRequests });
    },
  });
}

export const useCreateRequest = (companyId: string) =>
  usePipelineWrite(
    async (input: FundingRequestInput) =>
      (await api<FundingRequest>('POST', '/funding_requests', { body: input })).data,
    () => companyId,
  );

export const useSaveRequest = (request: Pick<FundingRequest, 'id' | 'companyId'>) =>
  usePipelineWrite(
    async (input: FundingRequestPatch) =>
      (await api<FundingRequest>('PATCH', `/funding_requests/${request.id}`, { body: input })).data,
    () => request.companyId,
  );

export const useMoveRequest = (request: Pick<FundingRequest, 'id' | 'companyId'>) =>
  usePipelineWrite(
    async (input: Omit<TransitionInput, 'to'> & { to: RequestState }) =>
      (await api<FundingRequest>('POST', `/funding_requests/${request.id}/transitions`, { body: input })).data,
    () => request.companyId,
  );

export const useSetItem = (request: Pick<FundingRequest, 'id' | 'companyId'>) =>
  usePipelineWrite(
    async ({ itemId, ...change }: ChecklistItemPatch & { itemId: string }) =>
      (await api<ChecklistItem>('PATCH', `/funding_requests/${request.id}/checklist/${itemId}`, { body: change })).data,
    () => request.companyId,
  );

export const useSetCondition = (request: Pick<FundingRequest, 'companyId'>) =>
  usePipelineWrite(
    async ({ id, ...change }: Pick<Condition, 'id' | 'status'> & { note?: string | null }) =>
      (await api<Condition>('PATCH', `/decision_conditions/${id}`, { body: change })).data,
    () => request.companyId,
  );
