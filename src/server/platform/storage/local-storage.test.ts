import { beforeAll, describe, expect, it } from 'vitest';
import { readdir, rm, symlink } from 'node:fs/promises';
import path from 'node:path';
import { TEST_SECRET, useTestApp } from '../../test/harness';
import { JPEG_BYTES, PDF_BYTES } from '../../test/images';
import { createLocalStorage, type LocalStorage } from './local-storage';
import { MAX_UPLOAD_BYTES, newStorageKey } from './storage';

/** Signs like the app does (same directory, same secret): the app must accept what it signs. */
let signer: LocalStorage;
/** The same, one hour in the past: its URLs have expired. */
let pastSigner: LocalStorage;

const t = useTestApp();
beforeAll(async () => {
  const dir = path.join(t.dataDir, 'uploads');
  signer = await createLocalStorage({ dir, secret: TEST_SECRET, urlBase: '/api/storage' });
  pastSigner = await createLocalStorage({
    dir,
    secret: TEST_SECRET,
    urlBase: '/api/storage',
    now: () => Date.now() - 2 * 3600 * 1000 - 1000,
  });
});

const put = (url: string, body: Buffer, contentType = 'image/jpeg') =>
  t.inject({ method: 'PUT', url, headers: { 'content-type': contentType }, payload: body });
const get = (url: string) => t.inject({ method: 'GET', url });

/** Changes one query parameter of a signed URL. */
function tamper(url: string, name: string, value: string): string {
  const parsed = new URL(url, 'http://x');
  parsed.searchParams.set(name, value);
  return `${parsed.pathname}?${parsed.searchParams.toString()}`;
}

describe('local storage on a full disk', () => {
  it('answers an upload that cannot be written with a storage-full message that sends to the administrator', async () => {
    // The upload's last write (its meta, written last to say "complete") lands on /dev/full: the kernel's own
    // ENOSPC, as on a full disk.
    const key = newStorageKey('jpg');
    await symlink('/dev/full', path.join(t.dataDir, 'uploads', `${key}.meta.json`));
    const putUrl = await signer.presignPut(key, 'image/jpeg');
    const fr = await put(putUrl, JPEG_BYTES);
    expect(fr.statusCode, fr.body).toBe(503);
    expect(fr.headers['retry-after']).toBeUndefined();
    expect(fr.json().errors).toEqual({
      code: 'storage_full',
      message: 'L’espace de stockage est plein : rien n’a été enregistré. Communiquez avec votre administrateur.',
    });
    const en = await put(`${putUrl}&locale=en`, JPEG_BYTES);
    expect(en.statusCode).toBe(503);
    expect(en.json().errors.message).toBe(
      'The storage is full, so nothing was saved. Please contact your administrator.',
    );
    // Never complete (no meta of its own): once the disk has room, the file is not served as if it were.
    await rm(path.join(t.dataDir, 'uploads', `${key}.meta.json`));
    expect(await signer.head(key)).toBeUndefined();
    expect((await get(await signer.presignGet(key))).statusCode).toBe(404);
  });
});

describe('local storage: signed URLs served by the API', () => {
  it('stores a PUT and serves it back with its content type, a disposition and nosniff', async () => {
    const key = newStorageKey('jpg');
    const putUrl = await signer.presignPut(key, 'image/jpeg');
    expect(putUrl).toMatch(new RegExp(`^/api/storage/${key}\\?`));
    const stored = await put(putUrl, JPEG_BYTES);
    expect(stored.statusCode).toBe(200);
    expect(await signer.head(key)).toEqual({ size: JPEG_BYTES.length, contentType: 'image/jpeg' });

    const res = await get(await signer.presignGet(key));
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(JPEG_BYTES)).toBe(true);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toMatch(/^inline; filename="/);
    expect(res.headers['cache-control']).toMatch(/^private, max-age=\d+/);

    const download = await get(await signer.presignGet(key, { downloadName: 'Relevé 2025.jpg' }));
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="Releve 2025.jpg"; filename*=UTF-8''Relev%C3%A9%202025.jpg`,
    );
  });

  it('signs the same GET URL for a while, so that browsers can cache it', async () => {
    const key = newStorageKey('png');
    expect(await signer.presignGet(key)).toBe(await signer.presignGet(key));
  });

  it('refuses expired URLs', async () => {
    const key = newStorageKey('jpg');
    const expiredPut = await put(await pastSigner.presignPut(key, 'image/jpeg'), JPEG_BYTES);
    expect(expiredPut.statusCode).toBe(403);
    expect(expiredPut.json().errors.code).toBe('url_expired');
    await put(await signer.presignPut(key, 'image/jpeg'), JPEG_BYTES);
    const expiredGet = await get(await pastSigner.presignGet(key));
    expect(expiredGet.statusCode).toBe(403);
    expect(expiredGet.json().errors.code).toBe('url_expired');
  });

  it('refuses tampered URLs: signature, expiry, size, content type, key, method', async () => {
    const key = newStorageKey('jpg');
    const putUrl = await signer.presignPut(key, 'image/jpeg');
    const signature = new URL(putUrl, 'http://x').searchParams.get('signature')!;
    const flipped = (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1);
    const far = String(Math.floor(Date.now() / 1000) + 365 * 24 * 3600);
    for (const url of [
      tamper(putUrl, 'signature', flipped),
      tamper(putUrl, 'signature', ''),
      tamper(putUrl, 'expires', far),
      tamper(putUrl, 'max_bytes', String(MAX_UPLOAD_BYTES * 10)),
      tamper(putUrl, 'content_type', 'text/html'),
      putUrl.replace(key, newStorageKey('jpg')),
    ]) {
      const res = await put(url, JPEG_BYTES, new URL(url, 'http://x').searchParams.get('content_type') ?? 'image/jpeg');
      expect(res.statusCode, url).toBe(403);
      expect(res.json().errors.code).toBe('invalid_signature');
    }
    // A PUT URL does not allow a GET, nor a GET URL a PUT.
    expect((await get(putUrl)).statusCode).toBe(403);
    await put(putUrl, JPEG_BYTES);
    expect((await put(await signer.presignGet(key), JPEG_BYTES)).statusCode).toBe(403);
    // Nothing but the one signed upload was written.
    const files = await readdir(path.join(t.dataDir, 'uploads'));
    expect(files.filter((f) => !f.endsWith('.meta.json')).every((f) => /^[0-9a-f-]{36}\.(jpg|png|pdf)$/.test(f))).toBe(
      true,
    );
  });

  it('enforces the signed content type (415)', async () => {
    const key = newStorageKey('jpg');
    const url = await signer.presignPut(key, 'image/jpeg');
    const html = await put(url, Buffer.from('<script>alert(1)</script>'), 'text/html');
    expect(html.statusCode).toBe(415);
    const none = await t.inject({ method: 'PUT', url, payload: JPEG_BYTES });
    expect(none.statusCode).toBe(415);
    expect(await signer.head(key)).toBeUndefined();
    expect((await put(url, JPEG_BYTES, 'image/jpeg; charset=binary')).statusCode).toBe(200);
  });

  it('refuses more than 10 MB (413) and keeps nothing', async () => {
    const key = newStorageKey('pdf');
    const url = await signer.presignPut(key, 'application/pdf');
    const res = await put(url, Buffer.alloc(MAX_UPLOAD_BYTES + 1, 1), 'application/pdf');
    expect(res.statusCode).toBe(413);
    expect(res.json().errors.code).toBe('payload_too_large');
    expect(await signer.head(key)).toBeUndefined();
    expect((await put(url, PDF_BYTES, 'application/pdf')).statusCode).toBe(200);
  });

  it('cannot be led outside the uploads folder', async () => {
    const key = newStorageKey('jpg');
    const query = new URL(await signer.presignGet(key), 'http://x').search;
    for (const evil of [
      '..%2F..%2Fsecret',
      '%2e%2e%2fsecret',
      '..%5Csecret',
      `${key}%2F..%2F..%2Fsecret`,
      `${key}.meta.json`,
      'secret',
    ]) {
      const res = await get(`/api/storage/${evil}${query}`);
      expect(res.statusCode, evil).toBe(404);
      expect(res.body).not.toContain(TEST_SECRET);
    }
    expect((await get(`/api/storage/../secret${query}`)).statusCode).not.toBe(200);
    await expect(signer.presignGet('../secret')).rejects.toThrow();
    await expect(signer.head('../../etc/passwd')).rejects.toThrow();
  });

  it('answers 404 for a well-signed URL of a file that was never uploaded', async () => {
    const res = await get(await signer.presignGet(newStorageKey('png')));
    expect(res.statusCode).toBe(404);
  });

  it('copies an object under a new key that the upload URL does not reach; false for a missing one', async () => {
    const key = newStorageKey('pdf');
    const url = await signer.presignPut(key, 'application/pdf');
    expect((await put(url, PDF_BYTES, 'application/pdf')).statusCode).toBe(200);
    const copy = newStorageKey('pdf');
    expect(await signer.copy(key, copy)).toBe(true);
    expect(await signer.head(copy)).toEqual({ size: PDF_BYTES.length, contentType: 'application/pdf' });
    expect((await put(url, JPEG_BYTES, 'application/pdf')).statusCode).toBe(200);
    expect((await get(await signer.presignGet(copy))).rawPayload.equals(PDF_BYTES)).toBe(true);
    expect(await signer.copy(newStorageKey('pdf'), newStorageKey('pdf'))).toBe(false);
  });

  it('deletes', async () => {
    const key = newStorageKey('pdf');
    await put(await signer.presignPut(key, 'application/pdf'), PDF_BYTES, 'application/pdf');
    expect((await signer.readStart(key, 5)).toString()).toBe('%PDF-');
    await signer.delete(key);
    expect(await signer.head(key)).toBeUndefined();
    expect((await get(await signer.presignGet(key))).statusCode).toBe(404);
  });
});
