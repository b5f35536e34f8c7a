import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { selectRows } from '../db/rows';
import { startChildServer, waitUntil, type ChildServer } from '../test/child-server';
import { createThrowawayDatabase } from '../test/harness';

/**
 * "A destruction interrupted half-way (process killed) leaves either everything of that file destroyed or
 * nothing" (docs/decisions/0075). The real server runs as a child process; a batch destroying many closed files
 * is sent, the process is SIGKILLed once the first files are logged, started again on the same data, and every
 * file is checked: destroyed whole (logged, no owner, no history, its name anonymized) or untouched.
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const ADMIN = { email: 'privacy-crash@example.com', password: 'a long enough password' };
const FILES = 30;

let dataDir: string;
let databaseUrl: string | undefined;
let dropDatabase = async () => undefined as void;
let server: ChildServer | undefined;
let auth: Record<string, string>;
const companyIds: string[] = [];

async function start(): Promise<ChildServer> {
  server = await startChildServer({
    dataDir,
    databaseUrl,
    env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
    // Each destroyed item is logged at info once committed: the test kills on the third.
    logLevel: 'info',
  });
  return server;
}

async function signIn(): Promise<void> {
  const res = await fetch(`${server!.origin}/api/sign_in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  expect(res.status).toBe(200);
  auth = { authorization: res.headers.get('authorization')! };
}

async function call(method: string, url: string, body?: unknown): Promise<{ status: number; json: Json }> {
  const res = await fetch(`${server!.origin}/api${url}`, {
    method,
    headers: { ...auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Json };
}

/** The database the child uses, opened by the test while no child runs (PGlite) or beside it (PostgreSQL). */
async function withDatabase<T>(run: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>): Promise<T> {
  const database = await openDatabase(databaseUrl ? { url: databaseUrl } : { pgliteDir: path.join(dataDir, 'db') });
  try {
    return await run(database.db);
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'atrium-privacy-crash-'));
  const throwaway = await createThrowawayDatabase('atrium_privacy_crash');
  if (throwaway) {
    databaseUrl = throwaway.url;
    dropDatabase = throwaway.drop;
  }
  await start();
  await signIn();
  const first = async (url: string) => ((await call('GET', url)).json.data as Array<{ id: string }>)[0]!.id;
  const refs = {
    legal_form_id: await first('/legal_forms'),
    status_id: await first('/statuses'),
    activity_area_id: await first('/activity_areas'),
  };
  const municipality = await first('/municipalities');
  for (let i = 0; i < FILES; i += 1) {
    const created = await call('POST', '/companies', {
      name: `Dossier fermé ${i}`,
      ...refs,
      address: { address: `${i} rue du Port`, zip_code: 'G5L 1A1', municipality_id: municipality },
      owners: [
        { name: `Propriétaire-${i} Alpha`, shares_percentage: '50' },
        { name: `Propriétaire-${i} Beta`, shares_percentage: '50' },
      ],
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const id = created.json.data.id as string;
    companyIds.push(id);
    const event = await call('POST', `/companies/${id}/events`, {
      category_slug: 'technicalHelp',
      title: `Appel avec Propriétaire-${i} Alpha`,
      date: '2016-01-10',
    });
    expect(event.status, JSON.stringify(event.json)).toBe(201);
    expect((await call('DELETE', `/companies/${id}`)).status).toBe(200);
  }
  expect(
    (await call('PUT', '/privacy/retention_rules', { rules: [{ category_id: null, years: 7, months: 0 }] })).status,
  ).toBe(200);
  // Archived eight years ago: with PGlite the child must be stopped while the test writes its directory.
  if (!databaseUrl) await server!.kill('SIGTERM');
  await withDatabase((db) => db.execute(sql`UPDATE companies SET archived_at = now() - interval '8 years'`));
  if (!databaseUrl) {
    await start();
    await signIn();
  }
}, 600_000);

afterAll(async () => {
  await server?.kill('SIGKILL');
  await dropDatabase();
  await rm(dataDir, { recursive: true, force: true });
});

describe('a process killed during a batch destruction', () => {
  it('leaves each file destroyed whole or untouched, never half', async () => {
    const due = await call('GET', '/privacy/destruction_due');
    expect(due.status).toBe(200);
    expect((due.json.data.files as Json[]).map((file) => file.id).sort()).toEqual([...companyIds].sort());

    const batch = fetch(`${server!.origin}/api/privacy/destructions`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ items: companyIds.map((id) => ({ kind: 'file', id })) }),
    }).then(
      (res) => res.status,
      () => 'cut off' as const,
    );
    // Killed once the first file is committed, as the server's log says (a read through the API would wait behind
    // the batch on PGlite, which runs one transaction at a time).
    const destroyedSoFar = () => server!.output().split('privacy item destroyed').length - 1;
    await waitUntil(() => destroyedSoFar() >= 1, 120_000, 'the first destruction', 1);
    const exit = await server!.kill('SIGKILL');
    expect(exit.signal).toBe('SIGKILL');
    expect(await batch).toBe('cut off');

    const states = await withDatabase((db) =>
      selectRows<{ id: string; logged: number; owners: number; events: number; name: string; search: string }>(
        db,
        sql`SELECT c.id, c.name, c.search_text AS search,
                   (SELECT count(*)::int FROM privacy_destructions p WHERE p.company_id = c.id) AS logged,
                   (SELECT count(*)::int FROM owners o WHERE o.company_id = c.id) AS owners,
                   (SELECT count(*)::int FROM events e WHERE e.company_id = c.id) AS events
              FROM companies c WHERE c.name LIKE 'Dossier fermé %' OR c.reference_number = c.name`,
      ),
    );
    expect(states).toHaveLength(FILES);
    let destroyed = 0;
    for (const state of states) {
      if (state.logged === 1) {
        destroyed += 1;
        expect(state, 'destroyed whole').toMatchObject({ owners: 0, events: 0 });
        expect(state.search).not.toMatch(/proprietaire/);
        expect(state.name).not.toMatch(/Dossier/);
      } else {
        expect(state, 'untouched').toMatchObject({ logged: 0, owners: 2 });
        expect(state.events).toBeGreaterThan(0);
        expect(state.name).toMatch(/^Dossier fermé \d+$/);
      }
    }
    expect(destroyed, 'the kill came during the batch').toBeGreaterThanOrEqual(1);
    expect(destroyed, 'the kill came during the batch').toBeLessThan(FILES);

    // Started again, the rest of the batch goes through and every file ends destroyed.
    await start();
    await signIn();
    const rest = await call('POST', '/privacy/destructions', {
      items: states.filter((state) => state.logged === 0).map((state) => ({ kind: 'file', id: state.id })),
    });
    expect(rest.status, JSON.stringify(rest.json)).toBe(201);
    const log = await call('GET', '/privacy/destructions');
    expect(log.json.data).toHaveLength(FILES);
    console.log(`[privacy-crash] SIGKILL after ${destroyed} of ${FILES} files destroyed; none half destroyed`);
  }, 600_000);
});
