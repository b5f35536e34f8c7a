import { sql } from 'drizzle-orm';
import type { Executor, Tx } from '../db/client';
import { iso, selectRow, selectRows, type ReadOptions } from '../db/rows';
import type { AmendmentKind } from '../../shared/servicing/types';
import { personName } from './store';

/*
 * The SQL of a fund's amendment in one action (docs/decisions/0062): its row in `bulk_term_amendments`, the
 * amendments it made (`term_amendments.bulk_action_id`), the earlier identical action a new one would repeat,
 * and its reversal as one. The loans themselves are read and written through store.ts.
 */

/** One fund-wide action, with how many of its amendments are still in force. */
export interface BulkActionRow {
  id: string;
  fundId: string;
  effectiveDate: string;
  kind: AmendmentKind;
  months: number | null;
  rate: number | null;
  reason: string;
  loansCount: number;
  inForceCount: number;
  authorId: string | null;
  authorName: string | null;
  insertedAt: string;
  reversal: { reversedAt: string; reversedById: string | null; reversedByName: string | null; reason: string } | null;
  /** Two-person approval (docs/decisions/0067): `approved` when a second person approved it. */
  approvalState: 'approved' | 'not_required';
  approvedBy: string | null;
  approvedAt: string | null;
}

interface RawBulkAction extends Omit<BulkActionRow, 'rate' | 'insertedAt' | 'reversal' | 'approvedAt'> {
  approvedAt: Date | string | null;
  rate: string | null;
  insertedAt: Date | string;
  reversedAt: Date | string | null;
  reversedById: string | null;
  reversedByName: string | null;
  reversalReason: string | null;
}

const bulkActionSelect = sql.raw(`
  SELECT b.id, b.fund_id AS "fundId", b.effective_date::text AS "effectiveDate", b.kind, b.months,
         b.rate::text AS rate, b.reason, b.loans_count AS "loansCount",
         (SELECT count(*)::int FROM term_amendments m
           WHERE m.bulk_action_id = b.id AND m.reversed_at IS NULL) AS "inForceCount",
         b.author_id AS "authorId", ${personName('a')} AS "authorName", b.inserted_at AS "insertedAt",
         b.reversed_at AS "reversedAt", b.reversed_by_id AS "reversedById", ${personName('r')} AS "reversedByName",
         b.reversal_reason AS "reversalReason",
         CASE WHEN ap.id IS NULL THEN 'not_required' ELSE 'approved' END AS "approvalState",
         ${personName('ua')} AS "approvedBy", ap.decided_at AS "approvedAt"
    FROM bulk_term_amendments b
    LEFT JOIN approvals ap ON ap.entry_id = b.id AND ap.state = 'approved'
    LEFT JOIN users ua ON ua.id = ap.decided_by_id
    LEFT JOIN users a ON a.id = b.author_id
    LEFT JOIN users r ON r.id = b.reversed_by_id`);

function bulkActionOf(row: RawBulkAction): BulkActionRow {
  const { reversedAt, reversedById, reversedByName, reversalReason, rate, insertedAt, approvedAt, ...rest } = row;
  return {
    ...rest,
    approvedAt: approvedAt === null ? null : iso(approvedAt),
    rate: rate === null ? null : Number(rate),
    insertedAt: iso(insertedAt),
    reversal:
      reversedAt === null
        ? null
        : { reversedAt: iso(reversedAt), reversedById, reversedByName, reason: reversalReason ?? '' },
  };
}

export async function fundExists(db: Executor, fundId: string): Promise<boolean> {
  const rows = await selectRows(db, sql`SELECT 1 FROM contribution_funds WHERE id = ${fundId}`);
  return rows.length > 0;
}

/** A fund's actions, the latest first. */
export async function listBulkActions(db: Executor, fundId: string): Promise<BulkActionRow[]> {
  const rows = await selectRows<RawBulkAction>(
    db,
    sql`${bulkActionSelect} WHERE b.fund_id = ${fundId} ORDER BY b.inserted_at DESC, b.id`,
  );
  return rows.map(bulkActionOf);
}

/** One action; with `lock`, its row locked until the transaction ends (two reversals of it take turns). */
export async function findBulkAction(
  db: Executor,
  id: string,
  options: ReadOptions = {},
): Promise<BulkActionRow | undefined> {
  const row = await selectRow<RawBulkAction>(db, sql`${bulkActionSelect} WHERE b.id = ${id}`, options, 'b');
  return row && bulkActionOf(row);
}

/**
 * The earlier action the same as this one — fund, kind, effective date, months, rate — that still holds: not
 * reversed as one, and with at least one of its amendments in force. Read after the fund's loans are locked,
 * so that of two identical posts at once the second sees the first.
 */
export async function findSameBulkAction(
  db: Executor,
  action: { fundId: string; kind: AmendmentKind; effectiveDate: string; months: number | null; rate: number | null },
): Promise<BulkActionRow | undefined> {
  const row = await selectRow<RawBulkAction>(
    db,
    sql`${bulkActionSelect}
         WHERE b.fund_id = ${action.fundId} AND b.kind = ${action.kind} AND b.effective_date = ${action.effectiveDate}
           AND b.months IS NOT DISTINCT FROM ${action.months}::int
           AND b.rate IS NOT DISTINCT FROM ${action.rate === null ? null : String(action.rate)}::numeric
           AND b.reversed_at IS NULL
           AND EXISTS (SELECT 1 FROM term_amendments m WHERE m.bulk_action_id = b.id AND m.reversed_at IS NULL)
         ORDER BY b.inserted_at DESC LIMIT 1`,
  );
  return row && bulkActionOf(row);
}

/** The action's amendments still in force, with their loans, in loan id order (the order loans are locked in). */
export const amendmentsInForce = (db: Executor, bulkActionId: string) =>
  selectRows<{ id: string; contributionId: string }>(
    db,
    sql`SELECT m.id, m.contribution_id AS "contributionId" FROM term_amendments m
         WHERE m.bulk_action_id = ${bulkActionId} AND m.reversed_at IS NULL
         ORDER BY m.contribution_id, m.seq`,
  );

/** Marks the action reversed, once: false when it was already (or meanwhile). */
export async function markBulkActionReversed(
  tx: Tx,
  values: { id: string; reason: string; authorId: string },
): Promise<boolean> {
  const rows = await selectRows(
    tx,
    sql`UPDATE bulk_term_amendments
           SET reversed_at = now(), reversed_by_id = ${values.authorId}, reversal_reason = ${values.reason}
         WHERE id = ${values.id} AND reversed_at IS NULL
         RETURNING id`,
  );
  return rows.length > 0;
}

/** The names of these companies, by id. */
export async function companyNames(db: Executor, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await selectRows<{ id: string; name: string }>(
    db,
    sql`SELECT id, name FROM companies WHERE id = ANY(${`{${[...new Set(ids)].join(',')}}`}::uuid[])`,
  );
  return new Map(rows.map((row) => [row.id, row.name]));
}
