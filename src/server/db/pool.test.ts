import net from 'node:net';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { waitUntil } from '../test/child-server';
import { useTestApp } from '../test/harness';
import type { Tx } from './client';
import { selectRows } from './rows';
import { CHECKOUT_TIMEOUT_MS, CONNECT_TIMEOUT_MS, PREPARED_PER_CONNECTION, openDatabase } from './client';

/**
 * The PostgreSQL pool's two waits (db/client.ts): a database that does not answer is reported within
 * CONNECT_TIMEOUT_MS, while a database that is only busy makes requests queue for a connection.
 */

const t = useTestApp();

describe('the PostgreSQL pool', () => {
  it('reports a database that accepts connections but never answers: 503 with Retry-After', async () => {
    // A TCP peer that takes the connection and says nothing, like a host whose database has hung.
    const held = new Set<net.Socket>();
    const silent = net.createServer((socket) => void held.add(socket.on('error', () => undefined)));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    const database = await openDatabase({ url: `postgres://atrium@127.0.0.1:${port}/atrium` });
    const app = await buildApp({ config: t.config, database, tokens: t.tokens });
    try {
      const auth = await t.authHeader(await t.createUser());
      const started = Date.now();
      const res = await app.inject({ method: 'GET', url: '/api/companies', headers: auth });
      expect(res.statusCode, res.body).toBe(503);
      expect(res.headers['retry-after']).toBeDefined();
      expect(res.json().errors.code).toBe('service_unavailable');
      expect(Date.now() - started).toBeLessThan(CONNECT_TIMEOUT_MS + 3000);
    } finally {
      await app.close();
      await database.close().catch(() => undefined);
      for (const socket of held) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  if (process.env['TEST_DATABASE_URL']) {
    it('makes a request wait for a connection while all of them are busy, instead of failing it', async () => {
      const auth = await t.authHeader(await t.createUser());
      // Every connection of the pool (20) busy for longer than a connect may take.
      const busyMs = CONNECT_TIMEOUT_MS + 1500;
      expect(busyMs).toBeLessThan(CHECKOUT_TIMEOUT_MS);
      // (drizzle's queries run when awaited: Promise.all starts them.)
      const busy = Promise.all(
        Array.from({ length: 20 }, () => t.database.db.execute(sql`SELECT pg_sleep(${busyMs / 1000})`)),
      );
      // Seen from outside the pool: all twenty are sleeping before the request comes.
      const observer = new pg.Client({ connectionString: t.config.databaseUrl });
      await observer.connect();
      try {
        await waitUntil(
          async () =>
            (
              await observer.query(
                "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'SELECT pg_sleep%'",
              )
            ).rows[0].n === 20,
          10_000,
          'the pool to be busy',
        );
      } finally {
        await observer.end();
      }
      const started = Date.now();
      const res = await t.inject({ method: 'GET', url: '/api/companies', headers: auth });
      expect(res.statusCode, res.body).toBe(200);
      // It waited for a sleeping connection to come back (longer than a connect may take), then ran.
      expect(Date.now() - started).toBeGreaterThan(CONNECT_TIMEOUT_MS);
      await busy;
    }, 30_000);

    // ADR 0052: what a session has prepared, seen from inside it (a transaction holds one connection).
    const preparedInSession = async (tx: Tx) =>
      (
        await selectRows<{ statement: string }>(
          tx,
          sql`SELECT statement FROM pg_prepared_statements WHERE NOT from_sql ORDER BY statement`,
        )
      ).map((row) => row.statement);

    it('prepares a statement with parameters once per connection and runs it again by name', async () => {
      await t.database.db.transaction(async (tx) => {
        const before = await preparedInSession(tx);
        const sums = [];
        for (const n of [1, 2, 3])
          sums.push((await selectRows<{ n: number }>(tx, sql`SELECT ${n}::int + 40 AS n`))[0]!.n);
        expect(sums).toEqual([41, 42, 43]);
        const added = (await preparedInSession(tx)).filter((statement) => !before.includes(statement));
        expect(added).toEqual(['SELECT $1::int + 40 AS n']);
      });
    });

    it('keeps at most PREPARED_PER_CONNECTION statements in a session, and runs the others unnamed', async () => {
      await t.database.db.transaction(async (tx) => {
        const before = (await preparedInSession(tx)).length;
        const texts = PREPARED_PER_CONNECTION - before + 5;
        for (let i = 0; i < texts; i++) {
          const rows = await selectRows<{ n: number }>(tx, sql`SELECT ${i}::int + ${sql.raw(String(i))} AS n`);
          expect(rows[0]!.n).toBe(2 * i);
        }
        expect((await preparedInSession(tx)).length).toBe(PREPARED_PER_CONNECTION);
      });
    });

    it('runs a script of several statements without parameters as one simple query, unprepared', async () => {
      await t.database.db.transaction(async (tx) => {
        const before = await preparedInSession(tx);
        await tx.execute(
          sql.raw('CREATE TEMP TABLE two_statements (n int) ON COMMIT DROP; INSERT INTO two_statements VALUES (7)'),
        );
        const rows = await selectRows<{ n: number }>(tx, sql`SELECT n FROM two_statements`);
        expect(rows).toEqual([{ n: 7 }]);
        expect(await preparedInSession(tx)).toEqual(before);
      });
    });
  }
});
