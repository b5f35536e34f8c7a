/**
 * `node --import tsx bench/compression-levels.ts`: what compressing real API answers costs and saves at
 * each Brotli quality and gzip level (ADR 0019). Starts the built app on the bench:web demo dataset,
 * takes the answers the SPA asks for most (plain), and compresses each one many times in this process,
 * timing CPU (process.cpuUsage, not wall time: the machine is shared).
 */
import { constants, brotliCompressSync, gzipSync } from 'node:zlib';
import { DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD } from '../src/server/db/demo-seed';
import { startBuiltApp, webDataDir } from './lib/built-app';
import { cleanupAll, installSignalHandlers } from './lib/processes';

const ANSWERS = {
  'companies list, page 1 (10)': '/api/companies?page[number]=1&page[size]=10&filter[archived]=false&locale=fr',
  'companies list, 50 rows': '/api/companies?page[number]=1&page[size]=50&filter[archived]=false&locale=fr',
  'users list (10)': '/api/users?page[number]=1&page[size]=10&locale=fr',
  municipalities: '/api/municipalities?locale=fr',
  'health (small)': '/api/health',
};

const LEVELS: Array<[string, (body: Buffer) => Buffer]> = [
  ['gzip 1', (b) => gzipSync(b, { level: 1 })],
  ['gzip 6', (b) => gzipSync(b, { level: 6 })],
  ['gzip 9', (b) => gzipSync(b, { level: 9 })],
  ...[1, 4, 5, 6, 11].map(
    (q) =>
      [
        `br ${q}`,
        (b: Buffer) =>
          brotliCompressSync(b, {
            params: { [constants.BROTLI_PARAM_QUALITY]: q, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
          }),
      ] as [string, (body: Buffer) => Buffer],
  ),
];

async function main(): Promise<void> {
  installSignalHandlers();
  const app = await startBuiltApp(webDataDir(200));
  const bodies: Array<[string, Buffer]> = [];
  try {
    const signIn = await fetch(`${app.base}/api/sign_in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_ADMIN_EMAIL, password: DEMO_ADMIN_PASSWORD }),
    });
    const authorization = signIn.headers.get('authorization') ?? '';
    const list = (await (
      await fetch(`${app.base}${ANSWERS['companies list, page 1 (10)']}`, { headers: { authorization } })
    ).json()) as {
      data: Array<{ id: string }>;
    };
    const urls: Record<string, string> = {
      ...ANSWERS,
      'company show (whole graph)': `/api/companies/${list.data[0]!.id}?locale=fr`,
    };
    for (const [name, url] of Object.entries(urls)) {
      const response = await fetch(`${app.base}${url}`, { headers: { authorization, 'accept-encoding': 'identity' } });
      bodies.push([name, Buffer.from(await response.arrayBuffer())]);
    }
  } finally {
    await app.stop();
    await cleanupAll();
  }
  console.log(`| answer | plain | ${LEVELS.map(([level]) => level).join(' | ')} |`);
  console.log(`|---|---:|${LEVELS.map(() => '---:').join('|')}|`);
  for (const [name, body] of bodies) {
    const cells = LEVELS.map(([, compress]) => {
      const runs = Math.max(20, Math.round(2_000_000 / body.length));
      const before = process.cpuUsage();
      let size = 0;
      for (let i = 0; i < runs; i += 1) size = compress(body).length;
      const used = process.cpuUsage(before);
      const ms = (used.user + used.system) / 1000 / runs;
      return `${(size / 1024).toFixed(1)} kB, ${ms.toFixed(3)} ms`;
    });
    console.log(`| ${name} | ${(body.length / 1024).toFixed(1)} kB | ${cells.join(' | ')} |`);
  }
}

main().catch(async (error: unknown) => {
  console.error(error);
  await cleanupAll();
  process.exit(1);
});
