import { describe, expect, it } from 'vitest';
import { ListSnapshots, type Snapshot } from './list-snapshots';

const snapshot = (total: number, anchors = 0): Snapshot => ({
  total,
  anchors: Array.from({ length: anchors }, (_, i) => [`k${i}`, `id${i}`]),
  step: 10,
});

/** A build the test finishes by hand, to put writes in the middle of it. */
function deferred() {
  let resolve!: (value: Snapshot) => void;
  const promise = new Promise<Snapshot>((r) => (resolve = r));
  return { promise, resolve };
}

describe('ListSnapshots', () => {
  it('builds once and serves the snapshot until something changes', async () => {
    const lists = new ListSnapshots();
    let builds = 0;
    const build = async () => snapshot(++builds);
    expect((await lists.get('a', build)).total).toBe(1);
    expect((await lists.get('a', build)).total).toBe(1);
    lists.changed();
    expect((await lists.get('a', build)).total).toBe(2);
    expect(builds).toBe(2);
  });

  it('shares one build between concurrent requests for the same list', async () => {
    const lists = new ListSnapshots();
    const pending = deferred();
    let builds = 0;
    const build = () => {
      builds += 1;
      return pending.promise;
    };
    const both = Promise.all([lists.get('a', build), lists.get('a', build)]);
    pending.resolve(snapshot(7));
    expect((await both).map((s) => s.total)).toEqual([7, 7]);
    expect(builds).toBe(1);
  });

  it('does not keep a snapshot built while a write committed: it may already miss that write', async () => {
    const lists = new ListSnapshots();
    const pending = deferred();
    const during = lists.get('a', () => {
      lists.changed(); // a write commits while the build runs
      return pending.promise;
    });
    pending.resolve(snapshot(1));
    expect((await during).total).toBe(1); // answered as any read racing a write would be
    expect((await lists.get('a', async () => snapshot(2))).total).toBe(2);
  });

  it('rebuilds a snapshot older than its age limit (writes from another process)', async () => {
    let now = 0;
    const lists = new ListSnapshots({ maxAgeMs: 1000, now: () => now });
    await lists.get('a', async () => snapshot(1));
    now = 999;
    expect((await lists.get('a', async () => snapshot(2))).total).toBe(1);
    now = 1000;
    expect((await lists.get('a', async () => snapshot(3))).total).toBe(3);
  });

  it('drops the least recently used lists beyond its entry and anchor limits', async () => {
    const lists = new ListSnapshots({ maxEntries: 2, maxAnchors: 25 });
    await lists.get('a', async () => snapshot(1, 10));
    await lists.get('b', async () => snapshot(2, 10));
    await lists.get('a', async () => snapshot(0)); // a is now the most recently used
    await lists.get('c', async () => snapshot(3, 10)); // over both limits: b goes
    expect(lists.size).toEqual({ entries: 2, anchors: 20 });
    expect((await lists.get('a', async () => snapshot(9))).total).toBe(1);
    expect((await lists.get('b', async () => snapshot(9))).total).toBe(9);
  });

  it('forgets a failed build, so the next request tries again', async () => {
    const lists = new ListSnapshots();
    await expect(lists.get('a', () => Promise.reject(new Error('connection lost')))).rejects.toThrow('connection lost');
    expect((await lists.get('a', async () => snapshot(4))).total).toBe(4);
  });
});

describe('ListSnapshots by family', () => {
  it('a change of one family keeps the snapshots of the others', async () => {
    const lists = new ListSnapshots();
    let builds = 0;
    const build = async () => snapshot(++builds);
    const companies = JSON.stringify(['companies', false, '']);
    const events = JSON.stringify(['events', 'c1', null]);
    await lists.get(companies, build);
    await lists.get(events, build);
    lists.changed('events');
    expect((await lists.get(companies, build)).total).toBe(1);
    expect((await lists.get(events, build)).total).toBe(3);
    lists.changed();
    expect((await lists.get(companies, build)).total).toBe(4);
  });
});

describe('ListSnapshots synced with the notifications (ADR 0027)', () => {
  it('hears a change delivered during the sync before it serves a snapshot', async () => {
    const key = JSON.stringify(['companies', false, '']);
    // The sync stands for the round trip on the listening connection, which delivers pending notifications first.
    let pendingChange = false;
    const lists: ListSnapshots = new ListSnapshots({
      sync: async () => {
        if (pendingChange) lists.changed('companies');
        pendingChange = false;
      },
    });
    let builds = 0;
    const build = async () => snapshot(++builds);
    expect((await lists.get(key, build)).total).toBe(1);
    pendingChange = true;
    expect((await lists.get(key, build)).total).toBe(2);
    expect((await lists.get(key, build)).total).toBe(2);
  });

  it('serves no snapshot while changes cannot be heard, and again once they can', async () => {
    let listening = true;
    const lists = new ListSnapshots({
      sync: async () => {
        if (!listening) throw new Error('not listening');
      },
    });
    let builds = 0;
    const build = async () => snapshot(++builds);
    expect((await lists.get('a', build)).total).toBe(1);
    listening = false;
    expect((await lists.get('a', build)).total).toBe(2);
    expect((await lists.get('a', build)).total).toBe(3);
    // Back: the listener reports the gap, and snapshots are served again.
    listening = true;
    lists.changed();
    expect((await lists.get('a', build)).total).toBe(4);
    expect((await lists.get('a', build)).total).toBe(4);
  });
});
