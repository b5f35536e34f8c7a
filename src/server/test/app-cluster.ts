import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { findPgBin, freePort, handOver, initCluster, startCluster } from '../../../scripts/postgres-cluster';
import { startChildServer, type ChildServer, type ChildServerOptions } from './child-server';
import { databaseUrlFor, runOnServer } from './template-database';

/**
 * Several real app processes on one PostgreSQL behind a small round-robin proxy, as a body that outgrew one
 * process runs them behind a load balancer (ADR 0027). Test code only: the scale-out tests and the
 * soak (`--processes N`) use it. Every process gets the same JWT_SECRET (a token signed by one is read by all)
 * and the same DATA_DIR (local files uploaded through one are served by all).
 */

export interface AppCluster {
  processes: ChildServer[];
  proxy: RoundRobinProxy;
  /** The proxy's origin: where a client that should not care which process answers talks to. */
  origin: string;
  /** Stops the proxy, then every process with `signal`; answers each process's exit. */
  stop(signal?: NodeJS.Signals): Promise<Array<{ code: number | null; signal: NodeJS.Signals | null }>>;
}

export interface AppClusterOptions extends Omit<ChildServerOptions, 'databaseUrl'> {
  /** Two or more processes make sense only on PostgreSQL: PGlite is one process's own database. */
  databaseUrl: string;
  processes: number;
}

export async function startAppCluster(options: AppClusterOptions): Promise<AppCluster> {
  const { processes: count, ...child } = options;
  const env = { JWT_SECRET: randomBytes(32).toString('hex'), ...child.env };
  // Together, as a deployment starts them: migrations at start must be safe when they race (advisory lock).
  const started = await Promise.allSettled(Array.from({ length: count }, () => startChildServer({ ...child, env })));
  const processes = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failed = started.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failed) {
    await Promise.all(processes.map((server) => server.kill('SIGKILL')));
    throw failed.reason;
  }
  const proxy = await startRoundRobinProxy(processes.map((server) => server.port));
  return {
    processes,
    proxy,
    origin: proxy.origin,
    async stop(signal = 'SIGKILL') {
      await proxy.close();
      return Promise.all(processes.map((server) => server.kill(signal)));
    },
  };
}

export interface RoundRobinProxy {
  origin: string;
  /** Requests forwarded to each backend so far, in the order of the ports given. */
  forwarded: number[];
  close(): Promise<void>;
}

/** At most this many requests in flight through the proxy; more wait in the agent's queue (bounded memory). */
const MAX_SOCKETS_PER_BACKEND = 256;
/** A backend that answers nothing for this long is cut off: the client sees a 502, never a hang. */
const BACKEND_TIMEOUT_MS = 60_000;

/**
 * A round-robin HTTP proxy on 127.0.0.1 (port 0): each request goes to the next backend in turn, streamed both
 * ways. It adds X-Forwarded-For with the client's address, as a load balancer does (the apps honour it only with
 * TRUST_PROXY). A backend that is down answers 502, as a load balancer's would; there is no retry, so a test
 * sees exactly what one request met.
 */
export async function startRoundRobinProxy(ports: number[]): Promise<RoundRobinProxy> {
  if (ports.length === 0) throw new Error('a proxy needs at least one backend');
  const agent = new http.Agent({ keepAlive: true, maxSockets: MAX_SOCKETS_PER_BACKEND });
  const forwarded = ports.map(() => 0);
  let next = 0;
  const server = http.createServer((request, response) => {
    const index = next;
    next = (next + 1) % ports.length;
    forwarded[index] = (forwarded[index] ?? 0) + 1;
    const client = request.socket.remoteAddress ?? '127.0.0.1';
    const prior = request.headers['x-forwarded-for'];
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: ports[index],
        method: request.method,
        path: request.url,
        headers: { ...request.headers, 'x-forwarded-for': prior ? `${String(prior)}, ${client}` : client },
        agent,
        timeout: BACKEND_TIMEOUT_MS,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('timeout', () => upstream.destroy(new Error('backend timeout')));
    upstream.on('error', () => {
      if (!response.headersSent) response.writeHead(502, { 'content-type': 'text/plain' }).end('bad gateway');
      else response.destroy();
    });
    request.pipe(upstream);
  });
  // Longer than any client keeps an idle connection, as a load balancer's idle timeout is (60 s is common): at 5 s, a
  // client reusing a connection the proxy was closing lost a POST as a transport error (a two-process soak on CI,
  // with the machine's timers late under 200 clients).
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    forwarded,
    async close() {
      if (!server.listening) return;
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  };
}

export interface EmptyDatabase {
  url: string;
  /** How the PostgreSQL server was found: TEST_DATABASE_URL, or a cluster started for this run. */
  server: 'TEST_DATABASE_URL' | 'own cluster';
  drop(): Promise<void>;
}

/**
 * An empty (unmigrated) database on PostgreSQL for a multi-process test: on TEST_DATABASE_URL's server when it is
 * set (`npm run test:pg`, the PostgreSQL half of `npm run test:slow`), else on a throwaway cluster started here
 * (ADR 0027: several processes need PostgreSQL, so the PGlite run of the slow project tests them on one too
 * rather than skipping). Never the tests' template: the processes migrate it themselves, together.
 */
export async function createEmptyPostgresDatabase(prefix: string): Promise<EmptyDatabase> {
  let serverUrl = process.env['TEST_DATABASE_URL'];
  let stopCluster = () => undefined as void;
  let cleanUp = () => undefined as void;
  if (!serverUrl) {
    const bin = findPgBin();
    const dir = mkdtempSync(path.join(os.tmpdir(), 'atrium-pg-'));
    handOver(dir);
    initCluster(path.join(dir, 'data'), bin);
    const cluster = startCluster(
      { dataDir: path.join(dir, 'data'), port: await freePort(), settings: { fsync: 'off', max_connections: 200 } },
      bin,
    );
    serverUrl = cluster.url;
    stopCluster = () => cluster.stop('immediate');
    cleanUp = () => rmSync(dir, { recursive: true, force: true });
  }
  const name = `${prefix}_${randomBytes(8).toString('hex')}`;
  await runOnServer(serverUrl, `CREATE DATABASE ${name}`);
  const server = serverUrl;
  return {
    url: databaseUrlFor(server, name),
    server: process.env['TEST_DATABASE_URL'] ? 'TEST_DATABASE_URL' : 'own cluster',
    async drop() {
      await runOnServer(server, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
      stopCluster();
      cleanUp();
    },
  };
}
