import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { copyFile, mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  getUrlWindow,
  isStorageKey,
  MAX_UPLOAD_BYTES,
  PUT_URL_TTL_SECONDS,
  type PresignGetOptions,
  type Storage,
  type StoredObject,
} from './storage';

/** What a signed URL allows, as read back from its query string. */
export interface SignedRequest {
  method: 'PUT' | 'GET';
  key: string;
  expires: number;
  contentType?: string;
  maxBytes?: number;
  downloadName?: string;
}

export type Verdict =
  { ok: true; request: SignedRequest } | { ok: false; reason: 'bad_key' | 'bad_signature' | 'expired' };

export interface LocalStorage extends Storage {
  readonly kind: 'local';
  /** Checks a request against its signature and expiry; the query is as Fastify parsed it. */
  verify(method: 'PUT' | 'GET', key: string, query: Record<string, unknown>): Verdict;
  openRead(key: string): Promise<{ stream: ReadStream; object: StoredObject } | undefined>;
}

interface Options {
  dir: string;
  /** Derived from the app secret; only this process family can sign. */
  secret: string;
  /** Path the API serves files under, e.g. `/api/storage`. */
  urlBase: string;
  /** For tests of expiry. */
  now?: () => number;
}

interface Meta {
  contentType: string;
  size: number;
}

/** A separate key for URL signatures, so that a URL signature can never pass for a session token. */
export function storageSigningKey(appSecret: string): Buffer {
  return createHmac('sha256', appSecret).update('atrium/storage-url-signatures/v1').digest();
}

function canonical(request: SignedRequest): string {
  return [
    request.method,
    request.key,
    String(request.expires),
    request.contentType ?? '',
    request.maxBytes === undefined ? '' : String(request.maxBytes),
    request.downloadName ?? '',
  ].join('\n');
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/**
 * Files under DATA_DIR/uploads, one file per key plus a `.meta.json` with its content type. URLs are
 * HMAC-signed over everything they allow (method, key, expiry, content type, size, download name), so
 * changing any part of one breaks it. Keys are checked against the server's own format before any path
 * is built, which rules out traversal.
 */
export async function createLocalStorage(options: Options): Promise<LocalStorage> {
  const dir = path.resolve(options.dir);
  await mkdir(dir, { recursive: true });
  const key = storageSigningKey(options.secret);
  const now = options.now ?? (() => Date.now());
  const sign = (request: SignedRequest) => createHmac('sha256', key).update(canonical(request)).digest('base64url');

  const fileOf = (storageKey: string) => {
    if (!isStorageKey(storageKey)) throw new Error('invalid storage key');
    return path.join(dir, storageKey);
  };
  const metaOf = (storageKey: string) => `${fileOf(storageKey)}.meta.json`;

  const url = (request: SignedRequest) => {
    const query = new URLSearchParams();
    if (request.contentType) query.set('content_type', request.contentType);
    if (request.maxBytes !== undefined) query.set('max_bytes', String(request.maxBytes));
    if (request.downloadName) query.set('filename', request.downloadName);
    query.set('expires', String(request.expires));
    query.set('signature', sign(request));
    return `${options.urlBase}/${request.key}?${query.toString()}`;
  };

  async function head(storageKey: string): Promise<StoredObject | undefined> {
    try {
      const meta = JSON.parse(await readFile(metaOf(storageKey), 'utf8')) as Meta;
      return { size: meta.size, contentType: meta.contentType };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  return {
    kind: 'local',

    async presignPut(storageKey, contentType, maxBytes = MAX_UPLOAD_BYTES) {
      fileOf(storageKey);
      const expires = Math.floor(now() / 1000) + PUT_URL_TTL_SECONDS;
      return url({
        method: 'PUT',
        key: storageKey,
        expires,
        contentType,
        maxBytes: Math.min(maxBytes, MAX_UPLOAD_BYTES),
      });
    },

    async presignGet(storageKey, getOptions: PresignGetOptions = {}) {
      fileOf(storageKey);
      const { expires } = getUrlWindow(now());
      return url({ method: 'GET', key: storageKey, expires, downloadName: getOptions.downloadName });
    },

    verify(method, storageKey, query) {
      if (!isStorageKey(storageKey)) return { ok: false, reason: 'bad_key' };
      const expires = Number(text(query['expires']));
      const maxBytes = text(query['max_bytes']);
      const request: SignedRequest = {
        method,
        key: storageKey,
        expires,
        contentType: text(query['content_type']),
        maxBytes: maxBytes === undefined ? undefined : Number(maxBytes),
        downloadName: text(query['filename']),
      };
      const given = Buffer.from(text(query['signature']) ?? '', 'base64url');
      const expected = Buffer.from(sign(request), 'base64url');
      if (!Number.isInteger(expires) || given.length !== expected.length || !timingSafeEqual(given, expected)) {
        return { ok: false, reason: 'bad_signature' };
      }
      if (method === 'PUT' && (!request.contentType || request.maxBytes === undefined)) {
        return { ok: false, reason: 'bad_signature' };
      }
      if (expires * 1000 <= now()) return { ok: false, reason: 'expired' };
      return { ok: true, request };
    },

    async write(storageKey, body, contentType) {
      const file = fileOf(storageKey);
      // Written aside then renamed: a reader never sees half a file, and meta last means "complete".
      const temp = `${file}.${randomUUID()}.tmp`;
      try {
        await writeFile(temp, body);
        await rename(temp, file);
      } finally {
        await rm(temp, { force: true });
      }
      const meta: Meta = { contentType, size: body.length };
      await writeFile(metaOf(storageKey), JSON.stringify(meta));
    },

    async openRead(storageKey) {
      const object = await head(storageKey);
      if (!object) return undefined;
      return { stream: createReadStream(fileOf(storageKey)), object };
    },

    head,

    async readStart(storageKey, length) {
      const handle = await open(fileOf(storageKey), 'r');
      try {
        const buffer = Buffer.alloc(length);
        const { bytesRead } = await handle.read(buffer, 0, length, 0);
        return buffer.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    },

    async copy(from, to) {
      const object = await head(from);
      if (!object) return false;
      const file = fileOf(to);
      // Like write: aside then renamed, meta last. The copy's mtime is now, so the orphan sweep gives
      // it a full day like a fresh upload.
      const temp = `${file}.${randomUUID()}.tmp`;
      try {
        await copyFile(fileOf(from), temp);
        await rename(temp, file);
      } catch (error) {
        // The upload vanished between head and copy (a sweep, a concurrent save): nothing to seal.
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
        throw error;
      } finally {
        await rm(temp, { force: true });
      }
      // The size is the copy's own, not the source's meta: a PUT may have landed in between.
      const meta: Meta = { contentType: object.contentType ?? '', size: (await stat(file)).size };
      await writeFile(metaOf(to), JSON.stringify(meta));
      return true;
    },

    async delete(storageKey) {
      await rm(metaOf(storageKey), { force: true });
      await rm(fileOf(storageKey), { force: true });
    },

    async *list() {
      for (const name of await readdir(dir)) {
        // Meta files and half-written `.tmp` files are not objects; a key without meta (a crash between
        // the rename and the meta) still is, so that the sweep removes it.
        if (!isStorageKey(name)) continue;
        try {
          const info = await stat(path.join(dir, name));
          yield { key: name, size: info.size, lastModified: info.mtime };
        } catch (error) {
          // Deleted between readdir and stat.
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        }
      }
    },
  };
}

/** The local adapter needs its routes; S3 serves its own URLs. */
export function isLocalStorage(storage: Storage): storage is LocalStorage {
  return storage.kind === 'local' && 'verify' in storage;
}
