/**
 * The built app as `npm start` runs it (node --import tsx src/server/main.ts serving dist/web), on a
 * free port and its own PGlite data directory, for the benchmarks of what the browser downloads
 * (`bench:size`, `bench:web`). Stopped by cleanupAll like every child of a bench run.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { freePort } from '../../scripts/postgres-cluster';
import { DATA, ROOT } from './datasets';
import { startChild, waitUntilReady, type Child } from './processes';

export const WEB_DIST = path.join(ROOT, 'dist', 'web');

export interface BuiltApp {
  base: string;
  server: Child;
  stop(): Promise<void>;
}

/**
 * A PGlite data directory holding the demo dataset at `companies` companies (seeded once by
 * `npm run seed:demo`, then kept in bench/.data/), or an empty one when `companies` is 0.
 */
export function webDataDir(companies: number): string {
  const dir = path.join(DATA, `web-${companies}`);
  if (companies === 0) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    return dir;
  }
  const done = path.join(dir, '.seeded');
  if (!existsSync(done)) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    execFileSync(
      process.execPath,
      [
        '--import',
        'tsx',
        'scripts/seed-demo.ts',
        '--companies',
        String(companies),
        '--users',
        '5',
        '--big-timeline',
        '0',
      ],
      { cwd: ROOT, env: withoutDatabaseUrl({ ...process.env, DATA_DIR: dir }), stdio: 'inherit' },
    );
    writeFileSync(done, new Date().toISOString());
  }
  return dir;
}

/** Always the embedded PGlite: these benchmarks measure the browser's side, not the database. */
function withoutDatabaseUrl(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const copy = { ...env };
  delete copy['DATABASE_URL'];
  return copy;
}

/**
 * Starts `appRoot`'s server on its build (`appRoot/dist/web`): this checkout by default, or another
 * one (`--app DIR` of bench:size and bench:web) to compare a change with the code before it.
 */
export async function startBuiltApp(dataDir: string, appRoot = ROOT): Promise<BuiltApp> {
  const webDist = path.join(appRoot, 'dist', 'web');
  if (!existsSync(path.join(webDist, 'index.html'))) throw new Error(`no build in ${webDist}: run npm run build`);
  const port = await freePort();
  const logFile = path.join(dataDir, 'server.log');
  writeFileSync(logFile, '');
  const env: NodeJS.ProcessEnv = withoutDatabaseUrl({
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    WEB_DIST: webDist,
    // A fixed secret: the data directory is the bench's own, and this skips writing one.
    JWT_SECRET: 'bench-web-secret-bench-web-secret-0123456789',
  });
  const server = startChild(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env,
    logFile,
    cwd: appRoot,
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitUntilReady(`${base}/api/health`, server, 120_000, logFile);
  } catch (error) {
    // A server that never answered must not outlive the bench (it would hold the data directory).
    await server.stop(3000);
    throw error;
  }
  return { base, server, stop: () => server.stop() };
}
