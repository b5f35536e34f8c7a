import type { Locale } from '../../shared/constants';
import { isDocumentFileType } from '../../shared/documents';
import type { IssueMessage } from '../../shared/schemas/common';
import { DV, fileSizeMessage, fileTypeMessage, type DocumentCreate } from '../../shared/schemas/document';
import { parseMessage } from '../../shared/schemas/common';
import type { ErrorDetail } from '../platform/errors/app-error';
import { sniffType, SNIFF_BYTES } from '../platform/storage/file-signature';
import {
  contentTypeOfKey,
  isStorageKey,
  MAX_UPLOAD_BYTES,
  sealUpload,
  type Storage,
} from '../platform/storage/storage';
import type { Tx } from '../db/client';
import { categoryExists, referencedKeys } from './store';

const message = (key: string, params: Record<string, unknown> = {}): IssueMessage => ({ key, params });

/**
 * The upload as checked in storage: the sealed copy the record must name (never the upload's own key,
 * whose URL may still be live), and its real size, to be stored instead of the declared one.
 */
export interface CheckedUpload {
  key: string;
  size: number;
}

/**
 * What the schema cannot know about a new document: that its category exists, and that `fileName` is an
 * upload of ours that no record uses yet, at most 10 MB and really a PDF or a JPEG (by its first bytes)
 * of the declared type. Every problem is collected, so one 422 tells the modal everything.
 */
export async function checkNewDocument(
  tx: Tx,
  storage: Storage,
  input: DocumentCreate,
  locale: Locale,
): Promise<{ detail: ErrorDetail; upload?: CheckedUpload }> {
  const detail: ErrorDetail = {};
  const add = (field: string, issue: IssueMessage) => (detail[field] ??= []).push(issue);

  if (!(await categoryExists(tx, input.categoryId))) add('category_id', message(DV.unknownChoice));

  const upload = await checkUpload(tx, storage, input, locale);
  if ('field' in upload) add(upload.field, upload.issue);
  return { detail, upload: 'size' in upload ? upload : undefined };
}

async function checkUpload(
  tx: Tx,
  storage: Storage,
  input: DocumentCreate,
  locale: Locale,
): Promise<CheckedUpload | { field: string; issue: IssueMessage }> {
  const key = input.fileName;
  const typeProblem = { field: 'file_type', issue: parseMessage(fileTypeMessage()) };
  // Not a key the presign could have answered: nothing of ours to look at.
  if (!isStorageKey(key)) return { field: 'file_name', issue: message(DV.uploadMissing) };
  // A PNG (the avatar's other type) was asked for: not a document type, whatever it holds.
  const typeOfKey = contentTypeOfKey(key);
  if (!isDocumentFileType(typeOfKey) || typeOfKey !== input.fileType) return typeProblem;
  if ((await referencedKeys(tx, [key])).size > 0) return { field: 'file_name', issue: message(DV.fileTaken) };

  const object = await storage.head(key);
  // Never uploaded, or the PUT was refused (expired or tampered URL, too large on the local adapter).
  if (!object) return { field: 'file_name', issue: message(DV.uploadMissing) };
  // S3 cannot cap a presigned PUT: too large is refused before copying 10 MB for nothing.
  if (object.size > MAX_UPLOAD_BYTES) return { field: 'file_size', issue: parseMessage(fileSizeMessage(locale)) };
  const sealed = await sealUpload(storage, key);
  if (!sealed) return { field: 'file_name', issue: message(DV.uploadMissing) };
  // Every check from here reads the sealed copy: a PUT to the upload URL can no longer change it.
  const checked = await checkSealed(storage, sealed, input.fileType, locale);
  if (!('key' in checked)) await storage.delete(sealed);
  return checked;
}

async function checkSealed(
  storage: Storage,
  key: string,
  fileType: string,
  locale: Locale,
): Promise<CheckedUpload | { field: string; issue: IssueMessage }> {
  const object = await storage.head(key);
  if (!object) return { field: 'file_name', issue: message(DV.uploadMissing) };
  if (object.size > MAX_UPLOAD_BYTES) return { field: 'file_size', issue: parseMessage(fileSizeMessage(locale)) };
  // The bytes decide, not the name nor the declared type: an .exe renamed .pdf stops here.
  if (sniffType(await storage.readStart(key, SNIFF_BYTES)) !== fileType) {
    return { field: 'file_type', issue: parseMessage(fileTypeMessage()) };
  }
  return { key, size: object.size };
}
