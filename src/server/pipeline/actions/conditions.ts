/** A decision's condition marked met, waived, breached or open again (docs/decisions/0039, 0063). */
import type { Locale } from '../../../shared/constants';
import { conditionChangeRefusal } from '../../../shared/pipeline';
import type { ConditionPatch } from '../../../shared/schemas/pipeline';
import type { Executor } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { notFound } from '../../platform/errors/app-error';
import { recordSystemEvent } from '../../platform/history/record';
import { readCondition, updateCondition } from '../committee-store';
import { refuseConditionChange, requestLocked, requireWorker } from '../errors';
import { findRequest } from '../store';
import { inTransaction } from './transaction';

/**
 * Sets a condition's status (its analyst or an administrator) as the transition table allows: refused on a
 * request declined or withdrawn, and on a before-disbursement condition once the money is out. Answers it saved.
 */
export async function setCondition(
  db: Executor,
  id: string,
  { status, note }: ConditionPatch,
  user: UserRow,
  locale: Locale,
) {
  return inTransaction(db, async (tx) => {
    const current = await readCondition(tx, id);
    if (!current) throw notFound();
    const found = (await findRequest(tx, current.requestId, { lock: true }))!;
    requireWorker(user, found);
    const refusal = conditionChangeRefusal(found.state, current, status);
    if (refusal === 'closed') throw requestLocked(found.state, locale);
    if (refusal) throw refuseConditionChange(refusal, current.status, status, locale);
    await updateCondition(tx, current.id, { status, note, authorId: user.id });
    await recordSystemEvent(tx, {
      companyId: found.companyId,
      code: 'conditionChanged',
      params: { project: found.projectName, condition: current.text, status },
      authorId: user.id,
    });
    return (await readCondition(tx, current.id))!;
  });
}
