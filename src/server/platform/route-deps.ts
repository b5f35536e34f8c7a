/**
 * What the app is built from, and what each feature's routes receive. Kept apart from app.ts, which imports
 * every feature's routes: a feature importing app.ts for these types closed a circle.
 */
import type { FastifyPluginAsync, FastifyPluginOptions, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { TokenService } from './auth/tokens';
import type { JobRunner } from './jobs/queue';
import type { ListSnapshots } from './lists/list-snapshots';
import type { MailDelivery } from './mail/delivery';
import type { Mailer } from './mail/mailer';
import type { abuseLimits } from './rate-limit/limits';
import type { Storage } from './storage/storage';

export interface AppDeps {
  config: Config;
  database: Database;
  tokens: TokenService;
  /** Built from the configuration when absent (local disk under DATA_DIR, or S3 with S3_BUCKET). */
  storage?: Storage;
  /** Built from the configuration when absent (outbox folder, or SMTP with SMTP_URL). */
  mailer?: Mailer;
  /** Tests: check every answer against its route's documented schema (platform/http/contract.ts). */
  verifyResponses?: boolean;
}

/** Everything a route needs, handed to each feature's plugin. */
export type RouteDeps = Omit<AppDeps, 'mailer' | 'storage'> & {
  mail: MailDelivery;
  storage: Storage;
  limits: ReturnType<typeof abuseLimits>;
  /** Totals and anchors of the long lists, kept between writes (platform/lists, ADR 0012). */
  lists: ListSnapshots;
  /** Loans' schedules, kept between writes to the portfolio (servicing/loan-context.ts, ADR 0050). */
  schedules: ListSnapshots;
  /** Background jobs, run once across all processes (platform/jobs, ADR 0023): handlers are added by features. */
  jobs: JobRunner;
};

/**
 * A feature's routes: a Fastify plugin with the zod type provider (ADR 0026, 0031), so each route's request is
 * typed by its `contract(…)`. Every feature's `routes.ts` exports one: `export const xRoutes: FeatureRoutes = …`.
 */
export type FeatureRoutes<Options extends FastifyPluginOptions = RouteDeps> = FastifyPluginAsync<
  Options,
  RawServerDefault,
  ZodTypeProvider
>;
