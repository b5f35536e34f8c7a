import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { periodicRuns } from '../../db/schema';
import { ORPHAN_SWEEP_TASK, SWEEP_INTERVAL_MS } from '../../documents/orphan-sweep';
import { createTestApp, type TestApp } from '../../test/harness';
import { claimPeriodicRun, minGapFor } from './periodic-runs';

const HOUR_MS = 3600 * 1000;

describe('periodic runs claimed once across processes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  const runsOf = async (name: string) =>
    (await t.database.db.select().from(periodicRuns).where(eq(periodicRuns.name, name)))[0]?.runs;

  it('lets exactly one of many simultaneous claims win, and none again within the gap', async () => {
    // As many claims at once as processes ticking together (on PostgreSQL, each on its own pooled connection).
    const claims = await Promise.all(Array.from({ length: 8 }, () => claimPeriodicRun(t.database.db, 'once', HOUR_MS)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await claimPeriodicRun(t.database.db, 'once', HOUR_MS)).toBe(false);
    expect(await runsOf('once')).toBe(1);
  });

  it('lets the next claim win once the gap has passed by the database clock', async () => {
    expect(await claimPeriodicRun(t.database.db, 'later', HOUR_MS)).toBe(true);
    // The last start, moved an hour into the past: as if the interval had gone by.
    await t.database.db
      .update(periodicRuns)
      .set({ lastStartedAt: sql`now() - interval '1 hour'` })
      .where(eq(periodicRuns.name, 'later'));
    const claims = await Promise.all(
      Array.from({ length: 4 }, () => claimPeriodicRun(t.database.db, 'later', HOUR_MS)),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await runsOf('later')).toBe(2);
  });

  it('keeps each task to its own row', async () => {
    expect(await claimPeriodicRun(t.database.db, 'first task', HOUR_MS)).toBe(true);
    expect(await claimPeriodicRun(t.database.db, 'second task', HOUR_MS)).toBe(true);
  });

  it('had the app claim the orphan sweep when it became ready, once', async () => {
    expect(await runsOf(ORPHAN_SWEEP_TASK)).toBe(1);
    expect(await claimPeriodicRun(t.database.db, ORPHAN_SWEEP_TASK, minGapFor(SWEEP_INTERVAL_MS))).toBe(false);
  });
});
