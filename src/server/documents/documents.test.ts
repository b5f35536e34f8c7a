import { beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { TEST_SECRET, expectBadRequests, useAuthHeader } from '../test/harness';
import { JPEG_BYTES, PDF_BYTES, PNG_BYTES } from '../test/images';
import { documents } from '../db/schema';
import { createLocalStorage } from '../platform/storage/local-storage';
import { MAX_UPLOAD_BYTES, type Storage } from '../platform/storage/storage';
import {
  createCompany,
  presign,
  send,
  storageOf,
  upload,
  useCategoryIds,
  useTestAppOn,
} from '../test/document-fixtures';

/** A Windows executable's first bytes, saved under a .pdf name. */
const EXE_BYTES = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00'), Buffer.alloc(200, 0x41)]);
const TYPES_MESSAGE = 'The file must be one of: application/pdf, image/jpeg';

/**
 * docs/SPEC.md §7 documents end to end on both storage adapters: presign, PUT as the browser does, save with
 * the key, then read the signed links back and fetch them.
 */
describe.each(['local', 's3'] as const)('documents through %s storage', (adapter) => {
  let storage: Storage;
  let companyA: string;
  let companyB: string;

  const t = useTestAppOn(adapter);
  const auth = useAuthHeader(t);
  const cats = useCategoryIds(t);
  beforeAll(async () => {
    storage = await storageOf(t);
    companyA = await createCompany(t, auth, 'Fromagerie A');
    companyB = await createCompany(t, auth, 'Boulangerie B');
  });

  const base = (company: string) => `/api/companies/${company}/documents`;
  const post = (company: string, payload: object, locale = 'en') =>
    t.inject({ method: 'POST', url: `${base(company)}?locale=${locale}`, headers: auth, payload });
  const list = (company: string, query = '') =>
    t.inject({ method: 'GET', url: `${base(company)}?locale=en${query}`, headers: auth });
  const rowsOf = async (company: string) =>
    (await t.database.db.select({ n: count() }).from(documents).where(eq(documents.companyId, company)))[0]!.n;

  /** A document as the modal sends it, with an upload made for it. */
  async function newDocument(company: string, fields: Record<string, unknown> = {}, bytes = PDF_BYTES, ext = 'pdf') {
    const key = await upload(t, auth, ext, bytes);
    const fileType = ext === 'pdf' ? 'application/pdf' : 'image/jpeg';
    const res = await post(company, {
      name: 'Statuts constitutifs',
      date: '2025-03-14',
      category_id: cats.incorporation,
      file_name: key,
      file_type: fileType,
      file_size: bytes.length,
      ...fields,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as Record<string, unknown> & { id: string; file_name: string; file_url: string };
  }

  it('saves an uploaded PDF and answers signed links that show it inline and download it under its name', async () => {
    const key = await upload(t, auth, 'pdf', PDF_BYTES);
    const res = await post(companyA, {
      name: '  États financiers 2024 ',
      date: '2025-03-14',
      category_id: cats.statements,
      file_name: key,
      file_type: 'application/pdf',
      // Declared wrong on purpose: the stored size is the measured one.
      file_size: 99,
    });
    expect(res.statusCode, res.body).toBe(201);
    const doc = res.json().data;
    expect(doc).toMatchObject({
      company_id: companyA,
      name: 'États financiers 2024',
      date: '2025-03-14',
      category_id: cats.statements,
      file_type: 'application/pdf',
      file_size: PDF_BYTES.length,
    });
    // The record keeps a sealed copy under a key of its own (ADR 0015), of the same type.
    expect(doc.file_name).toMatch(/^[0-9a-f-]{36}\.pdf$/);
    expect(doc.file_name).not.toBe(key);
    expect(doc.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(doc.inserted_at).getTime()).toBeGreaterThan(Date.now() - 60_000);

    const inline = await send(t, 'GET', doc.file_url);
    expect(inline.status).toBe(200);
    expect(inline.body.equals(PDF_BYTES)).toBe(true);
    expect(inline.type).toBe('application/pdf');
    expect(inline.disposition ?? 'inline').not.toMatch(/^attachment/);

    const download = await send(t, 'GET', doc.download_url);
    expect(download.status).toBe(200);
    expect(download.body.equals(PDF_BYTES)).toBe(true);
    expect(download.disposition).toMatch(/^attachment;/);
    expect(download.disposition).toContain(encodeURIComponent('États financiers 2024.pdf'));

    // The link is signed: without its signature the object is not served. (s3rver serves anonymous
    // reads; a real bucket is private unless a policy opens it.)
    if (adapter === 'local') expect((await send(t, 'GET', doc.file_url.split('?')[0]!)).status).toBe(403);
  });

  it('saves a JPEG', async () => {
    const doc = await newDocument(companyA, { name: 'Photo de l’usine' }, JPEG_BYTES, 'jpg');
    expect(doc.file_type).toBe('image/jpeg');
    expect((await send(t, 'GET', doc.file_url)).body.equals(JPEG_BYTES)).toBe(true);
  });

  describe('bad input: the exact message on the right field, nothing saved, nothing left in storage', () => {
    async function expectRefused(
      payload: Record<string, unknown>,
      detail: Record<string, string[]>,
      locale = 'en',
    ): Promise<void> {
      const before = await rowsOf(companyB);
      const res = await post(companyB, payload, locale);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors.code).toBe('validation_failed');
      expect(res.json().errors.detail).toEqual(detail);
      expect(await rowsOf(companyB)).toBe(before);
      if (typeof payload['file_name'] === 'string' && /^[0-9a-f-]{36}\./.test(payload['file_name'])) {
        expect(await storage.head(payload['file_name'])).toBeUndefined();
      }
    }
    const fields = () => ({ name: 'Contrat', date: '2025-01-31', category_id: cats.agreements });

    it('no file', async () => {
      await expectRefused(fields(), {
        file_name: ['Field is required'],
        file_type: ['Field is required'],
        file_size: ['Field is required'],
      });
    });

    it('a file name that was never uploaded, or is not one of ours', async () => {
      const { key } = await presign(t, auth, 'pdf');
      const payload = { ...fields(), file_type: 'application/pdf', file_size: 100 };
      await expectRefused(
        { ...payload, file_name: key },
        {
          file_name: ['The uploaded file could not be found, please upload it again'],
        },
      );
      await expectRefused(
        { ...payload, file_name: '../../etc/passwd' },
        {
          file_name: ['The uploaded file could not be found, please upload it again'],
        },
      );
    });

    it('an 11 MB file declared as such: refused in the reader’s units, and its upload deleted', async () => {
      const key = await upload(t, auth, 'pdf', PDF_BYTES);
      const payload = { ...fields(), file_name: key, file_type: 'application/pdf', file_size: 11 * 1024 * 1024 };
      await expectRefused(payload, { file_size: ['The file must be at most 10 MB'] });
      const again = await upload(t, auth, 'pdf', PDF_BYTES);
      await expectRefused(
        { ...payload, file_name: again },
        { file_size: ['Le fichier doit faire au plus 10 Mo'] },
        'fr',
      );
    });

    it('an 11 MB file declared small: the stored size decides', async () => {
      const big = Buffer.concat([PDF_BYTES, Buffer.alloc(MAX_UPLOAD_BYTES + 1024 * 1024, 0x20)]);
      const { url, key, contentType } = await presign(t, auth, 'pdf');
      const put = await send(t, 'PUT', url, big, contentType);
      const payload = { ...fields(), file_name: key, file_type: 'application/pdf', file_size: 1000 };
      if (adapter === 'local') {
        // The local adapter refuses the PUT itself: nothing was stored.
        expect(put.status).toBe(413);
        await expectRefused(payload, { file_name: ['The uploaded file could not be found, please upload it again'] });
      } else {
        // A presigned S3 PUT cannot cap the size: the save is where it is caught, and the object removed.
        expect(put.status).toBe(200);
        await expectRefused(payload, { file_size: ['The file must be at most 10 MB'] });
      }
    });

    it('an .exe renamed .pdf: the first bytes decide, and the upload is deleted', async () => {
      const key = await upload(t, auth, 'pdf', EXE_BYTES);
      await expectRefused(
        { ...fields(), file_name: key, file_type: 'application/pdf', file_size: EXE_BYTES.length },
        { file_type: [TYPES_MESSAGE] },
      );
    });

    it('a type that is not a document type, or that does not match the file', async () => {
      const png = await upload(t, auth, 'png', PNG_BYTES);
      await expectRefused(
        { ...fields(), file_name: png, file_type: 'image/png', file_size: PNG_BYTES.length },
        { file_type: [TYPES_MESSAGE] },
      );
      // A real JPEG uploaded under a .pdf key and declared as a PDF.
      const jpegAsPdf = await upload(t, auth, 'pdf', JPEG_BYTES);
      await expectRefused(
        { ...fields(), file_name: jpegAsPdf, file_type: 'application/pdf', file_size: JPEG_BYTES.length },
        { file_type: [TYPES_MESSAGE] },
      );
      // A real PDF declared as a JPEG.
      const pdf = await upload(t, auth, 'pdf', PDF_BYTES);
      await expectRefused(
        { ...fields(), file_name: pdf, file_type: 'image/jpeg', file_size: PDF_BYTES.length },
        { file_type: [TYPES_MESSAGE] },
      );
    });

    it('an expired upload URL: the PUT is refused, then the save', async () => {
      const { url, key, contentType } = await presign(t, auth, 'pdf');
      let expired: string;
      if (adapter === 'local') {
        const past = await createLocalStorage({
          dir: `${t.dataDir}/uploads`,
          secret: TEST_SECRET,
          urlBase: '/api/storage',
          now: () => Date.now() - 2 * 3600 * 1000,
        });
        expired = await past.presignPut(key, contentType);
      } else {
        // Signed a day ago: S3 (and s3rver) refuse it as expired.
        const parsed = new URL(url);
        const yesterday = new Date(Date.now() - 24 * 3600 * 1000).toISOString().replace(/[-:]|\.\d+/g, '');
        parsed.searchParams.set('X-Amz-Date', yesterday);
        expired = parsed.toString();
      }
      expect((await send(t, 'PUT', expired, PDF_BYTES, contentType)).status).toBe(403);
      await expectRefused(
        { ...fields(), file_name: key, file_type: 'application/pdf', file_size: PDF_BYTES.length },
        { file_name: ['The uploaded file could not be found, please upload it again'] },
      );
    });

    if (adapter === 'local') {
      // s3rver does not verify signatures (docs/ARCHITECTURE.md §2); S3 itself refuses a tampered URL the same way.
      it('a tampered upload URL: the PUT is refused, then the save', async () => {
        const { url, key, contentType } = await presign(t, auth, 'pdf');
        const tampered = url.replace(/signature=[^&]+/, 'signature=AAAA');
        const other = url.replace(
          key,
          key.replace(/^[0-9a-f]/, (c) => (c === 'a' ? 'b' : 'a')),
        );
        expect((await send(t, 'PUT', tampered, PDF_BYTES, contentType)).status).toBe(403);
        expect((await send(t, 'PUT', other, PDF_BYTES, contentType)).status).toBe(403);
        await expectRefused(
          { ...fields(), file_name: key, file_type: 'application/pdf', file_size: PDF_BYTES.length },
          { file_name: ['The uploaded file could not be found, please upload it again'] },
        );
      });
    }

    it('an unknown category, and a malformed one', async () => {
      const key = await upload(t, auth, 'pdf', PDF_BYTES);
      const file = { file_name: key, file_type: 'application/pdf', file_size: PDF_BYTES.length };
      await expectRefused(
        { ...fields(), ...file, category_id: '00000000-0000-4000-8000-000000000000' },
        { category_id: ['This choice does not exist (anymore)'] },
      );
      const again = await upload(t, auth, 'pdf', PDF_BYTES);
      await expectRefused(
        { ...fields(), ...file, file_name: again, category_id: 'legal' },
        { category_id: ['Invalid value'] },
      );
    });

    it('a missing name or date, a blank or too long name, an impossible date — in French too', async () => {
      const file = async () => ({
        file_name: await upload(t, auth, 'pdf', PDF_BYTES),
        file_type: 'application/pdf',
        file_size: PDF_BYTES.length,
      });
      await expectRefused(
        { category_id: cats.legal, ...(await file()) },
        {
          name: ['Field is required'],
          date: ['Field is required'],
        },
      );
      await expectRefused(
        { ...fields(), name: '   ', date: '', ...(await file()) },
        { name: ['Champ obligatoire'], date: ['Champ obligatoire'] },
        'fr',
      );
      await expectRefused(
        { ...fields(), name: 'x'.repeat(201), date: '2025-02-30', ...(await file()) },
        {
          name: ['Must be at most 200 characters'],
          date: ['Must be a valid date'],
        },
      );
    });

    it('a file already used by another document: refused, and the other document keeps its file', async () => {
      const doc = await newDocument(companyA, { name: 'Original' });
      const res = await post(companyB, {
        ...fields(),
        file_name: doc.file_name,
        file_type: 'application/pdf',
        file_size: PDF_BYTES.length,
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.detail).toEqual({ file_name: ['This file is already attached to another document'] });
      expect(await storage.head(doc.file_name)).toBeDefined();
      expect((await send(t, 'GET', doc.file_url)).status).toBe(200);
    });

    it('a body that is not an object is malformed (400)', async () => {
      const res = await t.inject({
        method: 'POST',
        url: `${base(companyB)}?locale=en`,
        headers: { ...auth, 'content-type': 'application/json' },
        payload: '[1]',
      });
      expect(res.statusCode).toBe(400);
    });
  });

  describe('company scoping', () => {
    it('answers 404 for an unknown or malformed company, and for a document through another company', async () => {
      const doc = await newDocument(companyA, { name: 'À moi' });
      const unknown = '00000000-0000-4000-8000-000000000000';
      expect((await list(unknown)).statusCode).toBe(404);
      expect((await list('not-a-uuid')).statusCode).toBe(404);
      const key = await upload(t, auth, 'pdf', PDF_BYTES);
      const onUnknown = await post(unknown, {
        name: 'x',
        date: '2025-01-01',
        category_id: cats.legal,
        file_name: key,
        file_type: 'application/pdf',
        file_size: PDF_BYTES.length,
      });
      expect(onUnknown.statusCode).toBe(404);
      expect(await storage.head(key)).toBeUndefined();

      const edit = { name: 'Volé', date: '2025-01-01', category_id: cats.legal };
      for (const url of [`${base(companyB)}/${doc.id}`, `${base(unknown)}/${doc.id}`, `${base(companyA)}/nope`]) {
        expect((await t.inject({ method: 'PATCH', url, headers: auth, payload: edit })).statusCode, url).toBe(404);
        expect((await t.inject({ method: 'DELETE', url, headers: auth })).statusCode, url).toBe(404);
      }
      const listedInB = (await list(companyB)).json().data as Array<{ id: string }>;
      expect(listedInB.map((d) => d.id)).not.toContain(doc.id);
      // Untouched.
      const inA = (await list(companyA, `&filter[search]=${encodeURIComponent('À moi')}`)).json().data;
      expect(inA).toHaveLength(1);
      expect(inA[0].name).toBe('À moi');
      expect(await storage.head(doc.file_name)).toBeDefined();
    });

    it('needs a signed-in user', async () => {
      expect((await t.inject({ method: 'GET', url: base(companyA) })).statusCode).toBe(401);
      expect((await t.inject({ method: 'POST', url: base(companyA), payload: {} })).statusCode).toBe(401);
    });

    it('keeps the documents of an archived company readable', async () => {
      const archived = await createCompany(t, auth, 'Archivée inc.');
      const doc = await newDocument(archived, { name: 'Bilan final' });
      expect((await t.inject({ method: 'DELETE', url: `/api/companies/${archived}`, headers: auth })).statusCode).toBe(
        200,
      );
      const res = await list(archived);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.map((d: { id: string }) => d.id)).toEqual([doc.id]);
      expect((await send(t, 'GET', res.json().data[0].file_url)).status).toBe(200);
    });
  });

  describe('edit and delete', () => {
    it('edits name, date and category, never the file', async () => {
      const doc = await newDocument(companyA, { name: 'Brouillon' });
      const other = await upload(t, auth, 'pdf', PDF_BYTES);
      const res = await t.inject({
        method: 'PATCH',
        url: `${base(companyA)}/${doc.id}?locale=en`,
        headers: auth,
        payload: {
          name: 'Version finale',
          date: '2024-12-31',
          category_id: cats.financial,
          // Sent anyway (docs/SPEC.md §7 "same" payload): ignored, an edit never re-uploads.
          file_name: other,
          file_type: 'image/jpeg',
          file_size: 1,
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({
        id: doc.id,
        name: 'Version finale',
        date: '2024-12-31',
        category_id: cats.financial,
        file_name: doc.file_name,
        file_type: 'application/pdf',
        file_size: PDF_BYTES.length,
      });
    });

    it('refuses a bad edit with field messages and changes nothing', async () => {
      const doc = await newDocument(companyA, { name: 'Intact' });
      const patch = (payload: object) =>
        t.inject({ method: 'PATCH', url: `${base(companyA)}/${doc.id}?locale=en`, headers: auth, payload });
      const missing = await patch({ category_id: cats.legal });
      expect(missing.statusCode).toBe(422);
      expect(missing.json().errors.detail).toEqual({ name: ['Field is required'], date: ['Field is required'] });
      const unknown = await patch({
        name: 'Autre',
        date: '2025-01-01',
        category_id: '00000000-0000-4000-8000-000000000000',
      });
      expect(unknown.statusCode).toBe(422);
      expect(unknown.json().errors.detail).toEqual({ category_id: ['This choice does not exist (anymore)'] });
      const listed = (await list(companyA, '&filter[search]=intact')).json().data;
      expect(listed[0]).toMatchObject({ name: 'Intact', date: '2025-03-14', category_id: cats.incorporation });
    });

    it('deletes the row and its stored object', async () => {
      const doc = await newDocument(companyA, { name: 'À jeter' });
      expect(await storage.head(doc.file_name)).toBeDefined();
      const res = await t.inject({ method: 'DELETE', url: `${base(companyA)}/${doc.id}`, headers: auth });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.id).toBe(doc.id);
      expect(await storage.head(doc.file_name)).toBeUndefined();
      expect((await send(t, 'GET', doc.file_url)).status).not.toBe(200);
      expect((await t.inject({ method: 'DELETE', url: `${base(companyA)}/${doc.id}`, headers: auth })).statusCode).toBe(
        404,
      );
    });
  });

  describe('list: sort, group order, category filter, search', () => {
    let company: string;
    const names = (res: { json(): { data: Array<{ name: string }> } }) => res.json().data.map((d) => d.name);

    beforeAll(async () => {
      company = await createCompany(t, auth, 'Liste inc.');
      // Inserted in this order, one at a time, so that inserted_at is increasing.
      const docs: Array<[string, string, string]> = [
        ['zèbre', '2023-05-01', cats.other],
        ['École des métiers', '2025-02-01', cats.incorporation],
        ['Ecole primaire', '2024-07-15', cats.agreements],
        ['avis de cotisation', '2025-02-01', cats.statements],
        ['Bilan', '2022-12-31', cats.legal],
        ['2024 résumé', '2024-01-10', cats.financial],
      ];
      for (const [name, date, category] of docs) await newDocument(company, { name, date, category_id: category });
    });

    it('sorts by folded name by default and on `name` (École among the E)', async () => {
      const expected = ['2024 résumé', 'avis de cotisation', 'Bilan', 'École des métiers', 'Ecole primaire', 'zèbre'];
      expect(names(await list(company))).toEqual(expected);
      expect(names(await list(company, '&sort=name'))).toEqual(expected);
      expect(names(await list(company, '&sort=-name'))).toEqual([...expected].reverse());
    });

    it('sorts by -date (same day: latest upload first) and -inserted_at', async () => {
      expect(names(await list(company, '&sort=-date'))).toEqual([
        'avis de cotisation',
        'École des métiers',
        'Ecole primaire',
        '2024 résumé',
        'zèbre',
        'Bilan',
      ]);
      expect(names(await list(company, '&sort=-inserted_at'))).toEqual([
        '2024 résumé',
        'Bilan',
        'avis de cotisation',
        'Ecole primaire',
        'École des métiers',
        'zèbre',
      ]);
    });

    it('refuses unknown sorts, camelCase sorts and unknown filters (400)', async () => {
      await expectBadRequests(
        ['&sort=size', '&sort=insertedAt', '&filter[year]=2024', '&filter[category_id]=legal', '&page[size]=7'],
        (query) => list(company, query),
      );
    });

    it('pages, with meta', async () => {
      const first = await list(company, '&page[size]=10&page[number]=1');
      expect(first.json().meta).toEqual({ total_pages: 1, total_count: 6, page_number: 1, page_size: 10 });
      const beyond = await list(company, '&page[number]=2');
      expect(beyond.json().data).toEqual([]);
    });

    it('filters by category; a parent includes its children', async () => {
      expect(names(await list(company, `&filter[category_id]=${cats.legal}`))).toEqual([
        'Bilan',
        'École des métiers',
        'Ecole primaire',
      ]);
      expect(names(await list(company, `&filter[category_id]=${cats.incorporation}`))).toEqual(['École des métiers']);
      expect(names(await list(company, `&filter[category_id]=${cats.financial}&sort=-date`))).toEqual([
        'avis de cotisation',
        '2024 résumé',
      ]);
      expect(names(await list(company, '&filter[category_id]=00000000-0000-4000-8000-000000000000'))).toEqual([]);
    });

    it('searches accent- and case-insensitively, every word, LIKE characters taken literally', async () => {
      expect(names(await list(company, '&filter[search]=ecole'))).toEqual(['École des métiers', 'Ecole primaire']);
      expect(names(await list(company, `&filter[search]=${encodeURIComponent('ÉCOLE metiers')}`))).toEqual([
        'École des métiers',
      ]);
      expect(names(await list(company, '&filter[search]=zebre'))).toEqual(['zèbre']);
      expect(names(await list(company, '&filter[search]=%25'))).toEqual([]);
      expect(names(await list(company, '&filter[search]=_'))).toEqual([]);
      const combined = await list(company, `&filter[search]=ecole&filter[category_id]=${cats.incorporation}`);
      expect(names(combined)).toEqual(['École des métiers']);
      expect((await list(company, `&filter[search]=${'a'.repeat(101)}`)).statusCode).toBe(400);
    });
  });
});
