import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ApprovalAnswer,
  ApprovalPolicyAnswer,
  ApprovalPolicyFormValues,
  ControlsReport,
} from '../../shared/schemas/controls';
import { api } from '../api/client';
import { approvalKeys } from '../api/controls';
import { useTranslation } from '../i18n';

/** Controlled moves of a state (all states when none), the latest first: approvers see all, others theirs. */
export function useApprovals(state: 'pending' | 'approved' | 'rejected' | '') {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [...approvalKeys.all, 'list', state, i18n.language],
    queryFn: async () =>
      (
        await api<ApprovalAnswer[]>('GET', '/approvals', {
          query: { ...(state ? { 'filter[state]': state } : {}), 'page[size]': '50' },
        })
      ).data,
  });
}

export { useDecision } from '../api/controls';

export function usePolicy(fundId: string) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['approval_policy', fundId, i18n.language],
    queryFn: async () => (await api<ApprovalPolicyAnswer>('GET', `/funds/${fundId}/approval_policy`)).data,
    enabled: Boolean(fundId),
  });
}

export function useSavePolicy(fundId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: ApprovalPolicyFormValues) =>
      (await api<ApprovalPolicyAnswer>('PUT', `/funds/${fundId}/approval_policy`, { body: input })).data,
    onSuccess: () => client.invalidateQueries({ queryKey: ['approval_policy', fundId] }),
  });
}

export function useControlsReport(period: { from: string; to: string } | null) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['controls_report', period?.from, period?.to, i18n.language],
    queryFn: async () => (await api<ControlsReport>('GET', '/reports/controls', { query: period! })).data,
    enabled: period !== null,
  });
}
