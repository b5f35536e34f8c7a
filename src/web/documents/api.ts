import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toSnake } from '../../shared/case';
import type { DocumentCategory, PresignedUpload } from '../../shared/companies';
import { DOCUMENT_EXTENSIONS, type CompanyDocument, type DocumentFileType, type DocumentSort } from '../../shared/documents';
import type { DocumentFields } from '../../shared/schemas/document';
import type { ListMeta } from '../../shared/wire';
import { api } from '../api/client';

const documentsKey = (companyId: string) => ['documents', companyId] as const;

/** Categories with their children, named in the interface language; fetched once per language (SPEC §7). */
export function useDocumentCategories() {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['lookups', '/documents/categories', i18n.language],
    queryFn: async () => (await api<DocumentCategory[]>('GET', '/documents/categories')).data,
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

export interface DocumentListParams {
  /** 0-based (SPEC §9), sent 1-based. */
  page: number;
  size: number;
  search: string;
  sort: DocumentSort;
  categoryId: string | null;
}

/** `-insertedAt` → `-inserted_at`: the wire spells sort fields in snake_case. */
const wireSort = (sort: DocumentSort) => (sort.startsWith('-') ? `-${toSnake(sort.slice(1))}` : toSnake(sort));

export function useDocumentsList(companyId: string, params: DocumentListParams) {
  return useQuery({
    queryKey: [...documentsKey(companyId), 'list', params],
    queryFn: async ({ signal }) => {
      const { data, meta } = await api<CompanyDocument[], ListMeta>('GET', `/companies/${companyId}/documents`, {
        query: {
          'page[number]': params.page + 1,
          'page[size]': params.size,
          sort: wireSort(params.sort),
          'filter[search]': params.search,
          'filter[category_id]': params.categoryId,
        },
        signal,
      });
      return { documents: data, meta };
    },
    placeholderData: keepPreviousData,
  });
}

/** What a new document is saved with once its file is in storage (SPEC §4). */
export interface NewDocument extends DocumentFields {
  fileName: string;
  fileType: DocumentFileType;
  fileSize: number;
}

function useDocumentMutation<TInput>(companyId: string, call: (input: TInput) => Promise<CompanyDocument>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentsKey(companyId) }),
  });
}

export const useCreateDocument = (companyId: string) =>
  useDocumentMutation(companyId, async (input: NewDocument) =>
    (await api<CompanyDocument>('POST', `/companies/${companyId}/documents`, { body: input })).data,
  );

export const useUpdateDocument = (companyId: string) =>
  useDocumentMutation(companyId, async ({ id, ...fields }: DocumentFields & { id: string }) =>
    (await api<CompanyDocument>('PATCH', `/companies/${companyId}/documents/${id}`, { body: fields })).data,
  );

export const useDeleteDocument = (companyId: string) =>
  useDocumentMutation(companyId, async (id: string) =>
    (await api<CompanyDocument>('DELETE', `/companies/${companyId}/documents/${id}`)).data,
  );

export class UploadError extends Error {
  constructor(readonly status: number) {
    super(`upload failed with status ${status}`);
    this.name = 'UploadError';
  }
}

/**
 * SPEC §4/§7 upload: a presigned PUT URL first, then the bytes PUT there with the signed content type.
 * XMLHttpRequest because fetch reports no upload progress. Resolves to the storage key to save with.
 */
export async function uploadDocumentFile(
  file: File,
  type: DocumentFileType,
  onProgress: (percent: number) => void,
  signal: AbortSignal,
): Promise<string> {
  const { data } = await api<PresignedUpload>('POST', '/assets/s3_presigned_url', {
    body: { method: 'PUT', fileExtension: DOCUMENT_EXTENSIONS[type] },
    signal,
  });
  await new Promise<void>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', data.url);
    xhr.setRequestHeader('content-type', data.contentType);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve();
      } else reject(new UploadError(xhr.status));
    };
    xhr.onerror = () => reject(new UploadError(0));
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    if (signal.aborted) {
      reject(new DOMException('aborted', 'AbortError'));
      return;
    }
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
  return data.uniqueFileName;
}
