import type { Db } from './client';

/*
 * Every write's transaction is tried again when PostgreSQL gives it up to break a deadlock (40P01) or to keep
 * serializability (40001) — docs/decisions/0060. Those failures say nothing of the request: the same transaction
 * run again a moment later, once the other one is done, succeeds. Only the outermost transaction is retried (a
 * savepoint's failure aborts the whole transaction); after `TRANSACTION_ATTEMPTS` tries the error goes up and
 * the error handler answers 409 "conflict, try again" (platform/errors/handler.ts), never a 500.
 */

/** SQLSTATEs after which the whole transaction may simply be run again. */
export const RETRYABLE_CODES: readonly string[] = ['40P01', '40001'];

export const TRANSACTION_ATTEMPTS = 4;

/** Whether `error` (or what it wraps: drizzle puts the driver's error in `cause`) is a deadlock or serialization failure. */
export function isRetryableConflict(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === 'string' && RETRYABLE_CODES.includes(code)) return true;
    if (cause === current) return false;
    current = cause;
  }
  return false;
}

/** A pause before try `attempt` (1-based) of a retry: growing, and jittered so two victims do not meet again. */
const backoffMs = (attempt: number) => 10 * 2 ** attempt * (0.5 + Math.random());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `db` whose `transaction(…)` retries a deadlocked or serialization-failed transaction, from the start, up to
 * `attempts` times in all. The callback must write nothing outside the database it would not write twice: every
 * write of Atrium's does (files and mail happen around, not inside, its transaction).
 */
export function retryingTransactions(db: Db, attempts = TRANSACTION_ATTEMPTS): Db {
  const transaction = db.transaction.bind(db);
  const retrying: Db['transaction'] = async (run, config) => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await transaction(run, config);
      } catch (error) {
        if (attempt >= attempts || !isRetryableConflict(error)) throw error;
        await sleep(backoffMs(attempt));
      }
    }
  };
  return new Proxy(db, {
    get: (target, property, receiver) =>
      property === 'transaction' ? retrying : (Reflect.get(target, property, receiver) as unknown),
  });
}
