import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';

// @node-rs/argon2 defaults to argon2id and runs on the libuv thread pool, off the event loop.
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/**
 * Hashes at once, at most one per core. Each takes 19 MiB and a core for ~30 ms; more at once than cores
 * only adds memory (four at once was +76 MB of RSS under a sign-in burst) and takes the thread pool from
 * file and DNS work, while the others wait in this queue, which costs nothing.
 */
const MAX_CONCURRENT = Math.max(1, availableParallelism());
let running = 0;
const waiting: (() => void)[] = [];

async function limited<T>(work: () => Promise<T>): Promise<T> {
  if (running < MAX_CONCURRENT) running += 1;
  else await new Promise<void>((resolve) => waiting.push(resolve)); // the finishing one hands its slot over
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

export const hashPassword = (password: string): Promise<string> => limited(() => hash(password, OPTIONS));

/** A hash of a random password: verifying against it costs the same as a real check. */
let dummyHash: Promise<string> | undefined;

/**
 * Verifies a password; with no stored hash (unknown or invited user) it still spends the same time,
 * so the answer's timing does not tell whether an account exists.
 */
export async function verifyPassword(storedHash: string | null | undefined, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword(`dummy-${Math.random()}`);
    const hashed = await dummyHash;
    await limited(() => verify(hashed, password)).catch(() => false);
    return false;
  }
  return limited(() => verify(storedHash, password)).catch(() => false);
}
