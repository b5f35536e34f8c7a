import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { camelKeys } from '../../shared/case';
import { STORAGE_KEYS } from '../../shared/constants';
import type { LetterKind } from '../../shared/letters/fields';
import type { Letter, LetterSettings, LetterSettingsInput, LetterTemplate } from '../../shared/schemas/letters';
import type { ApiErrorBody } from '../../shared/wire';
import { api, ApiError, apiUrl } from './client';
import { queryKeys } from './query-keys';

/*
 * The letters' calls (docs/decisions/0074), here rather than in a feature: the Letter models page, the loan page
 * (servicing) and the request page (pipeline) use them, and no feature imports another.
 */

const lettersKey = ['letters'] as const;
const templatesKey = [...lettersKey, 'templates'] as const;
const settingsKey = [...lettersKey, 'settings'] as const;
const companyLettersKey = (companyId: string) => [...lettersKey, 'company', companyId] as const;

/** The models, with every field a model may use (the list's meta). */
export function useLetterTemplates() {
  return useQuery({
    queryKey: templatesKey,
    queryFn: async () => {
      const { data, meta } = await api<LetterTemplate[], { allowedFields: string[] }>('GET', '/letter_templates');
      return { templates: data, allowedFields: meta.allowedFields ?? [] };
    },
  });
}

export interface TemplateUpload {
  kind: LetterKind | '';
  name: string;
  language: string;
  file: File | null;
}

/**
 * Sends a model as a form with its file (multipart/form-data): the one call the JSON client cannot make. Errors
 * are the same ApiError as `api`, a refused file's messages under `detail.file`.
 */
async function postTemplate(upload: TemplateUpload): Promise<LetterTemplate> {
  const form = new FormData();
  form.set('kind', upload.kind);
  form.set('name', upload.name);
  form.set('language', upload.language);
  if (upload.file) form.set('file', upload.file, upload.file.name);
  const token = localStorage.getItem(STORAGE_KEYS.token);
  let response: Response;
  try {
    response = await fetch(apiUrl('/letter_templates'), {
      method: 'POST',
      headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: form,
    });
  } catch {
    throw new ApiError(0, { code: 'network_error', message: '' });
  }
  const payload = (await response.json().catch(() => undefined)) as
    { data?: unknown; errors?: ApiErrorBody } | undefined;
  if (!response.ok) throw new ApiError(response.status, payload?.errors ?? { code: 'http_error', message: '' });
  return camelKeys(payload?.data) as LetterTemplate;
}

export function useUploadTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: postTemplate,
    onSuccess: () => client.invalidateQueries({ queryKey: templatesKey }),
  });
}

export function useDeleteTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => (await api<{ id: string }>('DELETE', `/letter_templates/${id}`)).data,
    onSuccess: () => client.invalidateQueries({ queryKey: templatesKey }),
  });
}

export const templateFilePath = (id: string) => `/letter_templates/${id}/file`;

export function useLetterSettings() {
  return useQuery({
    queryKey: settingsKey,
    queryFn: async () => (await api<LetterSettings>('GET', '/letter_settings')).data,
  });
}

export function useSaveLetterSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: LetterSettingsInput) =>
      (await api<LetterSettings>('PUT', '/letter_settings', { body })).data,
    onSuccess: (data) => client.setQueryData(settingsKey, data),
  });
}

/** A company's letters, newest first. */
export function useCompanyLetters(companyId: string) {
  return useQuery({
    queryKey: companyLettersKey(companyId),
    queryFn: async () => (await api<Letter[]>('GET', `/companies/${companyId}/letters`)).data,
  });
}

/** Every write on a company's letters: refreshes them, its documents, its history and the tasks. */
function useLetterWrite<I>(companyId: string, call: (input: I) => Promise<Letter>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () =>
      Promise.all(
        [
          companyLettersKey(companyId),
          queryKeys.documents(companyId),
          queryKeys.events(companyId),
          queryKeys.tasks,
        ].map((queryKey) => client.invalidateQueries({ queryKey })),
      ),
  });
}

export function useGenerateLetter(companyId: string) {
  return useLetterWrite(
    companyId,
    async (body: { templateId: string; fundingRequestId?: string; financialContributionId?: string }) =>
      (await api<Letter>('POST', `/companies/${companyId}/letters`, { body })).data,
  );
}

export function useMarkLetter(companyId: string) {
  return useLetterWrite(
    companyId,
    async ({ id, to, documentId }: { id: string; to: 'sent' | 'signed'; documentId?: string }) =>
      (
        await api<Letter>('POST', `/companies/${companyId}/letters/${id}/${to}`, {
          body: to === 'signed' ? { documentId: documentId ?? '' } : {},
        })
      ).data,
  );
}
