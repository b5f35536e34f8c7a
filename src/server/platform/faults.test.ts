import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import pg from 'pg';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  findPgBin,
  freePort as freeClusterPort,
  handOver,
  initCluster,
  startCluster,
  type Cluster,
} from '../../../scripts/postgres-cluster';
import { buildApp } from '../app';
import { documents } from '../db/schema';
import { categoryIds, createCompany, postPdfDocument, storageOf, upload } from '../test/document-fixtures';
import { startChildServer, waitUntil, type ChildServer } from '../test/child-server';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../test/harness';
import { databaseUrlFor, runOnServer } from '../test/template-database';
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

describe('a connection lost inside a transaction', () => {
  // The real server (src/server/main.ts) as a child process on a PostgreSQL cluster of this file's own, which
  // the test restarts: whatever database the run has, the process under test must outlive its connections.
  const admin = { email: 'lost@example.com', password: 'a long enough password' };
  let dir: string;
  let cluster: Cluster;
  let databaseUrl: string;
  let databaseName: string;
  let server: ChildServer;
  let auth: Record<string, string>;
  let company: { id: string; body: Record<string, unknown> };

  const call = async (method: string, url: string, body?: unknown) => {
    const res = await fetch(`${server.origin}/api${url}`, {
      method,
      headers: { ...auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, headers: res.headers, json: (await res.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
  };

  beforeAll(async () => {
    const bin = findPgBin();
    dir = mkdtempSync(path.join(os.tmpdir(), 'atrium-pg-lost-'));
    handOver(dir);
    initCluster(path.join(dir, 'data'), bin);
    cluster = startCluster(
      { dataDir: path.join(dir, 'data'), port: await freeClusterPort(), settings: { fsync: 'off' } },
      bin,
    );
    databaseName = `atrium_lost_${randomUUID().replace(/-/g, '')}`;
    await runOnServer(cluster.url, `CREATE DATABASE ${databaseName}`);
    databaseUrl = databaseUrlFor(cluster.url, databaseName);
    const dataDir = path.join(dir, 'app');
    server = await startChildServer({
      dataDir,
      databaseUrl,
      env: { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password },
    });
    const signIn = await fetch(`${server.origin}/api/sign_in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(admin),
    });
    expect(signIn.status).toBe(200);
    auth = { authorization: signIn.headers.get('authorization')! };
    const first = async (url: string) => ((await call('GET', url)).json.data as Array<{ id: string }>)[0]!.id;
    const body = {
      name: 'Connexion perdue',
      legal_form_id: await first('/legal_forms'),
      status_id: await first('/statuses'),
      activity_area_id: await first('/activity_areas'),
      address: { address: '1 rue du Port', zip_code: 'H2Y 1H2', municipality_id: await first('/municipalities') },
    };
    const created = await call('POST', '/companies', body);
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    company = { id: created.json.data.id as string, body };
  }, 240_000);

  afterAll(async () => {
    await server?.kill('SIGKILL');
    cluster?.stop('immediate');
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  /**
   * A company save that is inside its transaction, waiting on the company's row that another session holds
   * locked: answers the save's pending answer, the holder, and the backend of the save.
   */
  async function saveWaitingOnALock(name: string) {
    const current = await call('GET', `/companies/${company.id}`);
    const lockVersion = current.json.data.lock_version as number;
    const holder = new pg.Client({ connectionString: databaseUrl });
    holder.on('error', () => undefined);
    await holder.connect();
    await holder.query('BEGIN');
    await holder.query('SELECT id FROM companies WHERE id = $1 FOR UPDATE', [company.id]);
    const save = call('PATCH', `/companies/${company.id}`, { ...company.body, name, lock_version: lockVersion });
    let answered: unknown;
    void save.then(
      (res) => (answered = res),
      (error: unknown) => (answered = String(error)),
    );
    let pid: number | undefined;
    await waitUntil(
      async () => {
        if (answered) throw new Error(`the save did not wait: ${JSON.stringify(answered)}`);
        const { rows } = await holder.query<{ pid: number }>(
          `SELECT pid FROM pg_stat_activity WHERE datname = $1 AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`,
          [databaseName],
        );
        pid = rows[0]?.pid;
        return pid !== undefined;
      },
      30_000,
      'the save waiting on the lock',
    );
    return { save, holder, pid: pid! };
  }

  /** The process has not exited, and nothing reached the top of its event loop unhandled. */
  const expectAlive = async () => {
    expect(server.output()).not.toMatch(/Unhandled|uncaught/i);
    expect(await Promise.race([server.exited.then(() => 'exited'), sleep(100).then(() => 'running')])).toBe('running');
  };

  it(
    'pg_terminate_backend on a save waiting on a lock: 503 in the request’s language, and the process serves on',
    {
      timeout: 90_000,
    },
    async () => {
      const { save, holder, pid } = await saveWaitingOnALock('Sauvegarde coupée');
      await runOnServer(cluster.url, `SELECT pg_terminate_backend(${pid})`);
      const res = await save;
      expect(res.status, JSON.stringify(res.json)).toBe(503);
      expect(res.headers.get('retry-after')).toBeDefined();
      expect(res.json.errors.code).toBe('service_unavailable');
      expect(res.json.errors.message).toMatch(/base de données/);
      await holder.query('ROLLBACK');
      await holder.end();

      const after = await call('GET', `/companies/${company.id}?locale=en`);
      expect(after.status).toBe(200);
      // Rolled back: nothing of the cut save was written.
      expect(after.json.data.name).toBe('Connexion perdue');
      const again = await call('PATCH', `/companies/${company.id}`, {
        ...company.body,
        name: 'Sauvegarde reprise',
        lock_version: after.json.data.lock_version as number,
      });
      expect(again.status, JSON.stringify(again.json)).toBe(200);
      await expectAlive();
    },
  );

  it(
    'pg_ctl restart -m fast during a save: 503, the process lives, and the next request after the restart succeeds',
    {
      timeout: 90_000,
    },
    async () => {
      const { save, holder } = await saveWaitingOnALock('Sauvegarde redémarrée');
      cluster.restart('fast');
      const res = await save;
      expect(res.status, JSON.stringify(res.json)).toBe(503);
      expect(res.json.errors.code).toBe('service_unavailable');
      await holder.end().catch(() => undefined);
      // The pool's other connections were cut too (idle ones are dropped when told): the first request served.
      const after = await call('GET', `/companies/${company.id}?locale=en`);
      expect(after.status, JSON.stringify(after.json)).toBe(200);
      expect(after.json.data.name).toBe('Sauvegarde reprise');
      const list = await call('GET', '/companies');
      expect(list.status).toBe(200);
      await expectAlive();
    },
  );
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
      write: unlessFailing((key, body, type) => real.write(key, body, type)),
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
