/**
 * The task of an access or rectification request (docs/decisions/0041, 0075): an open request makes one task, due
 * on the request's due date, for the person in charge's account (while active), else the administrators' queue.
 * Its unique source key keeps it single; answering or withdrawing the request resolves it.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { selectRows } from '../db/rows';

export const privacyRequestKey = (requestId: string): string => `privacy_request:${requestId}`;

const OFFICER_ACCOUNT = sql`(SELECT u.id FROM privacy_officer o JOIN users u ON u.id = o.user_id
                              WHERE u.disabled_at IS NULL AND u.confirmed_at IS NOT NULL)`;

/**
 * Makes the tasks of open requests that have none; `requestId` narrows to one. The requester's name is kept as
 * the task's title, which `taskTitle` words. Answers the keys created.
 */
export async function generatePrivacyRequestTasks(db: Executor, requestId?: string): Promise<string[]> {
  const rows = await selectRows<{ key: string }>(
    db,
    sql`INSERT INTO tasks (kind, source_key, title, due_on, occasion_on, assignee_id)
        SELECT 'privacy_request', 'privacy_request:' || r.id, r.requester_name, r.due_on, r.received_on, ${OFFICER_ACCOUNT}
          FROM privacy_requests r
         WHERE r.state = 'open' ${requestId ? sql`AND r.id = ${requestId}` : sql``}
        ON CONFLICT (source_key) DO NOTHING
        RETURNING source_key AS key`,
  );
  return rows.map((row) => row.key);
}

/** Closes the request's task once it is no longer open (its cause is gone); reopened, the task opens again. */
export async function syncPrivacyRequestTask(db: Executor, requestId: string, open: boolean): Promise<void> {
  if (open) {
    await db.execute(
      sql`UPDATE tasks SET status = 'open', resolved_at = NULL, updated_at = now()
           WHERE source_key = ${privacyRequestKey(requestId)} AND status = 'resolved'`,
    );
    await generatePrivacyRequestTasks(db, requestId);
    return;
  }
  await db.execute(
    sql`UPDATE tasks SET status = 'resolved', resolved_at = now(), updated_at = now()
         WHERE source_key = ${privacyRequestKey(requestId)} AND status = 'open'`,
  );
}
