import { randomUUID } from 'node:crypto';
import { UPLOAD_CONTENT_TYPES, type UploadExtension } from '../../../shared/companies';
import { MAX_UPLOAD_BYTES } from '../../../shared/constants';

export interface StoredObject {
  size: number;
  contentType: string | undefined;
}

/** One entry of `Storage.list`. */
export interface ListedObject {
  key: string;
  size: number;
  lastModified: Date;
}

export interface PresignGetOptions {
  /** Offer the file as a download under this name instead of showing it inline. */
  downloadName?: string;
}

/**
 * Files (avatars, documents) behind short-lived signed URLs: the browser uploads and downloads
 * directly, the API only signs. Two adapters: local disk (default) and S3 (when S3_BUCKET is set).
 */
export interface Storage {
  readonly kind: 'local' | 's3';
  /** A URL the browser PUTs the file to, with header `content-type: contentType`. */
  presignPut(key: string, contentType: string, maxBytes?: number): Promise<string>;
  /** A URL that serves the file; stable for a while so that browsers can cache it. */
  presignGet(key: string, options?: PresignGetOptions): Promise<string>;
  head(key: string): Promise<StoredObject | undefined>;
  /** The first `length` bytes (fewer when the file is shorter), to check what the file really is. */
  readStart(key: string, length: number): Promise<Buffer>;
  delete(key: string): Promise<void>;
  /** Stores a file the server itself made (a generated letter), under a key it generated. */
  write(key: string, body: Buffer, contentType: string): Promise<void>;
  /**
   * A copy of `from` under the new key `to`, made by the storage itself (no bytes through the API);
   * false when `from` does not exist. Used to seal an upload (`sealUpload`).
   */
  copy(from: string, to: string): Promise<boolean>;
  /**
   * Every object whose key has the server's own form (`isStorageKey`), in no particular order; anything
   * else sharing the folder or bucket is never listed, so the orphan sweep can never touch it.
   */
  list(): AsyncIterable<ListedObject>;
}

/** Upload URLs are good for a quarter of an hour. */
export const PUT_URL_TTL_SECONDS = 15 * 60;
/**
 * How long an upload may wait for the record that names it: past a day, no form is still open on it, and the
 * orphan sweep deletes it (ADR 0006); it no longer counts among the user's pending uploads (ADR 0034).
 */
export const UNATTACHED_UPLOAD_LIFETIME_MS = 24 * 3600 * 1000;
/**
 * Download URLs expire at the end of the next full hour: 1 to 2 hours from now, and the same URL for
 * a whole hour, so a list re-fetched every minute does not make the browser reload every avatar.
 */
export const GET_URL_BUCKET_SECONDS = 3600;

export function getUrlWindow(nowMs: number): { signedAt: number; expires: number } {
  const signedAt = Math.floor(nowMs / 1000 / GET_URL_BUCKET_SECONDS) * GET_URL_BUCKET_SECONDS;
  return { signedAt, expires: signedAt + 2 * GET_URL_BUCKET_SECONDS };
}

/** Keys are generated here, never taken from a client: a uuid and a known extension, nothing else. */
const KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|jpeg|png|pdf|docx)$/;

export function newStorageKey(extension: UploadExtension | 'docx'): string {
  return `${randomUUID()}.${extension}`;
}

export function isStorageKey(value: string): boolean {
  return KEY.test(value);
}

export function contentTypeOfKey(key: string): string | undefined {
  const extension = key.slice(key.lastIndexOf('.') + 1) as UploadExtension;
  return UPLOAD_CONTENT_TYPES[extension];
}

export { MAX_UPLOAD_BYTES };

/**
 * Seals an upload before a record refers to it (ADR 0015): the upload URL stays writable for its
 * whole life, so a record never points at the key it names. The object is copied to a fresh key that
 * no URL was ever signed for, and every check must then read that copy. Undefined when nothing was
 * uploaded. The caller deletes the upload once the record is saved, and the copy if it is not.
 */
export async function sealUpload(storage: Storage, uploadKey: string): Promise<string | undefined> {
  if (!isStorageKey(uploadKey)) return undefined;
  const sealed = newStorageKey(uploadKey.slice(uploadKey.lastIndexOf('.') + 1) as UploadExtension);
  return (await storage.copy(uploadKey, sealed)) ? sealed : undefined;
}
