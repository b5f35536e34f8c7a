/**
 * `npm run test:e2e`: builds the SPA once, then runs the browser stories in N Playwright shards at the same time,
 * each with a server, a port and a data directory of its own (the stories change global settings, so two of them
 * cannot share a server). N is E2E_SHARDS, or the machine's parallelism; the ports are E2E_PORT (3100), +1, …
 *
 * Without arguments, the spec files are dealt to the shards by their durations in e2e/durations.json (longest
 * first, each to the shard with the least so far; a file not in it counts as the median), since Playwright's
 * `--shard` cuts by number of tests and a test here lasts from 5 s to 4 minutes. With arguments
 * (`npm run test:e2e -- e2e/companies.spec.ts`), every shard gets them and `--shard i/N`.
 * E2E_RECORD_DURATIONS=1 rewrites e2e/durations.json from the run.
 *
 * Each line is prefixed with its shard; the end lists the failed tests by shard; the exit code is non-zero if the
 * build or any shard failed. See docs/decisions/0048-ci-in-parallel.md.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';

interface Outcome {
  shard: number;
  port: number;
  code: number;
  seconds: number;
  report: string;
}

/** The part of Playwright's JSON report read here. */
interface JsonSuite {
  title: string;
  file: string;
  suites?: JsonSuite[];
  specs?: Array<{
    title: string;
    file: string;
    line: number;
    tests: Array<{ status: 'expected' | 'unexpected' | 'flaky' | 'skipped'; results: Array<{ duration: number }> }>;
  }>;
}

const E2E_DIR = path.join(import.meta.dirname, '..', 'e2e');
const DURATIONS = path.join(E2E_DIR, 'durations.json');
const args = process.argv.slice(2);
const wanted = Math.max(1, Number(process.env['E2E_SHARDS'] ?? os.availableParallelism()) || 1);
const basePort = Number(process.env['E2E_PORT'] ?? 3100);
const children = new Set<ReturnType<typeof spawn>>();

/**
 * The spec files of each shard, longest first to the shard with the least so far; none when arguments choose the
 * tests (then `--shard`). Never more shards than files.
 */
function dealSpecs(): string[][] | null {
  if (args.length > 0) return null;
  const files = readdirSync(E2E_DIR)
    .filter((file) => file.endsWith('.spec.ts'))
    .sort();
  const recorded = existsSync(DURATIONS) ? (JSON.parse(readFileSync(DURATIONS, 'utf8')) as Record<string, number>) : {};
  const known = files.map((file) => recorded[file]).filter((seconds): seconds is number => seconds !== undefined);
  const median = known.length ? known.sort((a, b) => a - b)[Math.floor(known.length / 2)]! : 1;
  const weight = (file: string) => recorded[file] ?? median;
  const shards = Array.from({ length: Math.min(wanted, files.length) }, () => ({ seconds: 0, files: [] as string[] }));
  for (const file of [...files].sort((a, b) => weight(b) - weight(a) || a.localeCompare(b))) {
    const lightest = shards.reduce((least, shard) => (shard.seconds < least.seconds ? shard : least));
    lightest.seconds += weight(file);
    lightest.files.push(file);
  }
  return shards.map((shard) => shard.files.sort());
}

function run(command: string, commandArgs: string[], env: NodeJS.ProcessEnv, prefix: string): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    children.add(child);
    for (const [stream, out] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ] as const) {
      createInterface({ input: stream }).on('line', (line) => out.write(`${prefix}${line}\n`));
    }
    child.on('close', (code, signal) => {
      children.delete(child);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
    process.exit(1);
  });
}

/**
 * From a shard's report: "file:line › describe › title" of each test that failed (or passed only on a retry), and
 * the seconds each spec file took.
 */
function readReport(report: string): { passed: number; failed: string[]; seconds: Record<string, number> } | null {
  if (!existsSync(report)) return null;
  const json = JSON.parse(readFileSync(report, 'utf8')) as { suites: JsonSuite[] };
  let passed = 0;
  const failed: string[] = [];
  const seconds: Record<string, number> = {};
  const walk = (suite: JsonSuite, titles: string[]): void => {
    const inner = suite.file === suite.title ? titles : [...titles, suite.title];
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        for (const result of test.results) seconds[spec.file] = (seconds[spec.file] ?? 0) + result.duration / 1000;
        if (test.status === 'expected') passed += 1;
        else if (test.status !== 'skipped') {
          failed.push(
            `${test.status === 'flaky' ? 'flaky ' : ''}${spec.file}:${spec.line} › ${[...inner, spec.title].join(' › ')}`,
          );
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child, inner);
  };
  for (const suite of json.suites) walk(suite, []);
  return { passed, failed, seconds };
}

async function main(): Promise<number> {
  const started = Date.now();
  // One build for every shard: each server serves dist/, and two builds at once into it would break each other.
  console.log('[e2e] npm run build');
  const built = await run('npm', ['run', 'build', '--silent'], process.env, '[build] ');
  if (built !== 0) {
    console.error(`[e2e] the build failed (exit code ${built}): no browser test ran`);
    return built;
  }
  const dealt = dealSpecs();
  const shards = dealt?.length ?? wanted;
  console.log(
    `[e2e] built in ${Math.round((Date.now() - started) / 1000)} s; ${shards} shard(s) from port ${basePort}`,
  );

  const reports = mkdtempSync(path.join(os.tmpdir(), 'atrium-e2e-reports-'));
  const outcomes = await Promise.all(
    Array.from({ length: shards }, async (_, index): Promise<Outcome> => {
      const shard = index + 1;
      const port = basePort + index;
      const report = path.join(reports, `shard-${shard}.json`);
      const prefix = shards > 1 ? `[shard ${shard}/${shards}] ` : '';
      const specs = dealt?.[index];
      if (specs) console.log(`${prefix}${specs.join(' ')}`);
      const shardStarted = Date.now();
      const code = await run(
        'npx',
        ['playwright', 'test', ...(!specs && shards > 1 ? [`--shard=${shard}/${shards}`] : []), ...args],
        {
          ...process.env,
          E2E_PORT: String(port),
          E2E_PREBUILT: '1',
          E2E_JSON_REPORT: report,
          ...(specs ? { E2E_SPECS: specs.join(',') } : {}),
          ...(process.stdout.isTTY ? { FORCE_COLOR: '1' } : {}),
        },
        prefix,
      );
      return { shard, port, code, seconds: Math.round((Date.now() - shardStarted) / 1000), report };
    }),
  );

  console.log(`\n[e2e] ${shards} shard(s) in ${Math.round((Date.now() - started) / 1000)} s (build included)`);
  let failedAny = false;
  const seconds: Record<string, number> = {};
  for (const outcome of outcomes) {
    const result = readReport(outcome.report);
    Object.assign(seconds, result?.seconds);
    const name = `shard ${outcome.shard}/${shards} (port ${outcome.port}, ${outcome.seconds} s)`;
    if (!result) {
      console.log(`[e2e] ${name}: exit code ${outcome.code}, no report — its own lines above say why`);
    } else {
      console.log(`[e2e] ${name}: ${result.passed} passed, ${result.failed.length} failed, exit code ${outcome.code}`);
      for (const line of result.failed) console.log(`[e2e]   ✘ ${line}`);
    }
    if (outcome.code !== 0) failedAny = true;
  }
  rmSync(reports, { recursive: true, force: true });
  if (process.env['E2E_RECORD_DURATIONS'] && dealt) {
    const rounded = Object.fromEntries(
      Object.keys(seconds)
        .sort()
        .map((file) => [file, Math.round(seconds[file]!)]),
    );
    writeFileSync(DURATIONS, `${JSON.stringify(rounded, null, 2)}\n`);
    console.log(`[e2e] wrote ${path.relative(process.cwd(), DURATIONS)}`);
  }
  return failedAny ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`[e2e] ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    for (const child of children) child.kill('SIGTERM');
    process.exit(1);
  },
);
