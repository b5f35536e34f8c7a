/**
 * Company contacts and notices to borrowers (docs/decisions/0073): the screens' queries. Here rather than in a
 * feature: the company page shows the contacts and may not import another feature.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Locale } from '../../shared/constants';
import type { ContactRole, NoticeKind, NoticeState, StatementFrequency } from '../../shared/notices/rules';
import type { Lookup } from '../../shared/companies';
import { api } from './client';
import { useLookup } from './lookups';
import { useTranslation } from '../i18n';

export interface Contact {
  id: string;
  companyId: string;
  name: string;
  email: string;
  locale: Locale;
  roles: ContactRole[];
  preferredFor: ContactRole[];
  ownerId: string | null;
}

export interface NoticeHold {
  companyId: string;
  held: boolean;
  reason: string | null;
  heldAt: string | null;
}

export interface ContactValues {
  name?: string;
  email: string;
  locale: Locale;
  roles: ContactRole[];
  preferredFor: ContactRole[];
  ownerId?: string;
}

export interface NoticeSettings {
  fundId: string;
  paymentDueEnabled: boolean;
  paymentDueDays: number;
  paymentLateEnabled: boolean;
  statementsDueEnabled: boolean;
  statementOfAccountEnabled: boolean;
  statementOfAccountFrequency: StatementFrequency;
  updatedAt: string | null;
}

export interface TemplateTexts {
  fr: { subject: string; body: string };
  en: { subject: string; body: string };
}

export interface NoticeTemplate extends TemplateTexts {
  kind: NoticeKind;
  fields: string[];
  customized: boolean;
}

export interface UpcomingNotice {
  key: string;
  kind: NoticeKind;
  companyId: string;
  companyName: string;
  loanId: string | null;
  loanNumber: string | null;
  reason: string;
  recipient: { name: string; email: string; locale: Locale } | null;
  held: boolean;
  holdReason: string | null;
}

export interface Notice {
  id: string;
  kind: NoticeKind;
  companyId: string;
  companyName: string;
  loanNumber: string | null;
  day: string;
  state: NoticeState;
  problem: string | null;
  recipient: string | null;
  subject: string | null;
}

const keys = {
  all: ['notices'] as const,
  contacts: (companyId: string) => ['notices', 'contacts', companyId] as const,
  settings: (fundId: string) => ['notices', 'settings', fundId] as const,
  template: (kind: string) => ['notices', 'template', kind] as const,
  upcoming: (date: string, language: Locale) => ['notices', 'upcoming', date, language] as const,
  list: (state: string, language: Locale) => ['notices', 'list', state, language] as const,
};

export function useContacts(companyId: string) {
  return useQuery({
    queryKey: keys.contacts(companyId),
    queryFn: async () => {
      const { data, meta } = await api<Contact[], { noticeHold: NoticeHold }>(
        'GET',
        `/companies/${companyId}/contacts`,
      );
      return { contacts: data, hold: meta.noticeHold };
    },
  });
}

function useNoticesMutation<I, T>(call: (input: I) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: keys.all });
      void queryClient.invalidateQueries({ queryKey: ['events'] });
    },
  });
}

export const useSaveContact = (companyId: string) =>
  useNoticesMutation(async ({ id, values }: { id: string | null; values: ContactValues }) => {
    const { data } = id
      ? await api<Contact>('PATCH', `/companies/${companyId}/contacts/${id}`, { body: values })
      : await api<Contact>('POST', `/companies/${companyId}/contacts`, { body: values });
    return data;
  });

export const useRemoveContact = (companyId: string) =>
  useNoticesMutation(
    async (id: string) => (await api<Contact>('DELETE', `/companies/${companyId}/contacts/${id}`)).data,
  );

export const useNoticeHold = () =>
  useNoticesMutation(
    async ({ companyId, held, reason }: { companyId: string; held: boolean; reason?: string }) =>
      (await api<NoticeHold>('PUT', `/companies/${companyId}/notice_hold`, { body: { held, reason } })).data,
  );

export const useFunds = () => useLookup<Lookup>('/contribution_funds');

export function useNoticeSettings(fundId: string | null) {
  return useQuery({
    queryKey: keys.settings(fundId ?? ''),
    queryFn: async () => (await api<NoticeSettings>('GET', `/funds/${fundId}/notice_settings`)).data,
    enabled: fundId !== null,
  });
}

export const useSaveNoticeSettings = () =>
  useNoticesMutation(
    async ({ fundId, ...body }: Omit<NoticeSettings, 'updatedAt'>) =>
      (await api<NoticeSettings>('PUT', `/funds/${fundId}/notice_settings`, { body })).data,
  );

export function useNoticeTemplate(kind: NoticeKind) {
  return useQuery({
    queryKey: keys.template(kind),
    queryFn: async () => (await api<NoticeTemplate>('GET', `/notice_templates/${kind}`)).data,
  });
}

export const useSaveNoticeTemplate = (kind: NoticeKind) =>
  useNoticesMutation(
    async (texts: TemplateTexts) =>
      (await api<NoticeTemplate>('PUT', `/notice_templates/${kind}`, { body: texts })).data,
  );

export const usePreviewNotice = (kind: NoticeKind) =>
  useMutation({
    mutationFn: async (input: TemplateTexts & { loanId: string }) =>
      (await api<TemplateTexts>('POST', `/notice_templates/${kind}/preview`, { body: input })).data,
  });

export function useUpcomingNotices(date: string) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: keys.upcoming(date, i18n.language),
    queryFn: async () => (await api<UpcomingNotice[]>('GET', '/notices/upcoming', { query: { date } })).data,
  });
}

export function useNoticeList(state: NoticeState) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: keys.list(state, i18n.language),
    queryFn: async () =>
      (await api<Notice[]>('GET', '/notices', { query: { 'filter[state]': state, 'page[size]': '50' } })).data,
  });
}

/** Loans to preview a text with: the portfolio's current loans (the aging table's first bucket). */
export function usePreviewLoans() {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['notices', 'previewLoans', i18n.language],
    queryFn: async () =>
      (
        await api<Array<{ contributionId: string; loanNumber: string; companyName: string }>>(
          'GET',
          '/portfolio/arrears_aging/loans',
          { query: { 'filter[bucket]': 'current', 'page[size]': '50' } },
        )
      ).data,
  });
}
