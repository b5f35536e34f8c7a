/**
 * Runs a command against a throwaway PostgreSQL cluster: initdb + pg_ctl in a temp dir on a free port,
 * TEST_DATABASE_URL (and DATABASE_URL for scripts that want it) set for the child, everything removed after.
 * Usage: node --import tsx scripts/with-postgres.ts <command> [args…]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findPgBin, freePort, handOver, initCluster, startCluster, type Cluster } from './postgres-cluster';

async function main(): Promise<number> {
  const [command, ...args] = process.argv.slice(2);
  if (!command) throw new Error('usage: with-postgres.ts <command> [args…]');
  const bin = findPgBin();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'atrium-pg-'));
  const dataDir = path.join(dir, 'data');
  handOver(dir);
  let cluster: Cluster | undefined;
  try {
    initCluster(dataDir, bin);
    cluster = startCluster(
      {
        dataDir,
        port: await freePort(),
        settings: { fsync: 'off', full_page_writes: 'off', max_connections: 300 },
      },
      bin,
    );
    const url = cluster.url;
    console.log(`[with-postgres] PostgreSQL (${bin}) on port ${cluster.port}`);
    const child = spawn(command, args, {
      stdio: 'inherit',
      shell: false,
      env: { ...process.env, TEST_DATABASE_URL: url, DATABASE_URL: process.env['DATABASE_URL'] ?? url },
    });
    return await new Promise<number>((resolve) => child.on('exit', (code) => resolve(code ?? 1)));
  } finally {
    cluster?.stop('immediate');
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
