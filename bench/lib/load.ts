/**
 * The two ways load is applied: HTTP with autocannon (the app and the bare-Fastify ceiling), and
 * direct calls of an async function at the same concurrency (the database ceiling). Both report the
 * same figures, computed the same way from every response time (not autocannon's whole-millisecond
 * histogram), so that their ratios compare like with like.
 */
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';

export interface Measure {
  requests: number;
  seconds: number;
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  /** Connection errors, timeouts, non-2xx answers and answers that failed their check. */
  errors: number;
  /** Status code → count, for the record (HTTP only). */
  statuses?: Record<string, number>;
  /** First failure seen, to tell what went wrong. */
  firstError?: string;
  /** CPU other processes on the machine took during the window, in cores (see processes.ts). */
  othersCores?: number | null;
}

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

/** Response times in ms, kept in a growable typed array (a measured window holds up to ~10⁶). */
class Samples {
  private values = new Float64Array(1 << 16);
  length = 0;
  push(value: number): void {
    if (this.length === this.values.length) {
      const bigger = new Float64Array(this.values.length * 2);
      bigger.set(this.values);
      this.values = bigger;
    }
    this.values[this.length++] = value;
  }
  summary(seconds: number, errors: number): Measure {
    const sorted = this.values.slice(0, this.length).sort();
    const ok = this.length;
    return {
      requests: ok + errors,
      seconds: round(seconds),
      rps: round(ok / seconds, 1),
      p50: round(percentile(sorted, 50)),
      p90: round(percentile(sorted, 90)),
      p99: round(percentile(sorted, 99)),
      max: round(sorted.length ? sorted[sorted.length - 1]! : NaN),
      errors,
    };
  }
}

export interface HttpCase {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** Per request: e.g. a fresh client address for sign-in. */
  setupRequest?: (request: { headers?: Record<string, string> }) => void;
  /** A 2xx answer that fails this check counts as an error (returns the reason). */
  check?: (status: number, headers: Record<string, string>) => string | undefined;
  /** A request still unanswered after this is an error [10 s]. */
  timeoutSeconds?: number;
}

export interface HttpLoad {
  url: string;
  connections: number;
  seconds: number;
  /** Requests per second over all connections; unlimited when undefined. */
  rate?: number;
}

/**
 * Runs autocannon against one case and measures every response. Only successful (2xx, checked)
 * answers enter the latency figures; every other outcome is an error.
 */
export async function runHttp(target: HttpCase, load: HttpLoad): Promise<Measure> {
  const samples = new Samples();
  const statuses: Record<string, number> = {};
  let failedChecks = 0;
  let firstError: string | undefined;
  const request = {
    method: target.method,
    path: target.path,
    headers: target.headers,
    ...(target.body === undefined ? {} : { body: target.body }),
    ...(target.setupRequest
      ? {
          setupRequest: (raw: { headers?: Record<string, string> }) => {
            target.setupRequest!(raw);
            return raw;
          },
        }
      : {}),
    ...(target.check
      ? {
          onResponse: (status: number, _body: string, _context: unknown, headers: Record<string, string>) => {
            if (status < 200 || status >= 300) return;
            const problem = target.check!(status, headers);
            if (problem) {
              failedChecks += 1;
              firstError ??= problem;
            }
          },
        }
      : {}),
  };
  const started = performance.now();
  const instance = autocannon({
    url: load.url,
    connections: load.connections,
    duration: load.seconds,
    timeout: target.timeoutSeconds ?? 10,
    requests: [request],
    ...(load.rate ? { overallRate: load.rate } : {}),
  });
  instance.on('response', (_client: unknown, status: number, _bytes: number, responseTime: number) => {
    statuses[status] = (statuses[status] ?? 0) + 1;
    if (status >= 200 && status < 300) samples.push(responseTime);
    else firstError ??= `HTTP ${status}`;
  });
  instance.on('reqError', (error: Error) => {
    firstError ??= error.message;
  });
  const result = await instance;
  const seconds = result.duration || (performance.now() - started) / 1000;
  const non2xx = Object.entries(statuses).reduce((n, [s, c]) => (s.startsWith('2') ? n : n + c), 0);
  const measure = samples.summary(seconds, result.errors + non2xx);
  // A 2xx answer that failed its check stays out of the latencies' success count too.
  measure.errors += failedChecks;
  measure.rps = round((samples.length - failedChecks) / seconds, 1);
  measure.statuses = statuses;
  if (firstError) measure.firstError = firstError;
  return measure;
}

/** `connections` concurrent callers of `call` for `seconds`: the database ceiling. */
export async function runDirect(call: () => Promise<unknown>, connections: number, seconds: number): Promise<Measure> {
  const samples = new Samples();
  let errors = 0;
  let firstError: string | undefined;
  const started = performance.now();
  const end = started + seconds * 1000;
  const caller = async () => {
    while (performance.now() < end) {
      const t = performance.now();
      try {
        await call();
        samples.push(performance.now() - t);
      } catch (error) {
        errors += 1;
        firstError ??=
          error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, caller));
  const measure = samples.summary((performance.now() - started) / 1000, errors);
  if (firstError) measure.firstError = firstError;
  return measure;
}
