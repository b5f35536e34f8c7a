import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { periodicRuns } from '../../db/schema';

/**
 * Periodic background work that each app process schedules, run once per interval across all processes
 * (ADR 0027). Every process ticks on its own timer; a tick does the work only when it claims the task's row,
 * which succeeds when the task last started at least `minGapMs` ago by the database's clock. Two claims at the
 * same moment meet on the row lock and the second sees the first's start, so exactly one wins.
 *
 * A process that dies mid-run leaves its claim: the task waits for its next interval, when another process
 * claims it. That suits idempotent, unhurried work (a sweep); work that must be taken over at once belongs in a
 * job queue with leases.
 */
export async function claimPeriodicRun(db: Db, name: string, minGapMs: number): Promise<boolean> {
  const claimed = await db
    .insert(periodicRuns)
    .values({ name, lastStartedAt: sql`now()` })
    .onConflictDoUpdate({
      target: periodicRuns.name,
      set: { lastStartedAt: sql`now()`, runs: sql`${periodicRuns.runs} + 1` },
      setWhere: sql`${periodicRuns.lastStartedAt} <= now() - make_interval(secs => ${minGapMs / 1000})`,
    })
    .returning({ name: periodicRuns.name });
  return claimed.length > 0;
}

/**
 * The gap a claim needs for a task ticking every `intervalMs` in each process: a little less than the interval,
 * so that the process that ran it last, ticking again a few milliseconds early, still gets it, rather than
 * every process missing it until a later tick.
 */
export function minGapFor(intervalMs: number): number {
  return intervalMs * 0.9;
}
