import type { CatalogKey } from '../../shared/i18n/keys';
import type { Db } from '../db/client';
import { AppError, conflict, notFound } from '../platform/errors/app-error';
import { findUserForUpdate } from '../identity/accounts';
import { voidTokens } from '../identity/one-time-tokens';
import { recordAccountEvent } from '../identity/account-events';
import { runUserRestoredHooks } from './restored-hooks';
import { lockActiveAdmins, markArchived, markRestored, updateUserFields, type UserRow } from './store';

/**
 * The administrators' use cases on accounts (docs/SPEC.md §4): each opens its transaction, checks the rules (the
 * last active administrator stays, nobody archives themselves) and calls the store. The routes read and answer.
 */

/** A 422 with a clear top-level message and, when a form field is to blame, the same message on it. */
export const refused = (code: string, key: CatalogKey, field?: string) =>
  field ? new AppError(422, code, key, { [field]: [{ key, params: {} }] }) : new AppError(422, code, key);

/** Saves an edit read at `expected` (409 when stale); the last active administrator keeps the role. */
export async function editUser(
  db: Db,
  current: UserRow,
  expected: number,
  changes: { role: UserRow['role']; firstName?: string; lastName?: string; mayApprove?: boolean },
  actorId: string | null = null,
): Promise<UserRow> {
  if (expected !== current.lockVersion) throw conflict();
  return db.transaction(async (tx) => {
    if (current.role === 'admin' && changes.role !== 'admin') {
      const admins = await lockActiveAdmins(tx);
      if (admins.includes(current.id) && admins.length <= 1) {
        throw refused('last_admin', 'users.errors.lastAdmin', 'role');
      }
    }
    const row = await updateUserFields(tx, current.id, expected, changes);
    if (!row) throw conflict();
    if (changes.mayApprove !== undefined && changes.mayApprove !== current.mayApprove) {
      const code = changes.mayApprove ? 'mayApproveGranted' : 'mayApproveRevoked';
      await recordAccountEvent(tx, { userId: current.id, actorId, code });
    }
    return row;
  });
}

/** Archives, never deletes: history keeps pointing at the person; their sessions and mailed links end. */
export async function archiveUser(db: Db, viewer: UserRow, id: string): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const admins = await lockActiveAdmins(tx);
    const target = await findUserForUpdate(tx, id);
    if (!target) throw notFound();
    if (target.disabledAt) throw refused('already_archived', 'users.errors.alreadyArchived');
    if (target.id === viewer.id) throw refused('cannot_archive_self', 'users.errors.cannotArchiveSelf');
    if (admins.includes(id) && admins.length <= 1) throw refused('last_admin', 'users.errors.lastAdmin');
    const now = new Date();
    const row = await markArchived(tx, id, now);
    await voidTokens(tx, id, 'all', now);
    return row;
  });
}

/** Restores an archived user; what newer domains attach to the account is renewed (restored-hooks.ts). */
export async function restoreUser(db: Db, id: string): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const target = await findUserForUpdate(tx, id);
    if (!target) throw notFound();
    if (!target.disabledAt) throw refused('not_archived', 'users.errors.notArchived');
    const row = await markRestored(tx, id);
    await runUserRestoredHooks(tx, id);
    return row;
  });
}
