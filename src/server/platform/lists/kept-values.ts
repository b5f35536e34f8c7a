import type { Database, Listener } from '../../db/client';
import { LIST_CHANGES_CHANNEL, ListSnapshots } from './list-snapshots';

/** What one process keeps between writes, and how it stops listening. */
export interface KeptValues {
  /** Lists' totals and anchors (ADR 0012) and the dashboard (ADR 0020). */
  lists: ListSnapshots;
  /** The users of session tokens (ADR 0029), apart so that neither pushes the other out. */
  identities: ListSnapshots;
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
  const sync = () => listening.listener?.sync() ?? Promise.resolve();
  const lists = new ListSnapshots({ sync });
  const identities = new ListSnapshots({ sync, maxEntries: 5_000, maxAnchors: 5_000 });
  const all = [lists, identities];
  const listener = await database.listen(
    LIST_CHANGES_CHANNEL,
    (family) => all.forEach((kept) => kept.changed(family)),
    () => all.forEach((kept) => kept.changed()),
  );
  listening.listener = listener;
  return { lists, identities, stop: () => listener.stop() };
}
