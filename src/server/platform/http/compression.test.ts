import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { lookupIds } from '../../test/company-fixtures';
import { createLoan } from '../../test/servicing-fixtures';
import { API_COMPRESSION } from './compression';

/**
 * What travels (ADR 0018/0019): the SPA's files as the build compressed them, negotiated on
 * Accept-Encoding, and API answers compressed when they are large enough to gain from it.
 */
let t: TestApp;
let auth: { authorization: string };

const SCRIPT = Buffer.from(`export const words = ${JSON.stringify('lorem ipsum dolor sit amet '.repeat(200))};\n`);
const INDEX = Buffer.from(
  `<!doctype html><html><head><title>Atrium</title></head><body>${'<p>x</p>'.repeat(100)}<div id="root"></div></body></html>`,
);
// A stylesheet the build left without compressed copies (or whose copies were deleted).
const PLAIN_CSS = Buffer.from(`.a { color: red; }\n`.repeat(100));
const BR = brotliCompressSync(SCRIPT);
const GZ = gzipSync(SCRIPT);

beforeAll(async () => {
  const dist = path.join(process.env['TMPDIR'] ?? '/tmp', `atrium-wire-${process.pid}-${Date.now()}`);
  await mkdir(path.join(dist, 'assets'), { recursive: true });
  await writeFile(path.join(dist, 'index.html'), INDEX);
  await writeFile(path.join(dist, 'index.html.br'), brotliCompressSync(INDEX));
  await writeFile(path.join(dist, 'index.html.gz'), gzipSync(INDEX));
  await writeFile(path.join(dist, 'assets', 'app-123.js'), SCRIPT);
  await writeFile(path.join(dist, 'assets', 'app-123.js.br'), BR);
  await writeFile(path.join(dist, 'assets', 'app-123.js.gz'), GZ);
  await writeFile(path.join(dist, 'assets', 'plain-456.css'), PLAIN_CSS);
  t = await createTestApp({ WEB_DIST: dist });
  auth = await t.authHeader(await t.createUser());
});
afterAll(() => t.close());

const asset = (headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
  t.inject({ method, url: '/assets/app-123.js', headers });
const varies = (vary: unknown) =>
  String(vary)
    .toLowerCase()
    .split(/\s*,\s*/)
    .includes('accept-encoding');

describe('static files, compressed at build time', () => {
  it('sends the Brotli copy to a browser that accepts it, with its own length and a long cache', async () => {
    const res = await asset({ 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toContain('javascript');
    expect(Number(res.headers['content-length'])).toBe(BR.length);
    expect(res.rawPayload.equals(BR)).toBe(true);
    expect(brotliDecompressSync(res.rawPayload).equals(SCRIPT)).toBe(true);
    expect(varies(res.headers['vary'])).toBe(true);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the gzip copy to a client that accepts only gzip', async () => {
    const res = await asset({ 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(Number(res.headers['content-length'])).toBe(GZ.length);
    expect(gunzipSync(res.rawPayload).equals(SCRIPT)).toBe(true);
    expect(varies(res.headers['vary'])).toBe(true);
  });

  it('sends the plain file to a client that accepts no encoding, or refuses them all', async () => {
    const clients: Array<Record<string, string>> = [
      {},
      { 'accept-encoding': 'identity' },
      { 'accept-encoding': 'br;q=0, gzip;q=0' },
    ];
    for (const headers of clients) {
      const res = await asset(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(200);
      expect(res.headers['content-encoding'], JSON.stringify(headers)).toBeUndefined();
      expect(Number(res.headers['content-length'])).toBe(SCRIPT.length);
      expect(res.rawPayload.equals(SCRIPT)).toBe(true);
      // A shared cache must not hand this plain answer to a browser that accepts Brotli.
      expect(varies(res.headers['vary'])).toBe(true);
    }
  });

  it('falls back to the plain file when no compressed copy exists: never a 404 or a wrong length', async () => {
    const res = await t.inject({
      method: 'GET',
      url: '/assets/plain-456.css',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-type']).toContain('text/css');
    expect(Number(res.headers['content-length'])).toBe(PLAIN_CSS.length);
    expect(res.rawPayload.equals(PLAIN_CSS)).toBe(true);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('answers HEAD with the headers of the copy GET would send, and no body', async () => {
    const res = await asset({ 'accept-encoding': 'br, gzip' }, 'HEAD');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(Number(res.headers['content-length'])).toBe(BR.length);
    expect(varies(res.headers['vary'])).toBe(true);
    expect(res.rawPayload.length).toBe(0);
    const plain = await asset({}, 'HEAD');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(Number(plain.headers['content-length'])).toBe(SCRIPT.length);
  });

  it('answers a Range request with bytes of the representation it names', async () => {
    // Compressed: the range counts bytes of the Brotli copy, which Content-Encoding and ETag identify.
    const br = await asset({ 'accept-encoding': 'br', range: 'bytes=0-9' });
    expect(br.statusCode).toBe(206);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-range']).toBe(`bytes 0-9/${BR.length}`);
    expect(Number(br.headers['content-length'])).toBe(10);
    expect(br.rawPayload.equals(BR.subarray(0, 10))).toBe(true);
    // Plain: bytes of the file itself.
    const plain = await asset({ range: `bytes=5-` });
    expect(plain.statusCode).toBe(206);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-range']).toBe(`bytes 5-${SCRIPT.length - 1}/${SCRIPT.length}`);
    expect(plain.rawPayload.equals(SCRIPT.subarray(5))).toBe(true);
    // Beyond the end of the representation: 416 in the JSON error envelope, never a 5xx.
    const beyond = await asset({ 'accept-encoding': 'br', range: `bytes=${BR.length + 10}-` });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.json().errors).toBeTruthy();
  });

  it('gives the copies distinct validators, so a revalidation never mixes them up', async () => {
    const br = await asset({ 'accept-encoding': 'br' });
    const plain = await asset({});
    expect(br.headers['etag']).toBeTruthy();
    expect(br.headers['etag']).not.toBe(plain.headers['etag']);
    const again = await asset({ 'accept-encoding': 'br', 'if-none-match': String(br.headers['etag']) });
    expect(again.statusCode).toBe(304);
  });

  it('sends index.html compressed for every client route, never cached', async () => {
    for (const url of ['/', '/login', '/companies/123']) {
      const res = await t.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(varies(res.headers['vary'])).toBe(true);
      expect(brotliDecompressSync(res.rawPayload).equals(INDEX)).toBe(true);
    }
    const plain = await t.inject({ method: 'GET', url: '/login' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(INDEX)).toBe(true);
  });
});

describe('API answers, compressed when it pays', () => {
  const municipalities = (headers: Record<string, string> = {}) =>
    t.inject({ method: 'GET', url: '/api/municipalities', headers: { ...auth, ...headers } });

  it('compresses a large answer with Brotli, else gzip, to the same JSON', async () => {
    const plain = await municipalities();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(API_COMPRESSION.thresholdBytes);

    const br = await municipalities({ 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('application/json');
    expect(varies(br.headers['vary'])).toBe(true);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gz = await municipalities({ 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());

    const identity = await municipalities({ 'accept-encoding': 'identity' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.json()).toEqual(plain.json());
  });

  it('compresses an answer of tens of kilobytes in place, sent with its exact length rather than streamed', async () => {
    // A loan of 120 installments: its schedule is larger than the plugin's default threshold for compressing in
    // place on two cores (8 kB) and than the one this app had (32 kB).
    const loan = await createLoan(t, auth, await lookupIds(t.database.db), { amortization: '120' });
    const schedule = (headers: Record<string, string> = {}) =>
      t.inject({ method: 'GET', url: `${loan.url}/schedule`, headers: { ...auth, ...headers } });
    const plain = await schedule();
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(32 * 1024);
    expect(plain.rawPayload.length).toBeLessThanOrEqual(API_COMPRESSION.syncThresholdBytes);
    const br = await schedule({ 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['transfer-encoding']).toBeUndefined();
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
  });

  it('leaves small answers plain: compressing them would cost more than it saves', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(API_COMPRESSION.thresholdBytes);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toBeTruthy();
  });

  it('compresses error envelopes too, and keeps them readable', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/municipalities', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(401);
    // Small: sent as is, still the JSON envelope.
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json().errors).toBeTruthy();
  });

  it('does not inflate compressed request bodies: a gzip body is malformed JSON (400), not a 5xx', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/sign_in',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ email: 'a@b.c', password: 'x' })),
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().errors).toBeTruthy();
  });
});
