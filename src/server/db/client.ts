import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { createHash } from 'node:crypto';
import pg from 'pg';
import * as schema from './schema';
import { retryingTransactions } from './transaction';

/** One type for both drivers: stores never know which one they run on. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The handle inside `db.transaction(async (tx) => …)`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A query that may run inside a transaction or outside one. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Cheap round trip, used by /api/health. */
  ping(): Promise<void>;
  /**
   * LISTEN on `channel`: `onMessage` for each notification; `onGap` whenever notifications may have been
   * missed (the listening connection was lost and is back). Resolves once listening.
   */
  listen(channel: string, onMessage: (payload: string) => void, onGap: () => void): Promise<Listener>;
  /** PGlite only: a tarball of the data directory (the test template). */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

export interface Listener {
  /**
   * Resolves once every notification committed before the call has been handed to `onMessage`: one round
   * trip on the listening connection, since PostgreSQL delivers pending notifications before a query's
   * answer (ADR 0027). Concurrent calls share round trips. Rejects while the connection is down, when
   * notifications cannot be heard.
   */
  sync(): Promise<void>;
  stop(): Promise<void>;
}

/** A database that does not answer a new connection within this is reported unavailable (503). */
export const CONNECT_TIMEOUT_MS = 5_000;
/**
 * How long a query waits for a free connection when all of the pool's are busy. A busy database is
 * not a missing one: a burst of requests queues (found by the soak, where 200 clients on two cores
 * waited more than 5 s at times and got 500s), and only a wait this long gives up, with a 503.
 */
export const CHECKOUT_TIMEOUT_MS = 30_000;

/** pg-pool gives its one timeout to both the wait for a free connection and the connect itself. */
class TimedConnectClient extends pg.Client {
  constructor(config: pg.ClientConfig = {}) {
    super({ ...config, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  }
}

/** Statements a pooled connection keeps prepared at most; past this, new texts run unnamed (ADR 0052). */
export const PREPARED_PER_CONNECTION = 200;

/**
 * A pooled connection that prepares each parameterized statement once (ADR 0052). drizzle sends every
 * query unnamed, so PostgreSQL parsed and planned a page of companies on every request (0.19 ms of planning
 * for 0.06 ms of execution). Named after its text, a statement is parsed once per connection, and after
 * five runs PostgreSQL may keep a generic plan, as it does for any prepared statement. Only queries with
 * parameters are named: those without run on the simple protocol, which a script of several statements
 * (a backup's restore, a migration) needs. A connection keeps at most `PREPARED_PER_CONNECTION` of them, so
 * statements whose text carries values cannot grow a session without bound.
 */
class PreparingClient extends TimedConnectClient {
  readonly #prepared = new Set<string>();

  constructor(config: pg.ClientConfig = {}) {
    super(config);
    // The pool listens for errors only on idle clients. A connection lost while a client is lent out (a
    // transaction waiting on a lock, or between its statements, during a restart or a failover) is an
    // 'error' event nobody else hears, and an unheard 'error' ends the process. The cause is not lost: the
    // query in flight, or the next one (the transaction's rollback), fails with it, which the request
    // answers 503 (errors/handler.ts); the client is no longer queryable, so the pool drops it on release.
    this.on('error', () => undefined);
  }

  // pg's `query` has a dozen overloads; this one only looks at the (config, values) form drizzle uses.
  override query(...args: unknown[]): never {
    const [config, values] = args;
    if (isUnnamedStatement(config) && Array.isArray(values) && values.length > 0) {
      const name = statementName(config.text);
      if (this.#prepared.has(name) || this.#prepared.size < PREPARED_PER_CONNECTION) {
        this.#prepared.add(name);
        args[0] = { ...config, name };
      }
    }
    return (super.query as (...a: unknown[]) => never)(...args);
  }
}

function isUnnamedStatement(config: unknown): config is pg.QueryConfig {
  if (typeof config !== 'object' || config === null) return false;
  const { text, name } = config as Partial<pg.QueryConfig>;
  return typeof text === 'string' && name === undefined && !('submit' in config);
}

/** The same text always gets the same name; 64 bits of SHA-1 leave no collision among a few hundred texts. */
function statementName(text: string): string {
  return `a${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
}

/**
 * `url` undefined → embedded PGlite stored under `pgliteDir` (or in memory when that is undefined too).
 * PGlite runs in this process and handles one query at a time; PostgreSQL gets a pool.
 */
export async function openDatabase(options: {
  url?: string;
  pgliteDir?: string;
  /** PGlite: start from this data-directory dump instead of an empty cluster (the tests' template). */
  pgliteTemplate?: Blob;
}): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: 20,
      connectionTimeoutMillis: CHECKOUT_TIMEOUT_MS,
      Client: PreparingClient,
    });
    // An idle client losing its connection must not crash the process; the next query reports it.
    pool.on('error', () => undefined);
    const db = retryingTransactions(drizzlePg(pool, { schema }) as unknown as Db);
    return {
      db,
      kind: 'postgres',
      ping: async () => void (await pool.query('select 1')),
      listen: (channel, onMessage, onGap) => listenWithReconnect(options.url!, channel, onMessage, onGap),
      close: () => pool.end(),
    };
  }
  // Loaded only when embedded: PGlite and its drivers cost ~38 MB of memory a PostgreSQL process never uses.
  const [{ PGlite }, { pg_trgm }, { unaccent }, { drizzle: drizzlePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('@electric-sql/pglite/contrib/unaccent'),
    import('drizzle-orm/pglite'),
  ]);
  const client = await PGlite.create(options.pgliteDir, {
    extensions: { pg_trgm, unaccent },
    ...(options.pgliteTemplate ? { loadDataDir: options.pgliteTemplate } : {}),
  });
  const db = retryingTransactions(drizzlePglite(client, { schema }) as unknown as Db);
  return {
    db,
    kind: 'pglite',
    ping: async () => void (await db.execute(sql`select 1`)),
    dumpDataDir: () => client.dumpDataDir('none'),
    // One process holds the embedded database: its notifications never cross a network, so there is no gap.
    listen: async (channel, onMessage) => {
      const unlisten = await client.listen(channel, onMessage);
      // In-process: a notification is handed over when its transaction ends, before the writer hears back.
      return { sync: async () => undefined, stop: () => unlisten() };
    },
    close: () => client.close(),
  };
}

/** How long a lost listening connection waits before it connects again. */
const RELISTEN_DELAY_MS = 1_000;

/**
 * A dedicated connection (LISTEN holds its session) that connects again after a loss and then reports the
 * gap, so the caller treats everything as changed: notifications sent meanwhile are not replayed.
 */
async function listenWithReconnect(
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
  onGap: () => void,
): Promise<Listener> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const next = new TimedConnectClient({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel) onMessage(message.payload ?? '');
    });
    next.on('error', () => undefined);
    next.on('end', () => {
      if (stopped || client !== next) return;
      client = undefined;
      schedule();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
    if (stopped) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
  };
  const schedule = () => {
    retry = setTimeout(() => {
      connect().then(onGap, () => schedule());
    }, RELISTEN_DELAY_MS);
    retry.unref();
  };
  // A database that is down at start does not stop the app from starting (it answers 503 until the database
  // is back, like any request): the listener keeps trying, and until it listens no snapshot is reused.
  await connect().catch(() => schedule());
  // A round trip sent after a caller arrived serves it; callers arriving while one is on the wire share the
  // next one, so a burst of list requests costs two round trips, not one each.
  let current: Promise<void> | undefined;
  let queued: Promise<void> | undefined;
  const roundTrip = (): Promise<void> => {
    if (!client) return Promise.reject(new Error('not listening'));
    const trip = client.query('SELECT 1').then(() => undefined);
    current = trip;
    const done = () => {
      if (current === trip) current = undefined;
    };
    trip.then(done, done);
    return trip;
  };
  return {
    sync() {
      if (queued) return queued;
      if (!current) return roundTrip();
      queued = current
        .catch(() => undefined)
        .then(() => {
          queued = undefined;
          return roundTrip();
        });
      return queued;
    },
    async stop() {
      stopped = true;
      clearTimeout(retry);
      await client?.end().catch(() => undefined);
    },
  };
}
