import type { Executor, Tx } from '../../db/client';

/**
 * Runs a use case in the caller's transaction when it is given one, else in a transaction of its own: an action
 * is one unit whether a route calls it or another action does.
 */
export function inTransaction<T>(db: Executor, work: (tx: Tx) => Promise<T>): Promise<T> {
  return 'rollback' in db ? work(db) : db.transaction(work);
}
