import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApprovalAnswer } from '../../shared/schemas/controls';
import { api } from './client';
import { useTranslation } from '../i18n';

/*
 * The signed-in frame's drawer shows how many moves await a decision beside "To approve" (docs/decisions/0067),
 * and a loan's page lists its moves that did not land; neither may import a feature, so their queries and the
 * decision live here, under the approvals' key family.
 */
export const approvalKeys = { all: ['approvals'] as const };

/** The count the drawer shows beside To approve: the moves pending that the viewer may see. */
export function usePendingApprovalsCount(enabled: boolean) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [...approvalKeys.all, 'count', i18n.language],
    queryFn: async () => {
      const { meta } = await api<unknown[], { totalCount: number }>('GET', '/approvals', {
        query: { 'filter[state]': 'pending', 'page[size]': '10' },
      });
      return meta.totalCount;
    },
    enabled,
    staleTime: 60_000,
  });
}
/** Approve, reject (with a reason) or cancel a move; every list of moves and every loan's figures refresh. */
export function useDecision() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (decision: { id: string; action: 'approve' | 'reject' | 'cancel'; reason?: string }) =>
      (
        await api<ApprovalAnswer>('POST', `/approvals/${decision.id}/${decision.action}`, {
          body: decision.action === 'reject' ? { reason: decision.reason ?? '' } : {},
        })
      ).data,
    onSuccess: () => client.invalidateQueries(),
  });
}

/** What a loan's page lists of its controlled moves: those that did not land (pending, rejected, cancelled). */
const NOT_LANDED: readonly ApprovalAnswer['state'][] = ['pending', 'rejected', 'cancelled'];

/** One loan's moves that are pending, rejected or cancelled, the latest first: approvers see all, others theirs. */
export function useLoanMoves(contributionId: string) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [...approvalKeys.all, 'loan', contributionId, i18n.language],
    queryFn: async () =>
      (
        await api<ApprovalAnswer[]>('GET', '/approvals', {
          query: { 'filter[contribution_id]': contributionId, 'page[size]': '50' },
        })
      ).data.filter((move) => NOT_LANDED.includes(move.state)),
  });
}
