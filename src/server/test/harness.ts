import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import { openDatabase, type Database } from '../db/client';
import { migrate } from '../db/migrate';
import { seedReferenceData } from '../lookups/seed';
import { users } from '../db/schema';
import { hashPassword } from '../platform/auth/passwords';
import { createTokenService, type TokenService } from '../platform/auth/tokens';
import { databaseUrlFor, PG_TEMPLATE_ENV, pgliteTemplateDump, runOnServer } from './template-database';
import type { UserRow } from '../users/store';
import { openSession } from '../identity/sessions';
import { lookupIds, type LookupIds } from './company-fixtures';

export const TEST_SECRET = 'test-secret-test-secret-test-secret-0123456789';
export const TEST_PASSWORD = 'correct horse battery';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  tokens: TokenService;
  dataDir: string;
  /** Creates a user directly in the database (active unless told otherwise). */
  createUser(values?: Partial<typeof users.$inferInsert> & { password?: string }): Promise<UserRow>;
  /** A valid bearer header for that user, of a new session. */
  authHeader(user: UserRow): Promise<{ authorization: string }>;
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

let addressCounter = 0;
const nextAddress = () => {
  addressCounter += 1;
  return `127.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255 || 1}`;
};

/** Hashing costs ~50 ms; tests create many users with the same password. */
let sharedHash: Promise<string> | undefined;

/**
 * With TEST_DATABASE_URL (`npm run test:pg`): a new database on that server, for one test file, and how to
 * drop it: a copy of the run's migrated template, or with `empty` a database with nothing in it (a restore's
 * target). Without TEST_DATABASE_URL: undefined (the caller uses PGlite).
 */
export async function createThrowawayDatabase(
  prefix: string,
  options: { empty?: boolean } = {},
): Promise<{ url: string; drop(): Promise<void> } | undefined> {
  const serverUrl = process.env['TEST_DATABASE_URL'];
  if (!serverUrl) return undefined;
  const name = `${prefix}_${randomUUID().replace(/-/g, '')}`;
  const template = options.empty ? undefined : process.env[PG_TEMPLATE_ENV];
  await runOnServer(serverUrl, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  return {
    url: databaseUrlFor(serverUrl, name),
    drop: () => runOnServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/**
 * A fresh app on a fresh database: in-memory PGlite by default, or a new database on the PostgreSQL
 * server of TEST_DATABASE_URL (set by `npm run test:pg`), dropped on close.
 */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'atrium-test-'));
  const throwaway = await createThrowawayDatabase('atrium_test');
  const databaseUrl = throwaway?.url;
  const dropDatabase = throwaway?.drop ?? (async () => undefined);
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    JWT_SECRET: TEST_SECRET,
    PUBLIC_URL: 'http://atrium.test',
    WEB_DIST: path.join(dataDir, 'no-web'),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  const pgliteTemplate = databaseUrl ? undefined : await pgliteTemplateDump();
  const database = await openDatabase({ url: config.databaseUrl, ...(pgliteTemplate ? { pgliteTemplate } : {}) });
  // A copy of the template is already migrated and seeded; both are no-ops there, and needed without it.
  await migrate(database, config.databaseUrl);
  if (!pgliteTemplate && !process.env[PG_TEMPLATE_ENV]) await seedReferenceData(database.db);
  const tokens = createTokenService(TEST_SECRET, config.jwtTtlSeconds);
  const app = await buildApp({ config, database, tokens, verifyResponses: true });
  await app.ready();

  return {
    app,
    database,
    config,
    tokens,
    dataDir,
    async createUser(values = {}) {
      const { password, ...rest } = values;
      sharedHash ??= hashPassword(TEST_PASSWORD);
      const [row] = await database.db
        .insert(users)
        .values({
          email: `user-${randomUUID()}@example.com`,
          firstName: 'Test',
          lastName: 'User',
          role: 'user',
          confirmedAt: new Date(),
          passwordHash: password ? await hashPassword(password) : await sharedHash,
          ...rest,
        })
        .returning();
      return row!;
    },
    async authHeader(user) {
      return { authorization: `Bearer ${await openSession(database.db, tokens, user)}` };
    },
    // Each call comes from its own loopback address unless the test names one, so that the per-address
    // abuse limits only bite in the tests about them.
    inject: (options) => app.inject({ remoteAddress: nextAddress(), ...options }),
    async close() {
      await app.close();
      await database.close();
      await dropDatabase();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

type NewUser = Parameters<TestApp['createUser']>[0];

/**
 * The test app of one file, made before its first test and closed after its last (the file's beforeAll and
 * afterAll, registered here), so that a suite names only what it adds. Returned at once for a `const`: each field
 * reads through to the app made for the file, so `t.inject(…)` and `t.database.db` read as they did with
 * `createTestApp`; read before the file's tests start, it throws. Hooks the file registers after this call run
 * after the app exists (vitest runs beforeAll hooks in order and afterAll hooks in reverse). `env` may be a
 * function, read when the app is made (the address of a peer an earlier hook started).
 */
export function useTestApp(env: Record<string, string> | (() => Record<string, string>) = {}): TestApp {
  let made: TestApp | undefined;
  beforeAll(async () => {
    made = await createTestApp(typeof env === 'function' ? env() : env);
  });
  afterAll(() => made?.close());
  const current = () => {
    if (!made) throw new Error("useTestApp: the app exists only once the file's tests run");
    return made;
  };
  return {
    get app() {
      return current().app;
    },
    get database() {
      return current().database;
    },
    get config() {
      return current().config;
    },
    get tokens() {
      return current().tokens;
    },
    get dataDir() {
      return current().dataDir;
    },
    createUser: (values) => current().createUser(values),
    authHeader: (user) => current().authHeader(user),
    inject: (options) => current().inject(options),
    close: () => current().close(),
  };
}

/**
 * A value the file's tests share, made once before they run (a signed-in header, a user, the seeded lookups'
 * ids): returned at once for a `const` and filled in by a beforeAll registered here. For plain objects only: their
 * own fields are copied onto the returned one.
 */
export function madeBeforeAll<T extends object>(make: () => Promise<T>): T {
  const value = {} as T;
  beforeAll(async () => {
    Object.assign(value, await make());
  });
  return value;
}

/** A user created for the file (active unless told otherwise). */
export const useUser = (t: TestApp, values?: NewUser) => madeBeforeAll(() => t.createUser(values));

/** The bearer header of a user created for the file. */
export const useAuthHeader = (t: TestApp, values?: NewUser) =>
  madeBeforeAll(async () => t.authHeader(await t.createUser(values)));

/** The bearer header of a user the file made with useUser (after it, so that the user exists). */
export const useAuthHeaderOf = (t: TestApp, user: UserRow) => madeBeforeAll(() => t.authHeader(user));

/** The ids of the seeded lookups (company-fixtures.ts). */
export const useLookupIds = (t: TestApp): LookupIds => madeBeforeAll(() => lookupIds(t.database.db));

/**
 * Sends each query and expects a 400 in the error envelope with the code `bad_request` for each, the query
 * naming the one that failed: a route's refusal of parameters it does not take. `alsoCheck` adds the suite's own
 * assertions on each refusal.
 */
export async function expectBadRequests(
  queries: readonly string[],
  send: (query: string) => Promise<LightMyRequestResponse>,
  alsoCheck?: (res: LightMyRequestResponse, query: string) => void,
): Promise<void> {
  for (const query of queries) {
    const res = await send(query);
    expect(res.statusCode, query).toBe(400);
    expect(res.json().errors.code, query).toBe('bad_request');
    alsoCheck?.(res, query);
  }
}

/** A refusal of the fields (422), with exactly this field map of messages in the error envelope's detail. */
export function expectFieldErrors(res: LightMyRequestResponse, detail: Record<string, string[]>): void {
  expect(res.statusCode, res.body).toBe(422);
  expect(res.json().errors.detail).toEqual(detail);
}
