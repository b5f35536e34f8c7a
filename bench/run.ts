/**
 * `npm run bench` — the load benchmark (bench/README.md). Starts the app (node --import tsx src/server/main.ts, as
 * `npm start` runs it) as a child process on a seeded dataset, drives it with autocannon from this
 * process, and measures on the same machine two ceilings per case: the same store calls straight
 * through the database driver at the same concurrency, and a bare Fastify server answering the same
 * bytes. Prints one table and writes it as JSON in bench/results/ (dev runs: bench/results/dev/).
 * See bench/README.md.
 */
import { createHash, randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../src/server/db/client';
import { keepBetweenWrites } from '../src/server/platform/lists/kept-values';
import { decodeJwt } from 'jose';
import { keptSessionUsers } from '../src/server/identity/sessions';
import type { SessionClaims } from '../src/server/platform/auth/tokens';
import { DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD } from '../src/server/db/demo-seed';
import { freePort } from '../scripts/postgres-cluster';
import type { CapturedAnswer } from './ceiling-server';
import {
  CASES,
  LIST_PAGE_1,
  longHistoryLoan,
  connectionsOf,
  httpCaseOf,
  type BenchCase,
  type CaseContext,
} from './lib/cases';
import { distinct, explain, inProcessApp, readable, recordSql, sameStatements, type Statement } from './lib/capture';
import { DATA, ROOT, ensureDataset, pgServer, type Backend, type Dataset, type PgServer } from './lib/datasets';
import { runDirect, runHttp, type HttpCase, type Measure } from './lib/load';
import { pgbenchAvailable, runPgbench } from './lib/pgbench';
import {
  cleanupAll,
  installSignalHandlers,
  loadAverage,
  rssOf,
  settle,
  startChild,
  waitUntilReady,
  whileSampling,
} from './lib/processes';
import { formatGrowth, formatTable, type CaseResult, type Check, type GrowthRow } from './lib/report';

/* ------------------------------------------------------------------------------------------------
 * Options
 * ---------------------------------------------------------------------------------------------- */

/** What Chromium sends: the API answers Brotli to it from 1 kB on (ADR 0019). */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

const USAGE = `usage: npm run bench -- [options]
  --backend pg|pglite     database (pg: DATABASE_URL's server if set, else a cluster in bench/.data/pg) [pg]
  --companies N           dataset of the full set of cases [100000; --quick: 1000]
  --scaling A,B,C         sizes of the list/search growth series, or "none" [1000,10000,100000; --quick: none]
  --duration S            measured window per case and ceiling, in seconds [10; --quick: 3]
  --warmup S              warm-up before each window, in seconds [3; --quick: 1]
  --connections C         concurrent connections (and direct callers) [pg 50, pglite 10]
  --sign-in-rate R        sign-ins per second beside "list page 1 while sign-ins run" [10]
  --cases a,b             only these case ids (development)
  --log-level L           the app's LOG_LEVEL [info, as npm start]
  --accept-encoding E     Accept-Encoding of every request ["${BROWSER_ACCEPT_ENCODING}", Chromium's; identity: uncompressed]
  --reseed                seed the datasets again even when current
  --profile               run the app with --cpu-prof (profiles in bench/.data/profiles, open in Chrome DevTools)
  --seed-only             prepare the datasets (seed or migrate them as needed) and stop
  --quick                 small and short: for developing the bench, not for numbers
  --out FILE              where to write the JSON [bench/results/<date>-<backend>-<N>.json, dev runs in results/dev/]`;

interface Options {
  backend: Backend;
  companies: number;
  scaling: number[];
  duration: number;
  warmup: number;
  connections: number;
  signInRate: number;
  cases: string[] | undefined;
  logLevel: string;
  acceptEncoding: string;
  reseed: boolean;
  seedOnly: boolean;
  profile: boolean;
  quick: boolean;
  out: string | undefined;
}

function positive(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} must be a positive number, got "${value}"`);
  return n;
}

function parseOptions(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      backend: { type: 'string' },
      companies: { type: 'string' },
      scaling: { type: 'string' },
      duration: { type: 'string' },
      warmup: { type: 'string' },
      connections: { type: 'string' },
      'sign-in-rate': { type: 'string' },
      cases: { type: 'string' },
      'log-level': { type: 'string' },
      'accept-encoding': { type: 'string' },
      reseed: { type: 'boolean' },
      'seed-only': { type: 'boolean' },
      profile: { type: 'boolean' },
      quick: { type: 'boolean' },
      out: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const backend = (values.backend ?? 'pg') as Backend;
  if (backend !== 'pg' && backend !== 'pglite') throw new Error(`--backend must be pg or pglite\n${USAGE}`);
  const quick = values.quick ?? false;
  const scalingText = values.scaling ?? (quick ? 'none' : '1000,10000,100000');
  const scaling =
    scalingText === 'none' || scalingText === ''
      ? []
      : scalingText.split(',').map((s) => {
          const n = positive(s.trim(), 'scaling');
          if (!n || !Number.isInteger(n)) throw new Error(`--scaling takes whole numbers, got "${s}"`);
          return n;
        });
  const companies = positive(values.companies, 'companies') ?? (quick ? 1000 : 100_000);
  if (!Number.isInteger(companies) || companies < 59)
    throw new Error('--companies must be a whole number of at least 59 (the full-graph company is number 59)');
  if (scaling.some((n) => n < 59)) throw new Error('--scaling sizes must be at least 59');
  const cases = values.cases?.split(',').map((s) => s.trim());
  const known = [...CASES.map((c) => c.id), COMBINED_ID];
  for (const id of cases ?? [])
    if (!known.includes(id)) throw new Error(`unknown case "${id}"; cases: ${known.join(', ')}`);
  return {
    backend,
    companies,
    scaling: [...new Set(scaling)].sort((a, b) => a - b),
    duration: positive(values.duration, 'duration') ?? (quick ? 3 : 10),
    warmup: positive(values.warmup, 'warmup') ?? (quick ? 1 : 3),
    connections: positive(values.connections, 'connections') ?? (backend === 'pg' ? 50 : 10),
    signInRate: positive(values['sign-in-rate'], 'sign-in-rate') ?? 10,
    cases,
    logLevel: values['log-level'] ?? 'info',
    acceptEncoding: values['accept-encoding'] ?? BROWSER_ACCEPT_ENCODING,
    reseed: values.reseed ?? false,
    seedOnly: values['seed-only'] ?? false,
    profile: values.profile ?? false,
    quick,
    out: values.out,
  };
}

const COMBINED_ID = 'list-page-1-with-sign-ins';
/** Connections of the sign-in side of the combined case (its rate is --sign-in-rate). */
const SIGN_IN_CONNECTIONS = 5;
const RSS_LIMIT_MB = 300;
const GROWTH_LIMIT = 1.5;
/** Cores taken by other processes in a window above which the run is flagged as not final. */
const BUSY_CORES = 0.2;

const log = (line: string) => console.log(`[bench] ${line}`);
const round2 = (n: number) => Math.round(n * 100) / 100;

/* ------------------------------------------------------------------------------------------------
 * One dataset: capture, database ceiling, app, HTTP ceiling
 * ---------------------------------------------------------------------------------------------- */

interface Captured {
  benchCase: BenchCase;
  /** The case's first request in the fresh in-process app (a list snapshot may be built then). */
  first: Statement[];
  /** A request once warm: what the load mostly runs. */
  steady: Statement[];
  /** The ceiling's direct call once warm. */
  ceiling: Statement[];
  explain: Array<{ sql: string; plan: string }>;
}

interface DatasetRun {
  results: CaseResult[];
  serverIdleRssMb: number | null;
}

let addressCounter = 0;
/** 10.0.0.1, 10.0.0.2, …: one address per sign-in, so the per-address limit does not answer 429. */
const nextAddress = () => {
  addressCounter += 1;
  const n = addressCounter;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};

/** The claims of a token the app signed (already verified by the app that issued it). */
function sessionClaimsOf(token: string): SessionClaims {
  const { sub, ver, sid } = decodeJwt(token) as { sub: string; ver: number; sid: string };
  return { sub, ver, sid };
}

async function measureDataset(
  options: Options,
  dataset: Dataset,
  cases: BenchCase[],
  combined: boolean,
): Promise<DatasetRun> {
  const { connections, warmup, duration } = options;
  const tag = `${dataset.backend} ${dataset.companies}`;
  const jwtSecret = randomBytes(32).toString('hex');
  const scratch = path.join(DATA, `run-${dataset.backend}`);
  mkdirSync(scratch, { recursive: true });

  // 1. In-process: the SQL of each case, checked against its direct calls; then the database ceiling.
  const database = await openDatabase({
    url: dataset.databaseUrl,
    pgliteDir: dataset.pgliteDataDir ? path.join(dataset.pgliteDataDir, 'db') : undefined,
  });
  const captured: Captured[] = [];
  const dbCeilings = new Map<string, Measure>();
  // Kept lists, the dashboard and the token's user as the app keeps them (app.ts): heard changes, and a sync
  // before each kept answer is served, so that the direct calls send the statements the route sends.
  const { lists, identities, schedules, asOneRequest, stop: stopListening } = await keepBetweenWrites(database);
  const sessionUsers = keptSessionUsers(database.db, identities);
  // Each direct call as one request of the app (its kept reads sync once between them, ADR 0046).
  const asRequest =
    <T>(call: () => Promise<T>) =>
    () =>
      new Promise<T>((resolve, reject) => asOneRequest(() => void call().then(resolve, reject)));
  const ctx: CaseContext = {
    db: database.db,
    lists,
    schedules,
    token: '',
    userId: '',
    sessionUser: () => sessionUsers(sessionClaimsOf(ctx.token)),
    deepPage: 1,
    longHistoryLoan: '',
    nextAddress,
    acceptEncoding: options.acceptEncoding,
  };
  try {
    const app = await inProcessApp(database, {
      dataDir: path.join(scratch, 'in-process'),
      databaseUrl: dataset.databaseUrl,
      jwtSecret,
    });
    try {
      ctx.token = app.token;
      ctx.userId = app.userId;
      const probe = await app.inject(LIST_PAGE_1, ctx);
      const totalPages = (JSON.parse(probe.body) as { meta: { total_pages: number } }).meta.total_pages;
      ctx.deepPage = Math.max(1, Math.round(totalPages * 0.9));
      log(`${tag}: ${totalPages} pages of companies; the deep page is page ${ctx.deepPage}`);
      ctx.longHistoryLoan = await longHistoryLoan(database.db);
      for (const benchCase of cases) {
        const first = benchCase === LIST_PAGE_1 ? probe : await app.inject(benchCase, ctx);
        const steady = await app.inject(benchCase, ctx);
        for (const answer of [first, steady]) {
          if (answer.status < 200 || answer.status >= 300) {
            throw new Error(`${benchCase.id} answered ${answer.status} in-process: ${answer.body.slice(0, 300)}`);
          }
        }
        const call = asRequest(benchCase.direct(ctx));
        await call();
        const direct = await recordSql(call);
        captured.push({
          benchCase,
          first: first.statements,
          steady: steady.statements,
          ceiling: direct.statements,
          explain: [],
        });
        if (!sameStatements(steady.statements, direct.statements)) {
          log(
            `WARNING ${benchCase.id}: the database ceiling does not run the endpoint's SQL (${steady.statements.length} vs ${direct.statements.length} statements)`,
          );
        }
      }
    } finally {
      await app.close();
    }
    for (const { benchCase } of captured) {
      const call = asRequest(benchCase.direct(ctx));
      const callers = connectionsOf(benchCase, connections);
      await runDirect(call, callers, warmup);
      const { result: measure, use } = await whileSampling(undefined, () => runDirect(call, callers, duration));
      measure.othersCores = use.othersCores;
      dbCeilings.set(benchCase.id, measure);
      log(
        `${tag}: DB ceiling ${benchCase.id}: ${measure.rps} req/s, p99 ${measure.p99} ms${measure.errors ? `, ${measure.errors} errors (${measure.firstError})` : ''}`,
      );
    }
    for (const entry of captured)
      entry.explain = await explain(distinct([...entry.first, ...entry.steady]), dataset.databaseUrl);
  } finally {
    await stopListening();
    await database.close();
  }

  // 1b. The machine's own ceiling (ADR 0029): pgbench running each case's statements, prepared, same clients.
  const pgbenchCeilings = new Map<string, Measure>();
  if (dataset.databaseUrl && (await pgbenchAvailable())) {
    for (const entry of captured) {
      const measure = await runPgbench(entry.steady, dataset.databaseUrl, {
        clients: connectionsOf(entry.benchCase, connections),
        warmup,
        seconds: duration,
      });
      pgbenchCeilings.set(entry.benchCase.id, measure);
      log(
        `${tag}: pgbench ${entry.benchCase.id}: ${measure.rps} tps, p50 ${measure.p50} p99 ${measure.p99} ms${measure.errors ? `, ${measure.errors} failed` : ''}`,
      );
    }
  } else if (dataset.databaseUrl) {
    log(`${tag}: pgbench not found: no pgbench column (Debian's postgresql package ships it)`);
  }

  // 2. The app as its own process, as `npm start` runs it (without rebuilding the SPA).
  const port = await freePort({ from: 3400, to: 3499 });
  const serverLog = path.join(scratch, 'server.log');
  writeFileSync(serverLog, '');
  const webDist = path.join(ROOT, 'dist', 'web');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataset.pgliteDataDir ?? path.join(scratch, 'data'),
    JWT_SECRET: jwtSecret,
    LOG_LEVEL: options.logLevel,
    // Sign-ins come from many addresses (X-Forwarded-For), as behind a load balancer.
    TRUST_PROXY: 'true',
    WEB_DIST: webDist,
  };
  delete env['DATABASE_URL'];
  if (dataset.databaseUrl) env['DATABASE_URL'] = dataset.databaseUrl;
  const base = `http://127.0.0.1:${port}`;
  // One folder per server run; Node names each thread's profile (tsx's loader thread writes one too).
  const profileDir = path.join(
    DATA,
    'profiles',
    `${dataset.backend}-${dataset.companies}-${new Date().toISOString().slice(0, 19).replace(/:/g, '')}`,
  );
  const profile = options.profile ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  const server = startChild(process.execPath, [...profile, '--import', 'tsx', 'src/server/main.ts'], {
    env,
    logFile: serverLog,
    cwd: ROOT,
  });
  const results: CaseResult[] = [];
  const answers: CapturedAnswer[] = [];
  let serverIdleRssMb: number | null;
  try {
    await waitUntilReady(`${base}/api/health`, server, 180_000, serverLog);
    const signIn = await fetch(`${base}/api/sign_in?locale=fr`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': nextAddress() },
      body: JSON.stringify({ email: DEMO_ADMIN_EMAIL, password: DEMO_ADMIN_PASSWORD }),
    });
    const token = /^Bearer (\S+)$/.exec(signIn.headers.get('authorization') ?? '')?.[1];
    if (!signIn.ok || !token) throw new Error(`sign-in answered ${signIn.status}`);
    ctx.token = token;
    const idle = rssOf(server.pid);
    serverIdleRssMb = idle ? Math.round(idle / 1024 / 1024) : null;
    log(
      `${tag}: app (pid ${server.pid}) on ${base}, ${serverIdleRssMb} MB resident at rest; SPA from dist/web: ${existsSync(path.join(webDist, 'index.html')) ? 'yes' : 'no'}`,
    );

    const aloneById = new Map<string, Measure>();
    for (const entry of captured) {
      const { benchCase } = entry;
      const http = httpCaseOf(benchCase, ctx);
      answers.push(await captureAnswer(base, http));
      await settle(server.pid);
      const clients = connectionsOf(benchCase, connections);
      await runHttp(http, { url: base, connections: clients, seconds: warmup });
      await settle(server.pid);
      const load = loadAverage();
      const { result: app, use } = await whileSampling(server.pid, () =>
        runHttp(http, { url: base, connections: clients, seconds: duration }),
      );
      aloneById.set(benchCase.id, app);
      log(
        `${tag}: app ${benchCase.id}: ${app.rps} req/s, p50 ${app.p50} p99 ${app.p99} ms, ${app.errors} errors${app.firstError ? ` (${app.firstError})` : ''}, ${use.rssMaxMb} MB`,
      );
      const db = dbCeilings.get(benchCase.id) ?? null;
      const pgbench = pgbenchCeilings.get(benchCase.id) ?? null;
      results.push({
        id: benchCase.id,
        label: benchCase.id === 'list-deep-page' ? `${benchCase.label} (${ctx.deepPage})` : benchCase.label,
        companies: dataset.companies,
        method: http.method,
        path: http.path,
        app: { ...app, ...use },
        db,
        http: null,
        ratioDb: db && db.rps > 0 ? round2(app.rps / db.rps) : null,
        pgbench,
        ratioPgbench: pgbench && pgbench.rps > 0 ? round2(app.rps / pgbench.rps) : null,
        ratioHttp: null,
        bytes: Buffer.from(answers[answers.length - 1]!.bodyBase64, 'base64').length,
        targets: benchCase.targets(dataset.backend),
        checks: [],
        sql: {
          steady: entry.steady.map(readable),
          first: entry.first.map(readable),
          sameAsCeiling: sameStatements(entry.steady, entry.ceiling),
          ...(sameStatements(entry.steady, entry.ceiling) ? {} : { ceiling: entry.ceiling.map(readable) }),
        },
        explain: entry.explain,
        loadAverage: load,
      });
    }

    const listAlone = aloneById.get(LIST_PAGE_1.id);
    if (combined && listAlone && (!options.cases || options.cases.includes(COMBINED_ID))) {
      const list = httpCaseOf(LIST_PAGE_1, ctx);
      const signIns = httpCaseOf(
        CASES.find((c) => c.id === 'sign-in')!,
        ctx,
      );
      const both = () =>
        Promise.all([
          runHttp(list, { url: base, connections, seconds: duration }),
          runHttp(signIns, {
            url: base,
            connections: SIGN_IN_CONNECTIONS,
            seconds: duration,
            rate: options.signInRate,
          }),
        ]);
      await settle(server.pid);
      await Promise.all([
        runHttp(list, { url: base, connections, seconds: warmup }),
        runHttp(signIns, { url: base, connections: SIGN_IN_CONNECTIONS, seconds: warmup, rate: options.signInRate }),
      ]);
      await settle(server.pid);
      const load = loadAverage();
      const { result, use } = await whileSampling(server.pid, both);
      const [app, signInMeasure] = result;
      log(
        `${tag}: list page 1 beside ${options.signInRate} sign-ins/s: p99 ${app.p99} ms (alone ${listAlone.p99}); sign-ins p99 ${signInMeasure.p99} ms, ${signInMeasure.errors} errors`,
      );
      const listResult = results.find((r) => r.id === LIST_PAGE_1.id)!;
      results.push({
        ...listResult,
        id: COMBINED_ID,
        label: `list page 1 + ${options.signInRate} sign-ins/s`,
        app: { ...app, ...use },
        http: null,
        ratioDb: listResult.db && listResult.db.rps > 0 ? round2(app.rps / listResult.db.rps) : null,
        ratioPgbench:
          listResult.pgbench && listResult.pgbench.rps > 0 ? round2(app.rps / listResult.pgbench.rps) : null,
        ratioHttp: null,
        targets: { p99Ms: LIST_PAGE_1.targets(dataset.backend).p99Ms },
        checks: [],
        loadAverage: load,
        signIns: signInMeasure,
        alone: { p50: listAlone.p50, p99: listAlone.p99, rps: listAlone.rps },
      });
    }
  } finally {
    await server.stop();
  }
  if (options.profile)
    log(
      `${tag}: CPU profiles in ${path.relative(ROOT, profileDir)} (summary: node --import tsx bench/profile-summary.ts <the largest file>)`,
    );

  // 3. The HTTP ceiling: bare Fastify answering the captured bytes, in its own process.
  const answersFile = path.join(scratch, 'answers.json');
  writeFileSync(answersFile, JSON.stringify(answers));
  const ceilingPort = await freePort({ from: 3400, to: 3499 });
  const ceilingLog = path.join(scratch, 'ceiling.log');
  writeFileSync(ceilingLog, '');
  const ceilingBase = `http://127.0.0.1:${ceilingPort}`;
  const ceiling = startChild(
    process.execPath,
    ['--import', 'tsx', 'bench/ceiling-server.ts', answersFile, String(ceilingPort)],
    {
      env: process.env,
      logFile: ceilingLog,
      cwd: ROOT,
    },
  );
  try {
    const firstGet = answers.find((a) => a.method === 'GET');
    await waitUntilReady(`${ceilingBase}${firstGet?.url ?? '/'}`, ceiling, 60_000, ceilingLog);
    for (const entry of captured) {
      const http = httpCaseOf(entry.benchCase, ctx);
      await settle(ceiling.pid);
      const clients = connectionsOf(entry.benchCase, connections);
      await runHttp(http, { url: ceilingBase, connections: clients, seconds: warmup });
      await settle(ceiling.pid);
      const { result: measure, use } = await whileSampling(undefined, () =>
        runHttp(http, { url: ceilingBase, connections: clients, seconds: duration }),
      );
      measure.othersCores = use.othersCores;
      log(`${tag}: HTTP ceiling ${entry.benchCase.id}: ${measure.rps} req/s, p99 ${measure.p99} ms`);
      for (const result of results.filter((r) => r.id === entry.benchCase.id)) {
        result.http = measure;
        result.ratioHttp = measure.rps > 0 ? round2(result.app.rps / measure.rps) : null;
      }
    }
  } finally {
    await ceiling.stop();
  }
  return { results, serverIdleRssMb };
}

/** One request to the app: its answer, kept for the HTTP ceiling; anything but 2xx stops the run. */
async function captureAnswer(base: string, http: HttpCase): Promise<CapturedAnswer> {
  const headers: Record<string, string> = { ...http.headers };
  if (http.setupRequest) {
    const raw = { headers };
    http.setupRequest(raw);
    Object.assign(headers, raw.headers);
  }
  const response = await fetch(`${base}${http.path}`, {
    method: http.method,
    headers,
    ...(http.body ? { body: http.body } : {}),
  });
  const body = Buffer.from(await response.arrayBuffer());
  if (!response.ok)
    throw new Error(`${http.method} ${http.path} answered ${response.status}: ${body.toString('utf8').slice(0, 300)}`);
  const authorization = response.headers.get('authorization');
  return {
    method: http.method,
    url: http.path,
    status: response.status,
    contentType: response.headers.get('content-type') ?? 'application/octet-stream',
    headers: authorization ? { authorization, 'access-control-expose-headers': 'authorization' } : {},
    bodyBase64: body.toString('base64'),
  };
}

/* ------------------------------------------------------------------------------------------------
 * Verdicts against the targets (bench/README.md)
 * ---------------------------------------------------------------------------------------------- */

/**
 * Every read case on PostgreSQL at half of the pgbench ceiling or more (bench/README.md's cases; ADR 0029 began
 * at 40 %, the performance targets since ask for 50 %).
 */
const MIN_PGBENCH_RATIO = 0.5;

function judge(result: CaseResult, backend: Backend): void {
  const checks: Check[] = [];
  const { p99Ms, minDbRatio } = result.targets;
  if (p99Ms !== undefined)
    checks.push({ name: 'p99', ok: result.app.p99 <= p99Ms, detail: `${result.app.p99} ms vs ≤ ${p99Ms}` });
  if (minDbRatio !== undefined && result.ratioDb !== null) {
    checks.push({ name: '÷DB', ok: result.ratioDb >= minDbRatio, detail: `${result.ratioDb} vs ≥ ${minDbRatio}` });
  }
  // Every read at half or more of what PostgreSQL alone serves (pgbench, same statements, same clients).
  if (result.ratioPgbench !== null && result.method === 'GET' && !result.signIns) {
    checks.push({
      name: '÷PG',
      ok: result.ratioPgbench >= MIN_PGBENCH_RATIO,
      detail: `${result.ratioPgbench} vs ≥ ${MIN_PGBENCH_RATIO}`,
    });
  }
  checks.push({
    name: 'errors',
    ok: result.app.errors === 0,
    detail: `${result.app.errors}${result.app.firstError ? ` (${result.app.firstError})` : ''}`,
  });
  if (result.signIns) {
    checks.push({
      name: 'sign-in errors',
      ok: result.signIns.errors === 0,
      detail: `${result.signIns.errors}${result.signIns.firstError ? ` (${result.signIns.firstError})` : ''}`,
    });
  }
  if (backend === 'pg' && result.app.rssMaxMb !== null) {
    checks.push({
      name: 'RSS',
      ok: result.app.rssMaxMb <= RSS_LIMIT_MB,
      detail: `${result.app.rssMaxMb} MB vs ≤ ${RSS_LIMIT_MB}`,
    });
  }
  checks.push({
    name: 'same SQL',
    ok: result.sql.sameAsCeiling,
    detail: result.sql.sameAsCeiling ? "ceiling runs the endpoint's statements" : 'ceiling runs other statements',
  });
  result.checks = checks;
}

function growth(all: CaseResult[], sizes: number[]): GrowthRow[] {
  if (sizes.length < 2) return [];
  const smallest = String(sizes[0]);
  const largest = String(sizes[sizes.length - 1]);
  const rows: GrowthRow[] = [];
  for (const benchCase of CASES.filter((c) => c.scaling)) {
    const bySize: GrowthRow['bySize'] = {};
    for (const r of all.filter((x) => x.id === benchCase.id && sizes.includes(x.companies))) {
      bySize[String(r.companies)] = { rps: r.app.rps, p50: r.app.p50, p99: r.app.p99 };
    }
    if (Object.keys(bySize).length === 0) continue;
    const small = bySize[smallest];
    const large = bySize[largest];
    const p99Growth = small && large ? round2(large.p99 / small.p99) : null;
    rows.push({
      id: benchCase.id,
      label: benchCase.label,
      bySize,
      p99Growth,
      p50Growth: small && large ? round2(large.p50 / small.p50) : null,
      check:
        p99Growth === null
          ? null
          : {
              name: 'growth',
              ok: p99Growth <= GROWTH_LIMIT,
              detail: `p99 ${largest} / ${smallest} = ${p99Growth} vs ≤ ${GROWTH_LIMIT}`,
            },
    });
  }
  return rows;
}

/* ------------------------------------------------------------------------------------------------
 * Main
 * ---------------------------------------------------------------------------------------------- */

function git(args: string[]): string {
  try {
    return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }).trim();
  } catch {
    return '';
  }
}

/**
 * The server code measured: the commit, the uncommitted files under src/server and a hash of their
 * diff. Others may edit the tree during a run; taken at the start and at the end, they tell.
 */
function serverCodeState() {
  return {
    commit: git(['rev-parse', '--short', 'HEAD']),
    uncommitted: git(['status', '--porcelain', '--', 'src/server', 'src/shared']).split('\n').filter(Boolean),
    diffHash: createHash('sha256')
      .update(git(['diff', 'HEAD', '--', 'src/server', 'src/shared']))
      .digest('hex')
      .slice(0, 12),
  };
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  installSignalHandlers();
  const startedAt = new Date();
  const codeAtStart = serverCodeState();
  const sizes = [...new Set([...options.scaling, options.companies])].sort((a, b) => a - b);
  const selected = (c: BenchCase) =>
    !options.cases || options.cases.includes(c.id) || (c.id === LIST_PAGE_1.id && options.cases.includes(COMBINED_ID));
  const full = CASES.filter(selected);
  const scalingCases = full.filter((c) => c.scaling);
  const perCase = options.warmup + options.duration;
  const estimate = Math.round(
    (full.length * perCase * 3 +
      perCase +
      sizes.filter((n) => n !== options.companies).length * scalingCases.length * perCase * 3) /
      60,
  );
  log(
    `${options.backend}, ${options.companies} companies, ${options.connections} connections, ${options.warmup} s warm-up + ${options.duration} s per window`,
  );
  log(
    `growth series: ${options.scaling.length ? options.scaling.join(', ') : 'none'}; about ${estimate} min of load once the datasets are seeded`,
  );
  log(
    `autocannon runs in this process (pid ${process.pid}); the app and the HTTP ceiling each run in their own process`,
  );
  log(
    `code: ${codeAtStart.commit}${codeAtStart.uncommitted.length ? ` + ${codeAtStart.uncommitted.length} uncommitted files under src/ (diff ${codeAtStart.diffHash})` : ''}`,
  );
  log(
    `machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? '?'}, ${Math.round(os.totalmem() / 2 ** 30)} GB; load average ${loadAverage()} (others share it)`,
  );

  let server: PgServer | undefined;
  const all: CaseResult[] = [];
  const idleRss: Record<string, number | null> = {};
  try {
    if (options.backend === 'pg') server = await pgServer(process.env['DATABASE_URL'], log);
    const datasets = new Map<number, Dataset>();
    for (const n of sizes) datasets.set(n, await ensureDataset(options.backend, server, n, options.reseed, log));
    if (options.seedOnly) return;
    // The full set first: it matters most, and the growth series reuses its list and search figures.
    const order = [options.companies, ...sizes.filter((n) => n !== options.companies)];
    for (const n of order) {
      const isMain = n === options.companies;
      log(`── ${options.backend} ${n} companies: ${isMain ? 'every case' : 'list and search cases'} ──`);
      const run = await measureDataset(options, datasets.get(n)!, isMain ? full : scalingCases, isMain);
      idleRss[String(n)] = run.serverIdleRssMb;
      all.push(...run.results);
    }
  } finally {
    await cleanupAll();
  }

  for (const result of all) judge(result, options.backend);
  const mainResults = all.filter((r) => r.companies === options.companies);
  const rows = growth(all, options.scaling);
  const targetsApply =
    (options.backend === 'pg' && options.companies === 100_000 && options.connections === 50) ||
    (options.backend === 'pglite' && options.companies === 100_000 && options.connections === 10);

  console.log('');
  console.log(
    `Atrium bench — ${options.backend}${server ? ` (PostgreSQL ${server.version}${server.own ? ', own cluster' : ', DATABASE_URL'})` : ''}, ` +
      `${options.companies} companies, ${options.connections} connections, ${options.duration} s windows — ${startedAt.toISOString()}`,
  );
  console.log("latencies in ms; req/s of successful answers; ÷DB and ÷HTTP: the app's req/s over each ceiling's");
  if (!targetsApply)
    console.log(
      `(the targets are for pg 100 000 × 50 connections and pglite 100 000 × 10: verdicts here are indicative)`,
    );
  const codeAtEnd = serverCodeState();
  const codeChanged = JSON.stringify(codeAtStart) !== JSON.stringify(codeAtEnd);
  if (codeChanged)
    console.log(
      'WARNING: the server code (src/server, src/shared) changed during the run: cases may have measured different code',
    );
  // Other processes' CPU during the measured windows (app and both ceilings).
  const othersSeen = all
    .flatMap((r) => [r.app.othersCores, r.db?.othersCores, r.http?.othersCores])
    .filter((n): n is number => typeof n === 'number');
  const busiest = othersSeen.length ? Math.max(...othersSeen) : 0;
  const othersMean = othersSeen.length
    ? Math.round((othersSeen.reduce((a, b) => a + b, 0) / othersSeen.length) * 100) / 100
    : 0;
  const busy = busiest > BUSY_CORES;
  if (busy) {
    console.log(
      `WARNING: other processes used up to ${busiest} of ${os.cpus().length} cores during the windows (${othersMean} on average, column "oth"): not final numbers`,
    );
  }
  console.log(formatTable(mainResults));
  if (rows.length) {
    console.log('');
    console.log(formatGrowth(rows, options.scaling));
  }
  // Plans for the cases that are too slow: here or in the growth series.
  const slowGrowth = new Set(rows.filter((row) => row.check && !row.check.ok).map((row) => row.id));
  const misses = mainResults.filter(
    (r) =>
      r.checks.some((c) => !c.ok && (c.name === 'p99' || c.name === '÷DB')) ||
      (r.companies === options.scaling.at(-1) && slowGrowth.has(r.id)),
  );
  for (const r of misses) {
    console.log(
      `\n── EXPLAIN (ANALYZE, BUFFERS) of "${r.label}" (${r.checks
        .filter((c) => !c.ok)
        .map((c) => `${c.name}: ${c.detail}`)
        .join('; ')}) ──`,
    );
    for (const { sql, plan } of r.explain) console.log(`\n${sql}\n${plan}`);
  }

  const record = {
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    options,
    targetsApply,
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model,
      memoryGb: Math.round(os.totalmem() / 2 ** 30),
      loadAverageAtEnd: loadAverage(),
      /** Cores other processes took during the measured windows: highest, mean, and over BUSY_CORES. */
      othersCoresMax: busiest,
      othersCoresMean: othersMean,
      busy,
      node: process.version,
    },
    database: server ? { version: server.version, own: server.own, settings: server.settings } : { kind: 'pglite' },
    code: { atStart: codeAtStart, atEnd: codeAtEnd, changedDuringRun: codeChanged },
    setup: {
      load: 'autocannon in the bench process; app and HTTP ceiling in their own processes',
      app: 'node --import tsx src/server/main.ts (TRUST_PROXY=true, LOG_LEVEL as options.logLevel, output to a file)',
      dbCeiling:
        "the route's store calls (auth user lookup included) from the bench process, on openDatabase (the app's pool), same concurrency",
      httpCeiling:
        'bare Fastify (no logger, no plugins) answering the captured bytes with the same status and content type',
      serverIdleRssMb: idleRss,
    },
    cases: all,
    growth: rows,
  };
  const stamp = startedAt.toISOString().slice(0, 16).replace(/:/g, '');
  const isFull = !options.quick && !options.cases && options.companies >= 100_000 && options.duration >= 10;
  const out =
    options.out ??
    path.join(
      ROOT,
      'bench',
      'results',
      ...(isFull ? [] : ['dev']),
      `${stamp}-${options.backend}-${options.companies}.json`,
    );
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(record, null, 2)}\n`);
  console.log(`\nwritten to ${path.relative(process.cwd(), out)}`);
}

main().catch(async (error: unknown) => {
  await cleanupAll();
  const reason =
    error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
  console.error(`bench failed: ${reason}`);
  if (error instanceof Error && error.stack && !(error.cause instanceof Error))
    console.error(error.stack.split('\n').slice(1, 4).join('\n'));
  process.exit(1);
});
