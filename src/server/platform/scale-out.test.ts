import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from './auth/passwords';
import { ORPHAN_SWEEP_TASK } from '../documents/orphan-sweep';
import { DIGEST_TICK } from '../tasks/digest';
import { LEGAL_FORMS, MUNICIPALITIES } from '../db/reference-data';
import { createEmptyPostgresDatabase, startAppCluster, type AppCluster, type EmptyDatabase } from '../test/app-cluster';
import { waitUntil } from '../test/child-server';
import { PDF_BYTES } from '../test/images';
import { readOutbox } from '../test/mail';

/**
 * ADR 0027: two app processes on one PostgreSQL behave as one. Both are the real server
 * (src/server/main.ts) as child processes, started together on an empty database, with the same JWT_SECRET and
 * data directory, behind the harness's round-robin proxy. Several processes need PostgreSQL: when the run has no
 * TEST_DATABASE_URL (the PGlite half of `npm run test:slow`) this file starts a PostgreSQL cluster of its own
 * and says so, rather than skipping.
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const ADMIN = { email: 'scale@example.com', password: 'a long enough password' };

let dataDir: string;
let database: EmptyDatabase;
let cluster: AppCluster;
let auth: Record<string, string>;

async function call(
  origin: string,
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = auth,
): Promise<{ status: number; json: Json; headers: Headers }> {
  const res = await fetch(`${origin}/api${url}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Json, headers: res.headers };
}

async function sql<T extends Json>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** A confirmed user written straight into the database, as no process of the cluster did. */
async function insertUser(
  login: { email: string; password: string },
  role: 'user' | 'admin',
  firstName: string,
  lastName: string,
): Promise<{ id: string }> {
  const [row] = await sql<{ id: string }>(
    `INSERT INTO users (email, first_name, last_name, role, confirmed_at, password_hash)
     VALUES ($1, $2, $3, $4, now(), $5) RETURNING id`,
    [login.email, firstName, lastName, role, await hashPassword(login.password)],
  );
  return row!;
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'atrium-scale-'));
  database = await createEmptyPostgresDatabase('atrium_scale');
  console.log(`[scale-out] two processes on PostgreSQL (${database.server})`);
  // Started together on an empty database: both run the migrations, the seed and the first-admin bootstrap.
  cluster = await startAppCluster({
    processes: 2,
    dataDir,
    databaseUrl: database.url,
    // Behind a load balancer: the client address is the forwarded one (the abuse limits count per address).
    // The digests due are looked for every second (one process each time), not every minute.
    env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, TRUST_PROXY: 'true', DIGEST_CHECK_SECONDS: '1' },
  });
  const signIn = await call(cluster.origin, 'POST', '/sign_in', ADMIN, {});
  expect(signIn.status).toBe(200);
  auth = { authorization: signIn.headers.get('authorization')! };
}, 240_000);

afterAll(async () => {
  await cluster?.stop();
  await database?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('two app processes on one PostgreSQL', () => {
  it('migrate, seed and bootstrap once when they start together', async () => {
    const [migrations] = await sql<{ n: number }>('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
    const journal = (await import('../db/migrations/meta/_journal.json')).default as { entries: unknown[] };
    expect(migrations!.n).toBe(journal.entries.length);
    // The reference data and the first administrator exist once, not once per process.
    const [seeded] = await sql<{ legal: number; towns: number }>(
      'SELECT (SELECT count(*)::int FROM legal_forms) AS legal, (SELECT count(*)::int FROM municipalities) AS towns',
    );
    expect(seeded).toEqual({ legal: LEGAL_FORMS.length, towns: MUNICIPALITIES.length });
    const admins = await sql<{ email: string }>('SELECT email FROM users');
    expect(admins.map((user) => user.email)).toEqual([ADMIN.email]);
    for (const server of cluster.processes) {
      expect((await call(server.origin, 'GET', '/health', undefined, {})).status).toBe(200);
    }
  });

  it('swept orphan uploads (and ran every other periodic task) once between them when they started together', async () => {
    // Each process tried to claim each sweep as it became ready (one statement, issued before it listened).
    const runs = await sql<{ name: string; runs: number }>('SELECT name, runs FROM periodic_runs ORDER BY name');
    expect(runs.map((run) => run.name)).toContain(ORPHAN_SWEEP_TASK);
    // The digest's look, every second here, has run since; its once-ness is per user and day (test below).
    expect(runs.filter((run) => run.runs !== 1 && run.name !== DIGEST_TICK)).toEqual([]);
  });

  it('read a token signed by the other, and the proxy takes turns', async () => {
    const before = [...cluster.proxy.forwarded];
    for (let i = 0; i < 4; i += 1) expect((await call(cluster.origin, 'GET', '/user')).status).toBe(200);
    expect(cluster.proxy.forwarded.map((n, i) => n - before[i]!)).toEqual([2, 2]);
  });

  it('count a company created through one in the other’s list total at once', async () => {
    const [a, b] = cluster.processes as [AppCluster['processes'][0], AppCluster['processes'][0]];
    const first = async (url: string) => ((await call(a.origin, 'GET', url)).json.data as Array<{ id: string }>)[0]!.id;
    const refs = {
      legal_form_id: await first('/legal_forms'),
      status_id: await first('/statuses'),
      activity_area_id: await first('/activity_areas'),
    };
    const municipality = await first('/municipalities');
    const totalOn = async (origin: string) => {
      const res = await call(origin, 'GET', '/companies?page[size]=10');
      expect(res.status).toBe(200);
      return res.json.meta.total_count as number;
    };
    // Each round: both hold a snapshot of the list, one creates, the other answers the new total on its very
    // next request (no polling). Alternating which process writes.
    for (let round = 0; round < 20; round += 1) {
      const [writer, reader] = round % 2 === 0 ? [a, b] : [b, a];
      const before = await totalOn(reader.origin);
      expect(await totalOn(writer.origin)).toBe(before);
      const created = await call(writer.origin, 'POST', '/companies', {
        name: `Scale round ${round}`,
        ...refs,
        address: { address: `${round} rue du Port`, zip_code: 'H2Y 1H2', municipality_id: municipality },
      });
      expect(created.status, JSON.stringify(created.json)).toBe(201);
      expect(await totalOn(reader.origin)).toBe(before + 1);
    }
  });

  it('send a user’s daily digest once between them, however many times they look for it', async () => {
    const login = { email: 'digest@example.com', password: 'a digest long password' };
    const user = await insertUser(login, 'user', 'Diane', 'Rappel');
    await sql(
      `INSERT INTO tasks (kind, title, due_on, assignee_id, created_by_id)
       VALUES ('manual', 'Rappeler la cliente', (now() AT TIME ZONE 'America/Toronto')::date - 1, $1, $1)`,
      [user.id],
    );
    await sql(`INSERT INTO notification_settings (user_id, digest_enabled, digest_time) VALUES ($1, TRUE, '00:00')`, [
      user.id,
    ]);
    const delivery = async () =>
      (
        await sql<{ status: string; attempts: number }>(
          'SELECT status, attempts FROM digest_deliveries WHERE user_id = $1',
          [user.id],
        )
      )[0];
    await waitUntil(async () => (await delivery())?.status === 'sent', 30_000, 'the digest sent');
    const looks = async () =>
      (await sql<{ runs: number }>('SELECT runs FROM periodic_runs WHERE name = $1', [DIGEST_TICK]))[0]!.runs;
    const before = await looks();
    await waitUntil(async () => (await looks()) >= before + 3, 30_000, 'three more looks for digests due');
    const mails = (await readOutbox(dataDir)).filter((mail) => mail.to.includes(login.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Rappeler la cliente');
    expect(await delivery()).toEqual({ status: 'sent', attempts: 1 });
  });

  it('end a user’s session on the other at once when one archives the user', async () => {
    const [a, b] = cluster.processes as [AppCluster['processes'][0], AppCluster['processes'][0]];
    const staff = { email: 'archived@example.com', password: 'another long password' };
    const row = await insertUser(staff, 'user', 'Archie', 'Ved');
    const signIn = await call(b.origin, 'POST', '/sign_in', staff, {});
    expect(signIn.status).toBe(200);
    const session = { authorization: signIn.headers.get('authorization')! };
    // The session works on both, so that what follows is the archive's doing.
    for (const server of [a, b])
      expect((await call(server.origin, 'GET', '/user', undefined, session)).status).toBe(200);
    expect((await call(a.origin, 'DELETE', `/users/${row.id}`)).status).toBe(200);
    for (const server of [b, a]) {
      const refused = await call(server.origin, 'GET', '/user', undefined, session);
      expect(refused.status).toBe(401);
    }
  });

  it('refuse a token on the other at once when it signed out through one', async () => {
    const [a, b] = cluster.processes as [AppCluster['processes'][0], AppCluster['processes'][0]];
    const signIn = await call(a.origin, 'POST', '/sign_in', ADMIN, {});
    expect(signIn.status).toBe(200);
    const session = { authorization: signIn.headers.get('authorization')! };
    for (const server of [a, b])
      expect((await call(server.origin, 'GET', '/user', undefined, session)).status).toBe(200);
    expect((await call(a.origin, 'POST', '/sign_out', undefined, session)).status).toBe(200);
    for (const server of [b, a])
      expect((await call(server.origin, 'GET', '/user', undefined, session)).status).toBe(401);
    // Only that session ended: the one the other tests use still works on both.
    for (const server of [a, b]) expect((await call(server.origin, 'GET', '/user')).status).toBe(200);
  });

  it('drop a kept session user on the other at once: a role change, a password change or reset, a change in SQL', async () => {
    // Each process keeps a token's user between requests (ADR 0029); every session below is used on both first,
    // so that both hold it when the change comes.
    const [a, b] = cluster.processes as [AppCluster['processes'][0], AppCluster['processes'][0]];
    const staff = { email: 'kept@example.com', password: 'a kept long password' };
    const row = await insertUser(staff, 'admin', 'Kept', 'Admin');
    const open = async () => {
      const signIn = await call(a.origin, 'POST', '/sign_in', staff, {});
      expect(signIn.status).toBe(200);
      const session = { authorization: signIn.headers.get('authorization')! };
      for (const server of [a, b])
        expect((await call(server.origin, 'GET', '/users', undefined, session)).status).toBe(200);
      return session;
    };

    const demoted = await open();
    const [user] = await sql<{ lock_version: number }>('SELECT lock_version FROM users WHERE id = $1', [row.id]);
    const edit = await call(a.origin, 'PATCH', `/users/${row.id}`, {
      role: 'user',
      first_name: 'Kept',
      last_name: 'Admin',
      lock_version: user!.lock_version,
    });
    expect(edit.status, JSON.stringify(edit.json)).toBe(200);
    for (const server of [b, a])
      expect((await call(server.origin, 'GET', '/users', undefined, demoted)).status).toBe(403);

    await sql(`UPDATE users SET role = 'admin' WHERE id = $1`, [row.id]);
    const kept = await open();
    const other = await open();
    const change = await call(
      a.origin,
      'POST',
      '/account/password',
      {
        current_password: staff.password,
        password: 'a changed long password',
        password_confirmation: 'a changed long password',
      },
      kept,
    );
    expect(change.status, JSON.stringify(change.json)).toBe(200);
    for (const server of [b, a]) {
      expect((await call(server.origin, 'GET', '/user', undefined, other)).status).toBe(401);
      expect((await call(server.origin, 'GET', '/user', undefined, kept)).status).toBe(200);
    }

    // A password reset by mail, asked and done through one.
    expect((await call(a.origin, 'POST', '/passwords/forgot', { email: staff.email }, {})).status).toBe(200);
    let resetToken: string | undefined;
    await waitUntil(
      async () => {
        const mail = (await readOutbox(dataDir)).find(
          (m) => m.to.includes(staff.email) && m.text.includes('reset?token='),
        );
        resetToken = mail && /reset\?token=([\w-]+)/.exec(mail.text)?.[1];
        return resetToken !== undefined;
      },
      10_000,
      'the reset mail',
    );
    const password = 'a reset long password';
    const reset = await call(
      a.origin,
      'POST',
      '/passwords/reset',
      { token: resetToken, password, password_confirmation: password },
      {},
    );
    expect(reset.status, JSON.stringify(reset.json)).toBe(200);
    for (const server of [b, a]) expect((await call(server.origin, 'GET', '/user', undefined, kept)).status).toBe(401);

    // Neither process wrote this one: another client of the database did.
    staff.password = password;
    const last = await open();
    await sql('UPDATE users SET disabled_at = now() WHERE id = $1', [row.id]);
    for (const server of [b, a]) expect((await call(server.origin, 'GET', '/user', undefined, last)).status).toBe(401);
  });

  it('meet the per-address sign-in limit at the same count, with the same wait, as one process', async () => {
    /** 40 failed sign-ins, each for another account, from one address; answers the first refusal. */
    const attempt = async (address: string, originOf: (i: number) => string) => {
      const statuses: number[] = [];
      let retryAfter: number | undefined;
      for (let i = 0; i < 40; i += 1) {
        const res = await call(
          originOf(i),
          'POST',
          '/sign_in',
          { email: `nobody-${i}@${address}.example`, password: 'not the password' },
          { 'x-forwarded-for': address },
        );
        statuses.push(res.status);
        if (res.status === 429 && retryAfter === undefined) retryAfter = Number(res.headers.get('retry-after'));
      }
      return { firstRefused: statuses.indexOf(429), statuses, retryAfter: retryAfter! };
    };
    const [a, b] = cluster.processes as [AppCluster['processes'][0], AppCluster['processes'][0]];
    const one = await attempt('203.0.113.1', () => a.origin);
    const two = await attempt('203.0.113.2', (i) => (i % 2 === 0 ? a : b).origin);
    // Refused from the same attempt on, every later one too: the counter is one, wherever it is asked.
    expect(one.firstRefused).toBeGreaterThan(0);
    expect(two.firstRefused).toBe(one.firstRefused);
    for (const run of [one, two]) {
      expect(run.statuses.slice(0, run.firstRefused).every((status) => status === 401)).toBe(true);
      expect(run.statuses.slice(run.firstRefused).every((status) => status === 429)).toBe(true);
    }
    // The same wait, give or take the seconds the run itself took.
    expect(Math.abs(two.retryAfter - one.retryAfter)).toBeLessThanOrEqual(30);
    console.log(
      `[scale-out] per-address sign-in limit: refused from attempt ${one.firstRefused + 1} on one process and ` +
        `on two alternately (Retry-After ${one.retryAfter} s and ${two.retryAfter} s)`,
    );
  });

  describe('with the job queue', () => {
    let documentId: string;
    const pending = async () =>
      (await sql<{ n: number }>(`SELECT count(*)::int AS n FROM jobs WHERE queue = 'document-text'`))[0]!.n;
    const claimsOf = (jobIds: string[]) =>
      sql<{ job_id: string; locked_by: string }>(
        'SELECT job_id, locked_by FROM test_job_claims WHERE job_id = ANY($1::uuid[]) ORDER BY at',
        [jobIds],
      );
    const enqueue = async (count: number) =>
      (
        await sql<{ id: string }>(
          `INSERT INTO jobs (queue, payload)
           SELECT 'document-text', jsonb_build_object('document_id', $1::text) FROM generate_series(1, $2) RETURNING id`,
          [documentId, count],
        )
      ).map((row) => row.id);
    const pidOf = (lockedBy: string) => Number(lockedBy.split(':')[1]);

    beforeAll(async () => {
      // Test-only observation: every claim of a job (locked_by set anew) is recorded, with who claimed it.
      await sql(`CREATE TABLE test_job_claims (job_id uuid, locked_by text, at timestamptz DEFAULT clock_timestamp())`);
      await sql(`CREATE FUNCTION test_record_claim() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF NEW.locked_by IS NOT NULL AND NEW.locked_by IS DISTINCT FROM OLD.locked_by THEN
            INSERT INTO test_job_claims (job_id, locked_by) VALUES (NEW.id, NEW.locked_by);
          END IF;
          RETURN NEW;
        END $$`);
      await sql(
        `CREATE TRIGGER test_job_claims AFTER UPDATE ON jobs FOR EACH ROW EXECUTE FUNCTION test_record_claim()`,
      );

      // A real PDF document, saved through the proxy: its text job runs in one of the processes.
      const first = async (url: string) =>
        ((await call(cluster.origin, 'GET', url)).json.data as Array<{ id: string }>)[0]!.id;
      const company = await call(cluster.origin, 'POST', '/companies', {
        name: 'Scale documents',
        legal_form_id: await first('/legal_forms'),
        status_id: await first('/statuses'),
        activity_area_id: await first('/activity_areas'),
        address: { address: '1 rue du Port', zip_code: 'H2Y 1H2', municipality_id: await first('/municipalities') },
      });
      expect(company.status).toBe(201);
      const presigned = await call(cluster.origin, 'POST', '/assets/s3_presigned_url', {
        method: 'PUT',
        file_extension: 'pdf',
      });
      expect(presigned.status).toBe(200);
      const { url, unique_file_name: key, content_type: contentType } = presigned.json.data;
      const put = await fetch(new URL(url as string, cluster.origin), {
        method: 'PUT',
        headers: { 'content-type': contentType as string },
        body: new Uint8Array(PDF_BYTES),
      });
      expect(put.status).toBe(200);
      const saved = await call(cluster.origin, 'POST', `/companies/${company.json.data.id as string}/documents`, {
        name: 'Scale',
        date: '2025-06-30',
        category_id: await first('/documents/categories'),
        file_name: key,
        file_type: 'application/pdf',
        file_size: PDF_BYTES.length,
      });
      expect(saved.status, JSON.stringify(saved.json)).toBe(201);
      documentId = saved.json.data.id as string;
      await waitUntil(async () => (await pending()) === 0, 30_000, 'the document’s text job');
    }, 60_000);

    it('run each job once with both processes polling', async () => {
      const jobs = await enqueue(40);
      // Each job starts its own extraction process at the lowest priority (ADR 0034): on a busy machine 40 of
      // them take a minute or more, which says nothing of who claimed them.
      await waitUntil(async () => (await pending()) === 0, 150_000, '40 jobs to be done');
      const claims = await claimsOf(jobs);
      expect(new Set(claims.map((claim) => claim.job_id)).size).toBe(40);
      expect(claims).toHaveLength(40);
      const byProcess = cluster.processes.map(
        (server) => claims.filter((claim) => pidOf(claim.locked_by) === server.pid).length,
      );
      expect(byProcess.reduce((a, b) => a + b, 0)).toBe(40);
      // Both were polling the whole time (a job takes a few hundred ms, a process polls every 2 s).
      expect(Math.min(...byProcess)).toBeGreaterThan(0);
      console.log(`[scale-out] 40 jobs, each claimed once: ${byProcess.join(' and ')} by the two processes`);
    }, 180_000);

    it('let the other process take over a job whose process was SIGKILLed while it ran it', async () => {
      // The job's write of its outcome waits on this lock, so the job is held mid-run when its process dies.
      const holder = new pg.Client({ connectionString: database.url });
      await holder.connect();
      try {
        await holder.query('BEGIN');
        await holder.query('SELECT 1 FROM documents WHERE id = $1 FOR UPDATE', [documentId]);
        const [job] = await enqueue(1);
        await waitUntil(
          async () =>
            (
              await sql<{ n: number }>(
                `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database()
                 AND wait_event_type = 'Lock'`,
              )
            )[0]!.n > 0,
          30_000,
          'the job to wait on the document',
        );
        const [claim] = await claimsOf([job!]);
        const victim = cluster.processes.find((server) => server.pid === pidOf(claim!.locked_by))!;
        const survivor = cluster.processes.find((server) => server !== victim)!;
        expect((await victim.kill('SIGKILL')).signal).toBe('SIGKILL');
        // PostgreSQL notices a dead client only when it next talks to it: end its waiting statement now, as
        // keepalives would, so that the dead process writes nothing.
        await sql(
          `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database()
           AND wait_event_type = 'Lock'`,
        );
        await holder.query('ROLLBACK');
        // The lease (60 s) of the dead process, run out now rather than waited for: as if its minute had passed.
        await sql('UPDATE jobs SET locked_until = now() WHERE id = $1', [job]);
        await waitUntil(async () => (await pending()) === 0, 30_000, 'the job to be taken over');
        const claims = await claimsOf([job!]);
        expect(claims.map((c) => pidOf(c.locked_by))).toEqual([victim.pid, survivor.pid]);
        const [document] = await sql<{ content_status: string }>('SELECT content_status FROM documents WHERE id = $1', [
          documentId,
        ]);
        expect(document!.content_status).not.toBe('pending');
      } finally {
        await holder.end();
      }
    }, 90_000);
  });
});
