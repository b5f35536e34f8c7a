import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { AppError } from '../errors/app-error';

/**
 * Abuse limits on the signed-out endpoints (sign-in, forgot password, resend invitation, confirm
 * invitation, reset password), per client address and per account. Counters live in this process's
 * memory (@fastify/rate-limit's store); several processes would share them through its Redis store.
 * The numbers are in docs/decisions/0006-abuse-limits.md.
 */
export interface LimitRule {
  /** Separates counters of different rules. */
  name: string;
  max: number;
  windowMs: number;
  /** What is counted: the client address, an account's email… Undefined skips the rule. */
  key(request: FastifyRequest): string | undefined;
}

export interface Limiter {
  /** Counts this request and refuses it with 429 when over the limit. */
  consume(request: FastifyRequest): Promise<void>;
  /** Refuses with 429 when earlier hits reached the limit, without counting this request. */
  check(request: FastifyRequest): Promise<void>;
  /** Counts one hit without refusing (e.g. a failed sign-in, after the fact). */
  hit(request: FastifyRequest): Promise<void>;
}

export const tooManyRequests = (retryAfterSeconds: number) =>
  new AppError(429, 'rate_limited', 'errors.api.rateLimited', undefined, {
    'retry-after': String(Math.max(1, retryAfterSeconds)),
  });

export async function registerRateLimiting(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, { global: false });
}

export function createLimiter(app: FastifyInstance, rule: LimitRule): Limiter {
  const limit = app.createRateLimit({
    max: rule.max,
    timeWindow: rule.windowMs,
    keyGenerator: (request) => `${rule.name}:${rule.key(request) ?? ''}`,
  });
  const run = async (request: FastifyRequest, increment: boolean, refuse: boolean) => {
    if (rule.key(request) === undefined) return;
    const state = await limit(request, { increment });
    if (state.isAllowed || !refuse) return;
    const over = increment ? state.isExceeded : state.remaining <= 0;
    if (over) throw tooManyRequests(state.ttlInSeconds);
  };
  return {
    consume: (request) => run(request, true, true),
    check: (request) => run(request, false, true),
    hit: (request) => run(request, true, false),
  };
}

/** The client address (behind a load balancer, TRUST_PROXY makes it the forwarded one). */
export const byAddress = (request: FastifyRequest): string => request.ip;

/** The email of the body, as the schemas normalise it; undefined when there is none to count. */
export function byEmail(request: FastifyRequest): string | undefined {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' && email.trim() ? email.trim().toLowerCase() : undefined;
}

/** A preHandler that consumes each limiter in turn. */
export const limitedBy =
  (...limiters: Limiter[]): preHandlerAsyncHookHandler =>
  async (request) => {
    for (const limiter of limiters) await limiter.consume(request);
  };

const MINUTE = 60_000;

/** The limits of each signed-out endpoint. */
export function publicEndpointLimits(app: FastifyInstance) {
  return {
    signInByAddress: createLimiter(app, { name: 'sign-in-ip', max: 30, windowMs: MINUTE, key: byAddress }),
    /** Only failures count, so the owner of the account signing in is never slowed by others' successes. */
    signInFailuresByAccount: createLimiter(app, {
      name: 'sign-in-account',
      max: 10,
      windowMs: 15 * MINUTE,
      key: byEmail,
    }),
    mailByAddress: createLimiter(app, { name: 'mail-ip', max: 10, windowMs: 15 * MINUTE, key: byAddress }),
    mailByAccount: createLimiter(app, { name: 'mail-account', max: 3, windowMs: 60 * MINUTE, key: byEmail }),
    tokenByAddress: createLimiter(app, { name: 'token-ip', max: 20, windowMs: 15 * MINUTE, key: byAddress }),
  };
}
