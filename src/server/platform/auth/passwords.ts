import { hash, verify } from '@node-rs/argon2';

// @node-rs/argon2 defaults to argon2id and runs on the libuv thread pool, off the event loop.
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

/** A hash of a random password: verifying against it costs the same as a real check. */
let dummyHash: Promise<string> | undefined;

/**
 * Verifies a password; with no stored hash (unknown or invited user) it still spends the same time,
 * so the answer's timing does not tell whether an account exists.
 */
export async function verifyPassword(storedHash: string | null | undefined, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword(`dummy-${Math.random()}`);
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
