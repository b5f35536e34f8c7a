import { z } from 'zod';
import { DOCUMENT_SORT_FIELDS, type CompanyDocument, type DocumentSortField } from '../../shared/documents';
import { companyDocumentSchema } from '../../shared/schemas/documents-answers';
import { DV, documentCreateSchema, documentUpdateSchema } from '../../shared/schemas/document';
import type { FeatureRoutes } from '../platform/route-deps';
import { userOf } from '../platform/auth/plugin';
import { AppError, invalid, notFound, badParameter } from '../platform/errors/app-error';
import { contract, envelopeOf, listMetaSchema, localeQuery, parsedInHandler, uuid } from '../platform/http/contract';
import {
  type ListOptions,
  listMeta,
  listQuerystring,
  pageWindow,
  parseListParams,
  searchFilter,
} from '../platform/http/list-params';
import { isUuid } from '../platform/http/params';
import { ok, parseBody, rawField } from '../platform/http/wire';
import { isStorageKey, type Storage } from '../platform/storage/storage';
import { checkNewDocument } from './checks';
import { enqueueDocumentText, handleDocumentText } from './content-indexing';
import { discardUnreferenced, startUploadSweeper } from './orphan-sweep';
import {
  categoryExists,
  deleteDocument,
  findDocument,
  insertDocument,
  listDocuments,
  updateDocument,
  withUploadsLock,
  type DocumentRow,
} from './store';
import { iso } from '../db/rows';
import { companyScope } from '../platform/lists/company-scope';

function categoryFilter(value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (!isUuid(value)) throw badParameter('filter[category_id]');
  return value.toLowerCase();
}

/** "Rapport 2025" + key "….pdf" → "Rapport 2025.pdf", without doubling an extension the name already has. */
function downloadNameOf(row: DocumentRow): string {
  const extension = row.fileName.slice(row.fileName.lastIndexOf('.'));
  return row.name.toLowerCase().endsWith(extension.toLowerCase()) ? row.name : `${row.name}${extension}`;
}

/** The wire shape, with the two signed links: the stored object itself is never public. */
async function toDocument(storage: Storage, row: DocumentRow): Promise<CompanyDocument> {
  const [fileUrl, downloadUrl] = await Promise.all([
    storage.presignGet(row.fileName),
    storage.presignGet(row.fileName, { downloadName: downloadNameOf(row) }),
  ]);
  return {
    id: row.id,
    companyId: row.companyId,
    name: row.name,
    date: row.date,
    categoryId: row.categoryId,
    fileName: row.fileName,
    fileType: row.fileType,
    fileSize: row.fileSize,
    fileUrl,
    downloadUrl,
    insertedAt: iso(row.insertedAt),
    updatedAt: iso(row.updatedAt),
    contentStatus: row.contentStatus,
    ...(row.highlight === undefined ? {} : { highlight: row.highlight }),
  };
}

/** The raw `file_name` of a body, before any validation: what to clean up when the save fails. */
function rawFileName(body: unknown): string | undefined {
  const value = rawField(body, 'fileName');
  return typeof value === 'string' && isStorageKey(value.trim()) ? value.trim() : undefined;
}

const LIST_OPTIONS: ListOptions<DocumentSortField> = {
  sortable: DOCUMENT_SORT_FIELDS,
  defaultSort: [{ field: 'name', direction: 'asc' }],
  filters: ['search', 'categoryId'],
};

const tags = ['documents'];
const companyParams = z.object({ companyId: uuid() });
const documentParams = companyParams.extend({ id: uuid() });
const oneDocument = envelopeOf(companyDocumentSchema);

/** docs/SPEC.md §7 documents of a company, for any signed-in user, plus the orphan-upload sweeper. */
export const documentRoutes: FeatureRoutes = async (app, { database, storage, lists, jobs }) => {
  const { db } = database;
  handleDocumentText(jobs, db, storage);

  /** An unknown company and a malformed id are both 404, before anything else is looked at. */
  const companyOf = companyScope(db, lists);

  /**
   * A refused save leaves nothing behind: the upload it named is deleted, unless
   * a record uses it (someone else's file named on purpose).
   */
  const discardUpload = (key: string | undefined) => discardUnreferenced(db, storage, key);

  app.get(
    '/companies/:companyId/documents',
    contract({
      summary: "A company's documents, a page",
      tags,
      params: companyParams,
      querystring: listQuerystring(LIST_OPTIONS),
      response: { 200: envelopeOf(z.array(companyDocumentSchema), listMetaSchema) },
    }),
    async (request) => {
      const companyId = await companyOf(request.params);
      const params = parseListParams(request.query, LIST_OPTIONS);
      const { limit, offset } = pageWindow(params);
      const { rows, total } = await listDocuments(db, lists, {
        companyId,
        search: searchFilter(params.filters['search']),
        categoryId: categoryFilter(params.filters['categoryId']),
        sort: params.sort,
        limit,
        offset,
      });
      const data = await Promise.all(rows.map((row) => toDocument(storage, row)));
      return ok(data, { ...listMeta(total, params.pageNumber, params.pageSize) });
    },
  );

  // The body is parsed in the handler, not declared: its messages depend on the request's language (the size
  // limit in the reader's units), and a refused body must also delete the upload it names.
  app.post(
    '/companies/:companyId/documents',
    contract({
      summary: 'Adds a document from an upload: file_name is the unique_file_name the presign answered',
      tags,
      params: companyParams,
      querystring: localeQuery,
      body: parsedInHandler(documentCreateSchema('en')),
      response: { 201: oneDocument },
    }),
    async (request, reply) => {
      const fileName = rawFileName(request.body);
      /** The sealed copy of the upload (ADR 0015), to delete if the row is not saved. */
      let sealed: string | undefined;
      let saved = false;
      try {
        const companyId = await companyOf(request.params);
        const input = parseBody(documentCreateSchema(request.locale), request.body);
        const row = await withUploadsLock(db, 'shared', async (tx) => {
          const { detail, upload } = await checkNewDocument(tx, storage, input, request.locale);
          sealed = upload?.key;
          if (Object.keys(detail).length > 0 || !upload) throw invalid(detail);
          const inserted = await insertDocument(
            tx,
            {
              companyId,
              name: input.name,
              date: input.date,
              categoryId: input.categoryId,
              fileName: upload.key,
              fileType: input.fileType,
              fileSize: upload.size,
              contentStatus: input.fileType === 'application/pdf' ? 'pending' : 'no_text',
            },
            userOf(request).id,
          );
          // The text is read after the save answers (ADR 0022), by whichever process claims the job.
          if (inserted.fileType === 'application/pdf') await enqueueDocumentText(tx, inserted.id);
          return inserted;
        });
        saved = true;
        // The record names the sealed copy; the upload, whose URL may still be live, has no more use.
        await discardUpload(fileName).catch((error: unknown) =>
          request.log.warn({ err: error, key: fileName }, 'upload of a saved document left for the orphan sweep'),
        );
        jobs.wake();
        return reply.code(201).send(ok(await toDocument(storage, row)));
      } catch (error) {
        // Not saved: the sealed copy has no record. Should this delete fail, the sweep takes it in a day.
        if (!saved && sealed) await storage.delete(sealed).catch(() => undefined);
        // Client mistakes only: after a 5xx the client may retry with the same upload.
        if (!saved && error instanceof AppError && error.status < 500) await discardUpload(fileName);
        throw error;
      }
    },
  );

  app.patch(
    '/companies/:companyId/documents/:id',
    contract({
      summary: "Changes a document's name, date and category",
      tags,
      params: documentParams,
      querystring: localeQuery,
      body: documentUpdateSchema,
      response: { 200: oneDocument },
    }),
    async (request) => {
      const companyId = await companyOf(request.params);
      const id = request.params.id;
      if (!(await findDocument(db, companyId, id))) throw notFound();
      const input = request.body;
      if (!(await categoryExists(db, input.categoryId))) {
        throw invalid({ category_id: [{ key: DV.unknownChoice, params: {} }] });
      }
      const row = await updateDocument(db, companyId, id, input, userOf(request).id);
      if (!row) throw notFound();
      return ok(await toDocument(storage, row));
    },
  );

  app.delete(
    '/companies/:companyId/documents/:id',
    contract({
      summary: 'Deletes a document and its file; answers it as it was',
      tags,
      params: documentParams,
      querystring: localeQuery,
      response: { 200: oneDocument },
    }),
    async (request) => {
      const companyId = await companyOf(request.params);
      const id = request.params.id;
      const row = await deleteDocument(db, companyId, id, userOf(request).id);
      if (!row) throw notFound();
      const answer = await toDocument(storage, row);
      // After the row is gone: a failure here leaves an orphan for the sweep (ADR 0006), never a row without
      // a file. The delete is done, so it is answered as done: a 5xx would invite a retry that finds nothing.
      await discardUpload(row.fileName).catch((error: unknown) =>
        request.log.warn({ err: error, key: row.fileName }, 'file of a deleted document left for the orphan sweep'),
      );
      return ok(answer);
    },
  );

  const sweeper = { current: undefined as ReturnType<typeof startUploadSweeper> | undefined };
  app.addHook('onReady', async () => {
    sweeper.current = startUploadSweeper(db, storage, app.log);
  });
  app.addHook('onClose', async () => {
    await sweeper.current?.stop();
  });
};
