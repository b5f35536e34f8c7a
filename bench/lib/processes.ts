/**
 * Child processes of a bench run (the app, the bare-Fastify ceiling, the seed) and what is read from
 * them: resident memory and CPU time, from /proc. Every child and cluster started here is registered
 * for cleanup, which runs on success, failure, Ctrl-C and SIGTERM.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync, readdirSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

type Cleanup = () => void | Promise<void>;
const cleanups: Cleanup[] = [];

/** Registers an undo step; returns a function that runs it now (and unregisters it). */
export function onCleanup(step: Cleanup): () => Promise<void> {
  cleanups.push(step);
  return async () => {
    const at = cleanups.indexOf(step);
    if (at >= 0) cleanups.splice(at, 1);
    await step();
  };
}

/** Runs every registered step, newest first; failures are reported and do not stop the others. */
export async function cleanupAll(): Promise<void> {
  while (cleanups.length > 0) {
    const step = cleanups.pop()!;
    try {
      await step();
    } catch (error) {
      console.error(`cleanup failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

let signalled = false;
export function installSignalHandlers(): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (signalled) return;
      signalled = true;
      console.error(`\n${signal}: stopping the servers and the database started by this run…`);
      void cleanupAll().finally(() => process.exit(130));
    });
  }
}

export interface Child {
  process: ChildProcess;
  pid: number;
  /** Resolves with the exit code once the child has exited. */
  exited: Promise<number | null>;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves once it has exited. */
  stop(graceMs?: number): Promise<void>;
}

/**
 * Starts a child with its output going straight to `logFile` (a file descriptor, not a pipe: the bench's
 * busy event loop must not slow the server's logging down). Stopped by cleanupAll if still running.
 */
export function startChild(
  command: string,
  args: string[],
  options: { env: NodeJS.ProcessEnv; logFile: string; cwd?: string },
): Child {
  const fd = openSync(options.logFile, 'a');
  const child = spawn(command, args, { env: options.env, cwd: options.cwd, stdio: ['ignore', fd, fd] });
  closeSync(fd);
  if (child.pid === undefined) throw new Error(`could not start ${command}`);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let running = true;
  void exited.then(() => {
    running = false;
  });
  const stop = async (graceMs = 10_000) => {
    if (running) {
      child.kill('SIGTERM');
      const killed = await Promise.race([exited.then(() => true), sleep(graceMs).then(() => false)]);
      if (!killed) child.kill('SIGKILL');
      await exited;
    }
  };
  const unregister = onCleanup(() => stop(3000));
  return {
    process: child,
    pid: child.pid,
    exited,
    stop: async (graceMs) => {
      await stop(graceMs);
      await unregister();
    },
  };
}

/** Polls `url` until it answers 2xx, the child exits, or the timeout passes. */
export async function waitUntilReady(url: string, child: Child, timeoutMs: number, logFile: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  void child.exited.then(() => {
    exited = true;
  });
  while (Date.now() < deadline) {
    if (exited) throw new Error(`the server exited during start-up; see ${logFile}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`the server did not answer ${url} within ${timeoutMs / 1000} s; see ${logFile}`);
}

const TICKS_PER_SECOND = 100;

/** Resident set size of a process, in bytes (VmRSS). */
export function rssOf(pid: number): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
    return kb ? Number(kb) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** CPU time (user + system) a process has used, in seconds. */
export function cpuSecondsOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

export interface ResourceUse {
  /** Highest resident memory seen during the window, in MB. */
  rssMaxMb: number | null;
  /** Server CPU over the window, in % of one core. */
  cpuPercent: number | null;
  /**
   * CPU used during the window by processes that are not this run's (not the bench, its children, or
   * its PostgreSQL cluster), in cores: what competed with the measurement on a shared machine.
   */
  othersCores: number | null;
}

/** Busy and total CPU time of the whole machine, in seconds (first line of /proc/stat). */
function machineCpuSeconds(): { busy: number; total: number } | undefined {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    const total = fields.reduce((a, b) => a + b, 0);
    const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
    return { busy: (total - idle) / TICKS_PER_SECOND, total: total / TICKS_PER_SECOND };
  } catch {
    return undefined;
  }
}

/** CPU seconds of the given processes and all their descendants, live or reaped by them. */
function treeCpuSeconds(roots: number[]): number {
  const parent = new Map<number, number>();
  const cpu = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parent.set(Number(name), Number(fields[1]));
      // utime, stime, and the children's it has waited for (cutime, cstime).
      cpu.set(
        Number(name),
        (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) / TICKS_PER_SECOND,
      );
    } catch {
      // gone meanwhile
    }
  }
  const ours = (pid: number): boolean => {
    for (let p: number | undefined = pid, depth = 0; p && depth < 64; p = parent.get(p), depth += 1)
      if (roots.includes(p)) return true;
    return false;
  };
  let total = 0;
  for (const [pid, seconds] of cpu) if (ours(pid)) total += seconds;
  return total;
}

/** Processes whose CPU is this run's own (the bench process is always one). */
const ownRoots: number[] = [process.pid];
export function countAsOurs(pid: number): void {
  ownRoots.push(pid);
}

/**
 * Samples a process's memory every 100 ms while `work` runs, and its CPU time around it, and how much
 * CPU other processes on the machine took meanwhile.
 */
export async function whileSampling<T>(
  pid: number | undefined,
  work: () => Promise<T>,
): Promise<{ result: T; use: ResourceUse }> {
  let rssMax = pid ? (rssOf(pid) ?? 0) : 0;
  const timer = pid
    ? setInterval(() => {
        rssMax = Math.max(rssMax, rssOf(pid) ?? 0);
      }, 100)
    : undefined;
  const cpuBefore = pid ? cpuSecondsOf(pid) : undefined;
  const machineBefore = machineCpuSeconds();
  const oursBefore = treeCpuSeconds(ownRoots);
  const started = performance.now();
  try {
    const result = await work();
    const seconds = (performance.now() - started) / 1000;
    const cpuAfter = pid ? cpuSecondsOf(pid) : undefined;
    const machineAfter = machineCpuSeconds();
    const oursAfter = treeCpuSeconds(ownRoots);
    if (pid) rssMax = Math.max(rssMax, rssOf(pid) ?? 0);
    const others =
      machineBefore && machineAfter
        ? Math.max(0, machineAfter.busy - machineBefore.busy - (oursAfter - oursBefore)) / seconds
        : null;
    return {
      result,
      use: {
        rssMaxMb: rssMax ? Math.round(rssMax / 1024 / 1024) : null,
        cpuPercent:
          cpuBefore !== undefined && cpuAfter !== undefined
            ? Math.round(((cpuAfter - cpuBefore) / seconds) * 100)
            : null,
        othersCores: others === null ? null : Math.round(others * 100) / 100,
      },
    };
  } finally {
    if (timer) clearInterval(timer);
  }
}

/**
 * Waits until a process has (nearly) stopped using CPU: requests abandoned by the previous window (a
 * sign-in's argon2 runs on after its client hung up) must not be charged to the next one.
 */
export async function settle(pid: number, maxMs = 15_000): Promise<void> {
  const deadline = Date.now() + maxMs;
  while (Date.now() < deadline) {
    const before = cpuSecondsOf(pid);
    await sleep(250);
    const after = cpuSecondsOf(pid);
    if (before === undefined || after === undefined || (after - before) / 0.25 < 0.1) return;
  }
}

/** The 1-minute load average: how busy the machine was (others share it). */
export function loadAverage(): number {
  try {
    return Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);
  } catch {
    return NaN;
  }
}
