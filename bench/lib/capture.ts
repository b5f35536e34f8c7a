/**
 * What SQL a case really runs. The bench process builds the app in-process on the dataset (buildApp,
 * as main.ts does), sends each case once with `inject`, and records every statement the database
 * driver receives; it then records the case's direct store calls (the database ceiling) the same way.
 * Both lists must be equal, or the ceiling measures other SQL than the endpoint and the run says so.
 * The recorded statements are also what EXPLAIN (ANALYZE, BUFFERS) runs.
 */
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import type { Database } from '../../src/server/db/client';
import { createTokenService } from '../../src/server/platform/auth/tokens';
import { DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD } from '../../src/server/db/demo-seed';
import { pathOf, type BenchCase, type CaseContext } from './cases';

export interface Statement {
  text: string;
  params: unknown[];
}

let recording: Statement[] | undefined;
let lastPglite: PGlite | undefined;
let installed = false;

type QueryFn = (this: unknown, ...args: unknown[]) => unknown;

/** Wraps the `query` of both drivers once; statements are kept only inside recordSql. */
function installRecorder(): void {
  if (installed) return;
  installed = true;
  const pgProto = pg.Client.prototype as unknown as { query: QueryFn };
  const pgQuery = pgProto.query;
  pgProto.query = function (this: unknown, ...args: unknown[]) {
    if (recording) {
      const [config, values] = args;
      const text = typeof config === 'string' ? config : ((config as { text?: string } | undefined)?.text ?? '');
      const params = Array.isArray(values) ? values : ((config as { values?: unknown[] } | undefined)?.values ?? []);
      recording.push({ text, params });
    }
    return pgQuery.apply(this, args);
  };
  const pgliteProto = PGlite.prototype as unknown as { query: QueryFn };
  const pgliteQuery = pgliteProto.query;
  pgliteProto.query = function (this: unknown, ...args: unknown[]) {
    lastPglite = this as PGlite;
    if (recording) {
      const [text, params] = args;
      recording.push({ text: String(text), params: Array.isArray(params) ? params : [] });
    }
    return pgliteQuery.apply(this, args);
  };
}

export async function recordSql<T>(work: () => Promise<T>): Promise<{ result: T; statements: Statement[] }> {
  installRecorder();
  if (recording) throw new Error('recordSql is not reentrant');
  recording = [];
  try {
    const result = await work();
    return { result, statements: recording };
  } finally {
    recording = undefined;
  }
}

export interface InProcessApp {
  inject(
    benchCase: BenchCase,
    ctx: Omit<CaseContext, 'token'>,
  ): Promise<{ status: number; body: string; statements: Statement[] }>;
  token: string;
  userId: string;
  /** The app itself, for callers that send their own requests (bench/request-cpu.ts). */
  app: FastifyInstance;
  close(): Promise<void>;
}

/** The app on the bench's own connection to the dataset, for recording; never listens. */
export async function inProcessApp(
  database: Database,
  options: { dataDir: string; databaseUrl: string | undefined; jwtSecret: string },
): Promise<InProcessApp> {
  installRecorder();
  rmSync(options.dataDir, { recursive: true, force: true });
  mkdirSync(options.dataDir, { recursive: true });
  const config = loadConfig({
    DATA_DIR: options.dataDir,
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    JWT_SECRET: options.jwtSecret,
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(options.dataDir, 'no-web'),
  });
  const tokens = createTokenService(options.jwtSecret, config.jwtTtlSeconds);
  const app = await buildApp({ config, database, tokens });
  await app.ready();
  const signIn = await app.inject({
    method: 'POST',
    url: '/api/sign_in?locale=fr',
    payload: { email: DEMO_ADMIN_EMAIL, password: DEMO_ADMIN_PASSWORD },
  });
  const token = /^Bearer (\S+)$/.exec(String(signIn.headers['authorization'] ?? ''))?.[1];
  if (signIn.statusCode !== 200 || !token)
    throw new Error(`in-process sign-in answered ${signIn.statusCode}: ${signIn.body.slice(0, 200)}`);
  const userId = (signIn.json() as { data: { id: string } }).data.id;
  return {
    token,
    userId,
    app,
    async inject(benchCase, ctx) {
      const request = benchCase.request({ ...ctx, token });
      const { result, statements } = await recordSql(() =>
        app.inject({
          method: request.method,
          url: pathOf(request),
          headers: request.method === 'GET' ? { authorization: `Bearer ${token}` } : {},
          ...(request.body === undefined ? {} : { payload: request.body as object }),
        }),
      );
      return { status: result.statusCode, body: result.body, statements };
    },
    close: () => app.close(),
  };
}

/** Same statements in the same order (texts; the parameters may be equal values of other types). */
export function sameStatements(a: Statement[], b: Statement[]): boolean {
  return a.length === b.length && a.every((s, i) => s.text === b[i]!.text);
}

/** The statements once each (same text and parameters), in first-seen order. */
export function distinct(statements: Statement[]): Statement[] {
  const seen = new Set<string>();
  return statements.filter((s) => {
    const key = `${s.text}\0${JSON.stringify(s.params)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** EXPLAIN (ANALYZE, BUFFERS) of each statement, run twice and the second (warm) plan kept. */
export async function explain(
  statements: Statement[],
  databaseUrl: string | undefined,
): Promise<Array<{ sql: string; plan: string }>> {
  let run: (text: string, params: unknown[]) => Promise<Array<Record<string, string>>>;
  let done = async () => undefined as void;
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    run = async (text, params) => (await client.query<Record<string, string>>(text, params)).rows;
    done = () => client.end();
  } else {
    const pglite = lastPglite;
    if (!pglite) throw new Error('no PGlite connection seen yet');
    run = async (text, params) => (await pglite.query<Record<string, string>>(text, params)).rows;
  }
  try {
    const plans: Array<{ sql: string; plan: string }> = [];
    for (const statement of statements) {
      let plan = '';
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const rows = await run(`EXPLAIN (ANALYZE, BUFFERS) ${statement.text}`, statement.params);
        plan = rows.map((row) => row['QUERY PLAN']).join('\n');
      }
      plans.push({ sql: readable(statement), plan });
    }
    return plans;
  } finally {
    await done();
  }
}

/** A statement with its parameters inlined for reading (and pasting into psql). */
export function readable(statement: Statement): string {
  const literal = (value: unknown) => {
    if (value === null || value === undefined) return 'NULL';
    if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value);
    if (value instanceof Date) return `'${value.toISOString()}'`;
    return `'${String(typeof value === 'object' ? JSON.stringify(value) : value).replace(/'/g, "''")}'`;
  };
  return statement.text.replace(/\$(\d+)/g, (match, n: string) =>
    Number(n) <= statement.params.length ? literal(statement.params[Number(n) - 1]) : match,
  );
}
