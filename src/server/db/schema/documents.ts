import { sql } from 'drizzle-orm';
import { check, customType, date, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { CONTENT_STATUSES } from '../../../shared/documents';
import { MAX_UPLOAD_BYTES, STORED_DOCUMENT_TYPES } from '../../../shared/constants';
import { companyRecord } from './companies';
import { documentCategories } from './lookups';
import { oneOf, requiredRef, timestamps } from './columns';

/** PostgreSQL's tsvector, only ever written by the database (a generated column) and matched in SQL. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * Documents of a company (docs/SPEC.md §3 document). The file itself is in storage under `file_name` (a key the
 * server generated, uuid + extension); the row is written only once that object was checked.
 */
export const documents = pgTable(
  'documents',
  {
    // A company's hard delete takes its documents; the orphan sweep then removes their files
    // (docs/decisions/0006-orphan-uploads.md).
    ...companyRecord,
    categoryId: requiredRef('category_id', () => documentCategories.id, 'restrict'),
    name: text('name').notNull(),
    /** The document's own date (a calendar day), not the upload's. */
    date: date('date', { mode: 'string' }).notNull(),
    /** Storage key; one file belongs to one document only, so deleting a document may delete its file. */
    fileName: text('file_name').notNull().unique(),
    fileType: text('file_type', { enum: STORED_DOCUMENT_TYPES }).notNull(),
    /** As measured in storage when the document was saved. */
    fileSize: integer('file_size').notNull(),
    /**
     * Where the text of the file stands (ADR 0022): `pending` until the background extraction ran,
     * then `indexed`, `no_text` (a JPEG or a scanned PDF without a text layer) or `failed`.
     */
    contentStatus: text('content_status', { enum: CONTENT_STATUSES }).notNull().default('pending'),
    /** The extracted text; null unless indexed. */
    contentText: text('content_text'),
    /** Why the extraction failed (a stable code: encrypted, unreadable, too_large, timeout, …), for operators. */
    contentError: text('content_error'),
    /** Name and content in both languages' configurations (migration 0010), for the full-text search. */
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('public.atrium_fr'::regconfig, name), 'A') || setweight(to_tsvector('public.atrium_en'::regconfig, name), 'A') || setweight(to_tsvector('public.atrium_fr'::regconfig, coalesce(content_text, '')), 'B') || setweight(to_tsvector('public.atrium_en'::regconfig, coalesce(content_text, '')), 'B')`,
      ),
    ...timestamps,
  },
  (t) => [
    // filter[search]: LIKE '%word%' on the folded name, answered by a trigram index.
    index('documents_search_trgm_idx').using('gin', sql`public.f_search_text(${t.name}) gin_trgm_ops`),
    // The three sorts of the list, each within one company; the name sort is accent-insensitive
    // ("École" among the E), so its index is on the folded name, like the ORDER BY.
    index('documents_company_name_idx').on(t.companyId, sql`public.f_search_text(${t.name})`, t.id),
    index('documents_company_date_idx').on(t.companyId, t.date, t.insertedAt),
    index('documents_company_inserted_at_idx').on(t.companyId, t.insertedAt),
    index('documents_category_idx').on(t.categoryId),
    index('documents_search_vector_idx').using('gin', t.searchVector),
    check('documents_content_status_check', sql`${t.contentStatus} in ('pending', 'indexed', 'no_text', 'failed')`),
    oneOf('documents_file_type_check', t.fileType, STORED_DOCUMENT_TYPES),
    check(
      'documents_file_size_check',
      sql`${t.fileSize} > 0 and ${t.fileSize} <= ${sql.raw(String(MAX_UPLOAD_BYTES))}`,
    ),
  ],
);
