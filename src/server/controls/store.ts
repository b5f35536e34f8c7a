/**
 * Two-person approval's SQL (docs/decisions/0067): funds' policies and their changes, controlled moves and their
 * decisions, and what the journal of controls reads of a period.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { ApprovalPolicy, ApprovalState, ControlledKind } from '../../shared/controls/rules';
import { NO_POLICY } from '../../shared/controls/rules';
import type { Locale } from '../../shared/constants';
import type { Executor, Tx } from '../db/client';
import { iso, selectRows } from '../db/rows';
import { approvals, fundApprovalPolicies, fundApprovalPolicyChanges } from '../db/schema';
import { personName } from '../servicing/store';
import { outsidePipeline } from '../db/outside-pipeline';

/* ------------------------------------------------------------------------------------------------
 * Policies.
 * ---------------------------------------------------------------------------------------------- */

/** A fund's policy in cents; a fund without one controls nothing. */
export async function readPolicy(db: Executor, fundId: string): Promise<ApprovalPolicy> {
  const [row] = await db.select().from(fundApprovalPolicies).where(eq(fundApprovalPolicies.fundId, fundId));
  return row ? { rules: row.rules, outsidePipelineAlways: row.outsidePipelineAlways } : NO_POLICY;
}

export interface PolicyRead {
  fundId: string;
  fundName: string;
  policy: ApprovalPolicy;
  updatedAt: string | null;
  updatedByName: string | null;
  changes: { before: ApprovalPolicy; after: ApprovalPolicy; authorName: string | null; insertedAt: string }[];
}

/** The fund's policy with who last changed it and every change, latest first; null when the fund does not exist. */
export async function readPolicyWithChanges(db: Executor, fundId: string, locale: Locale): Promise<PolicyRead | null> {
  const name = sql.raw(locale === 'en' ? 'f.name_en' : 'f.name_fr');
  const [fund] = await selectRows<{
    fundName: string;
    rules: ApprovalPolicy['rules'] | null;
    outsidePipelineAlways: boolean | null;
    updatedAt: string | Date | null;
    updatedByName: string | null;
  }>(
    db,
    sql`SELECT ${name} AS "fundName", p.rules, p.outside_pipeline_always AS "outsidePipelineAlways",
               p.updated_at AS "updatedAt", ${sql.raw(personName('u'))} AS "updatedByName"
          FROM contribution_funds f
          LEFT JOIN fund_approval_policies p ON p.fund_id = f.id
          LEFT JOIN users u ON u.id = p.updated_by_id
         WHERE f.id = ${fundId}`,
  );
  if (!fund) return null;
  const changes = await selectRows<{
    before: ApprovalPolicy;
    after: ApprovalPolicy;
    authorName: string | null;
    insertedAt: string | Date;
  }>(
    db,
    sql`SELECT h.before, h.after, ${sql.raw(personName('u'))} AS "authorName", h.inserted_at AS "insertedAt"
          FROM fund_approval_policy_changes h LEFT JOIN users u ON u.id = h.author_id
         WHERE h.fund_id = ${fundId} ORDER BY h.inserted_at DESC, h.id`,
  );
  return {
    fundId,
    fundName: fund.fundName,
    policy: fund.rules ? { rules: fund.rules, outsidePipelineAlways: fund.outsidePipelineAlways ?? false } : NO_POLICY,
    updatedAt: fund.updatedAt ? iso(fund.updatedAt) : null,
    updatedByName: fund.updatedByName,
    changes: changes.map((change) => ({ ...change, insertedAt: iso(change.insertedAt) })),
  };
}

/**
 * Sets a fund's policy and keeps the change; the fund's row locked so two administrators saving at once write
 * two changes in order. Saving the policy it has is no change. False when the fund does not exist.
 */
export async function setPolicy(tx: Tx, fundId: string, policy: ApprovalPolicy, authorId: string): Promise<boolean> {
  const [fund] = await selectRows<{ id: string }>(
    tx,
    sql`SELECT id FROM contribution_funds WHERE id = ${fundId} FOR UPDATE`,
  );
  if (!fund) return false;
  const before = await readPolicy(tx, fundId);
  const same = (p: ApprovalPolicy) => JSON.stringify({ r: p.rules, o: p.outsidePipelineAlways });
  if (same(before) === same(policy)) return true;
  const values = { rules: [...policy.rules], outsidePipelineAlways: policy.outsidePipelineAlways };
  await tx
    .insert(fundApprovalPolicies)
    .values({ fundId, ...values, updatedById: authorId })
    .onConflictDoUpdate({
      target: fundApprovalPolicies.fundId,
      set: { ...values, updatedById: authorId, updatedAt: new Date() },
    });
  await tx.insert(fundApprovalPolicyChanges).values({
    fundId,
    before: { rules: [...before.rules], outsidePipelineAlways: before.outsidePipelineAlways },
    after: values,
    authorId,
  });
  return true;
}

/* ------------------------------------------------------------------------------------------------
 * Controlled moves.
 * ---------------------------------------------------------------------------------------------- */

export interface NewApproval {
  kind: ControlledKind;
  fundId: string;
  contributionId: string | null;
  companyId: string | null;
  amountCents: number;
  entryDate: string;
  payload: Record<string, unknown>;
  makerId: string;
}

export async function insertApproval(tx: Executor, values: NewApproval): Promise<string> {
  const [row] = await tx.insert(approvals).values(values).returning({ id: approvals.id });
  return row!.id;
}

/** A controlled move as stored, with the names its answer shows. */
export interface ApprovalRow {
  id: string;
  kind: ControlledKind;
  state: ApprovalState;
  fundId: string;
  fundName: string;
  companyId: string | null;
  companyName: string | null;
  contributionId: string | null;
  loanNumber: string | null;
  amountCents: number;
  entryDate: string;
  payload: Record<string, unknown>;
  makerId: string | null;
  makerName: string | null;
  insertedAt: string;
  decidedById: string | null;
  decidedByName: string | null;
  decidedAt: string | null;
  reason: string | null;
  entryId: string | null;
}

const approvalSelect = (locale: Locale) => sql`
  SELECT ap.id, ap.kind, ap.state, ap.fund_id AS "fundId", ${sql.raw(locale === 'en' ? 'fu.name_en' : 'fu.name_fr')} AS "fundName",
         ap.company_id AS "companyId", c.name AS "companyName", ap.contribution_id AS "contributionId",
         f.loan_number AS "loanNumber", ap.amount_cents::float8 AS "amountCents", ap.entry_date::text AS "entryDate",
         ap.payload, ap.maker_id AS "makerId", ${sql.raw(personName('m'))} AS "makerName",
         ap.inserted_at AS "insertedAt", ap.decided_by_id AS "decidedById",
         ${sql.raw(personName('d'))} AS "decidedByName", ap.decided_at AS "decidedAt", ap.reason,
         ap.entry_id AS "entryId"
    FROM approvals ap
    JOIN contribution_funds fu ON fu.id = ap.fund_id
    LEFT JOIN financial_contributions f ON f.id = ap.contribution_id
    LEFT JOIN companies c ON c.id = ap.company_id
    LEFT JOIN users m ON m.id = ap.maker_id
    LEFT JOIN users d ON d.id = ap.decided_by_id`;

type RawApproval = Omit<ApprovalRow, 'insertedAt' | 'decidedAt'> & {
  insertedAt: string | Date;
  decidedAt: string | Date | null;
};
const approvalOf = (row: RawApproval): ApprovalRow => ({
  ...row,
  insertedAt: iso(row.insertedAt),
  decidedAt: row.decidedAt ? iso(row.decidedAt) : null,
});

/** One controlled move; with `lock`, its row is locked until the transaction ends (one decision at a time). */
export async function findApproval(
  db: Executor,
  id: string,
  locale: Locale,
  options: { lock?: boolean } = {},
): Promise<ApprovalRow | undefined> {
  if (options.lock) {
    const [locked] = await selectRows<{ id: string }>(db, sql`SELECT id FROM approvals WHERE id = ${id} FOR UPDATE`);
    if (!locked) return undefined;
  }
  const [row] = await selectRows<RawApproval>(db, sql`${approvalSelect(locale)} WHERE ap.id = ${id}`);
  return row && approvalOf(row);
}

export interface ApprovalFilters {
  state?: ApprovalState;
  fundId?: string;
  contributionId?: string;
  /** Only the moves this person made. */
  makerId?: string;
}

/** Controlled moves, the latest first, filtered; with their total count. */
export async function listApprovals(
  db: Executor,
  filters: ApprovalFilters,
  page: { limit: number; offset: number },
  locale: Locale,
): Promise<{ rows: ApprovalRow[]; total: number }> {
  const where: SQL[] = [sql`true`];
  if (filters.state) where.push(sql`ap.state = ${filters.state}`);
  if (filters.fundId) where.push(sql`ap.fund_id = ${filters.fundId}`);
  if (filters.contributionId) where.push(sql`ap.contribution_id = ${filters.contributionId}`);
  if (filters.makerId) where.push(sql`ap.maker_id = ${filters.makerId}`);
  const condition = sql.join(where, sql` AND `);
  const rows = await selectRows<RawApproval>(
    db,
    sql`${approvalSelect(locale)} WHERE ${condition}
        ORDER BY ap.inserted_at DESC, ap.id LIMIT ${page.limit} OFFSET ${page.offset}`,
  );
  const [count] = await selectRows<{ total: number }>(
    db,
    sql`SELECT count(*)::int AS total FROM approvals ap WHERE ${condition}`,
  );
  return { rows: rows.map(approvalOf), total: count?.total ?? 0 };
}

/**
 * The decision on a pending move, written only while it is pending (a conditional update: of two decisions at
 * once, one writes and the other finds nothing). False when it was no longer pending.
 */
export async function decideApproval(
  tx: Executor,
  id: string,
  decision: { state: Exclude<ApprovalState, 'pending'>; byId: string; reason?: string | null; entryId?: string | null },
): Promise<boolean> {
  const rows = await tx
    .update(approvals)
    .set({
      state: decision.state,
      decidedById: decision.byId,
      decidedAt: new Date(),
      reason: decision.reason ?? null,
      entryId: decision.entryId ?? null,
    })
    .where(and(eq(approvals.id, id), eq(approvals.state, 'pending')))
    .returning({ id: approvals.id });
  return rows.length === 1;
}

/** Whether the user may approve (an administrator marked them so) and is active. */
export async function isApprover(db: Executor, userId: string): Promise<boolean> {
  const [row] = await selectRows<{ ok: boolean }>(
    db,
    sql`SELECT may_approve AND disabled_at IS NULL AS ok FROM users WHERE id = ${userId}`,
  );
  return row?.ok ?? false;
}

/** How many moves await a decision, made by someone else than `userId`. */
export async function countPendingFor(db: Executor, userId: string): Promise<number> {
  const [row] = await selectRows<{ count: number }>(
    db,
    sql`SELECT count(*)::int AS count FROM approvals
         WHERE state = 'pending' AND maker_id IS DISTINCT FROM ${userId}`,
  );
  return row?.count ?? 0;
}

/** Every controlled move made in the period (by the day it was made, Québec time), oldest first. */
export async function approvalsMadeIn(
  db: Executor,
  period: { from: string; to: string },
  locale: Locale,
): Promise<ApprovalRow[]> {
  const rows = await selectRows<RawApproval>(
    db,
    sql`${approvalSelect(locale)}
        WHERE (ap.inserted_at AT TIME ZONE 'America/Toronto')::date BETWEEN ${period.from}::date AND ${period.to}::date
        ORDER BY ap.inserted_at, ap.id`,
  );
  return rows.map(approvalOf);
}

export interface OutsideLoanRow {
  contributionId: string;
  companyId: string;
  companyName: string;
  loanNumber: string;
  fundName: string;
  amount: number | null;
  insertedAt: string;
}

/** Every loan created outside the pipeline in the period, oldest first. */
export async function outsideLoansCreatedIn(
  db: Executor,
  period: { from: string; to: string },
  locale: Locale,
): Promise<OutsideLoanRow[]> {
  const rows = await selectRows<Omit<OutsideLoanRow, 'insertedAt'> & { insertedAt: string | Date }>(
    db,
    sql`SELECT f.id AS "contributionId", f.company_id AS "companyId", c.name AS "companyName",
               f.loan_number AS "loanNumber", ${sql.raw(locale === 'en' ? 'fu.name_en' : 'fu.name_fr')} AS "fundName",
               f.amount::float8 AS amount, f.inserted_at AS "insertedAt"
          FROM financial_contributions f
          JOIN companies c ON c.id = f.company_id
          JOIN contribution_funds fu ON fu.id = f.contribution_fund_id
         WHERE (f.inserted_at AT TIME ZONE 'America/Toronto')::date BETWEEN ${period.from}::date AND ${period.to}::date
           AND ${outsidePipeline(sql`f.id`)}
         ORDER BY f.inserted_at, f.id`,
  );
  return rows.map((row) => ({ ...row, insertedAt: iso(row.insertedAt) }));
}
