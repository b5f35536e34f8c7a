import { LOCALES } from '../../shared/constants';
import { renderSystemTitle, type SystemEventCode, type SystemEventParams } from '../../shared/events';
import { insertSystemEvent, namesOf, type Tx } from './store';

/**
 * Records a change in a company's history. Call it with the transaction that makes the change, so that
 * the event exists exactly when the change does: a failed or rolled-back action leaves no event.
 * `authorId` is who made the change (the signed-in user).
 */
export async function recordSystemEvent<C extends SystemEventCode>(
  tx: Tx,
  event: { companyId: string; code: C; params: SystemEventParams[C]; authorId: string | null },
): Promise<void> {
  const params = event.params as Record<string, unknown>;
  await insertSystemEvent(tx, {
    companyId: event.companyId,
    code: event.code,
    params,
    authorId: event.authorId,
    titles: LOCALES.map((locale) => renderSystemTitle(event.code, params, locale)),
  });
}

export interface ContributionChange {
  contributionFundId: string;
  amount: number | null;
}

/** What a company save changed that its history records (companies/store.ts computes it). */
export interface CompanySaveChanges {
  companyId: string;
  authorId: string;
  status?: { from: string; to: string };
  overseeingUser?: { from: string | null; to: string | null };
  contributionsAdded: ContributionChange[];
  contributionsRemoved: ContributionChange[];
}

/**
 * The system events of one company save, in the order a reader expects: status, overseeing user, then
 * contributions removed and added. The names they mention are read in the same transaction and kept in
 * the event (in both languages where they have two), so the history says what things were called then.
 */
export async function recordCompanySave(tx: Tx, changes: CompanySaveChanges): Promise<void> {
  const { companyId, authorId, status, overseeingUser } = changes;
  const contributions = [...changes.contributionsRemoved, ...changes.contributionsAdded];
  if (!status && !overseeingUser && contributions.length === 0) return;
  const names = await namesOf(tx, {
    statuses: status ? [status.from, status.to] : [],
    users: overseeingUser ? [overseeingUser.from, overseeingUser.to].filter((id): id is string => id !== null) : [],
    funds: contributions.map((c) => c.contributionFundId),
  });
  const base = { companyId, authorId };
  if (status) {
    await recordSystemEvent(tx, {
      ...base,
      code: 'statusChanged',
      params: { from: names.statuses.get(status.from) ?? null, to: names.statuses.get(status.to) ?? null },
    });
  }
  if (overseeingUser) {
    const nameOf = (id: string | null) => (id ? (names.users.get(id) ?? null) : null);
    await recordSystemEvent(tx, {
      ...base,
      code: 'overseeingUserChanged',
      params: { from: nameOf(overseeingUser.from), to: nameOf(overseeingUser.to) },
    });
  }
  const contributionParams = (c: ContributionChange) => ({
    fund: names.funds.get(c.contributionFundId) ?? null,
    amount: c.amount,
  });
  for (const c of changes.contributionsRemoved) {
    await recordSystemEvent(tx, { ...base, code: 'contributionRemoved', params: contributionParams(c) });
  }
  for (const c of changes.contributionsAdded) {
    await recordSystemEvent(tx, { ...base, code: 'contributionAdded', params: contributionParams(c) });
  }
}
