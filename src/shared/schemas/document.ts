import type { WebCatalogKey } from '../i18n/keys';
import { z } from 'zod';
import { ALLOWED_DOCUMENT_TYPES, MAX_UPLOAD_BYTES, type Locale } from '../constants';
import { DOCUMENT_NAME_MAX_LENGTH, formatFileSize, isDocumentFileType } from '../documents';
import { V, requiredId, requiredParsed, requiredText, withParams, wrongValue } from './common';
import { readCalendarDay } from './company-fields';

/**
 * docs/SPEC.md §5 "Document", shared by the document modal (react-hook-form + zodResolver) and the API.
 * The size limit is shown in the reader's units ("10 Mo" / "10 MB"), so the schemas that mention it
 * are built for a locale.
 */

/** i18n keys of the document rules, next to the generic ones of `V`. */
export const DV = {
  fileSize: 'errors.validations.fileSize',
  fileType: 'errors.validations.fileType',
  date: 'errors.validations.date',
  /** Answered by the API only: the category id is well formed but names no category. */
  unknownChoice: 'errors.validations.unknownChoice',
  /** Answered by the API only: `file_name` names no uploaded file (never uploaded, expired or tampered URL). */
  uploadMissing: 'errors.validations.uploadMissing',
  /** Answered by the API only: the upload is already the file of another document. */
  fileTaken: 'errors.validations.fileTaken',
} as const satisfies Record<string, WebCatalogKey>;

/** "The file must be at most 10 MB" (fileSize message with the max, docs/SPEC.md §5). */
export const fileSizeMessage = (locale: Locale) =>
  withParams(DV.fileSize, { max: formatFileSize(MAX_UPLOAD_BYTES, locale) });

/** "The file must be one of: application/pdf, image/jpeg" (fileType message listing them, docs/SPEC.md §5). */
export const fileTypeMessage = () => withParams(DV.fileType, { types: ALLOWED_DOCUMENT_TYPES.join(', ') });

/** What is wrong with a chosen file before it is uploaded, if anything: its size first, then its type. */
export function documentFileProblem(file: { size: number; type: string }, locale: Locale): string | undefined {
  if (file.size > MAX_UPLOAD_BYTES) return fileSizeMessage(locale);
  if (!isDocumentFileType(file.type)) return fileTypeMessage();
  return undefined;
}

/** A calendar date, YYYY-MM-DD: missing is "required", anything that is not a real day of the product's years says so. */
const requiredDate = () => requiredParsed((text) => readCalendarDay(text, { withTime: false, dateMessage: DV.date }));

/** What both a new document and an edit carry (and all an edit may change: it never re-uploads). */
export const documentFieldsSchema = z.object({
  name: requiredText(DOCUMENT_NAME_MAX_LENGTH),
  date: requiredDate(),
  categoryId: requiredId(),
});
export type DocumentFieldsInput = z.input<typeof documentFieldsSchema>;
export type DocumentFields = z.output<typeof documentFieldsSchema>;

/** `PATCH /companies/:companyId/documents/:id`: file fields sent anyway are dropped (an edit never re-uploads). */
export const documentUpdateSchema = documentFieldsSchema;

/**
 * `POST /companies/:companyId/documents`: the fields plus the upload (docs/SPEC.md §4): `fileName` is the
 * `unique_file_name` the presign answered; type and size are as the browser declared them, and the
 * server checks them again against the stored object.
 */
export const documentCreateSchema = (locale: Locale) =>
  documentFieldsSchema.extend({
    fileName: z
      .string({ error: wrongValue })
      .trim()
      .min(1, { error: V.required })
      .max(100, { error: DV.uploadMissing }),
    fileType: z
      .string({ error: wrongValue })
      .trim()
      .min(1, { error: V.required })
      .refine(isDocumentFileType, { error: fileTypeMessage() })
      .transform((value) => value as (typeof ALLOWED_DOCUMENT_TYPES)[number]),
    fileSize: z
      .number({ error: wrongValue })
      .int({ error: V.invalid })
      .min(1, { error: V.invalid })
      .max(MAX_UPLOAD_BYTES, { error: fileSizeMessage(locale) }),
  });
export type DocumentCreateInput = z.input<ReturnType<typeof documentCreateSchema>>;
export type DocumentCreate = z.output<ReturnType<typeof documentCreateSchema>>;

/** What the modal's file field holds: a browser File (only its size and type matter here). */
export interface ChosenFile {
  name: string;
  size: number;
  type: string;
}

/**
 * The modal (docs/SPEC.md §5 Document): name, date and category always; a new document also needs a file of
 * at most 10 MB that is a PDF or a JPEG. An edit has no file field.
 */
export const documentFormSchema = (locale: Locale, mode: 'new' | 'edit') =>
  documentFieldsSchema.extend({
    file:
      mode === 'edit'
        ? z.unknown().optional()
        : z.custom<ChosenFile | null>().superRefine((file, ctx) => {
            if (!file) {
              ctx.addIssue({ code: 'custom', message: V.required });
              return;
            }
            const problem = documentFileProblem(file, locale);
            if (problem) ctx.addIssue({ code: 'custom', message: problem });
          }),
  });
export type DocumentFormInput = z.input<ReturnType<typeof documentFormSchema>>;
