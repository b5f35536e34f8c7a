import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Destruction,
  DestructionDue,
  Incident,
  IncidentDetail,
  Officer,
  PersonMatch,
  PrivacyRequest,
  RetentionRule,
} from '../../shared/schemas/privacy';
import { api } from '../api/client';

/** The privacy area's reads and writes (docs/decisions/0075): administrators', but the officer's contact. */
const keys = {
  incidents: ['privacy', 'incidents'] as const,
  incident: (id: string) => ['privacy', 'incidents', id] as const,
  rules: ['privacy', 'rules'] as const,
  due: ['privacy', 'due'] as const,
  destructions: ['privacy', 'destructions'] as const,
  requests: ['privacy', 'requests'] as const,
  people: (q: string) => ['privacy', 'people', q] as const,
};

export { useOfficer } from '../components/privacy-print-footer';

/** After a write, everything of the area is read again (a destruction changes the due list and the log). */
function useWrite<Input, Output>(run: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => client.invalidateQueries({ queryKey: ['privacy'] }),
  });
}

export const useSaveOfficer = () =>
  useWrite(async (body: Record<string, unknown>) => (await api<Officer>('PUT', '/privacy/officer', { body })).data);

export const useIncidents = () =>
  useQuery({
    queryKey: keys.incidents,
    queryFn: async () => (await api<Incident[]>('GET', '/privacy/incidents')).data,
  });

export const useIncident = (id: string | null) =>
  useQuery({
    queryKey: keys.incident(id ?? ''),
    enabled: id !== null,
    queryFn: async () => (await api<IncidentDetail>('GET', `/privacy/incidents/${id}`)).data,
  });

export const useSaveIncident = () =>
  useWrite(async ({ id, body }: { id: string | null; body: Record<string, unknown> }) =>
    id
      ? (await api<IncidentDetail>('PATCH', `/privacy/incidents/${id}`, { body })).data
      : (await api<IncidentDetail>('POST', '/privacy/incidents', { body })).data,
  );

export const useRules = () =>
  useQuery({
    queryKey: keys.rules,
    queryFn: async () => (await api<RetentionRule[]>('GET', '/privacy/retention_rules')).data,
  });

export const useSaveRules = () =>
  useWrite(
    async (rules: { categoryId: string | null; years: number; months: number }[]) =>
      (await api<RetentionRule[]>('PUT', '/privacy/retention_rules', { body: { rules } })).data,
  );

export const useDue = () =>
  useQuery({
    queryKey: keys.due,
    queryFn: async () => (await api<DestructionDue>('GET', '/privacy/destruction_due')).data,
  });

export const useDestructions = () =>
  useQuery({
    queryKey: keys.destructions,
    queryFn: async () => (await api<Destruction[]>('GET', '/privacy/destructions')).data,
  });

export const useDestroy = () =>
  useWrite(
    async (items: { kind: 'file' | 'document'; id: string }[]) =>
      (await api<Destruction[]>('POST', '/privacy/destructions', { body: { items } })).data,
  );

export const useRequests = () =>
  useQuery({
    queryKey: keys.requests,
    queryFn: async () => (await api<PrivacyRequest[]>('GET', '/privacy/requests')).data,
  });

export const useLogRequest = () =>
  useWrite(
    async (body: Record<string, unknown>) => (await api<PrivacyRequest>('POST', '/privacy/requests', { body })).data,
  );

export const useChangeRequest = () =>
  useWrite(
    async ({ id, body }: { id: string; body: Record<string, unknown> }) =>
      (await api<PrivacyRequest>('PATCH', `/privacy/requests/${id}`, { body })).data,
  );

export const usePeople = (q: string) =>
  useQuery({
    queryKey: keys.people(q),
    enabled: q.length > 0,
    queryFn: async () => (await api<PersonMatch[]>('GET', '/privacy/people', { query: { q } })).data,
  });
