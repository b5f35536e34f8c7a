import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { createTestApp, TEST_SECRET, type TestApp, useAuthHeader, useLookupIds } from '../test/harness';
import { JPEG_BYTES, jpegOfSize, PDF_BYTES, PNG_BYTES } from '../test/images';
import { companies } from '../db/schema';
import { asForm, fullCompany } from '../test/company-fixtures';
import { createLocalStorage } from '../platform/storage/local-storage';
import { MAX_UPLOAD_BYTES } from '../platform/storage/storage';
import { MAX_PENDING_UPLOADS, UPLOAD_URLS_PER_HOUR } from '../platform/storage/pending-uploads';
import { categoryIds, createCompany, postPdfDocument, send, useTestAppOn } from '../test/document-fixtures';

/**
 * The avatar path of docs/SPEC.md §7 end to end, on both adapters: ask for a URL, PUT the file there as the
 * browser does, save the company with `avatar_file_name`, read `avatar_url` back and fetch it.
 */
describe.each(['local', 's3'] as const)('avatar upload through %s storage', (adapter) => {
  const t = useTestAppOn(adapter);
  const ids = useLookupIds(t);
  const auth = useAuthHeader(t);

  const presign = (body: unknown, locale = 'en') =>
    t.inject({
      method: 'POST',
      url: `/api/assets/s3_presigned_url?locale=${locale}`,
      headers: auth,
      payload: body as object,
    });

  async function upload(extension: string, bytes: Buffer): Promise<string> {
    const res = await presign({ method: 'PUT', file_extension: extension });
    expect(res.statusCode, res.body).toBe(200);
    const { url, unique_file_name: key, content_type: contentType } = res.json().data;
    expect((await send(t, 'PUT', url, bytes, contentType)).status).toBe(200);
    return key;
  }

  const createCompany = (overrides: Record<string, unknown>) =>
    t.inject({ method: 'POST', url: '/api/companies?locale=en', headers: auth, payload: fullCompany(ids, overrides) });

  it('answers a URL and a unique file name for allowed extensions only', async () => {
    const res = await presign({ method: 'PUT', file_extension: 'JPG' });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.unique_file_name).toMatch(/^[0-9a-f-]{36}\.jpg$/);
    expect(data.content_type).toBe('image/jpeg');
    expect(data.url).toContain(data.unique_file_name);
    const second = (await presign({ method: 'PUT', file_extension: '.png' })).json().data;
    expect(second.unique_file_name).toMatch(/\.png$/);
    expect(second.unique_file_name).not.toBe(data.unique_file_name);

    const gif = await presign({ method: 'PUT', file_extension: 'gif' });
    expect(gif.statusCode).toBe(422);
    expect(gif.json().errors.detail).toEqual({ file_extension: ['The file must be one of: jpg, jpeg, png, pdf'] });
    const get = await presign({ method: 'GET', file_extension: 'jpg' });
    expect(get.json().errors.detail).toEqual({ method: ['Not a valid choice'] });
    const anonymous = await t.inject({
      method: 'POST',
      url: '/api/assets/s3_presigned_url',
      payload: { method: 'PUT', file_extension: 'jpg' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('saves an uploaded image as the avatar and answers an avatar_url that serves it', async () => {
    const key = await upload('jpg', JPEG_BYTES);
    const res = await createCompany({ name: 'Avec avatar', avatar_file_name: key });
    expect(res.statusCode, res.body).toBe(201);
    const company = res.json().data;
    // The record keeps a sealed copy of the upload under a key of its own (ADR 0015).
    expect(company.avatar_file_name).toMatch(/^[0-9a-f-]{36}\.jpg$/);
    expect(company.avatar_file_name).not.toBe(key);
    const served = await send(t, 'GET', company.avatar_url);
    expect(served.status).toBe(200);
    expect(served.body.equals(JPEG_BYTES)).toBe(true);
    expect(served.type).toBe('image/jpeg');

    const list = await t.inject({ method: 'GET', url: '/api/companies?filter[search]=avec avatar', headers: auth });
    const card = list.json().data[0];
    expect((await send(t, 'GET', card.avatar_url)).body.equals(JPEG_BYTES)).toBe(true);

    // Replacing it with another JPEG, then removing it.
    const other = jpegOfSize(120, 120);
    const replacement = await upload('jpg', other);
    const { id } = company;
    const form = asForm(company);
    const replaced = await t.inject({
      method: 'PATCH',
      url: `/api/companies/${id}`,
      headers: auth,
      payload: { ...form, avatar_file_name: replacement },
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect((await send(t, 'GET', replaced.json().data.avatar_url)).body.equals(other)).toBe(true);
    const removed = await t.inject({
      method: 'PATCH',
      url: `/api/companies/${id}`,
      headers: auth,
      payload: { ...form, lock_version: 1, avatar_file_name: null },
    });
    expect(removed.json().data).toMatchObject({ avatar_file_name: null, avatar_url: null });
  });

  it('refuses an avatar that is not a JPEG, was never uploaded, or is not a key of ours, and writes nothing', async () => {
    const [before] = await t.database.db.select({ n: count() }).from(companies);
    const pdf = await upload('pdf', PDF_BYTES);
    const fakeJpeg = await upload('jpg', PDF_BYTES);
    // docs/SPEC.md §9: the avatar is a JPEG; a PNG, however small, is not one.
    const png = await upload('png', PNG_BYTES);
    const neverUploaded = (await presign({ method: 'PUT', file_extension: 'jpg' })).json().data.unique_file_name;
    const cases: Array<[string, string]> = [
      [pdf, 'The logo must be a JPEG image'],
      [fakeJpeg, 'The logo must be a JPEG image'],
      [png, 'The logo must be a JPEG image'],
      [neverUploaded, 'The uploaded file could not be found, please upload it again'],
      ['../../secret.jpg', 'The uploaded file could not be found, please upload it again'],
    ];
    for (const [key, message] of cases) {
      const res = await createCompany({ avatar_file_name: key });
      expect(res.statusCode, key).toBe(422);
      expect(res.json().errors.detail).toEqual({ avatar_file_name: [message] });
    }
    const [after] = await t.database.db.select({ n: count() }).from(companies);
    expect(after!.n).toBe(before!.n);
  });

  it('refuses an avatar over 10 MB', async () => {
    const key = await oversizedUpload();
    const res = await createCompany({ avatar_file_name: key });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.detail).toEqual({ avatar_file_name: ['The file must be at most 10 MB'] });
  });

  /** An 11 MB file that starts like a JPEG, in the storage under a key of ours. */
  async function oversizedUpload(): Promise<string> {
    const huge = Buffer.alloc(MAX_UPLOAD_BYTES + 1);
    JPEG_BYTES.copy(huge);
    // A presigned S3 PUT cannot cap the size, so the check at save time is what stops it there.
    if (adapter === 's3') return upload('jpg', huge);
    // The local PUT already stops at 10 MB: the file is put in place behind its back.
    const storage = await createLocalStorage({
      dir: path.join(t.dataDir, 'uploads'),
      secret: TEST_SECRET,
      urlBase: '',
    });
    const key = (await presign({ method: 'PUT', file_extension: 'jpg' })).json().data.unique_file_name as string;
    await storage.write(key, huge, 'image/jpeg');
    return key;
  }
});

/**
 * Third audit, finding 7: 30 upload URLs in a row, 10 MiB each, kept a day unattached, had no limit. Unattached
 * uploads are capped per user (422), and URLs have a per-user rate (429).
 */
describe('upload URLs are limited per user', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const presign = (auth: { authorization: string }, locale = 'en') =>
    t.inject({
      method: 'POST',
      url: `/api/assets/s3_presigned_url?locale=${locale}`,
      headers: auth,
      payload: { method: 'PUT', file_extension: 'pdf' },
    });

  it(`refuses a URL while ${MAX_PENDING_UPLOADS} uploads wait unattached, and counts again once one is saved`, async () => {
    const auth = await t.authHeader(await t.createUser());
    const granted: { url: string; unique_file_name: string; content_type: string }[] = [];
    for (let i = 0; i < MAX_PENDING_UPLOADS; i += 1) {
      const res = await presign(auth);
      expect(res.statusCode, res.body).toBe(200);
      granted.push(res.json().data);
    }
    const refused = await presign(auth);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({
      code: 'too_many_pending_uploads',
      message: `${MAX_PENDING_UPLOADS} files were uploaded without being saved with a document or a company. Save them first, or try again tomorrow: unsaved files are removed after a day.`,
    });
    expect((await presign(auth, 'fr')).json().errors.message).toBe(
      `${MAX_PENDING_UPLOADS} fichiers ont été téléversés sans être enregistrés avec un document ou une entreprise. Enregistrez-les d’abord, ou réessayez demain : les fichiers non enregistrés sont supprimés après un jour.`,
    );
    // Per user: someone else is not held by it.
    expect((await presign(await t.authHeader(await t.createUser()))).statusCode).toBe(200);
    // One of them saved as a document: its place is free again.
    const cats = await categoryIds(t.database.db);
    const company = await createCompany(t, auth, 'Téléversements');
    const upload = granted[0]!;
    expect((await send(t, 'PUT', upload.url, PDF_BYTES, upload.content_type)).status).toBe(200);
    const saved = await postPdfDocument(
      t,
      auth,
      company,
      { name: 'Bilan', date: '2025-03-14', category_id: cats.statements, file_name: upload.unique_file_name },
      { query: '?locale=en' },
    );
    expect(saved.statusCode, saved.body).toBe(201);
    expect((await presign(auth)).statusCode).toBe(200);
    expect((await presign(auth)).statusCode).toBe(422);
  });

  it(`answers 429 past ${UPLOAD_URLS_PER_HOUR} URLs an hour, refused ones included, with the wait`, async () => {
    const auth = await t.authHeader(await t.createUser());
    const statuses: number[] = [];
    for (let i = 0; i < UPLOAD_URLS_PER_HOUR; i += 1) statuses.push((await presign(auth)).statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(MAX_PENDING_UPLOADS);
    expect(statuses.filter((status) => status === 422)).toHaveLength(UPLOAD_URLS_PER_HOUR - MAX_PENDING_UPLOADS);
    const limited = await presign(auth);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3000);
    expect(limited.json().errors.message).toBe('Too many attempts. Please try again in 60 minutes.');
  }, 120_000);
});
