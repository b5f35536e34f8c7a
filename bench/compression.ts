/**
 * `node --import tsx bench/compression.ts`: what compressing API answers costs and saves (ADR 0019).
 * Builds the app in this process on the bench:web demo dataset (PGlite, 200 companies) and
 *   1. compresses the answers the SPA asks for most at each gzip level and Brotli quality;
 *   2. sends each request through the whole app (inject) with and without `Accept-Encoding: br`.
 * Times are CPU (process.cpuUsage), not wall time: the machine is shared, and CPU is what compression
 * takes from the other requests.
 */
import path from 'node:path';
import { constants, brotliCompressSync, gzipSync } from 'node:zlib';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD } from '../src/server/db/demo-seed';
import { createTokenService } from '../src/server/platform/auth/tokens';
import { webDataDir } from './lib/built-app';

const LEVELS: Array<[string, (body: Buffer) => Buffer]> = [
  ['gzip 1', (b) => gzipSync(b, { level: 1 })],
  ['gzip 6', (b) => gzipSync(b, { level: 6 })],
  ['gzip 9', (b) => gzipSync(b, { level: 9 })],
  ...[1, 4, 5, 6, 11].map((q): [string, (body: Buffer) => Buffer] => [
    `br ${q}`,
    (b) =>
      brotliCompressSync(b, {
        params: { [constants.BROTLI_PARAM_QUALITY]: q, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
      }),
  ]),
];

/** CPU milliseconds per call of `work`, over enough calls to read it; a first round warms the JIT up. */
async function cpuPerCall(work: () => unknown, calls: number): Promise<number> {
  for (let i = 0; i < Math.min(calls, 20); i += 1) await work();
  const before = process.cpuUsage();
  for (let i = 0; i < calls; i += 1) await work();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000 / calls;
}

async function main(): Promise<void> {
  const dataDir = webDataDir(200);
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'bench-compression-secret-0123456789-abcdef',
    WEB_DIST: path.join(dataDir, 'no-web'),
  });
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
  const app = await buildApp({ config, database, tokens: createTokenService(config.jwtSecret!, config.jwtTtlSeconds) });
  try {
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/sign_in',
      payload: { email: DEMO_ADMIN_EMAIL, password: DEMO_ADMIN_PASSWORD },
    });
    const authorization = String(signIn.headers['authorization']);
    const get = (url: string, headers: Record<string, string> = {}) =>
      app.inject({ method: 'GET', url, headers: { authorization, ...headers } });
    const list = '/api/companies?page[number]=1&page[size]=10&filter[archived]=false&locale=fr';
    const first = (get(list) as unknown as Promise<{ json(): { data: Array<{ id: string }> } }>).then(
      (r) => r.json().data[0]!.id,
    );
    const urls: Record<string, string> = {
      'companies list, page 1 (10)': list,
      'companies list, 50 rows': '/api/companies?page[number]=1&page[size]=50&filter[archived]=false&locale=fr',
      'company show (whole graph)': `/api/companies/${await first}?locale=fr`,
      'users list (10)': '/api/users?page[number]=1&page[size]=10&locale=fr',
      municipalities: '/api/municipalities?locale=fr',
      'health (small, stays plain)': '/api/health',
    };

    console.log('Compressing each answer (size, CPU per answer):\n');
    console.log(`| answer | plain | ${LEVELS.map(([level]) => level).join(' | ')} |`);
    console.log(`|---|---:|${LEVELS.map(() => '---:').join('|')}|`);
    for (const [name, url] of Object.entries(urls)) {
      const body = (await get(url)).rawPayload;
      const cells: string[] = [];
      for (const [, compress] of LEVELS) {
        const size = compress(body).length;
        const ms = await cpuPerCall(
          () => compress(body),
          Math.min(2000, Math.max(50, Math.round(3_000_000 / body.length))),
        );
        cells.push(`${(size / 1024).toFixed(1)} kB, ${ms.toFixed(3)} ms`);
      }
      console.log(`| ${name} | ${(body.length / 1024).toFixed(1)} kB | ${cells.join(' | ')} |`);
    }

    console.log('\nThe whole request through the app (CPU per request, alternating rounds of 100):\n');
    console.log('| request | plain | Brotli (as Chromium asks) | difference | bytes sent |');
    console.log('|---|---:|---:|---:|---:|');
    for (const [name, url] of Object.entries(urls)) {
      const plain: number[] = [];
      const br: number[] = [];
      for (let round = 0; round < 3; round += 1) {
        plain.push(await cpuPerCall(() => get(url, { 'accept-encoding': 'identity' }), 100));
        br.push(await cpuPerCall(() => get(url, { 'accept-encoding': 'gzip, deflate, br, zstd' }), 100));
      }
      const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
      const sizes = [
        (await get(url)).rawPayload.length,
        (await get(url, { 'accept-encoding': 'gzip, deflate, br, zstd' })).rawPayload.length,
      ];
      console.log(
        `| ${name} | ${median(plain).toFixed(2)} ms | ${median(br).toFixed(2)} ms | ` +
          `${(median(br) - median(plain)).toFixed(2)} ms | ${(sizes[0]! / 1024).toFixed(1)} → ${(sizes[1]! / 1024).toFixed(1)} kB |`,
      );
    }
  } finally {
    await app.close();
    await database.close();
  }
}

await main();
