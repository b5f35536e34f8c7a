import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { claimPeriodicRun, minGapFor } from './periodic-runs';

export interface Ticker {
  stop(): Promise<void>;
}

/**
 * A periodic task run once per interval across processes (ADR 0027): at once, then every interval, each process
 * ticks and the one that claims the task's row does the work. A failure is logged and retried at the next
 * claimable tick; it never stops the app. The timer never keeps the process alive on its own.
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
