import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AidCeilingInput,
  ChecklistTemplatesInput,
  CommitteeInput,
  DecisionInput,
  MeetingInput,
  VotesInput,
} from '../../shared/schemas/pipeline';
import type {
  AidCeiling,
  ChecklistTemplate,
  Committee,
  FundingRequestSummary,
  Meeting,
  MeetingSummary,
} from '../../shared/schemas/pipeline-answers';
import { api } from '../api/client';
import { queryKeys } from '../api/query-keys';
import { useTranslation } from '../i18n';

/** The committee's calls (docs/decisions/0039, 0043); every write refreshes what it changed. */

export function useCommittees() {
  return useQuery({
    queryKey: queryKeys.committees,
    queryFn: async () => (await api<Committee[]>('GET', '/committees')).data,
  });
}

export function useSaveCommittee() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id: string | null; input: CommitteeInput }) =>
      (await api<Committee>(id ? 'PUT' : 'POST', id ? `/committees/${id}` : '/committees', { body: input })).data,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.committee }),
  });
}

export function useChecklistTemplates(fundId: string) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: queryKeys.checklistTemplates(fundId, i18n.language),
    queryFn: async () =>
      (await api<ChecklistTemplate[]>('GET', '/checklist_templates', { query: { 'filter[fund_id]': fundId } })).data,
    enabled: Boolean(fundId),
  });
}

export function useSaveTemplates() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: ChecklistTemplatesInput) =>
      (await api<ChecklistTemplate[]>('PUT', '/checklist_templates', { body: input })).data,
    onSuccess: () => client.invalidateQueries({ queryKey: ['committee', 'templates'] }),
  });
}

export function useAidCeiling(fundId: string) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: queryKeys.aidCeiling(fundId, i18n.language),
    queryFn: async () => (await api<AidCeiling>('GET', `/funds/${fundId}/aid_ceiling`)).data,
    enabled: Boolean(fundId),
  });
}

export function useSaveAidCeiling() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ fundId, input }: { fundId: string; input: AidCeilingInput }) =>
      (await api<AidCeiling>('PUT', `/funds/${fundId}/aid_ceiling`, { body: input })).data,
    // The checks shown on meetings read the ceiling too.
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.committee }),
  });
}

export function useMeetings() {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: queryKeys.meetings(i18n.language),
    queryFn: async () =>
      (await api<MeetingSummary[]>('GET', '/committee_meetings', { query: { 'page[size]': '50' } })).data,
  });
}

/** The requests an agenda may take: those ready for the committee. */
export function useReadyRequests(enabled: boolean) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: queryKeys.readyRequests(i18n.language),
    queryFn: async () =>
      (
        await api<FundingRequestSummary[]>('GET', '/funding_requests', {
          query: { 'filter[state]': 'ready_for_committee', 'page[size]': '50' },
        })
      ).data,
    enabled,
  });
}

export function useCreateMeeting() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: MeetingInput) =>
      (await api<Meeting>('POST', '/committee_meetings', { body: input })).data,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.committee }),
  });
}

export function useMeeting(id: string) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: queryKeys.meeting(id, i18n.language),
    queryFn: async () => (await api<Meeting>('GET', `/committee_meetings/${id}`)).data,
  });
}

/** A write on a meeting: its answer is the meeting as it is now, put straight into the cache. */
function useMeetingWrite<V>(id: string, send: (variables: V) => Promise<Meeting>) {
  const client = useQueryClient();
  const { i18n } = useTranslation();
  return useMutation({
    mutationFn: send,
    onSuccess: (meeting) => {
      client.setQueryData(queryKeys.meeting(id, i18n.language), meeting);
      void client.invalidateQueries({ queryKey: ['committee', 'meetings'] });
    },
  });
}

export const useSaveAttendance = (id: string) =>
  useMeetingWrite(
    id,
    async (presentMemberIds: string[]) =>
      (await api<Meeting>('PUT', `/committee_meetings/${id}/attendance`, { body: { presentMemberIds } })).data,
  );

export const useDeclareConflict = (id: string) =>
  useMeetingWrite(
    id,
    async ({ itemId, memberId, reason }: { itemId: string; memberId: string; reason: string }) =>
      (
        await api<Meeting>('POST', `/committee_meetings/${id}/agenda_items/${itemId}/conflicts`, {
          body: { memberId, reason },
        })
      ).data,
  );

export const useSaveVotes = (id: string) =>
  useMeetingWrite(
    id,
    async ({ itemId, votes }: { itemId: string; votes: VotesInput['votes'] }) =>
      (await api<Meeting>('PUT', `/committee_meetings/${id}/agenda_items/${itemId}/votes`, { body: { votes } })).data,
  );

export const useRecordDecision = (id: string) =>
  useMeetingWrite(
    id,
    async ({ itemId, input }: { itemId: string; input: DecisionInput }) =>
      (await api<Meeting>('POST', `/committee_meetings/${id}/agenda_items/${itemId}/decision`, { body: input })).data,
  );

/** Active staff, for a member's user (at most the first 50, sorted by name). */
export function useStaffOptions() {
  return useQuery({
    queryKey: queryKeys.userOptions('committee'),
    queryFn: async () =>
      (await api<{ id: string; fullName: string }[]>('GET', '/users/options', { query: { 'page[size]': '50' } })).data,
  });
}
