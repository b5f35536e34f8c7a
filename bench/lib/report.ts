/** The printed table and the JSON record of a bench run. */
import type { Measure } from './load';
import type { ResourceUse } from './processes';
import type { Targets } from './cases';

export interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

export interface CaseResult {
  id: string;
  label: string;
  companies: number;
  method: string;
  path: string;
  /** The app, through HTTP, measured by autocannon. */
  app: Measure & ResourceUse;
  /** Same store calls straight through the driver, same concurrency. */
  db: Measure | null;
  /** PostgreSQL alone: pgbench running the same statements, prepared, same clients (ADR 0029); null on PGlite. */
  pgbench: Measure | null;
  ratioPgbench: number | null;
  /** Bare Fastify answering the captured bytes. */
  http: Measure | null;
  ratioDb: number | null;
  ratioHttp: number | null;
  /** Answer size in bytes. */
  bytes: number;
  targets: Targets;
  checks: Check[];
  /**
   * The statements of one request once the app is warm (`steady`), of its first request in a fresh app
   * (`first`: e.g. a list snapshot being built), and of the ceiling's call when they differ.
   */
  sql: { steady: string[]; first: string[]; sameAsCeiling: boolean; ceiling?: string[] };
  /** EXPLAIN (ANALYZE, BUFFERS) of every distinct statement above. */
  explain: Array<{ sql: string; plan: string }>;
  loadAverage: number;
  /** The combined case: the sign-ins that ran beside the list, and the list alone for comparison. */
  signIns?: Measure;
  alone?: { p50: number; p99: number; rps: number };
}

export interface GrowthRow {
  id: string;
  label: string;
  bySize: Record<string, { rps: number; p50: number; p99: number }>;
  /** p99 at the largest size over p99 at the smallest. */
  p99Growth: number | null;
  p50Growth: number | null;
  check: Check | null;
}

const num = (value: number | null | undefined, digits = 1) =>
  value === null || value === undefined || Number.isNaN(value) ? '—' : value.toFixed(digits);
const pad = (text: string, width: number) => (text.length >= width ? text : text + ' '.repeat(width - text.length));
const padStart = (text: string, width: number) =>
  text.length >= width ? text : ' '.repeat(width - text.length) + text;

/** The one table of the issue: requests/s, p50, p99, errors, server RSS, and the ratio to each ceiling. */
export function formatTable(results: CaseResult[]): string {
  const header = [
    pad('case', 38),
    padStart('N', 7),
    padStart('req/s', 8),
    padStart('p50', 7),
    padStart('p99', 7),
    padStart('err', 5),
    padStart('RSS MB', 7),
    padStart('CPU%', 5),
    padStart('oth', 5),
    ' │',
    padStart('DB req/s', 9),
    padStart('p99', 7),
    padStart('÷DB', 6),
    ' │',
    padStart('pgbench/s', 10),
    padStart('p99', 7),
    padStart('÷PG', 6),
    ' │',
    padStart('HTTP req/s', 11),
    padStart('p99', 6),
    padStart('÷HTTP', 6),
    ' │ ',
    'target / verdict',
  ].join('');
  const lines = [header, '─'.repeat(header.length + 10)];
  for (const r of results) {
    const failed = r.checks.filter((c) => !c.ok);
    const verdict =
      r.checks.length === 0 ? '' : failed.length === 0 ? 'ok' : `MISS: ${failed.map((c) => c.name).join(', ')}`;
    const target = [
      r.targets.p99Ms !== undefined ? `p99≤${r.targets.p99Ms}` : '',
      r.targets.minDbRatio !== undefined ? `÷DB≥${r.targets.minDbRatio}` : '',
    ]
      .filter(Boolean)
      .join(' ');
    lines.push(
      [
        pad(r.label, 38),
        padStart(String(r.companies), 7),
        padStart(num(r.app.rps, 0), 8),
        padStart(num(r.app.p50), 7),
        padStart(num(r.app.p99), 7),
        padStart(String(r.app.errors), 5),
        padStart(num(r.app.rssMaxMb, 0), 7),
        padStart(num(r.app.cpuPercent, 0), 5),
        padStart(num(r.app.othersCores, 1), 5),
        ' │',
        padStart(num(r.db?.rps, 0), 9),
        padStart(num(r.db?.p99), 7),
        padStart(num(r.ratioDb, 2), 6),
        ' │',
        padStart(num(r.pgbench?.rps, 0), 10),
        padStart(num(r.pgbench?.p99), 7),
        padStart(num(r.ratioPgbench, 2), 6),
        ' │',
        padStart(num(r.http?.rps, 0), 11),
        padStart(num(r.http?.p99), 6),
        padStart(num(r.ratioHttp, 2), 6),
        ' │ ',
        [target, verdict].filter(Boolean).join(' → '),
      ].join(''),
    );
    if (r.signIns) {
      lines.push(
        `${pad('', 40)}beside it: sign-ins ${num(r.signIns.rps, 1)}/s, p50 ${num(r.signIns.p50)} p99 ${num(r.signIns.p99)} ms, ${r.signIns.errors} errors; list alone p99 ${num(r.alone?.p99)} ms`,
      );
    }
  }
  return lines.join('\n');
}

export function formatGrowth(rows: GrowthRow[], sizes: number[]): string {
  const header = [
    pad('growth (p50 / p99 ms)', 38),
    ...sizes.map((n) => padStart(String(n), 16)),
    padStart('p99 ×', 8),
    '  verdict',
  ].join('');
  const lines = [header, '─'.repeat(header.length + 4)];
  for (const row of rows) {
    lines.push(
      [
        pad(row.label, 38),
        ...sizes.map((n) => {
          const at = row.bySize[String(n)];
          return padStart(at ? `${num(at.p50)} / ${num(at.p99)}` : '—', 16);
        }),
        padStart(num(row.p99Growth, 2), 8),
        '  ',
        row.check ? (row.check.ok ? 'ok' : `MISS (${row.check.detail})`) : '',
      ].join(''),
    );
  }
  return lines.join('\n');
}
