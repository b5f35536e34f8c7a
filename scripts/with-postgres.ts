/**
 * Runs a command against a throwaway PostgreSQL cluster: initdb + pg_ctl in a temp dir on a free port,
 * TEST_DATABASE_URL (and DATABASE_URL for scripts that want it) set for the child, everything removed after.
 * Usage: node --import tsx scripts/with-postgres.ts <command> [args…]
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, chmodSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

function findPgBin(): string {
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

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function main(): Promise<number> {
  const [command, ...args] = process.argv.slice(2);
  if (!command) throw new Error('usage: with-postgres.ts <command> [args…]');
  const bin = findPgBin();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'atrium-pg-'));
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  // initdb refuses to run as root: run the cluster as the unprivileged "postgres" user then.
  const asRoot = process.getuid?.() === 0;
  const run = (file: string, fileArgs: string[]) => {
    const exe = path.join(bin, file);
    if (asRoot) execFileSync('runuser', ['-u', 'postgres', '--', exe, ...fileArgs], { stdio: 'pipe' });
    else execFileSync(exe, fileArgs, { stdio: 'pipe' });
  };
  if (asRoot) {
    chmodSync(dir, 0o777);
  }
  let started = false;
  try {
    run('initdb', ['-D', dataDir, '-U', 'atrium', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
    run('pg_ctl', [
      '-D', dataDir, '-l', path.join(dir, 'log'), '-w', '-t', '60',
      '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c max_connections=300`,
      'start',
    ]);
    started = true;
    const url = `postgres://atrium@127.0.0.1:${port}/postgres`;
    console.log(`[with-postgres] PostgreSQL (${bin}) on port ${port}`);
    const child = spawn(command, args, {
      stdio: 'inherit',
      shell: false,
      env: { ...process.env, TEST_DATABASE_URL: url, DATABASE_URL: process.env['DATABASE_URL'] ?? url },
    });
    return await new Promise<number>((resolve) => child.on('exit', (code) => resolve(code ?? 1)));
  } finally {
    if (started) {
      try {
        run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // already stopped
      }
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`[with-postgres] ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
