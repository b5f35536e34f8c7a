import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { and, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { limitCounters } from '../../db/schema';
import { rawField } from '../http/wire';
import { AppError } from '../errors/app-error';
import { UPLOAD_URLS_PER_HOUR } from '../storage/pending-uploads';

/**
 * Abuse limits on the signed-out endpoints (sign-in, forgot password, resend invitation, confirm
 * invitation, reset password) and on what a signed-in account may repeat (its current password, upload
 * URLs). Counters are rows of `limit_counters` in PostgreSQL (PGlite when embedded), so every process
 * counts the same hits (ADR 0027), on the database's clock. The numbers and why they are shaped so:
 * docs/decisions/0013-sign-in-limits-per-account-and-address.md and 0034.
 */
export interface Limiter {
  /** Counts this request and refuses it with 429 when it goes over the limit. */
  consume(request: FastifyRequest): Promise<void>;
  /** Refuses with 429 while earlier hits block, without counting this request. */
  check(request: FastifyRequest): Promise<void>;
  /** Counts one hit without refusing (e.g. a failed sign-in, after the fact); answers the hits counted so far. */
  hit(request: FastifyRequest): Promise<number>;
  /** Forgets the request's counter (e.g. the right password: the owner starts afresh). */
  reset(request: FastifyRequest): Promise<void>;
}

interface RuleBase {
  /** Separates counters of different rules. */
  name: string;
  /** What is counted: the client address, an account's email… Undefined skips the rule. */
  key(request: FastifyRequest): string | undefined;
}

/** At most `max` hits in a window that starts with the first hit; over it, wait for the window's end. */
export interface WindowRule extends RuleBase {
  kind: 'window';
  max: number;
  windowMs: number;
}

/**
 * `free` hits, then each further hit blocks for a delay that doubles, from `firstDelayMs` up to
 * `maxDelayMs`; the counter is forgotten `memoryMs` after the last hit.
 */
export interface DelayRule extends RuleBase {
  kind: 'delay';
  free: number;
  firstDelayMs: number;
  maxDelayMs: number;
  memoryMs: number;
}

export type LimitRule = WindowRule | DelayRule;

/** The message names the wait in minutes (rounded up), so people know how long, not "a moment". */
export const tooManyRequests = (retryAfterSeconds: number) => {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  const minutes = Math.ceil(seconds / 60);
  return new AppError(
    429,
    'rate_limited',
    minutes === 1 ? 'accountSecurity.errors.rateLimitedOneMinute' : 'accountSecurity.errors.rateLimitedMinutes',
    undefined,
    { 'retry-after': String(seconds) },
    { minutes },
  );
};

interface CounterState {
  hits: number;
  /** Seconds until the row is forgotten. */
  expiresIn: number;
  /** Seconds since the last hit. */
  sinceLast: number;
}

/** Seconds the next request must still wait, 0 when it may go. */
function blockedFor(rule: LimitRule, state: CounterState): number {
  if (rule.kind === 'window') return state.hits >= rule.max ? state.expiresIn : 0;
  if (state.hits < rule.free) return 0;
  const delayMs = Math.min(rule.firstDelayMs * 2 ** (state.hits - rule.free), rule.maxDelayMs);
  return Math.max(0, delayMs / 1000 - state.sinceLast);
}

const SWEEP_EVERY_MS = 60_000;

/**
 * The names of the rules, which prefix their counters' keys: the limits (here and in two-factor/limits.ts) and
 * `unlock` read the same ones.
 */
export const RULE = {
  signInByAddress: 'sign-in-ip',
  signInFailuresByAddress: 'sign-in-fail-ip',
  signInFailuresByAccount: 'sign-in-fail-account-ip',
  mailByAddress: 'mail-ip',
  mailByAccount: 'mail-account',
  tokenByAddress: 'token-ip',
  calendarFeedByAddress: 'calendar-feed-ip',
  currentPasswordFailures: 'current-password-fail-user',
  uploadUrls: 'upload-url-user',
  secondFactorByAddress: 'second-factor-ip',
  secondFactorFailuresByAddress: 'second-factor-fail-ip',
  /** Keyed `<user id>|<address>`. */
  secondFactorFailuresByAccountAndAddress: 'second-factor-fail-account-ip',
  secondFactorFailuresByAccount: 'second-factor-fail-account',
  repaymentImports: 'repayment-import-user',
} as const;

/** The row of a rule's counter for what it counts. */
const counterKey = (rule: string, counted: string) => `${rule}:${counted}`;

export function createLimiter(db: Db, rule: LimitRule): Limiter {
  const lifetimeSeconds = Math.ceil((rule.kind === 'window' ? rule.windowMs : rule.memoryMs) / 1000);
  const keyOf = (request: FastifyRequest) => {
    const key = rule.key(request);
    return key === undefined ? undefined : counterKey(rule.name, key);
  };
  const state = {
    expiresIn: sql<number>`extract(epoch from (${limitCounters.expiresAt} - now()))::float8`,
    sinceLast: sql<number>`extract(epoch from (now() - ${limitCounters.lastHitAt}))::float8`,
  };

  /** One atomic upsert: concurrent hits from several processes each count once. */
  const increment = async (key: string): Promise<CounterState> => {
    const expired = sql`${limitCounters.expiresAt} <= now()`;
    const [row] = await db
      .insert(limitCounters)
      .values({
        key,
        hits: 1,
        lastHitAt: sql`now()`,
        expiresAt: sql`now() + ${lifetimeSeconds}::integer * interval '1 second'`,
      })
      .onConflictDoUpdate({
        target: limitCounters.key,
        set: {
          hits: sql`case when ${expired} then 1 else ${limitCounters.hits} + 1 end`,
          lastHitAt: sql`now()`,
          // A window keeps its end; a delay rule remembers from the last hit.
          expiresAt:
            rule.kind === 'window'
              ? sql`case when ${expired} then excluded.expires_at else ${limitCounters.expiresAt} end`
              : sql`excluded.expires_at`,
        },
      })
      .returning({ hits: limitCounters.hits, ...state });
    await sweepIfDue();
    return row!;
  };

  const read = async (key: string): Promise<CounterState | undefined> => {
    const [row] = await db
      .select({ hits: limitCounters.hits, ...state })
      .from(limitCounters)
      .where(and(eq(limitCounters.key, key), gt(limitCounters.expiresAt, sql`now()`)));
    return row;
  };

  let lastSweep = 0;
  /** Forgotten rows are deleted now and then, by whichever process hits first. */
  const sweepIfDue = async () => {
    if (Date.now() - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = Date.now();
    await db.delete(limitCounters).where(lt(limitCounters.expiresAt, sql`now()`));
  };

  return {
    async consume(request) {
      const key = keyOf(request);
      if (key === undefined) return;
      const after = await increment(key);
      // This request is counted: it is refused when the hits before it already blocked.
      const wait = blockedFor(rule, { ...after, hits: after.hits - 1 });
      if (wait > 0) throw tooManyRequests(wait);
    },
    async check(request) {
      const key = keyOf(request);
      const current = key === undefined ? undefined : await read(key);
      const wait = current ? blockedFor(rule, current) : 0;
      if (wait > 0) throw tooManyRequests(wait);
    },
    async hit(request) {
      const key = keyOf(request);
      return key === undefined ? 0 : (await increment(key)).hits;
    },
    async reset(request) {
      const key = keyOf(request);
      if (key !== undefined) await db.delete(limitCounters).where(eq(limitCounters.key, key));
    },
  };
}

/** The client address (behind a load balancer, TRUST_PROXY makes it the forwarded one). */
export const byAddress = (request: FastifyRequest): string => request.ip;

/** The email of the body, as the schemas normalise it; undefined when there is none to count. */
export function byEmail(request: FastifyRequest): string | undefined {
  const email = rawField(request.body, 'email');
  return typeof email === 'string' && email.trim() ? email.trim().toLowerCase() : undefined;
}

/** The signed-in account making the request. */
export const byUser = (request: FastifyRequest): string | undefined => request.currentUser?.id;

/** The account and the address together: one address's guesses never block the owner elsewhere. */
export function byEmailAndAddress(request: FastifyRequest): string | undefined {
  const email = byEmail(request);
  return email === undefined ? undefined : `${email}|${byAddress(request)}`;
}

export interface LiftedLimits {
  /** Counter rows removed. */
  counters: number;
  /**
   * The addresses that had failed to sign in to the account, with a wrong password or a wrong second factor:
   * their own limits were lifted too.
   */
  addresses: string[];
}

/**
 * `npm run admin -- unlock EMAIL` (ADR 0034 §5): the account can sign in at once. Forgets its failed sign-ins
 * and its wrong second factors (ADR 0035) from every address, its mail limit and its current-password limit,
 * and, for each address that failed on this account, that address's own caps (failures across accounts,
 * attempts a minute, for the password step and the second step), which would otherwise still answer 429 to the
 * owner signing in from there. One transaction: every process sees it at once.
 */
export async function liftAccountLimits(db: Db, account: { id: string; email: string }): Promise<LiftedLimits> {
  const email = account.email.trim().toLowerCase();
  /** `<rule>:<account>|<address>` counters: the account's own, and from them the addresses. */
  const prefixes = [
    counterKey(RULE.signInFailuresByAccount, `${email}|`),
    counterKey(RULE.secondFactorFailuresByAccountAndAddress, `${account.id}|`),
  ];
  return db.transaction(async (tx) => {
    const failed = await tx
      .select({ key: limitCounters.key })
      .from(limitCounters)
      .where(or(...prefixes.map((prefix) => sql`starts_with(${limitCounters.key}, ${prefix})`)));
    const addresses = [
      ...new Set(
        failed.map((row) => {
          const prefix = prefixes.find((candidate) => row.key.startsWith(candidate))!;
          return row.key.slice(prefix.length);
        }),
      ),
    ].sort();
    const keys = [
      ...failed.map((row) => row.key),
      counterKey(RULE.mailByAccount, email),
      counterKey(RULE.currentPasswordFailures, account.id),
      counterKey(RULE.secondFactorFailuresByAccount, account.id),
      ...addresses.flatMap((address) => [
        counterKey(RULE.signInFailuresByAddress, address),
        counterKey(RULE.signInByAddress, address),
        counterKey(RULE.secondFactorFailuresByAddress, address),
        counterKey(RULE.secondFactorByAddress, address),
      ]),
    ];
    const lifted = await tx
      .delete(limitCounters)
      .where(inArray(limitCounters.key, keys))
      .returning({ key: limitCounters.key });
    return { counters: lifted.length, addresses };
  });
}

/** A preHandler that consumes each limiter in turn. */
export const limitedBy =
  (...limiters: Limiter[]): preHandlerAsyncHookHandler =>
  async (request) => {
    for (const limiter of limiters) await limiter.consume(request);
  };

const MINUTE = 60_000;

/**
 * Wrong current passwords (password change, email change) after which the session making them ends: whoever
 * holds it must then sign in, which needs the password (ADR 0034).
 */
export const SIGN_OUT_AFTER_WRONG_PASSWORDS = 10;

/** Repayment imports (dry runs included) one account may send in ten minutes. */
export const REPAYMENT_IMPORTS_PER_WINDOW = 60;

/** The limits of each signed-out endpoint, and of the signed-in account's repeated checks. */
export function abuseLimits(db: Db) {
  const window = (name: string, max: number, windowMs: number, key: RuleBase['key']) =>
    createLimiter(db, { kind: 'window', name, max, windowMs, key });
  return {
    signInByAddress: window(RULE.signInByAddress, 30, MINUTE, byAddress),
    /** Failed sign-ins from one address, whatever the accounts: one address cannot try many accounts. */
    signInFailuresByAddress: window(RULE.signInFailuresByAddress, 20, 15 * MINUTE, byAddress),
    /**
     * Failed sign-ins of one account from one address, with growing delays. Only this pair is slowed:
     * the owner signing in from another address is not (ADR 0013), and the right password forgets it.
     */
    signInFailuresByAccount: createLimiter(db, {
      kind: 'delay',
      name: RULE.signInFailuresByAccount,
      free: 5,
      firstDelayMs: MINUTE,
      maxDelayMs: 60 * MINUTE,
      memoryMs: 24 * 60 * MINUTE,
      key: byEmailAndAddress,
    }),
    mailByAddress: window(RULE.mailByAddress, 10, 15 * MINUTE, byAddress),
    mailByAccount: window(RULE.mailByAccount, 3, 60 * MINUTE, byEmail),
    tokenByAddress: window(RULE.tokenByAddress, 20, 15 * MINUTE, byAddress),
    /**
     * The calendar feed, fetched without a session by calendar services (docs/decisions/0044): more generous than
     * the token links, since one service's address fetches many users' feeds, yet enough to stop guessing.
     */
    calendarFeedByAddress: window(RULE.calendarFeedByAddress, 120, 15 * MINUTE, byAddress),
    /**
     * Wrong current passwords of one signed-in account, shaped like its failed sign-ins: a stolen session
     * cannot guess the password at leisure (ADR 0034).
     */
    currentPasswordFailures: createLimiter(db, {
      kind: 'delay',
      name: RULE.currentPasswordFailures,
      free: 5,
      firstDelayMs: MINUTE,
      maxDelayMs: 60 * MINUTE,
      memoryMs: 24 * 60 * MINUTE,
      key: byUser,
    }),
    /** Upload URLs of one signed-in account (ADR 0034 §7); what waits unattached is capped apart. */
    uploadUrls: window(RULE.uploadUrls, UPLOAD_URLS_PER_HOUR, 60 * MINUTE, byUser),
    /**
     * Repayment imports (checks and imports) of one signed-in account: a person correcting a file checks it a
     * few times a minute; reading 16 MB files in a loop is not work (docs/decisions/0059).
     */
    repaymentImports: window(RULE.repaymentImports, REPAYMENT_IMPORTS_PER_WINDOW, 10 * MINUTE, byUser),
  };
}
