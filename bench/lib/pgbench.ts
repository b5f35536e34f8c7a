/**
 * The machine's own ceiling for a case (ADR 0029): PostgreSQL's pgbench running the statements the route
 * sends — captured from the app (capture.ts), with the values it bound — prepared, with the
 * same number of clients, against the same cluster. What the app reaches is then read as a share of what
 * the database alone serves on this machine, not of another Node client.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Statement } from './capture';
import type { Measure } from './load';

const run = promisify(execFile);

const arrayItem = (item: unknown) =>
  item === null || item === undefined ? 'NULL' : `"${String(item).replace(/(["\\])/g, '\\$1')}"`;

/** A bound value as the driver sends it: text, which PostgreSQL reads as the parameter's type. */
export function asText(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return `{${value.map(arrayItem).join(',')}}`;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * The statement as pgbench must read it. pgbench takes every `:name` for one of its variables, inside string
 * literals too (its scanner does not know quotes), so `to_char(…, 'HH24:MI:SS')` would be sent with parameters
 * the statement does not have. Such a literal is split where a colon meets a name — `('HH24:' || 'MI:' || 'SS')`,
 * the same constant text, in parentheses so that a cast after it still applies to the whole.
 */
export function withoutVariablesInLiterals(sql: string): string {
  return sql.replace(/'(?:[^']|'')*'/g, (literal) =>
    /:[A-Za-z_]/.test(literal) ? `(${literal.replace(/:(?=[A-Za-z_])/g, ":' || '")})` : literal,
  );
}

/**
 * One pgbench transaction: the request's statements in order, each `$n` a pgbench variable bound as a
 * parameter under `-M prepared` (as the driver binds them), its value given with `-D`. A NULL is written in.
 */
export function scriptOf(statements: Statement[]): { script: string; variables: string[] } {
  const variables: string[] = [];
  const script = statements
    .map(({ text, params }, k) => {
      const sql = withoutVariablesInLiterals(text).replace(/\$(\d+)/g, (_, n: string) => {
        const value = params[Number(n) - 1];
        if (value === null || value === undefined) return 'NULL';
        const name = `s${k}p${n}`;
        variables.push(`${name}=${asText(value)}`);
        return `:${name}`;
      });
      return `${sql};`;
    })
    .join('\n');
  return { script, variables: [...new Set(variables)] };
}

/** Whether this machine has pgbench (Debian's `postgresql` package ships it). */
export async function pgbenchAvailable(): Promise<boolean> {
  try {
    await run('pgbench', ['--version']);
    return true;
  } catch {
    return false;
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const ms = (us: number) => Math.round(us / 10) / 100;

/**
 * Runs the statements for `seconds` with `clients` connections (`-M prepared`, two threads as the machine has
 * cores) after a warm-up, and reads each transaction's latency from pgbench's own log.
 */
export async function runPgbench(
  statements: Statement[],
  databaseUrl: string,
  options: { clients: number; warmup: number; seconds: number },
): Promise<Measure> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'atrium-pgbench-'));
  try {
    const script = path.join(dir, 'case.sql');
    const { script: sql, variables } = scriptOf(statements);
    writeFileSync(script, `${sql}\n`);
    const threads = String(Math.min(options.clients, os.cpus().length));
    const defines = variables.flatMap((variable) => ['-D', variable]);
    const common = ['-n', '-M', 'prepared', '-c', String(options.clients), '-j', threads, ...defines, '-f', script];
    if (options.warmup > 0)
      await run('pgbench', [...common, '-T', String(options.warmup), databaseUrl]).catch(() => undefined);
    let stdout: string;
    try {
      ({ stdout } = await run('pgbench', [...common, '-T', String(options.seconds), '-l', databaseUrl], {
        cwd: dir,
        maxBuffer: 16 * 1024 * 1024,
      }));
    } catch (error) {
      // A statement pgbench cannot run as written: say so in the table rather than stop the bench.
      const stderr = String((error as { stderr?: unknown }).stderr ?? error);
      const firstError = stderr.split('\n').find((line) => line.includes('error')) ?? stderr.slice(0, 200);
      return { requests: 0, seconds: options.seconds, rps: 0, p50: 0, p90: 0, p99: 0, max: 0, errors: 1, firstError };
    }
    const failed = Number(/number of failed transactions: (\d+)/.exec(stdout)?.[1] ?? 0);
    // Per-transaction log lines: client, transaction, latency in µs, script, epoch s, µs.
    const latencies = readdirSync(dir)
      .filter((name) => name.startsWith('pgbench_log'))
      .flatMap((name) =>
        readFileSync(path.join(dir, name), 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((line) => Number(line.split(' ')[2])),
      )
      .sort((a, b) => a - b);
    const tps = Number(/tps = ([\d.]+)/.exec(stdout)?.[1] ?? 0);
    return {
      requests: latencies.length,
      seconds: options.seconds,
      rps: Math.round(tps),
      p50: ms(percentile(latencies, 50)),
      p90: ms(percentile(latencies, 90)),
      p99: ms(percentile(latencies, 99)),
      max: ms(latencies[latencies.length - 1] ?? 0),
      errors: failed,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
