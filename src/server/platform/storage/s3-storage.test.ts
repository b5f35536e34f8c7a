import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { startFakeS3, TEST_BUCKET, type FakeS3 } from '../../test/s3';
import { JPEG_BYTES, PDF_BYTES } from '../../test/images';
import { createS3Storage } from './s3-storage';
import { newStorageKey, type Storage } from './storage';

let s3: FakeS3;
let storage: Storage;

beforeAll(async () => {
  s3 = await startFakeS3();
  const config = loadConfig({ DATA_DIR: '/tmp/unused', ...s3.env });
  storage = createS3Storage(config.s3!);
});
afterAll(() => s3?.close());

describe('S3 storage against s3rver', () => {
  it('presigns a PUT the browser can use with the signed content type, then head, read and GET', async () => {
    const key = newStorageKey('jpg');
    const putUrl = await storage.presignPut(key, 'image/jpeg');
    expect(putUrl.startsWith(`${s3.endpoint}/${TEST_BUCKET}/${key}?`)).toBe(true);
    const signed = new URL(putUrl).searchParams;
    expect(signed.get('X-Amz-SignedHeaders')).toContain('content-type');
    expect(signed.get('X-Amz-Expires')).toBe('900');
    expect(putUrl).not.toMatch(/x-amz-checksum|x-amz-sdk-checksum/i);

    const uploaded = await fetch(putUrl, {
      method: 'PUT',
      headers: { 'content-type': 'image/jpeg' },
      body: JPEG_BYTES,
    });
    expect(uploaded.status).toBe(200);

    expect(await storage.head(key)).toEqual({ size: JPEG_BYTES.length, contentType: 'image/jpeg' });
    expect((await storage.readStart(key, 3)).equals(JPEG_BYTES.subarray(0, 3))).toBe(true);

    const getUrl = await storage.presignGet(key);
    const downloaded = await fetch(getUrl);
    expect(downloaded.status).toBe(200);
    expect(Buffer.from(await downloaded.arrayBuffer()).equals(JPEG_BYTES)).toBe(true);
    // Stable within the hour, so that browsers can cache it.
    expect(await storage.presignGet(key)).toBe(getUrl);
  });

  it('offers a download under a given name', async () => {
    const key = newStorageKey('pdf');
    await fetch(await storage.presignPut(key, 'application/pdf'), {
      method: 'PUT',
      headers: { 'content-type': 'application/pdf' },
      body: PDF_BYTES,
    });
    const res = await fetch(await storage.presignGet(key, { downloadName: 'États 2025.pdf' }));
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename*=UTF-8''%C3%89tats%202025.pdf`);
  });

  it('answers undefined for a missing object, and deletes', async () => {
    const key = newStorageKey('png');
    expect(await storage.head(key)).toBeUndefined();
    const other = newStorageKey('pdf');
    await fetch(await storage.presignPut(other, 'application/pdf'), {
      method: 'PUT',
      headers: { 'content-type': 'application/pdf' },
      body: PDF_BYTES,
    });
    expect(await storage.head(other)).toBeDefined();
    await storage.delete(other);
    expect(await storage.head(other)).toBeUndefined();
  });

  it('copies an object server-side under a new key, with its content type; false for a missing one', async () => {
    const key = newStorageKey('pdf');
    const url = await storage.presignPut(key, 'application/pdf');
    await fetch(url, { method: 'PUT', headers: { 'content-type': 'application/pdf' }, body: PDF_BYTES });
    const copy = newStorageKey('pdf');
    expect(await storage.copy(key, copy)).toBe(true);
    expect(await storage.head(copy)).toEqual({ size: PDF_BYTES.length, contentType: 'application/pdf' });
    await fetch(url, { method: 'PUT', headers: { 'content-type': 'application/pdf' }, body: JPEG_BYTES });
    const res = await fetch(await storage.presignGet(copy));
    expect(Buffer.from(await res.arrayBuffer()).equals(PDF_BYTES)).toBe(true);
    expect(await storage.copy(newStorageKey('pdf'), newStorageKey('pdf'))).toBe(false);
  });
});
