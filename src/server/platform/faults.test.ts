import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { documents } from '../db/schema';
import { categoryIds, createCompany, postPdfDocument, storageOf, upload } from '../test/document-fixtures';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../test/harness';
import { PDF_BYTES } from '../test/images';
import type { Storage } from './storage/storage';

/**
 * Faults (security issue), each observed from outside: the database going away and coming back, a
 * SIGTERM during a request, the storage failing during a document save.
 */

/** A TCP proxy we can cut and restore: the database "goes away" for the app exactly as on a network. */
async function startProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let up = true;
  const server = net.createServer((client) => {
    if (!up) return client.destroy();
    const upstream = net.connect(target.port, target.host);
    sockets.add(client).add(upstream);
    client.pipe(upstream).pipe(client);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    /** Existing connections are cut and the port stops listening: new ones are refused. */
    async cut() {
      up = false;
      for (const socket of sockets) socket.destroy();
      sockets.clear();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    async restore() {
      up = true;
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    },
    close: () => new Promise<void>((resolve) => (up ? server.close(() => resolve()) : resolve())),
  };
}

const serverUrl = process.env['TEST_DATABASE_URL'];

describe('the database going away', () => {
  if (serverUrl) {
    // PostgreSQL leg (npm run test:pg): the app reaches its database through a proxy that we cut.
    let t: TestApp;
    let proxy: Awaited<ReturnType<typeof startProxy>>;
    let dropDatabase: () => Promise<void>;

    beforeAll(async () => {
      const name = `atrium_fault_${randomUUID().replace(/-/g, '')}`;
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      dropDatabase = async () => {
        const c = new pg.Client({ connectionString: serverUrl });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
      };
      const url = new URL(serverUrl);
      proxy = await startProxy({ host: url.hostname, port: Number(url.port || 5432) });
      url.hostname = '127.0.0.1';
      url.port = String(proxy.port);
      url.pathname = `/${name}`;
      t = await createTestApp({ DATABASE_URL: url.toString() });
    });

    afterAll(async () => {
      await t?.close();
      await proxy?.close();
      await dropDatabase?.();
    });

    it('answers 503 with Retry-After quickly while it is away, and recovers by itself when it returns', async () => {
      const admin = await t.createUser({ role: 'admin' });
      const auth = await t.authHeader(admin);
      const load = () =>
        Promise.all([
          t.inject({ method: 'GET', url: '/api/companies', headers: auth }),
          t.inject({ method: 'GET', url: '/api/users', headers: auth }),
          t.inject({ method: 'POST', url: '/api/sign_in', payload: { email: admin.email, password: TEST_PASSWORD } }),
          t.inject({ method: 'GET', url: '/api/health' }),
        ]);
      expect((await load()).map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);

      await proxy.cut();
      const started = Date.now();
      for (let round = 0; round < 3; round += 1) {
        for (const res of await load()) {
          expect(res.statusCode, res.body).toBe(503);
          expect(res.headers['retry-after']).toBeDefined();
          expect(res.json().errors.code).toBe('service_unavailable');
        }
      }
      expect(Date.now() - started).toBeLessThan(5000);

      await proxy.restore();
      // The pool reconnects on its own: no restart, no call to the app.
      expect((await load()).map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    });

    it('answers 503 when its backends are terminated, then serves again', async () => {
      const admin = await t.createUser({ role: 'admin' });
      const auth = await t.authHeader(admin);
      expect((await t.inject({ method: 'GET', url: '/api/companies', headers: auth })).statusCode).toBe(200);
      const killer = new pg.Client({ connectionString: serverUrl });
      await killer.connect();
      const name = new URL(t.config.databaseUrl!).pathname.slice(1);
      await killer.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [name],
      );
      await killer.end();
      // Idle clients of the pool were told; a request either gets a fresh connection or an honest 503.
      const statuses: number[] = [];
      for (let i = 0; i < 3; i += 1)
        statuses.push((await t.inject({ method: 'GET', url: '/api/companies', headers: auth })).statusCode);
      expect(statuses.every((s) => s === 200 || s === 503)).toBe(true);
      expect(statuses.at(-1)).toBe(200);
    });
  } else {
    // PGlite leg: the database runs inside the process and cannot go away by itself; what can is a
    // PostgreSQL server that refuses connections. Pointed at one, the app answers 503 at once.
    let t: TestApp;
    let proxy: Awaited<ReturnType<typeof startProxy>>;

    beforeAll(async () => {
      t = await createTestApp();
      proxy = await startProxy({ host: '127.0.0.1', port: 9 });
      await proxy.cut();
    });
    afterAll(async () => {
      await t?.close();
      await proxy?.close();
    });

    it('answers 503 with Retry-After quickly when the database refuses connections', async () => {
      const { openDatabase } = await import('../db/client');
      const database = await openDatabase({ url: `postgres://atrium@127.0.0.1:${proxy.port}/atrium` });
      const app = await buildApp({ config: t.config, database, tokens: t.tokens });
      try {
        const admin = await t.createUser({ role: 'admin' });
        const auth = await t.authHeader(admin);
        const started = Date.now();
        for (const res of await Promise.all([
          app.inject({ method: 'GET', url: '/api/companies', headers: auth }),
          app.inject({ method: 'POST', url: '/api/sign_in', payload: { email: admin.email, password: TEST_PASSWORD } }),
          app.inject({ method: 'GET', url: '/api/health' }),
        ])) {
          expect(res.statusCode, res.body).toBe(503);
          expect(res.headers['retry-after']).toBeDefined();
          expect(res.json().errors.code).toBe('service_unavailable');
        }
        expect(Date.now() - started).toBeLessThan(5000);
      } finally {
        await app.close();
        await database.close();
      }
    });
  }
});

describe('SIGTERM', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'atrium-sigterm-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  const freePort = () =>
    new Promise<number>((resolve) => {
      const s = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = s.address() as net.AddressInfo;
        s.close(() => resolve(port));
      });
    });

  it('drains the request in flight, then exits 0', async () => {
    const port = await freePort();
    const email = 'admin@example.com';
    const password = 'a long enough password';
    // The child runs on its own PGlite data directory, whatever this suite's database is.
    const { DATABASE_URL: _ignored, ...env } = process.env;
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: process.cwd(),
      env: {
        ...env,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'debug',
        ADMIN_EMAIL: email,
        ADMIN_PASSWORD: password,
        WEB_DIST: path.join(dataDir, 'no-web'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Atrium is running')) resolve();
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      void exited.then((code) => reject(new Error(`exited ${code}: ${output}`)));
    });

    // A sign-in spends most of its time in argon2: SIGTERM arrives while it is being answered.
    const inFlight = fetch(`http://127.0.0.1:${port}/api/sign_in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    // The request is in the server's hands once its log line "incoming request" is out (debug level).
    await new Promise<void>((resolve) => {
      const check = () => (output.includes('incoming request') ? resolve() : setTimeout(check, 5));
      check();
    });
    const signalled = Date.now();
    child.kill('SIGTERM');
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(res.headers.get('authorization')).toMatch(/^Bearer /);
    // The client's keep-alive connection is told to close: the exit does not wait out the keep-alive
    // timeout (72 s), as it did before.
    expect(res.headers.get('connection')).toBe('close');
    expect(await exited).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(10_000);
    expect(output).toContain('draining in-flight requests');
  }, 240_000);
});

describe('the storage failing during a document save', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const documentRows = async () => (await t.database.db.select({ n: count() }).from(documents))[0]!.n;

  /** An administrator's header, a new company, and a PDF uploaded for it but not yet saved as its document. */
  async function pdfUploadedFor(companyName: string) {
    const admin = await t.createUser({ role: 'admin' });
    const auth = await t.authHeader(admin);
    const companyId = await createCompany(t, auth, companyName);
    const cats = await categoryIds(t.database.db);
    const key = await upload(t, auth, 'pdf', PDF_BYTES);
    const document = (name: string) => ({ name, date: '2025-01-01', category_id: cats.legal, file_name: key });
    return { auth, companyId, key, document };
  }

  it('an object gone between upload and save: refused, no row pointing to it', async () => {
    const { auth, companyId, key, document } = await pdfUploadedFor('Stockage');
    await (await storageOf(t)).delete(key);
    const before = await documentRows();
    const res = await postPdfDocument(t, auth, companyId, document('Perdu'));
    expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(await documentRows()).toBe(before);
  });

  it('a storage that stops answering: 503, no row', async () => {
    const real = await storageOf(t);
    const unreachable = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9000'), { code: 'ECONNREFUSED' });
    let failing = false;
    /** The real call, unless the storage is failing. */
    const unlessFailing =
      <A extends unknown[], R>(call: (...a: A) => Promise<R>) =>
      async (...a: A): Promise<R> => {
        if (failing) throw unreachable();
        return call(...a);
      };
    const storage: Storage = {
      kind: real.kind,
      presignPut: (...a) => real.presignPut(...a),
      presignGet: (...a) => real.presignGet(...a),
      head: unlessFailing((key) => real.head(key)),
      readStart: unlessFailing((key, length) => real.readStart(key, length)),
      delete: unlessFailing((key) => real.delete(key)),
      copy: unlessFailing((from, to) => real.copy(from, to)),
      list: () => real.list(),
    };
    const app = await buildApp({ config: t.config, database: t.database, tokens: t.tokens, storage });
    try {
      const { auth, companyId, document } = await pdfUploadedFor('Stockage en panne');
      failing = true;
      const before = await documentRows();
      const res = await postPdfDocument(app, auth, companyId, document('Panne'));
      expect(res.statusCode, res.body).toBe(503);
      expect(res.headers['retry-after']).toBeDefined();
      expect(await documentRows()).toBe(before);

      // A delete whose file cannot be removed is still a delete done: answered 200, the row gone, the
      // file left to the orphan sweep (which removes what no row names once the storage is back).
      failing = false;
      const saved = await postPdfDocument(app, auth, companyId, document('Gardé'));
      expect(saved.statusCode, saved.body).toBe(201);
      failing = true;
      const removed = await app.inject({
        method: 'DELETE',
        url: `/api/companies/${companyId}/documents/${saved.json().data.id}`,
        headers: auth,
      });
      expect(removed.statusCode, removed.body).toBe(200);
      expect(await documentRows()).toBe(before);
      // The document's own file (its sealed copy, ADR 0015) is still there for the sweep.
      expect((await real.head(saved.json().data.file_name as string))?.size ?? null).toBe(PDF_BYTES.length);
    } finally {
      await app.close();
    }
  });
});
