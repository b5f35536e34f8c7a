import { z } from 'zod';
import { STORED_DOCUMENT_TYPES } from '../constants';
import { CONTENT_STATUSES } from '../documents';

/** One document as `GET /companies/:companyId/documents` answers it (the API contract; `CompanyDocument` is its type). */
export const companyDocumentSchema = z.object({
  id: z.string(),
  companyId: z.string(),
  name: z.string(),
  /** YYYY-MM-DD. */
  date: z.string(),
  categoryId: z.string(),
  /** The storage key, as `unique_file_name` answered it before the upload. */
  fileName: z.string(),
  fileType: z.enum(STORED_DOCUMENT_TYPES),
  /** Bytes, as measured in storage (not as declared by the client). */
  fileSize: z.number().int(),
  /** Signed, expiring URL that shows the file in the browser (inline). */
  fileUrl: z.string(),
  /** Signed, expiring URL that downloads the file under the document's name. */
  downloadUrl: z.string(),
  insertedAt: z.string(),
  updatedAt: z.string(),
  contentStatus: z.enum(CONTENT_STATUSES),
  /** Only in an answer to `filter[search]`: the name or an excerpt of the content around the match, as marked text. */
  highlight: z.string().optional(),
});
