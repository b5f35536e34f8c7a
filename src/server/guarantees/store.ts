/**
 * The guarantees register's SQL (docs/decisions/0072): reading a loan's guarantees and the portfolio's, writing
 * one, and what other rooms read of it (letters, Law 25), each a plain function over a transaction.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { GuaranteeKind, GuaranteeRegistry, GuaranteeState } from '../../shared/guarantees/types';
import type { Executor } from '../db/client';
import { guarantees } from '../db/schema';
import { selectRow, selectRows, type ReadOptions } from '../db/rows';

/** A guarantee as stored, with its loan's number and its deed's name. Amounts in cents. */
export interface GuaranteeRow {
  id: string;
  companyId: string;
  contributionId: string;
  loanNumber: string;
  kind: GuaranteeKind;
  guarantorOwnerId: string | null;
  guarantorName: string | null;
  guarantorAddress: string | null;
  amountCents: number | null;
  sharePercent: number | null;
  rank: number | null;
  property: string | null;
  registry: GuaranteeRegistry;
  registrationNumber: string | null;
  signedOn: string | null;
  registeredOn: string | null;
  expiresOn: string | null;
  deedDocumentId: string | null;
  deedDocumentName: string | null;
  state: GuaranteeState;
  toComplete: boolean;
  releasedOn: string | null;
  releaseReason: string | null;
  assetSoldOn: string | null;
  assetSoldNote: string | null;
  lockVersion: number;
  insertedAt: string;
  updatedAt: string;
}

/** What a write stores: every editable column. */
export type GuaranteeColumns = Omit<
  GuaranteeRow,
  'id' | 'companyId' | 'contributionId' | 'loanNumber' | 'deedDocumentName' | 'lockVersion' | 'insertedAt' | 'updatedAt'
>;

const iso = (column: string) => sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** The columns of `GuaranteeRow`, on `guarantees g`, `financial_contributions f` and `documents d` (left joined). */
const COLUMNS = sql`g.id, g.company_id AS "companyId", g.contribution_id AS "contributionId",
  f.loan_number AS "loanNumber", g.kind, g.guarantor_owner_id AS "guarantorOwnerId",
  g.guarantor_name AS "guarantorName", g.guarantor_address AS "guarantorAddress",
  g.amount_cents::float8 AS "amountCents", g.share_percent::float8 AS "sharePercent", g.rank, g.property,
  g.registry, g.registration_number AS "registrationNumber", g.signed_on::text AS "signedOn",
  g.registered_on::text AS "registeredOn", g.expires_on::text AS "expiresOn",
  g.deed_document_id AS "deedDocumentId", d.name AS "deedDocumentName", g.state, g.to_complete AS "toComplete",
  g.released_on::text AS "releasedOn", g.release_reason AS "releaseReason",
  g.asset_sold_on::text AS "assetSoldOn", g.asset_sold_note AS "assetSoldNote", g.lock_version AS "lockVersion",
  ${iso('g.inserted_at')} AS "insertedAt", ${iso('g.updated_at')} AS "updatedAt"`;

const SOURCE = sql`guarantees g JOIN financial_contributions f ON f.id = g.contribution_id
  LEFT JOIN documents d ON d.id = g.deed_document_id`;

/** A loan's guarantees, in the order they were entered. */
export function loanGuarantees(db: Executor, contributionId: string): Promise<GuaranteeRow[]> {
  return selectRows<GuaranteeRow>(
    db,
    sql`SELECT ${COLUMNS} FROM ${SOURCE} WHERE g.contribution_id = ${contributionId} ORDER BY g.inserted_at, g.id`,
  );
}

/** One guarantee of one loan of one company (undefined otherwise); with `lock`, locked until the end. */
export function findGuarantee(
  db: Executor,
  params: { companyId: string; contributionId: string; id: string },
  options: ReadOptions = {},
): Promise<GuaranteeRow | undefined> {
  return selectRow<GuaranteeRow>(
    db,
    sql`SELECT ${COLUMNS} FROM ${SOURCE}
         WHERE g.id = ${params.id} AND g.contribution_id = ${params.contributionId}
           AND g.company_id = ${params.companyId}`,
    options,
    'g',
  );
}

const values = (c: GuaranteeColumns) => ({
  kind: c.kind,
  guarantorOwnerId: c.guarantorOwnerId,
  guarantorName: c.guarantorName,
  guarantorAddress: c.guarantorAddress,
  amountCents: c.amountCents,
  sharePercent: c.sharePercent,
  rank: c.rank,
  property: c.property,
  registry: c.registry,
  registrationNumber: c.registrationNumber,
  signedOn: c.signedOn,
  registeredOn: c.registeredOn,
  expiresOn: c.expiresOn,
  deedDocumentId: c.deedDocumentId,
  state: c.state,
  toComplete: c.toComplete,
  releasedOn: c.releasedOn,
  releaseReason: c.releaseReason,
  assetSoldOn: c.assetSoldOn,
  assetSoldNote: c.assetSoldNote,
});

export async function insertGuarantee(
  tx: Executor,
  row: GuaranteeColumns & { companyId: string; contributionId: string; createdById: string },
): Promise<string> {
  const [inserted] = await tx
    .insert(guarantees)
    .values({
      ...values(row),
      companyId: row.companyId,
      contributionId: row.contributionId,
      createdById: row.createdById,
    })
    .returning({ id: guarantees.id });
  return inserted!.id;
}

/** Writes the columns when the row is still at `lockVersion`; false when someone changed it meanwhile. */
export async function updateGuarantee(
  tx: Executor,
  id: string,
  columns: GuaranteeColumns,
  lockVersion: number,
): Promise<boolean> {
  const updated = await tx
    .update(guarantees)
    .set({ ...values(columns), lockVersion: sql`${guarantees.lockVersion} + 1`, updatedAt: sql`now()` })
    .where(and(eq(guarantees.id, id), eq(guarantees.lockVersion, lockVersion)))
    .returning({ id: guarantees.id });
  return updated.length > 0;
}

export async function deleteGuarantee(tx: Executor, id: string): Promise<void> {
  await tx.delete(guarantees).where(eq(guarantees.id, id));
}

/** Another guarantee already holds this number in this registry. */
export async function registrationTaken(
  tx: Executor,
  registry: GuaranteeRegistry,
  registrationNumber: string,
  exceptId: string | null,
): Promise<boolean> {
  const row = await selectRow<{ id: string }>(
    tx,
    sql`SELECT id FROM guarantees
         WHERE registry = ${registry} AND registration_number = ${registrationNumber}
           AND (${exceptId}::uuid IS NULL OR id <> ${exceptId}::uuid)
         LIMIT 1`,
  );
  return row !== undefined;
}

/** One of the company's owners, with what a guarantee keeps of them: name and address. */
export function companyOwner(
  tx: Executor,
  companyId: string,
  ownerId: string,
): Promise<{ name: string; address: string | null } | undefined> {
  return selectRow(
    tx,
    sql`SELECT name, nullif(concat_ws(', ', nullif(address, ''), nullif(city, ''), nullif(zip_code, '')), '') AS address
          FROM owners WHERE id = ${ownerId} AND company_id = ${companyId}`,
  );
}

/** The name of one of the company's documents, or undefined when it is not one. */
export async function companyDocumentName(tx: Executor, companyId: string, documentId: string) {
  const row = await selectRow<{ name: string }>(
    tx,
    sql`SELECT name FROM documents WHERE id = ${documentId} AND company_id = ${companyId}`,
  );
  return row?.name;
}

/* ------------------------------------------------------------------------------------------------
 * The portfolio's list
 * ---------------------------------------------------------------------------------------------- */

export interface PortfolioFilters {
  state: GuaranteeState | null;
  kind: GuaranteeKind | null;
  fundId: string | null;
  expiringWithinDays: number | null;
  toRelease: boolean;
}

export type PortfolioGuaranteeRow = GuaranteeRow & {
  companyName: string;
  fundId: string;
  fund: { fr: string; en: string };
  outstandingCents: number;
  loanSecuring: Array<{ state: GuaranteeState; amountCents: number | null; sharePercent: number | null }>;
};

/**
 * A registered guarantee whose loan is no longer owed (repaid, written off) or whose company's file is closed:
 * its mainlevée is to be given. The one SQL form of `releaseTaskWanted`, which the generator and the list read.
 */
export const TO_RELEASE = sql`g.state = 'registered' AND (
  EXISTS (SELECT 1 FROM loan_states s WHERE s.contribution_id = g.contribution_id
           AND s.status IN ('repaid', 'written_off'))
  OR EXISTS (SELECT 1 FROM companies cc JOIN statuses st ON st.id = cc.status_id
              WHERE cc.id = g.company_id AND st.key = 'closed'))`;

function portfolioWhere(filters: PortfolioFilters, today: string): SQL {
  const parts: SQL[] = [sql`TRUE`];
  if (filters.state) parts.push(sql`g.state = ${filters.state}`);
  if (filters.kind) parts.push(sql`g.kind = ${filters.kind}`);
  if (filters.fundId) parts.push(sql`f.contribution_fund_id = ${filters.fundId}`);
  if (filters.expiringWithinDays !== null) {
    parts.push(sql`g.state = 'registered' AND g.expires_on IS NOT NULL
      AND g.expires_on BETWEEN ${today}::date AND ${today}::date + ${filters.expiringWithinDays}::int`);
  }
  if (filters.toRelease) parts.push(TO_RELEASE);
  return sql.join(parts, sql` AND `);
}

/** A page of the portfolio's guarantees (`limit` null: all of them, for the CSV), soonest expiry first. */
export async function portfolioGuarantees(
  db: Executor,
  filters: PortfolioFilters,
  today: string,
  page: { limit: number | null; offset: number },
): Promise<{ rows: PortfolioGuaranteeRow[]; total: number }> {
  const where = portfolioWhere(filters, today);
  const rows = await selectRows<PortfolioGuaranteeRow>(
    db,
    sql`SELECT ${COLUMNS}, c.name AS "companyName", f.contribution_fund_id AS "fundId",
               json_build_object('fr', fu.name_fr, 'en', fu.name_en) AS fund,
               coalesce(s.outstanding_principal_cents, 0)::float8 AS "outstandingCents",
               (SELECT coalesce(json_agg(json_build_object('state', o.state, 'amountCents', o.amount_cents::float8,
                        'sharePercent', o.share_percent::float8)), '[]'::json)
                  FROM guarantees o WHERE o.contribution_id = g.contribution_id
                   AND o.state IN ('signed', 'registered')) AS "loanSecuring"
          FROM ${SOURCE}
          JOIN companies c ON c.id = g.company_id
          JOIN contribution_funds fu ON fu.id = f.contribution_fund_id
          LEFT JOIN loan_states s ON s.contribution_id = g.contribution_id
         WHERE ${where}
         ORDER BY g.expires_on NULLS LAST, c.name, f.loan_number, g.inserted_at, g.id
         ${page.limit === null ? sql`` : sql`LIMIT ${page.limit} OFFSET ${page.offset}`}`,
  );
  const [count] = await selectRows<{ total: number }>(
    db,
    sql`SELECT count(*)::int AS total FROM ${SOURCE} JOIN companies c ON c.id = g.company_id WHERE ${where}`,
  );
  return { rows, total: count?.total ?? 0 };
}

/* ------------------------------------------------------------------------------------------------
 * What other rooms read (the lead wires them)
 * ---------------------------------------------------------------------------------------------- */

/** A loan's guarantees as plain data, for the letters merged from Word templates (conventions, lettres d'offre). */
export function guaranteesOfLoan(tx: Executor, contributionId: string): Promise<GuaranteeRow[]> {
  return loanGuarantees(tx, contributionId);
}

/**
 * The company's guarantees still registered (published at a registry): a file cannot be destroyed under Law 25
 * while one is, since the mainlevée must be given first.
 */
export function registeredGuaranteesOf(tx: Executor, companyId: string): Promise<GuaranteeRow[]> {
  return selectRows<GuaranteeRow>(
    tx,
    sql`SELECT ${COLUMNS} FROM ${SOURCE} WHERE g.company_id = ${companyId} AND g.state = 'registered'
         ORDER BY f.loan_number, g.inserted_at`,
  );
}

/**
 * Erases the personal information the company's guarantees keep of their guarantors (name, address, the owner
 * they were), for the destruction of a closed file under Law 25; answers how many guarantees it changed. The
 * guarantees themselves stay, as the loan's record.
 */
export async function eraseGuarantorsOf(tx: Executor, companyId: string): Promise<number> {
  const rows = await selectRows<{ id: string }>(
    tx,
    sql`UPDATE guarantees SET guarantor_name = NULL, guarantor_address = NULL, guarantor_owner_id = NULL,
               lock_version = lock_version + 1, updated_at = now()
         WHERE company_id = ${companyId}
           AND (guarantor_name IS NOT NULL OR guarantor_address IS NOT NULL OR guarantor_owner_id IS NOT NULL)
        RETURNING id`,
  );
  return rows.length;
}
