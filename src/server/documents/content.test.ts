import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/harness';
import { documents } from '../db/schema';
import { selectRows } from '../db/rows';
import { JobRunner } from '../platform/jobs/queue';
import { DOCUMENT_TEXT_QUEUE, handleDocumentText } from './content-indexing';
import { EXTRACTION_LIMITS, extractPdfText } from './text-extraction';
import { categoryIds, createCompany, storageOf, upload, type Auth, type CategoryIds } from '../test/document-fixtures';
import { corruptPdf, encryptedPdf, imageOnlyPdf, textPdf, zipBombPdf } from '../test/pdfs';

/** ADR 0022: the text of a PDF is extracted after the save, in the background, and searched. */
describe('text inside documents', () => {
  let t: TestApp;
  let auth: Auth;
  let cats: CategoryIds;
  let company: string;

  beforeAll(async () => {
    t = await createTestApp();
    const user = await t.createUser();
    auth = await t.authHeader(user);
    cats = await categoryIds(t.database.db);
    company = await createCompany(t, auth, 'Boulangerie du Fjord');
  });
  afterAll(async () => {
    await t.close();
  });

  const base = `/api/companies`;
  async function save(bytes: Buffer, name: string, ext: 'pdf' | 'jpg' = 'pdf') {
    const key = await upload(t, auth, ext, bytes);
    const res = await t.inject({
      method: 'POST',
      url: `${base}/${company}/documents?locale=en`,
      headers: auth,
      payload: {
        name,
        date: '2025-03-14',
        category_id: cats.statements,
        file_name: key,
        file_type: ext === 'pdf' ? 'application/pdf' : 'image/jpeg',
        file_size: bytes.length,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: string; content_status: string };
  }
  const statusOf = async (id: string) => {
    const [row] = await t.database.db
      .select({ status: documents.contentStatus, error: documents.contentError })
      .from(documents)
      .where(eq(documents.id, id));
    return row!;
  };
  const listSearch = async (search: string, locale = 'en') => {
    const res = await t.inject({
      method: 'GET',
      url: `${base}/${company}/documents?locale=${locale}&filter[search]=${encodeURIComponent(search)}`,
      headers: auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Array<{ id: string; name: string; highlight: string; content_status: string }>;
  };

  it('answers the save at once as pending, then indexes the text: the list finds it by a word of the content, with an excerpt', async () => {
    const doc = await save(
      await textPdf([
        ['Rapport annuel', 'Les financements accordés en 2024 ont permis l’achat du nouveau four.'],
        ['Second page: the bakery expanded its warehouse.'],
      ]),
      'Rapport 2024',
    );
    expect(doc.content_status).toBe('pending');
    await t.app.jobs.drain();
    expect(await statusOf(doc.id)).toEqual({ status: 'indexed', error: null });

    // French stemming, accents both ways: "financement" finds "financements", "accordes" finds "accordés".
    const [found] = await listSearch('financement accordes');
    expect(found?.id).toBe(doc.id);
    expect(found?.content_status).toBe('indexed');
    expect(found?.highlight).toContain('<mark>financements</mark>');
    expect(found?.highlight).toContain('<mark>accordés</mark>');
    // English stemming on the second page: "warehouses" finds "warehouse", "expanding" finds "expanded".
    expect((await listSearch('warehouses expanding')).map((d) => d.id)).toEqual([doc.id]);
    // A name match still marks the name; a word in neither finds nothing.
    expect((await listSearch('rapport'))[0]?.highlight).toBe('<mark>Rapport</mark> 2024');
    expect(await listSearch('croissant')).toEqual([]);
  });

  it('records a scanned PDF, an encrypted and a corrupt one, and a JPEG, as not searchable by content', async () => {
    const scanned = await save(await imageOnlyPdf(), 'Scan du bail');
    const encrypted = await save(encryptedPdf(), 'Protégé');
    const corrupt = await save(corruptPdf(), 'Abîmé');
    const photo = await save(Buffer.from([0xff, 0xd8, 0xff, 0xe0, ...Buffer.alloc(64)]), 'Photo', 'jpg');
    expect(photo.content_status).toBe('no_text');
    await t.app.jobs.drain();
    expect(await statusOf(scanned.id)).toEqual({ status: 'no_text', error: null });
    expect(await statusOf(encrypted.id)).toEqual({ status: 'failed', error: 'encrypted' });
    expect(await statusOf(corrupt.id)).toEqual({ status: 'failed', error: 'unreadable' });
    // The list answers the status on each row; the name still finds them.
    const [row] = await listSearch('scan');
    expect(row).toMatchObject({ id: scanned.id, content_status: 'no_text' });
    // Three extraction processes, one after the other: each starts a Node process, seconds on a loaded machine.
  }, 120_000);

  it('a huge text layer or a zip bomb: recorded as failed, and the server answers meanwhile', async () => {
    // The limits are the production ones, made smaller so that the test is quick.
    expect(
      await extractPdfText(await textPdf([['x'.repeat(90)], ['y'.repeat(90)]]), {
        ...EXTRACTION_LIMITS,
        maxChars: 100,
      }),
    ).toEqual({ status: 'failed', reason: 'too_large' });

    const bomb = zipBombPdf(24);
    const extraction = extractPdfText(bomb, {
      ...EXTRACTION_LIMITS,
      maxMemoryMb: 160,
      maxHeapMb: 48,
      timeoutMs: 4_000,
    });
    const started = Date.now();
    const health = await t.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(1_000);
    const outcome = await extraction;
    expect(outcome.status).toBe('failed');
    expect(['timeout', 'out_of_memory', 'too_large']).toContain(outcome.status === 'failed' ? outcome.reason : '');
  });

  it('resumes after a restart: a job left claimed by a dead process is run again once its lease ran out', async () => {
    // This process's runner is the one that "dies": it runs nothing from here on.
    await t.app.jobs.stop();
    const doc = await save(await textPdf([['Subvention pour l’agrandissement de la fromagerie.']]), 'Subvention');
    // As if a process had claimed the job and died before finishing: claimed, lease run out.
    await t.database.db.execute(
      sql`UPDATE jobs SET locked_by = 'dead-process', locked_until = now() - interval '1 second', attempts = 1
           WHERE queue = ${DOCUMENT_TEXT_QUEUE} AND key = ${doc.id}`,
    );
    // A fresh runner, as in the process started after the restart.
    const runner = new JobRunner(t.database.db, { leaseMs: 5_000 });
    handleDocumentText(runner, t.database.db, await storageOf(t));
    expect(await runner.drain()).toBe(1);
    expect((await statusOf(doc.id)).status).toBe('indexed');
    const left = await selectRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM jobs WHERE key = ${doc.id}`,
    );
    expect(left[0]?.n).toBe(0);
    expect((await listSearch('fromagerie')).map((d) => d.id)).toEqual([doc.id]);
  });
});
