/**
 * Creating and editing a committee (docs/decisions/0039, 0043, 0063): members are active staff or external names;
 * a member a meeting recorded stays who they were.
 */
import type { CommitteeInput } from '../../../shared/schemas/pipeline';
import type { Executor } from '../../db/client';
import { invalid, notFound, type ErrorDetail } from '../../platform/errors/app-error';
import {
  activeUserIds,
  committeeMemberRecords,
  committeeNameTaken,
  insertCommittee,
  lockCommittee,
  rewriteCommittee,
} from '../committee-store';
import { fieldRefused } from '../errors';
import { inTransaction } from './transaction';

/** 422 on a member who is not an active staff user, or a name another committee has. */
async function checkCommittee(db: Executor, input: CommitteeInput, exceptId: string | null) {
  const known = await activeUserIds(
    db,
    input.members.flatMap((m) => (m.userId ? [m.userId] : [])),
  );
  const detail: ErrorDetail = {};
  input.members.forEach((m, index) => {
    if (m.userId && !known.has(m.userId))
      detail[`members.${index}.user_id`] = [{ key: 'pipeline.errors.unknownUser', params: {} }];
  });
  if (Object.keys(detail).length > 0) throw invalid(detail);
  if (await committeeNameTaken(db, input.name, exceptId)) throw fieldRefused('name', 'committeeNameTaken');
}

/** A new committee; answers its id. */
export async function createCommittee(db: Executor, input: CommitteeInput): Promise<string> {
  await checkCommittee(db, input, null);
  return inTransaction(db, (tx) => insertCommittee(tx, input));
}

/** Saves a committee's name, quorum and members (kept by id); a later quorum applies to later meetings only. */
export async function editCommittee(db: Executor, id: string, input: CommitteeInput): Promise<void> {
  await inTransaction(db, async (tx) => {
    if (!(await lockCommittee(tx, id))) throw notFound();
    await checkCommittee(tx, input, id);
    const current = await committeeMemberRecords(tx, id);
    const detail: ErrorDetail = {};
    input.members.forEach((m, index) => {
      if (!m.id) return;
      const kept = current.find((c) => c.id === m.id);
      if (!kept) detail[`members.${index}.id`] = [{ key: 'pipeline.errors.notMember', params: {} }];
      // Who a member is stays as the minutes recorded them: another person is a new member.
      else if (kept.hasRecords && (kept.userId !== m.userId || kept.externalName !== m.externalName))
        detail[`members.${index}.user_id`] = [{ key: 'committee.errors.memberHasRecords', params: {} }];
    });
    current.forEach((c) => {
      if (c.hasRecords && !input.members.some((m) => m.id === c.id))
        detail['members'] = [{ key: 'committee.errors.memberRemovedHasRecords', params: { name: c.name } }];
    });
    if (Object.keys(detail).length > 0) throw invalid(detail);
    await rewriteCommittee(tx, id, input);
  });
}
