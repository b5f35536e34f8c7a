/**
 * A local PostgreSQL cluster from Debian's `postgresql` package (initdb + pg_ctl), for the tests on
 * PostgreSQL (scripts/with-postgres.ts, throwaway) and the benchmarks (bench/, kept between runs).
 * initdb refuses to run as root: as root, the cluster runs as the unprivileged "postgres" user.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, readdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export function findPgBin(): string {
  for (const candidate of ['/usr/lib/postgresql']) {
    if (!existsSync(candidate)) continue;
    const versions = readdirSync(candidate)
      .map(Number)
      .filter((v) => v >= 15)
      .sort((a, b) => b - a);
    if (versions[0]) return path.join(candidate, String(versions[0]), 'bin');
  }
  const which = spawnSync('which', ['initdb'], { encoding: 'utf8' });
  if (which.status === 0) return path.dirname(which.stdout.trim());
  throw new Error('PostgreSQL ≥ 15 not found: install Debian\'s "postgresql" package (apt-get install postgresql)');
}

/** A free TCP port on 127.0.0.1: any (0), or the first free one in [from, to]. */
export async function freePort(range?: { from: number; to: number }): Promise<number> {
  const tryPort = (port: number) =>
    new Promise<number | undefined>((resolve) => {
      const server = net.createServer();
      server.once('error', () => resolve(undefined));
      server.listen(port, '127.0.0.1', () => {
        const { port: bound } = server.address() as net.AddressInfo;
        server.close(() => resolve(bound));
      });
    });
  if (!range) {
    const port = await tryPort(0);
    if (port === undefined) throw new Error('no free port');
    return port;
  }
  for (let port = range.from; port <= range.to; port += 1) {
    const bound = await tryPort(port);
    if (bound !== undefined) return bound;
  }
  throw new Error(`no free port in ${range.from}–${range.to}`);
}

const asRoot = () => process.getuid?.() === 0;

function runPg(bin: string, file: string, args: string[]): void {
  const exe = path.join(bin, file);
  if (asRoot()) execFileSync('runuser', ['-u', 'postgres', '--', exe, ...args], { stdio: 'pipe' });
  else execFileSync(exe, args, { stdio: 'pipe' });
}

/** Lets the cluster's user create its data directory, socket and log under `dir` (which must exist). */
export function handOver(dir: string): void {
  if (!asRoot()) return;
  chmodSync(dir, 0o777);
  try {
    const id = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, id, gid);
  } catch {
    // chmod 777 is enough for initdb; ownership only tidies up.
  }
}

export interface ClusterOptions {
  /** Where initdb put (or will put) the cluster. Its parent holds the socket and the log. */
  dataDir: string;
  port: number;
  /** Extra `-c name=value` server settings. */
  settings?: Record<string, string | number>;
}

export interface Cluster {
  /** The `postgres` database, as the superuser `atrium` (trust authentication, 127.0.0.1 only). */
  url: string;
  port: number;
  bin: string;
  /** Stops the cluster (idempotent); `immediate` skips the shutdown checkpoint. */
  stop(mode?: 'fast' | 'immediate'): void;
  /** `pg_ctl restart`: every connection is cut, and the server is back with the same settings when this returns. */
  restart(mode?: 'fast' | 'immediate'): void;
}

/** initdb with a superuser `atrium`, trust authentication and UTF-8. The parent of dataDir must exist. */
export function initCluster(dataDir: string, bin = findPgBin()): void {
  runPg(bin, 'initdb', ['-D', dataDir, '-U', 'atrium', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
}

export function startCluster(options: ClusterOptions, bin = findPgBin()): Cluster {
  const parent = path.dirname(options.dataDir);
  const settings = { listen_addresses: '127.0.0.1', ...options.settings };
  const flags = [`-p ${options.port}`, `-k ${parent}`, ...Object.entries(settings).map(([k, v]) => `-c ${k}=${v}`)];
  runPg(bin, 'pg_ctl', [
    '-D',
    options.dataDir,
    '-l',
    path.join(parent, 'log'),
    '-w',
    '-t',
    '60',
    '-o',
    flags.join(' '),
    'start',
  ]);
  let running = true;
  const log = path.join(parent, 'log');
  return {
    url: `postgres://atrium@127.0.0.1:${options.port}/postgres`,
    port: options.port,
    bin,
    stop(mode = 'fast') {
      if (!running) return;
      running = false;
      try {
        runPg(bin, 'pg_ctl', ['-D', options.dataDir, '-m', mode, '-w', 'stop']);
      } catch {
        // already stopped
      }
    },
    restart(mode = 'fast') {
      // pg_ctl restart starts the server again with the options it was last started with (postmaster.opts).
      runPg(bin, 'pg_ctl', ['-D', options.dataDir, '-l', log, '-m', mode, '-w', '-t', '60', 'restart']);
      running = true;
    },
  };
}
