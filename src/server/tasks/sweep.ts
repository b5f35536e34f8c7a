import type { FastifyBaseLogger } from 'fastify';
import { todayIso } from '../../shared/portfolio/schedule';
import type { Db } from '../db/client';
import { claimPeriodicRun, minGapFor } from '../platform/periodic/periodic-runs';
import { generateTasks } from './generators';

export const TASKS_SWEEP = 'tasks-sweep';
/** What time alone changes (a follow-up date coming near, a loan a day later, a statement's grace over) is daily. */
export const TASKS_SWEEP_INTERVAL_MS = 60 * 60_000;

export interface Ticker {
  stop(): Promise<void>;
}

/**
 * A periodic task of this room, run once per interval across processes (ADR 0027): each process ticks, the
 * one that claims the row does the work. A failure is logged and retried at the next claimable tick.
 */
export function startTicker(
  db: Db,
  log: FastifyBaseLogger,
  name: string,
  intervalMs: number,
  work: () => Promise<void>,
): Ticker {
  let running: Promise<void> | undefined;
  let stopped = false;
  const run = () => {
    if (running || stopped) return;
    running = (async () => {
      if (!(await claimPeriodicRun(db, name, minGapFor(intervalMs)))) return;
      await work();
    })()
      .catch((error: unknown) => log.error({ err: error, task: name }, 'periodic task failed'))
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(run, intervalMs);
  timer.unref();
  run();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

/** The sweep of every company: generates what is due today (closing is the causes' triggers', ADR 0041). */
export async function sweepTasks(db: Db, today = todayIso()): Promise<{ created: string[] }> {
  return generateTasks(db, today, { all: true });
}
