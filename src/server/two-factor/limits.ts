import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { byAddress, createLimiter } from '../platform/rate-limit/limits';

/**
 * Wrong second factors are limited like wrong passwords (docs/decisions/0013, 0035): per account and address with
 * growing delays, per address across accounts, and, since whoever is at this step already has the password, per
 * account across addresses too. The account is known only once the proof is read: the handler names it.
 */
const accountOf = new WeakMap<FastifyRequest, string>();
export const countAgainst = (request: FastifyRequest, userId: string) => accountOf.set(request, userId);

const MINUTE = 60_000;

export function secondFactorLimits(db: Db) {
  return {
    byAddress: createLimiter(db, {
      kind: 'window',
      name: 'second-factor-ip',
      max: 30,
      windowMs: MINUTE,
      key: byAddress,
    }),
    failuresByAddress: createLimiter(db, {
      kind: 'window',
      name: 'second-factor-fail-ip',
      max: 20,
      windowMs: 15 * MINUTE,
      key: byAddress,
    }),
    failuresByAccountAndAddress: createLimiter(db, {
      kind: 'delay',
      name: 'second-factor-fail-account-ip',
      free: 5,
      firstDelayMs: MINUTE,
      maxDelayMs: 60 * MINUTE,
      memoryMs: 24 * 60 * MINUTE,
      key: (request) => {
        const account = accountOf.get(request);
        return account === undefined ? undefined : `${account}|${byAddress(request)}`;
      },
    }),
    /** Many addresses guessing one account's codes: 6-digit codes must not fall to a botnet. */
    failuresByAccount: createLimiter(db, {
      kind: 'window',
      name: 'second-factor-fail-account',
      max: 30,
      windowMs: 60 * MINUTE,
      key: (request) => accountOf.get(request),
    }),
  };
}
export type SecondFactorLimits = ReturnType<typeof secondFactorLimits>;
