import { z } from 'zod';
import type { FeatureRoutes } from '../platform/route-deps';
import { AppError } from '../platform/errors/app-error';
import { contract, envelopeOf } from '../platform/http/contract';
import { ok } from '../platform/http/wire';

const health = contract({
  summary: 'Health check for load balancers: 200 when the database answers within a second, 503 otherwise',
  tags: ['health'],
  response: { 200: envelopeOf(z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) })) },
});

/** For load balancers: 200 when the database answers within a second, 503 otherwise. */
export const healthRoutes: FeatureRoutes = async (app, { database }) => {
  app.get('/health', { ...health, config: { access: 'public' } }, async (request) => {
    try {
      await Promise.race([
        database.ping(),
        new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 1000).unref()),
      ]);
    } catch (error) {
      request.log.warn({ err: error }, 'health check: database unavailable');
      throw new AppError(503, 'service_unavailable', 'errors.api.unavailable', undefined, { 'retry-after': '5' });
    }
    return ok({ status: 'ok' as const, database: database.kind });
  });
};
