import { beforeAll, describe, expect, it } from 'vitest';
import { fullCompany } from '../../test/company-fixtures';
import {
  categoryIds,
  createCompany,
  postPdfDocument,
  presign,
  send,
  storageOf,
  useTestAppOn,
} from '../../test/document-fixtures';
import { useAuthHeader, useLookupIds } from '../../test/harness';
import { JPEG_BYTES, jpegOfSize, PDF_BYTES, PNG_BYTES } from '../../test/images';
import { jpegDimensions } from './file-signature';
import type { Storage } from './storage';

const HTML = Buffer.from('<html><script>alert(1)</script></html>');

/**
 * ADR 0015: once a record refers to a file, nothing issued before can change it, and an
 * avatar is a JPEG of at most 200×200 px read from its own header. On both adapters.
 */
describe.each(['local', 's3'] as const)('sealed uploads and avatars through %s storage', (adapter) => {
  const t = useTestAppOn(adapter);
  const auth = useAuthHeader(t, { role: 'admin' });
  let storage: Storage;
  beforeAll(async () => {
    storage = await storageOf(t);
  });
  const ids = useLookupIds(t);

  /** Presign and PUT, keeping the URL to PUT again. */
  async function uploadKeepingUrl(extension: string, bytes: Buffer) {
    const upload = await presign(t, auth, extension);
    const put = await send(t, 'PUT', upload.url, bytes, upload.contentType);
    expect(put.status, put.body.toString()).toBe(200);
    return upload;
  }

  const storedKeys = async () => {
    const keys: string[] = [];
    for await (const object of storage.list()) keys.push(object.key);
    return keys.sort();
  };

  const download = async (url: string) => (await send(t, 'GET', url)).body;

  it('a saved document keeps its bytes when its upload URL is used again', async () => {
    const companyId = await createCompany(t, auth, 'Scellé inc.');
    const cats = await categoryIds(t.database.db);
    const upload = await uploadKeepingUrl('pdf', PDF_BYTES);
    const res = await postPdfDocument(t, auth, companyId, {
      name: 'Statuts',
      date: '2025-03-14',
      category_id: cats.incorporation,
      file_name: upload.key,
    });
    expect(res.statusCode, res.body).toBe(201);
    const doc = res.json().data as { file_name: string; file_url: string; download_url: string };
    // The record names a key no upload URL was signed for; the upload itself is gone.
    expect(doc.file_name).not.toBe(upload.key);
    expect(await storage.head(upload.key)).toBeUndefined();

    // The URL is still within its 15 minutes: a PUT lands, but on the upload key, not the saved file.
    expect((await send(t, 'PUT', upload.url, HTML, upload.contentType)).status).toBe(200);
    expect((await download(doc.file_url)).equals(PDF_BYTES)).toBe(true);
    expect((await download(doc.download_url)).equals(PDF_BYTES)).toBe(true);
    expect((await storage.readStart(doc.file_name, 1000)).equals(PDF_BYTES)).toBe(true);
  });

  async function saveCompany(payload: Record<string, unknown>, id?: string, locale = 'en') {
    if (!id) {
      return t.inject({ method: 'POST', url: `/api/companies?locale=${locale}`, headers: auth, payload });
    }
    const current = await t.inject({ method: 'GET', url: `/api/companies/${id}`, headers: auth });
    return t.inject({
      method: 'PATCH',
      url: `/api/companies/${id}?locale=${locale}`,
      headers: auth,
      payload: { ...payload, lock_version: current.json().data.lock_version as number },
    });
  }

  it('a saved avatar keeps its bytes when its upload URL is used again', async () => {
    const upload = await uploadKeepingUrl('jpg', JPEG_BYTES);
    const res = await saveCompany(fullCompany(ids, { name: 'Logo scellé', avatar_file_name: upload.key }));
    expect(res.statusCode, res.body).toBe(201);
    const company = res.json().data as { avatar_file_name: string; avatar_url: string };
    expect(company.avatar_file_name).not.toBe(upload.key);
    expect(await storage.head(upload.key)).toBeUndefined();

    expect((await send(t, 'PUT', upload.url, jpegOfSize(4000, 4000), upload.contentType)).status).toBe(200);
    expect((await download(company.avatar_url)).equals(JPEG_BYTES)).toBe(true);
  });

  it('accepts a JPEG of exactly 200×200 px', async () => {
    const upload = await uploadKeepingUrl('jpg', jpegOfSize(200, 200));
    const res = await saveCompany(fullCompany(ids, { name: 'Logo juste', avatar_file_name: upload.key }));
    expect(res.statusCode, res.body).toBe(201);
  });

  it.each([
    ['en', 'a PNG', 'png', PNG_BYTES, 'The logo must be a JPEG image'],
    ['fr', 'a PNG', 'png', PNG_BYTES, 'Le logo doit être une image JPEG'],
    ['en', 'a PNG under a .jpg key', 'jpg', PNG_BYTES, 'The logo must be a JPEG image'],
    ['en', 'a PDF under a .jpg key', 'jpg', PDF_BYTES, 'The logo must be a JPEG image'],
    [
      'en',
      'a 201×200 JPEG',
      'jpg',
      jpegOfSize(201, 200),
      'The logo must be at most 200×200 pixels (this one is 201×200)',
    ],
    [
      'fr',
      'a 200×1000 JPEG',
      'jpg',
      jpegOfSize(200, 1000),
      'Le logo doit faire au plus 200 × 200 pixels (celui-ci fait 200 × 1000)',
    ],
  ])(
    '[%s] refuses %s as the avatar with 422 on the avatar field, nothing kept',
    async (locale, _what, ext, bytes, message) => {
      const upload = await uploadKeepingUrl(ext, bytes);
      const before = await t.inject({ method: 'GET', url: '/api/companies?page[size]=50', headers: auth });
      const objectsBefore = await storedKeys();
      const res = await saveCompany(
        fullCompany(ids, { name: 'Refusé', avatar_file_name: upload.key }),
        undefined,
        locale,
      );
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors.detail).toEqual({ avatar_file_name: [message] });
      const after = await t.inject({ method: 'GET', url: '/api/companies?page[size]=50', headers: auth });
      expect(after.json().meta.total_count).toBe(before.json().meta.total_count);
      // The upload stays for the form to try again with (nothing typed is lost); no sealed copy is left.
      expect(await storedKeys()).toEqual(objectsBefore);
      expect(objectsBefore).toContain(upload.key);
    },
  );

  it('deletes a replaced avatar and a removed one from storage', async () => {
    const first = await uploadKeepingUrl('jpg', JPEG_BYTES);
    const created = await saveCompany(fullCompany(ids, { name: 'Logo changeant', avatar_file_name: first.key }));
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as string;
    const firstKept = created.json().data.avatar_file_name as string;

    const second = await uploadKeepingUrl('jpg', jpegOfSize(100, 100));
    const replaced = await saveCompany(fullCompany(ids, { name: 'Logo changeant', avatar_file_name: second.key }), id);
    expect(replaced.statusCode, replaced.body).toBe(200);
    const secondKept = replaced.json().data.avatar_file_name as string;
    expect(await storage.head(firstKept)).toBeUndefined();
    expect(await storage.head(secondKept)).toBeDefined();

    // Saving again with the same avatar keeps it.
    const unchanged = await saveCompany(fullCompany(ids, { name: 'Logo gardé', avatar_file_name: secondKept }), id);
    expect(unchanged.statusCode, unchanged.body).toBe(200);
    expect(await storage.head(secondKept)).toBeDefined();

    const removed = await saveCompany(fullCompany(ids, { name: 'Sans logo', avatar_file_name: null }), id);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await storage.head(secondKept)).toBeUndefined();
  });

  it("refuses another record's file as an avatar, and leaves that file alone", async () => {
    const first = await uploadKeepingUrl('jpg', JPEG_BYTES);
    const owner = await saveCompany(fullCompany(ids, { name: 'Propriétaire', avatar_file_name: first.key }));
    const taken = owner.json().data.avatar_file_name as string;
    const res = await saveCompany(fullCompany(ids, { name: 'Copieur', avatar_file_name: taken }));
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors.detail).toEqual({
      avatar_file_name: ['The uploaded file could not be found, please upload it again'],
    });
    expect(await storage.head(taken)).toBeDefined();
  });
});

describe('jpegDimensions', () => {
  it('reads the frame header after metadata segments, and nothing from other files', () => {
    expect(jpegDimensions(JPEG_BYTES)).toEqual({ width: 1, height: 1 });
    expect(jpegDimensions(jpegOfSize(640, 480))).toEqual({ width: 640, height: 480 });
    const exif = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe1, 0x10, 0x02]),
      Buffer.alloc(0x1000),
      jpegOfSize(300, 20).subarray(2),
    ]);
    expect(jpegDimensions(exif)).toEqual({ width: 300, height: 20 });
    expect(jpegDimensions(PNG_BYTES)).toBeUndefined();
    expect(jpegDimensions(JPEG_BYTES.subarray(0, 40))).toBeUndefined();
    expect(jpegDimensions(Buffer.from([0xff, 0xd8, 0xff, 0xda, 0, 2]))).toBeUndefined();
  });
});
