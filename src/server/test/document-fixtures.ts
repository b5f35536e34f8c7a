import path from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Db } from '../db/client';
import { selectRows } from '../db/rows';
import { fullCompany, lookupIds } from './company-fixtures';
import { createLocalStorage } from '../platform/storage/local-storage';
import { createS3Storage } from '../platform/storage/s3-storage';
import type { Storage } from '../platform/storage/storage';
import { madeBeforeAll, TEST_SECRET, useTestApp, type TestApp } from './harness';
import { PDF_BYTES } from './images';
import { startFakeS3, type FakeS3 } from './s3';

/** Test helpers of the document suites: the browser's side of docs/SPEC.md §4 uploads, on either adapter. */

export type Auth = { authorization: string };

/** Ids of seeded document categories, by their stable keys (db/reference-data.ts). */
export async function categoryIds(db: Db) {
  const rows = await selectRows<{ id: string; key: string }>(db, sql`SELECT id, key FROM document_categories`);
  const id = (key: string) => {
    const row = rows.find((r) => r.key === key);
    if (!row) throw new Error(`no document category ${key}`);
    return row.id;
  };
  return {
    legal: id('legal'),
    incorporation: id('legal-incorporation'),
    agreements: id('legal-agreements'),
    financial: id('financial'),
    statements: id('financial-statements'),
    other: id('other'),
  };
}
export type CategoryIds = Awaited<ReturnType<typeof categoryIds>>;

/** The ids of the seeded document categories, for the file (harness.ts's useTestApp). */
export const useCategoryIds = (t: TestApp): CategoryIds => madeBeforeAll(() => categoryIds(t.database.db));

/**
 * The test app of a suite run on either storage adapter (harness.ts's useTestApp): on 's3', with a fake S3 started
 * before the app and closed after it.
 */
export function useTestAppOn(adapter: 'local' | 's3'): TestApp {
  let s3: FakeS3 | undefined;
  beforeAll(async () => {
    s3 = adapter === 's3' ? await startFakeS3() : undefined;
  });
  afterAll(() => s3?.close());
  return useTestApp(() => s3?.env ?? {});
}

/** The app's own storage, seen from the test: same folder and secret, or same bucket. */
export async function storageOf(t: TestApp): Promise<Storage> {
  if (t.config.s3) return createS3Storage(t.config.s3);
  return createLocalStorage({ dir: path.join(t.dataDir, 'uploads'), secret: TEST_SECRET, urlBase: '/api/storage' });
}

/** Relative URLs are the API's own (local adapter); absolute ones go to S3. */
export async function send(t: TestApp, method: 'PUT' | 'GET', url: string, body?: Buffer, contentType?: string) {
  if (url.startsWith('/')) {
    const res = await t.inject({
      method,
      url,
      payload: body,
      headers: contentType ? { 'content-type': contentType } : {},
    });
    return {
      status: res.statusCode,
      body: res.rawPayload,
      type: res.headers['content-type'],
      disposition: res.headers['content-disposition'],
    };
  }
  const res = await fetch(url, {
    method,
    body: body ? new Uint8Array(body) : undefined,
    headers: contentType ? { 'content-type': contentType } : {},
  });
  return {
    status: res.status,
    body: Buffer.from(await res.arrayBuffer()),
    type: res.headers.get('content-type') ?? undefined,
    disposition: res.headers.get('content-disposition') ?? undefined,
  };
}

/** Asks for an upload URL: `{ url, uniqueFileName, contentType }`. */
export async function presign(t: TestApp, auth: Auth, extension: string) {
  const res = await t.inject({
    method: 'POST',
    url: '/api/assets/s3_presigned_url?locale=en',
    headers: auth,
    payload: { method: 'PUT', file_extension: extension },
  });
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data as { url: string; unique_file_name: string; content_type: string };
  return { url: data.url, key: data.unique_file_name, contentType: data.content_type };
}

/** Presign then PUT, as the browser does; answers the key to save the document with. */
export async function upload(t: TestApp, auth: Auth, extension: string, bytes: Buffer): Promise<string> {
  const { url, key, contentType } = await presign(t, auth, extension);
  const put = await send(t, 'PUT', url, bytes, contentType);
  expect(put.status, put.body.toString()).toBe(200);
  return key;
}

/** The fields of a document whose file is an uploaded PDF_BYTES, as the save form sends them. */
export const pdfDocumentFields = (fields: { name: string; date: string; category_id: string; file_name: string }) => ({
  ...fields,
  file_type: 'application/pdf',
  file_size: PDF_BYTES.length,
});

/**
 * Saves an uploaded PDF_BYTES as a document of the company (`more` adds or replaces fields) and answers the
 * response, unjudged: through the test app, or through an app the suite built itself.
 */
export function postPdfDocument(
  via: { inject(options: InjectOptions): Promise<LightMyRequestResponse> },
  auth: Auth,
  companyId: string,
  fields: Parameters<typeof pdfDocumentFields>[0],
  options: { query?: string; more?: Record<string, unknown> } = {},
): Promise<LightMyRequestResponse> {
  return via.inject({
    method: 'POST',
    url: `/api/companies/${companyId}/documents${options.query ?? ''}`,
    headers: auth,
    payload: { ...pdfDocumentFields(fields), ...options.more },
  });
}

export async function createCompany(t: TestApp, auth: Auth, name: string): Promise<string> {
  const ids = await lookupIds(t.database.db);
  const res = await t.inject({
    method: 'POST',
    url: '/api/companies?locale=en',
    headers: auth,
    payload: fullCompany(ids, { name }),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as string;
}
