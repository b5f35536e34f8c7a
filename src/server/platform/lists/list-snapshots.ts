/**
 * What a list knows about itself between two writes: its exact total and, for the companies list,
 * the sort key of every n-th row (the anchors a deep page starts from). ADR 0012. The dashboard's figures
 * are kept the same way, under the `portfolio` family (ADR 0020), and so are the users of session tokens, in an
 * instance of their own, under the `identity` family (ADR 0029).
 *
 * Counting every matching row on every page request is what makes lists slow on large tables
 * (35 ms for 95 000 active companies, 90 ms for a common search word on PostgreSQL 15 here), and so is
 * an OFFSET deep into the list. A snapshot is built by one statement and then serves every page
 * request of that list until something changes.
 *
 * When a snapshot is valid (ADR 0027):
 * - A committed write to a list's table advances that list family's generation in every process: PostgreSQL
 *   notifies the family on channel `atrium_lists` (migration 0013, `app.ts`). A list's family is the first
 *   element of its key (`["companies", …]`).
 * - Nothing else does: a sign-in, a failed write or a write to another family's tables keeps a list's
 *   snapshot (ADR 0029). A client still reads its own write at once: `sync` below hears it first.
 * - A snapshot records the generation read *before* it was built. If a write committed while it was
 *   being built, the generation has moved on by the time anyone reads it, so it is rebuilt: a snapshot
 *   can be discarded too early, never served late.
 * - Before a snapshot is served, `sync` makes sure every notification committed so far has arrived (one
 *   shared round trip on the listening connection): a write another process acknowledged before this
 *   request came is always counted, not only once its notification happens to land first.
 * - While the notification connection is down, changes cannot be heard: `sync` fails and no snapshot is
 *   reused (every request rebuilds, exact but slower); `changed()` on reconnect, and `maxAgeMs` bounds any
 *   snapshot's life as a last resort.
 */
/** The channel of migration 0013's triggers; the payload is the list family. */
export const LIST_CHANGES_CHANNEL = 'atrium_lists';

export interface ListSnapshotOptions {
  /** Entries kept (least recently used dropped first). */
  maxEntries?: number;
  /** Anchors kept over all entries: bounds the memory (an anchor is a few short strings). */
  maxAnchors?: number;
  maxAgeMs?: number;
  now?: () => number;
  /** Resolves once every change committed so far has been heard (`Listener.sync`); rejects when it cannot be. */
  sync?: () => Promise<void>;
}

export interface Snapshot {
  total: number;
  /** Sort keys as text, id last, of the rows at positions 0, step, 2·step… (empty when not seekable). */
  anchors: string[][];
  step: number;
}

interface Entry {
  generation: number;
  builtAt: number;
  value: unknown;
  /** What the entry counts against `maxAnchors`: its anchors for a list, its rows for other values. */
  weight: number;
}

const anchorsOf = (snapshot: Snapshot) => snapshot.anchors.length;

export class ListSnapshots {
  /** Advanced by a change of every family; a family's generation is this plus its own count. */
  private generation = 0;
  private readonly familyGenerations = new Map<string, number>();
  private readonly entries = new Map<string, Entry>();
  private readonly building = new Map<string, Promise<unknown>>();
  private anchorCount = 0;
  private readonly maxEntries: number;
  private readonly maxAnchors: number;
  private readonly maxAgeMs: number;
  private readonly now: () => number;
  private readonly sync: () => Promise<void>;

  constructor(options: ListSnapshotOptions = {}) {
    this.maxEntries = options.maxEntries ?? 500;
    this.maxAnchors = options.maxAnchors ?? 200_000;
    this.maxAgeMs = options.maxAgeMs ?? 30_000;
    this.now = options.now ?? Date.now;
    this.sync = options.sync ?? (async () => undefined);
  }

  /** Rows of the lists of `family` may have changed (all lists when no family is named). */
  changed(family?: string): void {
    if (family === undefined) this.generation += 1;
    else this.familyGenerations.set(family, (this.familyGenerations.get(family) ?? 0) + 1);
  }

  private generationOf(key: string): number {
    return this.generation + (this.familyGenerations.get(familyOf(key)) ?? 0);
  }

  /** The snapshot of the list named `key`, built by `build` when there is no valid one. */
  get(key: string, build: () => Promise<Snapshot>): Promise<Snapshot>;
  /** Any other value derived from the family's tables, held and dropped by the same rules; `weight` its size. */
  get<T>(key: string, build: () => Promise<T>, weight: (value: T) => number): Promise<T>;
  async get<T>(
    key: string,
    build: () => Promise<T>,
    weight: (value: T) => number = anchorsOf as (value: T) => number,
  ): Promise<T> {
    // Changes that cannot be heard are assumed: the snapshot is rebuilt rather than served stale.
    await this.sync().catch(() => this.changed());
    const generation = this.generationOf(key);
    const entry = this.entries.get(key);
    if (entry && entry.generation === generation && this.now() - entry.builtAt < this.maxAgeMs) {
      // Most recently used last: Map keeps insertion order.
      this.entries.delete(key);
      this.entries.set(key, entry);
      return entry.value as T;
    }
    // Requests for the same list at the same generation share one build.
    const flight = `${generation}\u0000${key}`;
    let pending = this.building.get(flight) as Promise<T> | undefined;
    if (!pending) {
      const builtAt = this.now();
      pending = build()
        .then((value) => {
          if (this.generationOf(key) === generation) {
            this.store(key, { generation, builtAt, value, weight: weight(value) });
          }
          return value;
        })
        .finally(() => this.building.delete(flight));
      this.building.set(flight, pending);
    }
    return pending;
  }

  /** For tests and the benchmark: entries held and anchors over all of them. */
  get size(): { entries: number; anchors: number } {
    return { entries: this.entries.size, anchors: this.anchorCount };
  }

  private store(key: string, entry: Entry): void {
    this.remove(key);
    this.entries.set(key, entry);
    this.anchorCount += entry.weight;
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries && this.anchorCount <= this.maxAnchors) break;
      if (oldest === key) continue;
      this.remove(oldest);
    }
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.anchorCount -= entry.weight;
    this.entries.delete(key);
  }
}

/** `["companies", …]` → `companies`: the first element of a list's JSON key. */
function familyOf(key: string): string {
  return /^\["([^"]+)"/.exec(key)?.[1] ?? key;
}
