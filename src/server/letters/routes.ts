/**
 * Letters from the body's own Word models (ADR 0074): models (administrators upload and delete, staff read), a
 * company's letters generated from a request's decision or a loan, marked sent then signed, and the settings.
 */
import { z } from 'zod';
import { MAX_UPLOAD_BYTES, type Locale } from '../../shared/constants';
import { allowedFieldList } from '../../shared/letters/fields';
import {
  generateLetterSchema,
  letterSchema,
  letterSettingsInputSchema,
  letterSettingsSchema,
  letterTemplateFieldsSchema,
  letterTemplateSchema,
  letterTemplateUploadSchema,
  letterTemplatesMetaSchema,
  signedLetterSchema,
  type Letter,
  type LetterTemplate,
} from '../../shared/schemas/letters';
import { parseMessage } from '../../shared/schemas/common';
import { snakePath } from '../../shared/case';
import { iso } from '../db/rows';
import { userOf } from '../platform/auth/plugin';
import { AppError, invalid, notFound } from '../platform/errors/app-error';
import { contract, envelopeContract, localeQuery, parsedInHandler, rawAnswer, uuid } from '../platform/http/contract';
import { ok } from '../platform/http/wire';
import { companyScope } from '../platform/lists/company-scope';
import type { FeatureRoutes } from '../platform/route-deps';
import type { Storage } from '../platform/storage/storage';
import {
  generateLetter,
  markLetterSent,
  markLetterSigned,
  saveLetterSettings,
  tooLarge,
  uploadTemplate,
} from './actions';
import {
  deleteTemplate,
  findTemplate,
  listTemplates,
  readLetters,
  readSettings,
  templateFile,
  type LetterRow,
  type TemplateRow,
} from './store';

const tags = ['letters'];
const idParams = z.object({ id: uuid() });
const companyParams = z.object({ companyId: uuid() });
const letterParams = companyParams.extend({ id: uuid() });

/** Room for the form's other parts around a file at the upload limit. */
const MULTIPART_SLACK = 64 * 1024;

/** A model's file as the form sent it; its bytes out of sight of the wire's key conversion and checks. */
class UploadedFile {
  readonly #bytes: Buffer;
  constructor(
    bytes: Buffer,
    readonly name: string,
  ) {
    this.#bytes = bytes;
  }
  get bytes(): Buffer {
    return this.#bytes;
  }
}

const toTemplate = (row: TemplateRow): LetterTemplate => ({
  id: row.id,
  kind: row.kind,
  name: row.name,
  language: row.language,
  fileName: row.fileName,
  fileSize: row.fileSize,
  fields: row.fields,
  insertedAt: iso(row.insertedAt),
});

async function toLetter(storage: Storage, row: LetterRow): Promise<Letter> {
  return {
    id: row.id,
    companyId: row.companyId,
    templateId: row.templateId,
    kind: row.kind,
    templateName: row.templateName,
    language: row.language,
    fundingRequestId: row.fundingRequestId,
    contributionId: row.contributionId,
    subjectName: row.subjectName,
    version: row.version,
    state: row.state,
    documentId: row.documentId,
    fileUrl:
      row.documentFile && row.documentName
        ? await storage.presignGet(row.documentFile, { downloadName: `${row.documentName}.docx` })
        : null,
    signedDocumentId: row.signedDocumentId,
    signedDocumentName: row.signedDocumentName,
    insertedAt: iso(row.insertedAt),
    sentAt: row.sentAt ? iso(row.sentAt) : null,
    signedAt: row.signedAt ? iso(row.signedAt) : null,
  };
}

export const letterRoutes: FeatureRoutes = async (app, { database, storage, lists }) => {
  const { db } = database;
  const companyOf = companyScope(db, lists);

  // The model's upload: a form with its file, read whole (it is small) and handed over as fields and a file.
  app.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_BYTES + MULTIPART_SLACK },
    async (request: { headers: Record<string, string | string[] | undefined> }, body: Buffer) => {
      let form: FormData;
      try {
        form = await new Request('http://upload.invalid/', {
          method: 'POST',
          headers: { 'content-type': String(request.headers['content-type'] ?? '') },
          body: new Uint8Array(body),
        }).formData();
      } catch {
        throw new AppError(400, 'bad_request', 'letters.errors.notMultipart');
      }
      const fields: Record<string, unknown> = {};
      for (const [name, value] of form.entries()) {
        if (name === 'file' && typeof value !== 'string') {
          fields['file'] = new UploadedFile(Buffer.from(await value.arrayBuffer()), value.name);
        } else if (typeof value === 'string' && ['kind', 'name', 'language'].includes(name)) {
          fields[name] = value;
        }
      }
      return fields;
    },
  );

  const templateAnswer = async (id: string) => {
    const row = await findTemplate(db, id);
    if (!row) throw notFound();
    return ok(toTemplate(row));
  };

  app.get(
    '/letter_templates',
    envelopeContract({
      summary: 'The letter models, with the fields each names; meta: every field a model may use (any staff)',
      tags,
      answer: z.array(letterTemplateSchema),
      meta: letterTemplatesMetaSchema,
    }),
    async () => ok((await listTemplates(db)).map(toTemplate), { allowedFields: allowedFieldList() }),
  );

  app.post(
    '/letter_templates',
    {
      ...envelopeContract({
        summary:
          'Adds a Word model (multipart: file, kind, name, language); 422 naming each unknown or malformed field, a file that is not a .docx or a zip bomb; 413 over the limit (administrators)',
        tags,
        body: parsedInHandler(letterTemplateUploadSchema),
        answer: letterTemplateSchema,
        status: 201,
      }),
      config: { access: 'admin' },
    },
    async (request, reply) => {
      const raw: unknown = request.body;
      if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
        throw new AppError(400, 'bad_request', 'letters.errors.notMultipart');
      }
      const body = raw as Record<string, unknown>;
      const parsed = letterTemplateFieldsSchema.safeParse(body);
      const detail: Record<string, ReturnType<typeof parseMessage>[]> = {};
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          (detail[snakePath(issue.path)] ??= []).push(parseMessage(issue.message));
        }
      }
      const file = body['file'];
      if (!(file instanceof UploadedFile) || file.bytes.length === 0) {
        detail['file'] = [{ key: 'letters.errors.fileRequired', params: {} }];
      } else if (file.bytes.length > MAX_UPLOAD_BYTES) {
        throw tooLarge(request.locale as Locale);
      }
      if (!parsed.success || Object.keys(detail).length > 0) throw invalid(detail);
      const row = await uploadTemplate(
        db,
        { ...parsed.data, fileName: (file as UploadedFile).name, bytes: (file as UploadedFile).bytes },
        userOf(request),
      );
      return reply.code(201).send(ok(toTemplate(row)));
    },
  );

  app.get(
    '/letter_templates/:id',
    envelopeContract({ summary: 'One letter model (any staff)', tags, params: idParams, answer: letterTemplateSchema }),
    async (request) => templateAnswer(request.params.id),
  );

  app.get(
    '/letter_templates/:id/file',
    contract({
      summary: 'Downloads a letter model’s Word file (any staff)',
      tags,
      params: idParams,
      querystring: localeQuery,
      response: { 200: rawAnswer('the .docx file, as an attachment') },
    }),
    async (request, reply) => {
      const row = await templateFile(db, request.params.id);
      if (!row) throw notFound();
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document')
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(row.fileName)}`)
        .header('cache-control', 'no-store')
        .send(row.file);
    },
  );

  app.delete(
    '/letter_templates/:id',
    {
      ...envelopeContract({
        summary: 'Deletes a letter model; letters generated from it stay (administrators)',
        tags,
        params: idParams,
        answer: z.object({ id: z.string() }),
      }),
      config: { access: 'admin' },
    },
    async (request) => {
      if (!(await deleteTemplate(db, request.params.id))) throw notFound();
      return ok({ id: request.params.id });
    },
  );

  const lettersAnswer = async (companyId: string) =>
    ok(await Promise.all((await readLetters(db, companyId)).map((row) => toLetter(storage, row))));
  const letterAnswer = async (companyId: string, id: string) => {
    const [row] = await readLetters(db, companyId, id);
    if (!row) throw notFound();
    return ok(await toLetter(storage, row));
  };

  app.get(
    '/companies/:companyId/letters',
    envelopeContract({
      summary: 'A company’s letters, newest first, with their state and file (any staff)',
      tags,
      params: companyParams,
      answer: z.array(letterSchema),
    }),
    async (request) => lettersAnswer(await companyOf(request.params)),
  );

  app.post(
    '/companies/:companyId/letters',
    envelopeContract({
      summary:
        'Generates a letter from a model for a request’s decision or a loan, filed as a company document (version n+1); 409 for a request without an approving decision (any staff)',
      tags,
      params: companyParams,
      body: generateLetterSchema,
      answer: letterSchema,
      status: 201,
    }),
    async (request, reply) => {
      const companyId = await companyOf(request.params);
      const id = await generateLetter({ db, storage }, companyId, request.body, userOf(request));
      return reply.code(201).send(await letterAnswer(companyId, id));
    },
  );

  app.post(
    '/companies/:companyId/letters/:id/sent',
    envelopeContract({
      summary: 'Marks a generated letter sent; 409 from any other state (any staff)',
      tags,
      params: letterParams,
      answer: letterSchema,
    }),
    async (request) => {
      const companyId = await companyOf(request.params);
      await markLetterSent(db, companyId, request.params.id, userOf(request));
      return letterAnswer(companyId, request.params.id);
    },
  );

  app.post(
    '/companies/:companyId/letters/:id/signed',
    envelopeContract({
      summary: 'Marks a sent letter signed with the signed copy (`document_id`, a document of the company) (any staff)',
      tags,
      params: letterParams,
      body: signedLetterSchema,
      answer: letterSchema,
    }),
    async (request) => {
      const companyId = await companyOf(request.params);
      await markLetterSigned(db, companyId, request.params.id, request.body.documentId, userOf(request));
      return letterAnswer(companyId, request.params.id);
    },
  );

  app.get(
    '/letter_settings',
    envelopeContract({
      summary: 'The body as letters name it, and each fund’s days to sign an offer letter (any staff)',
      tags,
      answer: letterSettingsSchema,
    }),
    async (request) => ok(await readSettings(db, request.locale as Locale)),
  );

  app.put(
    '/letter_settings',
    {
      ...envelopeContract({
        summary: 'Sets the body as letters name it and funds’ days to sign an offer letter (administrators)',
        tags,
        body: letterSettingsInputSchema,
        answer: letterSettingsSchema,
      }),
      config: { access: 'admin' },
    },
    async (request) => {
      await saveLetterSettings(db, request.body, userOf(request));
      return ok(await readSettings(db, request.locale as Locale));
    },
  );
};
