/**
 * Two-person approval's answers (docs/decisions/0067): a controlled move as the queue, the loan and the journal
 * show it, and a fund's policy; cents become dollars here.
 */
import type { ApprovalAnswer, ApprovalPolicyAnswer } from '../../shared/schemas/controls';
import { toDollars } from '../../shared/money';
import type { Db } from '../db/client';
import type { Author } from '../servicing/actions/write-on-loan';
import { beforeAfter } from './actions';
import { findApproval, type ApprovalRow, type PolicyRead } from './store';
import { notFound } from '../platform/errors/app-error';

/** What the maker typed, as the approval shows it: text, numbers and days, flattened. */
function detailsOf(row: ApprovalRow): ApprovalAnswer['details'] {
  const input = (row.payload['input'] ?? {}) as Record<string, unknown>;
  const details: ApprovalAnswer['details'] = {};
  for (const [key, value] of Object.entries(input)) {
    if (typeof value === 'string' || typeof value === 'number' || value === null) details[key] = value;
  }
  return details;
}

/** A controlled move on the wire, with what the viewer may do and, pending, the loan's figures before → after. */
export async function approvalAnswer(
  db: Db,
  row: ApprovalRow,
  viewer: { id: string; mayApprove: boolean },
  author: Author,
): Promise<ApprovalAnswer> {
  const figures = await beforeAfter(db, row, author);
  return {
    ...journalLine(row),
    before: figures.before,
    after: figures.after,
    canDecide: row.state === 'pending' && viewer.mayApprove && row.makerId !== viewer.id,
    canCancel: row.state === 'pending' && row.makerId === viewer.id,
  };
}

/** The journal's line of a move (no figures: it is a record of what happened). */
export const journalLine = (row: ApprovalRow) => ({
  id: row.id,
  kind: row.kind,
  state: row.state,
  fundId: row.fundId,
  fundName: row.fundName,
  companyId: row.companyId,
  companyName: row.companyName,
  contributionId: row.contributionId,
  loanNumber: row.loanNumber,
  amount: toDollars(row.amountCents),
  entryDate: row.entryDate,
  details: detailsOf(row),
  makerId: row.makerId,
  makerName: row.makerName,
  insertedAt: row.insertedAt,
  decidedById: row.decidedById,
  decidedByName: row.decidedByName,
  decidedAt: row.decidedAt,
  reason: row.reason,
  entryId: row.entryId,
});

export function policyAnswer(read: PolicyRead): ApprovalPolicyAnswer {
  const rulesOf = (policy: typeof read.policy) => ({
    rules: policy.rules.map((rule) => ({ kind: rule.kind, fromAmount: toDollars(rule.fromAmountCents) })),
    outsidePipelineAlways: policy.outsidePipelineAlways,
  });
  return {
    fundId: read.fundId,
    fundName: read.fundName,
    ...rulesOf(read.policy),
    updatedAt: read.updatedAt,
    updatedByName: read.updatedByName,
    changes: read.changes.map((change) => ({
      before: rulesOf(change.before),
      after: rulesOf(change.after),
      authorName: change.authorName,
      insertedAt: change.insertedAt,
    })),
  };
}

/** A move just held for a second person, as its maker's answer shows it (202). */
export async function pendingAnswer(
  db: Db,
  id: string,
  viewer: { id: string; mayApprove: boolean },
  author: Author,
): Promise<ApprovalAnswer> {
  const row = await findApproval(db, id, author.locale);
  if (!row) throw notFound();
  return approvalAnswer(db, row, viewer, author);
}
