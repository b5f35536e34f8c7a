import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/harness';
import { selectRows } from '../../db/rows';
import { JobRunner, enqueueJob } from './queue';

/** The job queue (ADR 0023): each job runs once across processes, and a dead process's job is taken over. */
describe('job queue', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // The app's own runner handles other queues only; stopped anyway so that it cannot interfere.
    await t.app.jobs.stop();
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await t.database.db.execute(sql`DELETE FROM jobs WHERE queue LIKE 'test-%'`);
  });

  const jobsOf = (queue: string) =>
    selectRows<{ key: string | null; attempts: number; failed_at: Date | null; last_error: string | null }>(
      t.database.db,
      sql`SELECT key, attempts, failed_at, last_error FROM jobs WHERE queue = ${queue} ORDER BY key`,
    );

  it('runs each job once with two runners polling side by side, and deletes it when done', async () => {
    const ran: string[] = [];
    const runners = ['a', 'b'].map((name) => {
      const runner = new JobRunner(t.database.db, { workerId: name, pollMs: 5 });
      runner.handle<{ n: number }>('test-once', async (payload) => {
        ran.push(`${payload.n}`);
        await new Promise((resolve) => setImmediate(resolve));
      });
      return runner;
    });
    for (let n = 0; n < 20; n++) await enqueueJob(t.database.db, 'test-once', { n });
    const counts = await Promise.all(runners.map((runner) => runner.drain()));
    expect(counts[0]! + counts[1]!).toBe(20);
    expect(ran.sort()).toEqual(Array.from({ length: 20 }, (_, n) => `${n}`).sort());
    expect(await jobsOf('test-once')).toEqual([]);
  });

  it('one unfinished job per key: enqueuing it again while it waits adds nothing', async () => {
    await enqueueJob(t.database.db, 'test-key', { v: 1 }, { key: 'k' });
    await enqueueJob(t.database.db, 'test-key', { v: 2 }, { key: 'k' });
    expect(await jobsOf('test-key')).toHaveLength(1);
  });

  it('takes over a job whose process died (its lease ran out), not one whose lease still holds', async () => {
    await enqueueJob(t.database.db, 'test-takeover', {}, { key: 'expired' });
    await enqueueJob(t.database.db, 'test-takeover', {}, { key: 'held' });
    await t.database.db.execute(
      sql`UPDATE jobs SET locked_by = 'dead', attempts = 1,
                          locked_until = CASE key WHEN 'expired' THEN now() - interval '1 second'
                                                  ELSE now() + interval '1 hour' END
           WHERE queue = 'test-takeover'`,
    );
    const ran: string[] = [];
    const runner = new JobRunner(t.database.db);
    runner.handle('test-takeover', async () => void ran.push('ran'));
    expect(await runner.drain()).toBe(1);
    expect(await jobsOf('test-takeover')).toEqual([
      expect.objectContaining({ key: 'held', attempts: 1, failed_at: null }),
    ]);
  });

  it('retries a job that threw, later, then gives it up and says so once', async () => {
    await enqueueJob(t.database.db, 'test-fail', { id: 'x' }, { key: 'x', maxAttempts: 2 });
    const givenUp: string[] = [];
    const runner = new JobRunner(t.database.db, { retryDelayMs: 0 });
    runner.handle<{ id: string }>(
      'test-fail',
      async () => {
        throw new Error('storage unreachable');
      },
      { onGiveUp: async (payload, error) => void givenUp.push(`${payload.id}: ${error}`) },
    );
    expect(await runner.drain()).toBe(2);
    expect(givenUp).toEqual(['x: storage unreachable']);
    const [job] = await jobsOf('test-fail');
    expect(job).toMatchObject({ attempts: 2, last_error: 'storage unreachable' });
    expect(job!.failed_at).not.toBeNull();
    expect(await runner.drain()).toBe(0);
    // Enqueued again (e.g. an operator's retry): a fresh start.
    await enqueueJob(t.database.db, 'test-fail', { id: 'x' }, { key: 'x' });
    expect(await jobsOf('test-fail')).toEqual([expect.objectContaining({ attempts: 0, failed_at: null })]);
  });

  it('gives up a job whose process died on its last attempt (it may be what kills the process)', async () => {
    await enqueueJob(t.database.db, 'test-abandoned', { id: 'y' }, { key: 'y', maxAttempts: 1 });
    await t.database.db.execute(
      sql`UPDATE jobs SET locked_by = 'dead', attempts = 1, locked_until = now() - interval '1 second'
           WHERE queue = 'test-abandoned'`,
    );
    const givenUp: string[] = [];
    const runner = new JobRunner(t.database.db);
    runner.handle<{ id: string }>('test-abandoned', async () => void givenUp.push('ran'), {
      onGiveUp: async (payload, error) => void givenUp.push(`${payload.id}: ${error}`),
    });
    expect(await runner.drain()).toBe(0);
    expect(givenUp).toEqual(['y: abandoned']);
  });
});
