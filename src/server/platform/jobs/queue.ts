/**
 * A small job queue in the database (docs/decisions/0023-job-queue.md): background work that must run
 * once, whatever the number of app processes, and be taken over when the process running it dies.
 *
 *   await enqueueJob(tx, 'document-text', { documentId }, { key: documentId }); // in the writer's transaction
 *   const runner = new JobRunner(db, { log });
 *   runner.handle('document-text', async (payload) => { … }, { onGiveUp: async (payload, error) => { … } });
 *   runner.start();            // polls; runner.wake() after an enqueue in this process skips the wait
 *   await runner.stop();       // waits for the job in progress
 *
 * A job is claimed with `FOR UPDATE SKIP LOCKED` and a lease (`locked_until`) renewed while it runs. A
 * process that dies stops renewing; once the lease has run out, any process claims the job again. So a
 * handler may run more than once for one job (after a death): it must be idempotent. A done job is
 * deleted; a job whose handler threw is retried later, up to `max_attempts`, then kept as failed.
 * Time is the database's `now()`, so processes whose clocks differ still agree on leases.
 * Works on PGlite too (one process: SKIP LOCKED then never has anything to skip).
 */
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { selectRows } from '../../db/rows';

type Executor = Pick<Db, 'execute'>;
export type JobPayload = Record<string, unknown>;

export interface EnqueueOptions {
  /** At most one unfinished job per queue and key: enqueuing again while one waits does nothing. */
  key?: string;
  /** Not before this moment (default: now). */
  runAt?: Date;
  /** Tries before the job is kept as failed (default 3). */
  maxAttempts?: number;
}

/** Adds a job; pass the writer's transaction so the job exists exactly when the change it follows does. */
export async function enqueueJob(
  db: Executor,
  queue: string,
  payload: JobPayload,
  options: EnqueueOptions = {},
): Promise<void> {
  await db.execute(sql`
    INSERT INTO jobs (queue, key, payload, run_at, max_attempts)
    VALUES (${queue}, ${options.key ?? null}, ${JSON.stringify(payload)}::jsonb,
            coalesce(${options.runAt?.toISOString() ?? null}::timestamptz, now()), ${options.maxAttempts ?? 3})
    ON CONFLICT (queue, key) WHERE key IS NOT NULL DO UPDATE
      -- A job kept as failed is given a fresh start; one waiting or running is left as it is.
      SET attempts = 0, failed_at = NULL, last_error = NULL, run_at = EXCLUDED.run_at, payload = EXCLUDED.payload
      WHERE jobs.failed_at IS NOT NULL`);
}

export interface JobHandlerOptions<P extends JobPayload> {
  /** Called once when the job is given up (attempts used up, or its lease ran out on the last one). */
  onGiveUp?: (payload: P, error: string) => Promise<void>;
}

interface Handler {
  run: (payload: JobPayload) => Promise<void>;
  onGiveUp?: (payload: JobPayload, error: string) => Promise<void>;
}

export interface JobRunnerOptions {
  log?: FastifyBaseLogger;
  /** How long a claim holds without being renewed (default 60 s); renewed every third of it. */
  leaseMs?: number;
  /** How often an idle runner looks for due jobs (default 2 s). */
  pollMs?: number;
  /** Wait before retrying a job whose handler threw, times the attempt number (default 30 s). */
  retryDelayMs?: number;
  /** Names this process in `locked_by` (default host, pid and a random part). */
  workerId?: string;
}

interface ClaimedJob {
  id: string;
  queue: string;
  payload: JobPayload;
  attempts: number;
  max_attempts: number;
}

/** Claims and runs the jobs of the queues it handles, one at a time (one core at most for background work). */
export class JobRunner {
  readonly workerId: string;
  private readonly handlers = new Map<string, Handler>();
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private readonly retryDelayMs: number;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private started = false;
  private stopping = false;

  constructor(
    private readonly db: Db,
    private readonly options: JobRunnerOptions = {},
  ) {
    this.workerId = options.workerId ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
    this.leaseMs = options.leaseMs ?? 60_000;
    this.pollMs = options.pollMs ?? 2_000;
    this.retryDelayMs = options.retryDelayMs ?? 30_000;
  }

  handle<P extends JobPayload>(
    queue: string,
    run: (payload: P) => Promise<void>,
    options: JobHandlerOptions<P> = {},
  ): void {
    this.handlers.set(queue, {
      run: run as Handler['run'],
      onGiveUp: options.onGiveUp as Handler['onGiveUp'],
    });
  }

  start(): void {
    this.started = true;
    this.stopping = false;
    this.schedule(0);
  }

  /** Looks for due jobs now rather than at the next poll (after an enqueue in this process). */
  wake(): void {
    if (this.started && !this.stopping && !this.running) this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.started = false;
    clearTimeout(this.timer);
    await this.running;
  }

  /** Runs due jobs until none is left (or the runner stops); answers how many ran. Each poll does this. */
  async runDue(): Promise<number> {
    let count = 0;
    await this.giveUpAbandoned();
    while (!this.stopping) {
      const job = await this.claim();
      if (!job) break;
      await this.runJob(job);
      count += 1;
    }
    return count;
  }

  /** Runs every due job, including those a poll already started, and resolves when none is left (tests). */
  async drain(): Promise<number> {
    let count = 0;
    for (;;) {
      await this.running;
      const ran = await this.runDue();
      count += ran;
      if (ran === 0 && !this.running) return count;
    }
  }

  private schedule(delay: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      if (this.stopping || this.running) return;
      this.running = this.runDue()
        .catch((error: unknown) => this.options.log?.warn({ err: error }, 'job runner: poll failed'))
        .finally(() => {
          this.running = undefined;
          if (this.started && !this.stopping) this.schedule(this.pollMs);
        });
    }, delay);
    this.timer.unref();
  }

  private async claim(): Promise<ClaimedJob | undefined> {
    const queues = [...this.handlers.keys()];
    if (queues.length === 0) return undefined;
    const [job] = await selectRows<ClaimedJob>(
      this.db,
      sql`UPDATE jobs SET locked_by = ${this.workerId},
                          locked_until = now() + make_interval(secs => ${this.leaseMs / 1000}),
                          attempts = attempts + 1
           WHERE id = (SELECT id FROM jobs
                        WHERE queue IN (${sql.join(
                          queues.map((queue) => sql`${queue}`),
                          sql`, `,
                        )})
                          AND failed_at IS NULL AND run_at <= now()
                          AND (locked_until IS NULL OR locked_until < now())
                          AND attempts < max_attempts
                        ORDER BY run_at
                        LIMIT 1
                        FOR UPDATE SKIP LOCKED)
       RETURNING id, queue, payload, attempts, max_attempts`,
    );
    return job;
  }

  private async runJob(job: ClaimedJob): Promise<void> {
    const handler = this.handlers.get(job.queue)!;
    const renew = setInterval(() => {
      this.db
        .execute(
          sql`UPDATE jobs SET locked_until = now() + make_interval(secs => ${this.leaseMs / 1000})
               WHERE id = ${job.id} AND locked_by = ${this.workerId}`,
        )
        .catch(() => undefined);
    }, this.leaseMs / 3);
    try {
      await handler.run(job.payload);
      // Only while still ours: after a lost lease the process that took the job over finishes it.
      await this.db.execute(sql`DELETE FROM jobs WHERE id = ${job.id} AND locked_by = ${this.workerId}`);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.options.log?.warn({ err: error, queue: job.queue, job: job.id }, 'job failed');
      if (job.attempts >= job.max_attempts) {
        await this.db.execute(
          sql`UPDATE jobs SET failed_at = now(), last_error = ${message}, locked_by = NULL, locked_until = NULL
               WHERE id = ${job.id}`,
        );
        await handler.onGiveUp?.(job.payload, message);
      } else {
        await this.db.execute(
          sql`UPDATE jobs SET last_error = ${message}, locked_by = NULL, locked_until = NULL,
                              run_at = now() + make_interval(secs => ${(this.retryDelayMs * job.attempts) / 1000})
               WHERE id = ${job.id}`,
        );
      }
    } finally {
      clearInterval(renew);
    }
  }

  /**
   * A job whose lease ran out on its last attempt: its process died running it, every time. Such a job
   * may be what kills the process (a hostile file), so it is given up rather than tried once more.
   */
  private async giveUpAbandoned(): Promise<void> {
    const queues = [...this.handlers.keys()];
    if (queues.length === 0) return;
    const abandoned = await selectRows<{ queue: string; payload: JobPayload }>(
      this.db,
      sql`UPDATE jobs SET failed_at = now(), last_error = 'abandoned: lease expired on the last attempt',
                          locked_by = NULL, locked_until = NULL
           WHERE id IN (SELECT id FROM jobs
                         WHERE queue IN (${sql.join(
                           queues.map((queue) => sql`${queue}`),
                           sql`, `,
                         )})
                           AND failed_at IS NULL AND attempts >= max_attempts AND locked_until < now()
                         FOR UPDATE SKIP LOCKED)
       RETURNING queue, payload`,
    );
    for (const job of abandoned) {
      await this.handlers.get(job.queue)?.onGiveUp?.(job.payload, 'abandoned');
    }
  }
}
