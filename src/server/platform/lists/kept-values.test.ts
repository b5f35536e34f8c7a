import { describe, expect, it } from 'vitest';
import type { Listener } from '../../db/client';
import { keepBetweenWrites } from './kept-values';

/*
 * One sync per request (ADR 0046): the listener here answers each sync by hand, so that the test decides which
 * changes were committed before which sync was asked, as PostgreSQL's order of notifications and answers would.
 */
async function kept() {
  const asked: Array<() => void> = [];
  let onMessage!: (family: string) => void;
  let onGap!: () => void;
  const listener: Listener = {
    sync: () => new Promise<void>((resolve) => asked.push(resolve)),
    stop: async () => undefined,
  };
  const values = await keepBetweenWrites({
    listen: async (_channel, message, gap) => {
      onMessage = message;
      onGap = gap;
      return listener;
    },
  });
  /** Answers every sync asked so far, as the listening connection's SELECT 1 would. */
  const answer = () => asked.splice(0).forEach((resolve) => resolve());
  let builds = 0;
  const total = (key = 'companies') =>
    values.lists.get(key, async () => ({ total: ++builds, anchors: [], step: 10 })).then((s) => s.total);
  /** Runs `work` as one request of the app: `asOneRequest` is the app's first onRequest hook. */
  const request = <T>(work: () => Promise<T>) =>
    new Promise<T>((resolve, reject) => values.asOneRequest(() => void work().then(resolve, reject)));
  /** Lets every pending promise run, so that each sync the code will ask is asked. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { values, asked, answer, total, request, settle, message: (f: string) => onMessage(f), gap: () => onGap() };
}

describe('kept values: one sync per request', () => {
  it('syncs once for every kept read of one request (the session’s user, then a list’s total)', async () => {
    const k = await kept();
    const done = k.request(async () => {
      await k.values.identities.get(
        'identity:u1',
        async () => 'user',
        () => 1,
      );
      return k.total();
    });
    await k.settle();
    expect(k.asked).toHaveLength(1);
    k.answer();
    await k.settle();
    expect(k.asked).toHaveLength(0);
    expect(await done).toBe(1);
  });

  it('syncs again for a request that arrives after the last sync was asked, and hears the change before it', async () => {
    const k = await kept();
    const first = k.request(() => k.total());
    await k.settle();
    k.answer();
    expect(await first).toBe(1);
    // A write committed (and announced) before the second request arrives.
    const second = k.request(async () => {
      const total = k.total();
      await k.settle();
      expect(k.asked).toHaveLength(1);
      k.message('companies');
      k.answer();
      return total;
    });
    expect(await second).toBe(2);
  });

  it('syncs every kept read made outside a request', async () => {
    const k = await kept();
    const a = k.total();
    await k.settle();
    k.answer();
    await a;
    const b = k.total();
    await k.settle();
    expect(k.asked).toHaveLength(1);
    k.answer();
    await b;
  });

  it('trusts no earlier sync after a gap in listening', async () => {
    const k = await kept();
    const done = k.request(async () => {
      await k.total();
      // The listening connection was lost and is back: what was heard before says nothing of the gap.
      k.gap();
      return k.total();
    });
    await k.settle();
    k.answer();
    await k.settle();
    expect(k.asked).toHaveLength(1);
    k.answer();
    expect(await done).toBe(2);
  });
});
