import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { APPROVAL_STATES, CONTROLLED_KINDS, type ControlledKind } from '../../../shared/controls/rules';
import { financialContributions } from './companies';
import { contributionFunds } from './lookups';
import { userRef } from './users';
import { at, insertedStamp, oneOf, requiredRef, updatedStamp, uuidKey } from './columns';

/*
 * Two-person approval (docs/decisions/0067): each fund's policy and its changes, and the controlled moves
 * waiting for (or given) a second person's decision. A pending move is held here, never among the loan's entries:
 * it counts in no figure because no figure can read it; approving it lands it through the servicing action.
 */

/** A rule of a policy as stored: cents, as every amount of the money side. */
export type StoredPolicyRule = { kind: ControlledKind; fromAmountCents: number };

/** A fund's approval policy; a fund without a row controls nothing. */
export const fundApprovalPolicies = pgTable('fund_approval_policies', {
  fundId: uuid('fund_id')
    .primaryKey()
    .references(() => contributionFunds.id, { onDelete: 'cascade' }),
  rules: jsonb('rules').$type<StoredPolicyRule[]>().notNull().default([]),
  outsidePipelineAlways: boolean('outside_pipeline_always').notNull().default(false),
  updatedById: userRef('updated_by_id'),
  ...updatedStamp,
});

/** Each change of a fund's policy, kept: the policy as it was and as it became, who and when. */
export const fundApprovalPolicyChanges = pgTable(
  'fund_approval_policy_changes',
  {
    ...uuidKey,
    fundId: requiredRef('fund_id', () => contributionFunds.id, 'cascade'),
    before: jsonb('before').$type<{ rules: StoredPolicyRule[]; outsidePipelineAlways: boolean }>().notNull(),
    after: jsonb('after').$type<{ rules: StoredPolicyRule[]; outsidePipelineAlways: boolean }>().notNull(),
    authorId: userRef('author_id'),
    ...insertedStamp,
  },
  (t) => [index('fund_approval_policy_changes_fund_idx').on(t.fundId, t.insertedAt)],
);

/**
 * A controlled move: what the maker asked (`payload`, the servicing action's input), its loan (none for a fund's
 * bulk amendment), amount and date, and the second person's decision. `entry_id`: the entry it landed as.
 */
export const approvals = pgTable(
  'approvals',
  {
    ...uuidKey,
    kind: text('kind', { enum: CONTROLLED_KINDS }).notNull(),
    fundId: requiredRef('fund_id', () => contributionFunds.id, 'restrict'),
    contributionId: uuid('contribution_id').references(() => financialContributions.id, { onDelete: 'restrict' }),
    companyId: uuid('company_id'),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    entryDate: date('entry_date', { mode: 'string' }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    state: text('state', { enum: APPROVAL_STATES }).notNull().default('pending'),
    makerId: userRef('maker_id'),
    ...insertedStamp,
    decidedById: userRef('decided_by_id'),
    decidedAt: at('decided_at'),
    reason: text('reason'),
    entryId: uuid('entry_id'),
  },
  (t) => [
    index('approvals_state_idx').on(t.state, t.insertedAt),
    index('approvals_loan_idx').on(t.contributionId, t.insertedAt),
    index('approvals_entry_idx').on(t.entryId),
    oneOf('approvals_kind_check', t.kind, CONTROLLED_KINDS),
    oneOf('approvals_state_check', t.state, APPROVAL_STATES),
    check('approvals_amount_check', sql`${t.amountCents} >= 0`),
    check('approvals_decided_check', sql`(${t.state} = 'pending') = (${t.decidedAt} is null)`),
    check('approvals_reason_check', sql`${t.state} <> 'rejected' or ${t.reason} is not null`),
  ],
);
