/**
 * Month-end's SQL (docs/decisions/0070, 0071): charts of accounts, the period's row and its history, accruals,
 * exports and what they carried, and the loans the journal is derived from (their entries read by servicing's
 * own reader, so what it counts — and leaves out — is what the engine counts).
 */
import { sql } from 'drizzle-orm';
import { ACCOUNT_ROLES, type AccountRole, type ChartOfAccounts } from '../../shared/accounting/accounts';
import type { LedgerLoan } from '../../shared/accounting/postings';
import { todayIso } from '../../shared/portfolio/schedule';
import type { Executor } from '../db/client';
import { selectRows } from '../db/rows';
import {
  currentBuckets,
  findLoansWhere,
  readEntries,
  termsOf,
  type LoanEntries,
  type LoanRow,
} from '../servicing/store';

/* ------------------------------------------------------------------------------------------- periods */

// The last closed day lives with the servicing writes it guards (servicing/period-guard.ts).
export { readClosedThrough } from '../servicing/period-guard';

export async function writePeriodChange(
  db: Executor,
  change: {
    action: 'close' | 'reopen';
    through: string;
    closedThrough: string | null;
    reason: string | null;
    authorId: string;
  },
): Promise<void> {
  await db.execute(sql`UPDATE accounting_period_state SET closed_through = ${change.closedThrough}::date WHERE id = 1`);
  await db.execute(
    sql`INSERT INTO accounting_period_changes (action, through, closed_through, reason, author_id)
        VALUES (${change.action}, ${change.through}::date, ${change.closedThrough}::date, ${change.reason}, ${change.authorId})`,
  );
}

export interface PeriodChangeRow {
  id: string;
  action: 'close' | 'reopen';
  through: string;
  closedThrough: string | null;
  reason: string | null;
  authorName: string | null;
  at: string;
}

const personName = (alias: string) =>
  sql.raw(`coalesce(nullif(trim(concat_ws(' ', ${alias}.first_name, ${alias}.last_name)), ''), ${alias}.email)`);
const instant = (column: string) => sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** The history of closes and reopenings, newest first. */
export function periodChanges(db: Executor): Promise<PeriodChangeRow[]> {
  return selectRows<PeriodChangeRow>(
    db,
    sql`SELECT c.id, c.action, c.through::text AS through, c.closed_through::text AS "closedThrough", c.reason,
               ${personName('u')} AS "authorName", ${instant('c.inserted_at')} AS at
          FROM accounting_period_changes c LEFT JOIN users u ON u.id = c.author_id
         ORDER BY c.inserted_at DESC, c.id LIMIT 100`,
  );
}

/* --------------------------------------------------------------------------------------------- funds */

export interface FundRow {
  id: string;
  name: { fr: string; en: string };
}

export function listFunds(db: Executor): Promise<FundRow[]> {
  return selectRows<FundRow>(
    db,
    sql`SELECT id, json_build_object('fr', name_fr, 'en', name_en) AS name FROM contribution_funds ORDER BY name_fr, id`,
  );
}

export async function findFund(db: Executor, id: string): Promise<FundRow | undefined> {
  const [row] = await selectRows<FundRow>(
    db,
    sql`SELECT id, json_build_object('fr', name_fr, 'en', name_en) AS name FROM contribution_funds WHERE id = ${id}`,
  );
  return row;
}

/* ------------------------------------------------------------------------------------ charts of accounts */

/** Every fund's chart, by fund id (a fund with nothing mapped is absent). */
export async function readCharts(db: Executor, fundId?: string): Promise<Map<string, ChartOfAccounts>> {
  const rows = await selectRows<{ fundId: string; role: AccountRole; number: string; name: string }>(
    db,
    sql`SELECT fund_id AS "fundId", role, number, name FROM fund_accounts
         ${fundId ? sql`WHERE fund_id = ${fundId}` : sql``}`,
  );
  const charts = new Map<string, ChartOfAccounts>();
  for (const row of rows) {
    const chart = charts.get(row.fundId) ?? {};
    chart[row.role] = { number: row.number, name: row.name };
    charts.set(row.fundId, chart);
  }
  return charts;
}

/** Replaces a fund's chart, with its line of history (before and after), locking the fund's rows first. */
export async function replaceChart(
  db: Executor,
  fundId: string,
  chart: ChartOfAccounts,
  authorId: string,
): Promise<void> {
  await db.execute(sql`SELECT id FROM contribution_funds WHERE id = ${fundId} FOR UPDATE`);
  const before = (await readCharts(db, fundId)).get(fundId) ?? {};
  await db.execute(sql`DELETE FROM fund_accounts WHERE fund_id = ${fundId}`);
  for (const role of ACCOUNT_ROLES) {
    const account = chart[role];
    if (!account) continue;
    await db.execute(
      sql`INSERT INTO fund_accounts (fund_id, role, number, name) VALUES (${fundId}, ${role}, ${account.number}, ${account.name})`,
    );
  }
  await db.execute(
    sql`INSERT INTO fund_account_changes (fund_id, before, after, author_id)
        VALUES (${fundId}, ${JSON.stringify(before)}::jsonb, ${JSON.stringify(chart)}::jsonb, ${authorId})`,
  );
}

export interface ChartChangeRow {
  id: string;
  before: ChartOfAccounts;
  after: ChartOfAccounts;
  authorName: string | null;
  at: string;
}

export function chartChanges(db: Executor, fundId: string): Promise<ChartChangeRow[]> {
  return selectRows<ChartChangeRow>(
    db,
    sql`SELECT c.id, c.before, c.after, ${personName('u')} AS "authorName", ${instant('c.inserted_at')} AS at
          FROM fund_account_changes c LEFT JOIN users u ON u.id = c.author_id
         WHERE c.fund_id = ${fundId} ORDER BY c.inserted_at DESC, c.id LIMIT 50`,
  );
}

/* ---------------------------------------------------------------------------------------------- loans */

/** A loan as the books read it: its row, its company's name, and its entries with each correction's day. */
export interface BookLoan {
  loan: LoanRow;
  companyName: string;
  ledger: LedgerLoan;
}

const dayOf = (instantValue: string | null | undefined): string | null =>
  instantValue ? todayIso(new Date(instantValue)) : null;

/** What the posting rules read of a loan's entries: each correction dated on the day it was made (Québec). */
export function ledgerOf(loan: LoanRow, entries: LoanEntries, buckets: LedgerLoan['buckets']): LedgerLoan | null {
  const terms = termsOf(loan);
  if (!terms.ok) return null;
  return {
    terms: terms.terms,
    buckets,
    disbursements: entries.disbursements.map((d) => ({
      id: d.id,
      date: d.date,
      amount: d.amountCents,
      reversedOn: dayOf(d.reversal?.reversedAt),
    })),
    repayments: entries.repayments.map((p) => ({
      id: p.id,
      receivedOn: p.receivedOn,
      amount: p.amountCents,
      kind: p.kind,
      reversedOn: dayOf(p.reversal?.reversedAt),
    })),
    amendments: entries.amendments.map((m) =>
      m.kind === 'rate_change'
        ? {
            id: m.id,
            effectiveDate: m.effectiveDate,
            kind: m.kind,
            rate: m.rate!,
            reversed: false,
            reversedOn: dayOf(m.reversal?.reversedAt),
          }
        : {
            id: m.id,
            effectiveDate: m.effectiveDate,
            kind: m.kind,
            months: m.months!,
            reversed: false,
            reversedOn: dayOf(m.reversal?.reversedAt),
          },
    ),
    writeOffs: entries.writeOffs.map((w) => ({ date: w.date, undoneOn: dayOf(w.undone?.undoneAt) })),
  };
}

/**
 * The loans that may have postings through `to` (every loan with a disbursement dated by then), of one fund or
 * all, in batches, with their entries: read batch by batch, so a year of a large portfolio stays in bounds.
 */
export async function* bookLoans(
  db: Executor,
  query: { fundId: string | null; to: string },
  size = 500,
): AsyncGenerator<BookLoan[]> {
  const buckets = await currentBuckets(db);
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const batch = await selectRows<{ id: string; companyName: string }>(
      db,
      sql`SELECT f.id, c.name AS "companyName"
            FROM financial_contributions f JOIN companies c ON c.id = f.company_id
           WHERE f.id > ${after}::uuid
             ${query.fundId ? sql`AND f.contribution_fund_id = ${query.fundId}` : sql``}
             AND EXISTS (SELECT 1 FROM disbursements d WHERE d.contribution_id = f.id AND d.date <= ${query.to}::date)
           ORDER BY f.id LIMIT ${size}`,
    );
    if (batch.length === 0) return;
    const ids = batch.map((row) => row.id);
    const loans = await findLoansWhere(
      db,
      sql`f.id IN (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    );
    const entries = await readEntries(db, ids);
    const names = new Map(batch.map((row) => [row.id, row.companyName]));
    const out: BookLoan[] = [];
    for (const loan of loans) {
      const ledger = ledgerOf(loan, entries.get(loan.id)!, buckets);
      if (ledger) out.push({ loan, companyName: names.get(loan.id)!, ledger });
    }
    yield out;
    if (batch.length < size) return;
    after = batch.at(-1)!.id;
  }
}

/** The loans active on a day (by their entries), of one fund or all: what an accrual reads. */
export async function* loansForAccrual(db: Executor, query: { fundId: string | null; asOf: string }) {
  yield* bookLoans(db, { fundId: query.fundId, to: query.asOf });
}

/* ------------------------------------------------------------------------------------------- accruals */

export interface AccrualRow {
  id: string;
  fundId: string;
  asOf: string;
  amountCents: number;
  loansCount: number;
  authorName: string | null;
  at: string;
}

/** Keeps a fund's accrual to a day, replacing an earlier one to the same day. */
export async function upsertAccrual(
  db: Executor,
  values: { fundId: string; asOf: string; amountCents: number; loansCount: number; authorId: string },
): Promise<void> {
  await db.execute(
    sql`INSERT INTO interest_accruals (fund_id, as_of, amount_cents, loans_count, author_id)
        VALUES (${values.fundId}, ${values.asOf}::date, ${values.amountCents}, ${values.loansCount}, ${values.authorId})
        ON CONFLICT (fund_id, as_of) DO UPDATE
          SET amount_cents = excluded.amount_cents, loans_count = excluded.loans_count,
              author_id = excluded.author_id, inserted_at = now()`,
  );
}

/** Accruals whose entry or reversal falls in [from, to]: dated from the day before `from`. */
export function accrualsAround(db: Executor, query: { from: string; to: string; fundId: string | null }) {
  return selectRows<AccrualRow>(
    db,
    sql`SELECT a.id, a.fund_id AS "fundId", a.as_of::text AS "asOf", a.amount_cents::float8 AS "amountCents",
               a.loans_count AS "loansCount", ${personName('u')} AS "authorName", ${instant('a.inserted_at')} AS at
          FROM interest_accruals a LEFT JOIN users u ON u.id = a.author_id
         WHERE a.as_of BETWEEN (${query.from}::date - 1) AND ${query.to}::date
           ${query.fundId ? sql`AND a.fund_id = ${query.fundId}` : sql``}
         ORDER BY a.as_of, a.fund_id`,
  );
}

/* -------------------------------------------------------------------------------------------- exports */

/** What earlier exports carried of these entries, summed per key and role. */
export async function exportedLines(
  db: Executor,
  query: { from: string; to: string; fundId: string | null },
): Promise<Map<string, { fundId: string; lines: Record<string, number> }>> {
  const rows = await selectRows<{ entryKey: string; fundId: string; lines: Record<string, number> }>(
    db,
    sql`SELECT entry_key AS "entryKey", fund_id AS "fundId", lines FROM journal_exported_entries
         WHERE entry_date BETWEEN ${query.from}::date AND ${query.to}::date
           ${query.fundId ? sql`AND fund_id = ${query.fundId}` : sql``}`,
  );
  const sums = new Map<string, { fundId: string; lines: Record<string, number> }>();
  for (const row of rows) {
    const sum = sums.get(row.entryKey) ?? { fundId: row.fundId, lines: {} };
    for (const [role, amount] of Object.entries(row.lines)) sum.lines[role] = (sum.lines[role] ?? 0) + amount;
    sums.set(row.entryKey, sum);
  }
  return sums;
}

export async function insertExport(
  db: Executor,
  values: {
    from: string;
    to: string;
    fundId: string | null;
    format: string;
    onlyNew: boolean;
    authorId: string;
    entries: { key: string; date: string; fundId: string; lines: Record<string, number> }[];
  },
): Promise<void> {
  const [row] = await selectRows<{ id: string }>(
    db,
    sql`INSERT INTO journal_exports (from_date, to_date, fund_id, all_funds, format, only_new, entries_count, author_id)
        VALUES (${values.from}::date, ${values.to}::date, ${values.fundId}, ${values.fundId === null}, ${values.format},
                ${values.onlyNew}, ${values.entries.length}, ${values.authorId})
        RETURNING id`,
  );
  for (let i = 0; i < values.entries.length; i += 500) {
    const chunk = values.entries.slice(i, i + 500);
    await db.execute(
      sql`INSERT INTO journal_exported_entries (export_id, entry_key, entry_date, fund_id, lines)
          VALUES ${sql.join(
            chunk.map(
              (e) => sql`(${row!.id}, ${e.key}, ${e.date}::date, ${e.fundId}, ${JSON.stringify(e.lines)}::jsonb)`,
            ),
            sql`, `,
          )}`,
    );
  }
}

export interface ExportRow {
  id: string;
  from: string;
  to: string;
  fundId: string | null;
  format: string;
  onlyNew: boolean;
  entriesCount: number;
  authorName: string | null;
  at: string;
}

/** The exports that covered part of [from, to] (of this fund, or of all funds), newest first. */
export function exportsOver(db: Executor, query: { from: string; to: string; fundId: string | null }) {
  return selectRows<ExportRow>(
    db,
    sql`SELECT e.id, e.from_date::text AS "from", e.to_date::text AS "to", e.fund_id AS "fundId", e.format,
               e.only_new AS "onlyNew", e.entries_count AS "entriesCount", ${personName('u')} AS "authorName",
               ${instant('e.inserted_at')} AS at
          FROM journal_exports e LEFT JOIN users u ON u.id = e.author_id
         WHERE e.from_date <= ${query.to}::date AND e.to_date >= ${query.from}::date
           AND (e.all_funds ${query.fundId ? sql`OR e.fund_id = ${query.fundId}` : sql``})
         ORDER BY e.inserted_at DESC LIMIT 20`,
  );
}
