import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

/**
 * The real server (src/server/main.ts, exactly as `npm start` runs it) as a child process, for the tests
 * that need a process to signal or kill and the soak. Ports come from 3500–3599.
 */

export interface ChildServer {
  pid: number;
  port: number;
  /** http://127.0.0.1:<port> */
  origin: string;
  /** Everything the process wrote so far, stdout and stderr interleaved. */
  output(): string;
  /** Resolves when the process has exited, with its code (null when killed by a signal). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Sends the signal and waits for the exit. */
  kill(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Resolves once `text` appears in the output; rejects if the process exits first. */
  waitForOutput(text: string, timeoutMs?: number): Promise<void>;
}

export interface ChildServerOptions {
  dataDir: string;
  /** PostgreSQL; without it the child runs on its own PGlite under dataDir/db. */
  databaseUrl?: string;
  env?: Record<string, string>;
  /** Default 'warn': a busy child logging every request at 'info' would spend its time on it. */
  logLevel?: string;
  startTimeoutMs?: number;
}

const PORTS = { from: 3500, to: 3599 };

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** A free port of the range, starting at a random one so that suites running together rarely race. */
async function freePort(): Promise<number> {
  const size = PORTS.to - PORTS.from + 1;
  const start = Math.floor(Math.random() * size);
  for (let i = 0; i < size; i += 1) {
    const port = PORTS.from + ((start + i) % size);
    if (await portIsFree(port)) return port;
  }
  throw new Error(`no free port in ${PORTS.from}–${PORTS.to}`);
}

const READY = 'Atrium is running';

/** Starts the server and resolves once it listens; rejects (with its output) if it exits or hangs first. */
export async function startChildServer(options: ChildServerOptions): Promise<ChildServer> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startOnce(options, await freePort());
    } catch (error) {
      // Another process took the port between the probe and the listen: try another one.
      if (attempt < 5 && error instanceof Error && error.message.includes('EADDRINUSE')) continue;
      throw error;
    }
  }
}

async function startOnce(options: ChildServerOptions, port: number): Promise<ChildServer> {
  // The child reads only what it is given here: never this process's database.
  const { DATABASE_URL: _database, TEST_DATABASE_URL: _testDatabase, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: fileURLToPath(new URL('../../..', import.meta.url)),
    env: {
      ...inherited,
      DATA_DIR: options.dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: options.logLevel ?? 'warn',
      WEB_DIST: path.join(options.dataDir, 'no-web'),
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    output += chunk.toString('utf8');
    for (const listener of listeners) listener();
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  let hasExited = false;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      hasExited = true;
      resolve({ code, signal });
      for (const listener of listeners) listener();
    }),
  );

  const waitForOutput = (text: string, timeoutMs = 120_000) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        listeners.delete(check);
        reject(new Error(`no "${text}" from the server within ${timeoutMs / 1000} s:\n${output}`));
      }, timeoutMs);
      const check = () => {
        if (output.includes(text)) {
          clearTimeout(timer);
          listeners.delete(check);
          resolve();
        } else if (hasExited) {
          clearTimeout(timer);
          listeners.delete(check);
          reject(new Error(`the server exited before "${text}":\n${output}`));
        }
      };
      listeners.add(check);
      check();
    });

  const kill = async (signal: NodeJS.Signals = 'SIGKILL') => {
    if (!hasExited) child.kill(signal);
    return exited;
  };

  try {
    await waitForOutput(READY, options.startTimeoutMs ?? 180_000);
  } catch (error) {
    await kill('SIGKILL');
    throw error;
  }
  return {
    pid: child.pid!,
    port,
    origin: `http://127.0.0.1:${port}`,
    output: () => output,
    exited,
    kill,
    waitForOutput,
  };
}

/** Polls `condition` every `everyMs` until it holds; throws after `timeoutMs`. */
export async function waitUntil(
  condition: () => Promise<boolean> | boolean,
  timeoutMs: number,
  what: string,
  everyMs = 20,
) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}`);
    await sleep(everyMs);
  }
}
