import { AsyncLocalStorage } from 'node:async_hooks';
import type { Database, Listener } from '../../db/client';
import { LIST_CHANGES_CHANNEL, ListSnapshots } from './list-snapshots';

/** What one process keeps between writes, and how it stops listening. */
export interface KeptValues {
  /** Lists' totals and anchors (ADR 0012) and the dashboard (ADR 0020). */
  lists: ListSnapshots;
  /** The users of session tokens (ADR 0029), apart so that neither pushes the other out. */
  identities: ListSnapshots;
  /** Loans' schedules (ADR 0050), apart so that a few hundred of them push out no list's total. */
  schedules: ListSnapshots;
  /**
   * Runs `next` (the rest of a request) as one request arriving now: its kept reads sync once between them
   * (ADR 0046). Without it, every kept read syncs.
   */
  asOneRequest(next: () => void): void;
  stop(): Promise<void>;
}

/**
 * Listens for committed changes from any process (ADR 0027) and keeps every kept value exact with them: a
 * family's change drops what was kept under it; a gap in listening drops everything. The app and the bench's
 * database ceiling both keep their values this way.
 */
export async function keepBetweenWrites(database: Pick<Database, 'listen'>): Promise<KeptValues> {
  // The kept values and the listener each need the other: the listener is filled in once it listens.
  const listening: { listener?: Listener } = {};
  // A sync hears every change committed before it was asked (`Listener.sync`). A request needs the changes
  // committed before it arrived: once a sync asked after its arrival has answered, its other kept reads (the
  // session's user, then a list's total) need no round trip of their own (ADR 0046).
  const requests = new AsyncLocalStorage<{ arrivedAt: number }>();
  let heardUpTo = -Infinity;
  const sync = async (): Promise<void> => {
    const listener = listening.listener;
    if (!listener) return;
    const request = requests.getStore();
    if (request && heardUpTo >= request.arrivedAt) return;
    const asked = performance.now();
    await listener.sync();
    heardUpTo = Math.max(heardUpTo, asked);
  };
  const lists = new ListSnapshots({ sync });
  const identities = new ListSnapshots({ sync, maxEntries: 5_000, maxAnchors: 5_000 });
  // A schedule of 120 installments is ~40 kB of objects and as much again of its answer's bytes: 300 of them,
  // or 60 000 rows over all, is ~25 MB at most (ADR 0050).
  const schedules = new ListSnapshots({ sync, maxEntries: 300, maxAnchors: 60_000 });
  const all = [lists, identities, schedules];
  const listener = await database.listen(
    LIST_CHANGES_CHANNEL,
    (family) => all.forEach((kept) => kept.changed(family)),
    () => {
      // Notifications sent while not listening are lost: nothing heard before the gap vouches for now.
      heardUpTo = -Infinity;
      all.forEach((kept) => kept.changed());
    },
  );
  listening.listener = listener;
  return {
    lists,
    identities,
    schedules,
    asOneRequest: (next) => requests.run({ arrivedAt: performance.now() }, next),
    stop: () => listener.stop(),
  };
}
