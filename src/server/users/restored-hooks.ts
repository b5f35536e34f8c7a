import type { Db } from '../db/client';

/**
 * What newer domains do when an archived user is restored, in the restore's transaction: `users` knows none of
 * them (docs/decisions/0031), they register here when the app starts. The calendar feed issues a new secret, so a
 * link handed out before the archive does not come back to life with the account.
 */
export type UserRestoredHook = (tx: Db, userId: string) => Promise<void>;

const hooks = new Set<UserRestoredHook>();

/** Registers `hook` (once, however many apps a process builds). */
export function onUserRestored(hook: UserRestoredHook): void {
  hooks.add(hook);
}

export async function runUserRestoredHooks(tx: Db, userId: string): Promise<void> {
  for (const hook of hooks) await hook(tx, userId);
}
