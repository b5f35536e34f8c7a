/**
 * An account's history (the security events of two-factor sign-in, and an administrator's changes such as marking
 * an approver): one writer, shared by the features that record into it, so none needs another to do so.
 */
import type { AccountEventCode } from '../../shared/two-factor';
import type { Executor } from '../db/client';
import { accountEvents } from '../db/schema';

export async function recordAccountEvent(
  db: Executor,
  event: { userId: string; actorId: string | null; code: AccountEventCode; params?: Record<string, string> },
): Promise<void> {
  await db.insert(accountEvents).values({ ...event, params: event.params ?? {} });
}
