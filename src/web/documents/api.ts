import { useQuery } from '@tanstack/react-query';
import { toSnake } from '../../shared/case';
import type { DocumentCategory } from '../../shared/companies';
import {
  DOCUMENT_EXTENSIONS,
  type CompanyDocument,
  type DocumentFileType,
  type DocumentSort,
} from '../../shared/documents';
import type { DocumentFields } from '../../shared/schemas/document';
import { listQuery, type PageParams } from '../api/list-query';
import { useLookup } from '../api/lookups';
import { queryKeys } from '../api/query-keys';
import { companyRecordWrites } from '../api/company-records';
import { uploadFile } from '../api/upload';

const documentsKey = queryKeys.documents;

/** Categories with their children, named in the interface language; fetched once per language (docs/SPEC.md §7). */
export const useDocumentCategories = () => useLookup<DocumentCategory>('/documents/categories');

export interface DocumentListParams extends PageParams {
  sort: DocumentSort;
  categoryId: string | null;
}

/** `-insertedAt` → `-inserted_at`: the wire spells sort fields in snake_case. */
const wireSort = (sort: DocumentSort) => (sort.startsWith('-') ? `-${toSnake(sort.slice(1))}` : toSnake(sort));

export function useDocumentsList(companyId: string, params: DocumentListParams) {
  return useQuery(
    listQuery<'documents', CompanyDocument>(
      'documents',
      [...documentsKey(companyId), 'list', params],
      `/companies/${companyId}/documents`,
      params,
      { sort: wireSort(params.sort), 'filter[category_id]': params.categoryId },
    ),
  );
}

/** What a new document is saved with once its file is in storage (docs/SPEC.md §4). */
export interface NewDocument extends DocumentFields {
  fileName: string;
  fileType: DocumentFileType;
  fileSize: number;
}

const documentWrites = companyRecordWrites<CompanyDocument, NewDocument, DocumentFields>('documents');
export const useCreateDocument = documentWrites.useCreate;
export const useUpdateDocument = documentWrites.useUpdate;
export const useDeleteDocument = documentWrites.useDelete;

/** The file of a new document, uploaded with progress before the document is saved (docs/SPEC.md §4). */
export const uploadDocumentFile = (
  file: File,
  type: DocumentFileType,
  onProgress: (percent: number) => void,
  signal: AbortSignal,
): Promise<string> => uploadFile(file, DOCUMENT_EXTENSIONS[type], onProgress, signal);
