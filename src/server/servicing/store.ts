import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../db/client';
import { outsidePipeline } from '../db/outside-pipeline';
import { forUpdate, selectRow, selectRows, type ReadOptions } from '../db/rows';
import { loanStates } from '../db/schema';
import {
  DEFAULT_BUCKETS,
  computeLoanFigures,
  loanTerms,
  toCents,
  type AgingBucket,
  type Amendment,
  type LoanFigures,
  type LoanInput,
  type LoanStatus,
  type LoanTerms,
  type TermsProblem,
} from '../../shared/servicing';
import type { Bilingual } from '../../shared/history';
import type { SecuringGuarantee } from '../../shared/guarantees/rules';
import type { DisbursementMethod, RepaymentMethod } from '../../shared/schemas/servicing';
import type { AmendmentKind, RepaymentKind } from '../../shared/servicing/types';
import type { ContributionTerms } from '../../shared/servicing/terms';

/*
 * Loan servicing's SQL (docs/decisions/0036): a loan locked for a write, its recorded entries, and its row of
 * figures (`loan_states`) written in the transaction of every write and recomputed when read after the day
 * it holds until. Every figure is the shared computation's (src/shared/servicing); nothing here computes one.
 */

/* ------------------------------------------------------------------------------------------------
 * A loan and its entries.
 * ---------------------------------------------------------------------------------------------- */

/** A loan with its contribution's terms as stored (dollars, possibly missing). */
export interface LoanRow extends ContributionTerms {
  id: string;
  companyId: string;
  /** Its company is archived (its live loans still count, docs/decisions/0060). */
  companyArchived: boolean;
  loanNumber: string;
  fundId: string;
  fund: Bilingual;
  projectName: string | null;
  /** The resolution that authorized it, and whether no decision created it (docs/decisions/0066). */
  resolutionNumber: string | null;
  resolutionDate: string | null;
  outsidePipeline: boolean;
  /** What its signed and registered guarantees secure, for its coverage (docs/decisions/0072). */
  securingGuarantees: SecuringGuarantee[];
}

export type RawLoan = Omit<LoanRow, 'amount' | 'rate'> & { amount: string | null; rate: string | null };

/** A loan's columns as `RawLoan` names them (`f` its contribution, `fu` its fund): a select list, or drizzle's fields. */
const loanFields = {
  id: sql`f.id`,
  companyId: sql`f.company_id`,
  companyArchived: sql`EXISTS (SELECT 1 FROM companies ca WHERE ca.id = f.company_id AND ca.archived_at IS NOT NULL)`,
  loanNumber: sql`f.loan_number`,
  fundId: sql`f.contribution_fund_id`,
  fund: sql`json_build_object('fr', fu.name_fr, 'en', fu.name_en)`,
  projectName: sql`f.project_name`,
  amount: sql`f.amount::text`,
  rate: sql`f.rate::text`,
  amortization: sql`f.amortization`,
  moratorium: sql`f.moratorium`,
  authorizationDate: sql`f.authorization_date::text`,
  resolutionNumber: sql`f.resolution_number`,
  resolutionDate: sql`f.resolution_date::text`,
  outsidePipeline: outsidePipeline(sql`f.id`),
  securingGuarantees: sql`(SELECT coalesce(json_agg(json_build_object('state', g.state,
      'amountCents', g.amount_cents::float8, 'sharePercent', g.share_percent::float8)), '[]'::json)
      FROM guarantees g WHERE g.contribution_id = f.id AND g.state IN ('signed', 'registered'))`,
} satisfies Record<keyof RawLoan, SQL>;

/** Named expressions as a select list: `expression AS "name"`, each. */
const selectList = (fields: Record<string, SQL>): SQL =>
  sql.join(
    Object.entries(fields).map(([name, expression]) => sql`${expression} AS ${sql.identifier(name)}`),
    sql`, `,
  );

export const loanColumns = selectList(loanFields);
/** A loan's row with its fund's names. */
const loanSource = sql`financial_contributions f JOIN contribution_funds fu ON fu.id = f.contribution_fund_id`;

export const loanOf = (row: RawLoan): LoanRow => ({
  ...row,
  amount: row.amount === null ? null : Number(row.amount),
  rate: row.rate === null ? null : Number(row.rate),
});

/**
 * One loan of one company; with `lock`, its row is locked until the transaction ends, so that two writes on
 * the same loan (two people recording a payment at once) take turns and the second sees the first.
 */
export async function findLoan(
  db: Executor,
  companyId: string,
  id: string,
  options: ReadOptions = {},
): Promise<LoanRow | undefined> {
  if (options.lock) await lockCompanies(db, sql`SELECT ${companyId}::uuid`);
  const row = await selectRow<RawLoan>(
    db,
    sql`SELECT ${loanColumns}
          FROM ${loanSource}
         WHERE f.id = ${id} AND f.company_id = ${companyId}`,
    options,
    'f',
  );
  return row && loanOf(row);
}

/** Every loan of a company, in the order of its file. */
/** Whether a company of that id exists (archived or not). */
export async function companyExists(db: Executor, companyId: string): Promise<boolean> {
  const rows = await selectRows(db, sql`SELECT 1 FROM companies WHERE id = ${companyId}`);
  return rows.length > 0;
}

export async function findCompanyLoans(db: Executor, companyId: string): Promise<LoanRow[]> {
  const rows = await selectRows<RawLoan>(
    db,
    sql`SELECT ${loanColumns}
          FROM ${loanSource}
         WHERE f.company_id = ${companyId}
         ORDER BY f.inserted_at, f.seq`,
  );
  return rows.map(loanOf);
}

/**
 * The one lock order of every write that touches a company and its loans (docs/decisions/0060): the companies
 * first, in id order, then the loans, in id order. A company save locks its company then its loans; a servicing
 * write, which reaches its company through the foreign keys of what it inserts, takes the company's key-share
 * lock here before its loans', so neither holds a loan while waiting for a company the other holds.
 */
async function lockCompanies(db: Executor, ids: SQL): Promise<void> {
  await selectRows(db, sql`SELECT id FROM companies WHERE id IN (${ids}) ORDER BY id FOR KEY SHARE`);
}

/** A loan holding money now (its figures say active), on `financial_contributions f`: docs/decisions/0060. */
export const LIVE_LOAN = sql`EXISTS (SELECT 1 FROM loan_states live
                                      WHERE live.contribution_id = f.id AND live.status = 'active')`;

/** The loans `where` names, in id order; with `lock`, locked until the transaction ends (their companies first). */
async function findLoans(db: Executor, where: SQL, options: ReadOptions = {}): Promise<LoanRow[]> {
  if (options.lock) await lockCompanies(db, sql`SELECT f.company_id FROM ${loanSource} WHERE ${where}`);
  const rows = await selectRows<RawLoan>(
    db,
    sql`SELECT ${loanColumns}
          FROM ${loanSource}
         WHERE ${where}
         ORDER BY f.id
         ${forUpdate(options, 'f')}`,
  );
  return rows.map(loanOf);
}

/** The loans named, in id order, not locked (a read that writes nothing). */
export const findLoansWhere = (db: Executor, where: SQL): Promise<LoanRow[]> => findLoans(db, where);

/** The loans named, locked in id order after their companies (the order every write takes, so none waits on another in a circle). */
export const lockLoans = (tx: Tx, where: SQL): Promise<LoanRow[]> => findLoans(tx, where, { lock: true });

/**
 * The loans holding a repayment received in a period, with their company's reference and name, in batches of
 * `size` (the export reads a period of any length without holding every loan's entries at once).
 */
export async function* loansRepaidIn(
  db: Executor,
  period: { from: string; to: string },
  size: number,
): AsyncGenerator<{ loan: LoanRow; companyReference: string; companyName: string }[]> {
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const batch = await selectRows<{ id: string; companyReference: string; companyName: string }>(
      db,
      sql`SELECT f.id, c.reference_number AS "companyReference", c.name AS "companyName"
            FROM financial_contributions f JOIN companies c ON c.id = f.company_id
           WHERE f.id > ${after}::uuid
             AND EXISTS (SELECT 1 FROM repayments p WHERE p.contribution_id = f.id
                          AND p.received_on BETWEEN ${period.from}::date AND ${period.to}::date)
           ORDER BY f.id LIMIT ${size}`,
    );
    if (batch.length === 0) return;
    const loans = await findLoans(db, sql`f.id = ANY(${idList(batch.map((row) => row.id))})`);
    const company = new Map(batch.map((row) => [row.id, row]));
    yield loans.map((loan) => ({
      loan,
      companyReference: company.get(loan.id)!.companyReference,
      companyName: company.get(loan.id)!.companyName,
    }));
    if (batch.length < size) return;
    after = batch.at(-1)!.id;
  }
}

/**
 * The loans of a fund whose write-off in force is dated in a period, each with its entries: what the fund's
 * written-off figures are computed from (the loan's own figures, never the amounts its write-off row kept).
 */
export async function loansWrittenOffIn(
  db: Executor,
  query: { fundId: string; from: string; to: string },
): Promise<{ loan: LoanRow; entries: LoanEntries }[]> {
  const loans = await findLoans(
    db,
    sql`f.contribution_fund_id = ${query.fundId}
        AND EXISTS (SELECT 1 FROM write_offs w WHERE w.contribution_id = f.id AND w.undone_at IS NULL
                       AND w.date BETWEEN ${query.from}::date AND ${query.to}::date)`,
  );
  const entries = await readEntries(
    db,
    loans.map((loan) => loan.id),
  );
  return loans.map((loan) => ({ loan, entries: entries.get(loan.id)! }));
}

/** The loan's terms in cents, or why it has none. */
export const termsOf = (loan: LoanRow): { ok: true; terms: LoanTerms } | { ok: false; problems: TermsProblem[] } =>
  loanTerms(loan);

interface Person {
  authorId: string | null;
  authorName: string | null;
  insertedAt: string;
  /** The second person who approved the move that made it, and when (docs/decisions/0067); null: none needed. */
  approval: { byName: string | null; at: string } | null;
}

interface Reversal {
  reversedAt: string;
  reversedById: string | null;
  reversedByName: string | null;
  reason: string;
}

export interface DisbursementRow extends Person {
  id: string;
  contributionId: string;
  date: string;
  amountCents: number;
  method: DisbursementMethod;
  reference: string | null;
  note: string | null;
  reversal: Reversal | null;
}

export interface RepaymentRow extends Person {
  id: string;
  contributionId: string;
  receivedOn: string;
  amountCents: number;
  method: RepaymentMethod;
  kind: RepaymentKind;
  reference: string | null;
  importId: string | null;
  reversal: Reversal | null;
}

export interface AmendmentRow extends Person {
  id: string;
  contributionId: string;
  effectiveDate: string;
  kind: AmendmentKind;
  months: number | null;
  rate: number | null;
  reason: string;
  bulkActionId: string | null;
  reversal: Reversal | null;
}

export interface WriteOffRow extends Person {
  id: string;
  contributionId: string;
  date: string;
  principalCents: number;
  interestCents: number;
  reason: string;
  undone: { undoneAt: string; undoneById: string | null; undoneByName: string | null; reason: string } | null;
}

export interface LoanEntries {
  disbursements: DisbursementRow[];
  repayments: RepaymentRow[];
  amendments: AmendmentRow[];
  /** Every write-off, undone ones too, oldest first. */
  writeOffs: WriteOffRow[];
}

/** A person's name as the lists show it, from the users row aliased `alias`; null once the account is gone. */
export const personName = (alias: string) =>
  `coalesce(nullif(trim(concat_ws(' ', ${alias}.first_name, ${alias}.last_name)), ''), ${alias}.email)`;
const isoInstant = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
/** Who recorded the row of `table` (joined as `a`), and when: key/value pairs of a `json_build_object`. */
const whoPairs = (table: string) =>
  `'authorId', ${table}.author_id, 'authorName', ${personName('a')}, 'insertedAt', ${isoInstant(`${table}.inserted_at`)},
   'approval', ${approvalOf(table)}`;
/** The approval of the controlled move that made the row of `table` (docs/decisions/0067), as JSON or null. */
const approvalOf = (table: string) =>
  `(SELECT json_build_object('byName', ${personName('ua')}, 'at', ${isoInstant('ap.decided_at')})
      FROM approvals ap LEFT JOIN users ua ON ua.id = ap.decided_by_id
     WHERE ap.entry_id = ${table}.id AND ap.state = 'approved' ORDER BY ap.decided_at DESC LIMIT 1)`;
/** Its correction (the person joined as `r`), as one JSON value or null. */
const correctionPair = (table: string, at: string, by: string, reason: string) =>
  `'correction', CASE WHEN ${table}.${at} IS NULL THEN NULL ELSE json_build_object(
      'at', ${isoInstant(`${table}.${at}`)}, 'byId', ${table}.${by}, 'byName', ${personName('r')},
      'reason', ${table}.${reason}) END`;

type Correction = { at: string; byId: string | null; byName: string | null; reason: string } | null;
const reversalOf = (c: Correction): Reversal | null =>
  c && { reversedAt: c.at, reversedById: c.byId, reversedByName: c.byName, reason: c.reason };

const idList = (ids: readonly string[]) =>
  sql`ARRAY[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::uuid[]`;

/** One kind of entry of the loan whose id is `loan` (an SQL expression), as a JSON array in the order they count. */
const entryArray = (loan: string, table: string, alias: string, pairs: string, by: string, order: string) =>
  `(SELECT coalesce(json_agg(json_build_object(${pairs}) ORDER BY ${order}), '[]'::json)
      FROM ${table} ${alias} LEFT JOIN users a ON a.id = ${alias}.author_id LEFT JOIN users r ON r.id = ${alias}.${by}
     WHERE ${alias}.contribution_id = ${loan})`;

/**
 * Every entry of the loan whose id is `loan`, as four JSON columns (`entriesOf` reads them): a loan and all it
 * records come in one statement, where four statements were one round trip each (ADR 0046).
 */
const entryFields = (loan: string) =>
  ({
    disbursements: sql.raw(
      entryArray(
        loan,
        'disbursements',
        'd',
        `'id', d.id, 'contributionId', d.contribution_id, 'date', d.date::text, 'amountCents', d.amount_cents::float8,
         'method', d.method, 'reference', d.reference, 'note', d.note, ${whoPairs('d')},
         ${correctionPair('d', 'reversed_at', 'reversed_by_id', 'reversal_reason')}`,
        'reversed_by_id',
        'd.date, d.seq',
      ),
    ),
    repayments: sql.raw(
      entryArray(
        loan,
        'repayments',
        'p',
        `'id', p.id, 'contributionId', p.contribution_id, 'receivedOn', p.received_on::text,
         'amountCents', p.amount_cents::float8, 'method', p.method, 'kind', p.kind, 'reference', p.reference,
         'importId', p.import_id, ${whoPairs('p')}, ${correctionPair('p', 'reversed_at', 'reversed_by_id', 'reversal_reason')}`,
        'reversed_by_id',
        'p.received_on, p.seq',
      ),
    ),
    amendments: sql.raw(
      entryArray(
        loan,
        'term_amendments',
        'm',
        `'id', m.id, 'contributionId', m.contribution_id, 'effectiveDate', m.effective_date::text, 'kind', m.kind,
         'months', m.months, 'rate', m.rate::text, 'reason', m.reason, 'bulkActionId', m.bulk_action_id,
         ${whoPairs('m')}, ${correctionPair('m', 'reversed_at', 'reversed_by_id', 'reversal_reason')}`,
        'reversed_by_id',
        'm.effective_date, m.seq',
      ),
    ),
    writeOffs: sql.raw(
      entryArray(
        loan,
        'write_offs',
        'w',
        `'id', w.id, 'contributionId', w.contribution_id, 'date', w.date::text,
         'principalCents', w.principal_cents::float8, 'interestCents', w.interest_cents::float8, 'reason', w.reason,
         ${whoPairs('w')}, ${correctionPair('w', 'undone_at', 'undone_by_id', 'undo_reason')}`,
        'undone_by_id',
        'w.inserted_at, w.id',
      ),
    ),
  }) satisfies Record<keyof RawEntries, SQL>;

type WithCorrection<T> = T & { correction: Correction };
/** The four JSON columns of `entryFields`, as read. */
interface RawEntries {
  disbursements: WithCorrection<Omit<DisbursementRow, 'reversal'>>[];
  repayments: WithCorrection<Omit<RepaymentRow, 'reversal'>>[];
  amendments: WithCorrection<Omit<AmendmentRow, 'reversal' | 'rate'> & { rate: string | null }>[];
  writeOffs: WithCorrection<Omit<WriteOffRow, 'undone'>>[];
}

function entriesOf(raw: RawEntries): LoanEntries {
  return {
    disbursements: raw.disbursements.map(({ correction, ...row }) => ({ ...row, reversal: reversalOf(correction) })),
    repayments: raw.repayments.map(({ correction, ...row }) => ({ ...row, reversal: reversalOf(correction) })),
    amendments: raw.amendments.map(({ correction, rate, ...row }) => ({
      ...row,
      rate: rate === null ? null : Number(rate),
      reversal: reversalOf(correction),
    })),
    writeOffs: raw.writeOffs.map(({ correction, ...row }) => ({
      ...row,
      undone: correction && {
        undoneAt: correction.at,
        undoneById: correction.byId,
        undoneByName: correction.byName,
        reason: correction.reason,
      },
    })),
  };
}

/** Every entry recorded on these loans, in the order they count: by date, then as recorded. One statement. */
export async function readEntries(db: Executor, ids: readonly string[]): Promise<Map<string, LoanEntries>> {
  const byLoan = new Map<string, LoanEntries>();
  if (ids.length === 0) return byLoan;
  const rows = await selectRows<RawEntries & { id: string }>(
    db,
    sql`SELECT l.id, ${selectList(entryFields('l.id'))} FROM unnest(${idList(ids)}) AS l(id)`,
  );
  for (const { id, ...raw } of rows) byLoan.set(id, entriesOf(raw));
  return byLoan;
}

/**
 * The read of one loan with its entries, prepared once per database (or transaction): PostgreSQL plans its four
 * correlated aggregates in about as long as it runs them (2.0 and 2.3 ms at 100 000 companies), so a prepared
 * statement spares the planning on every read of a loan after the first few (bench/README.md, Results).
 */
const loanWithEntries = (db: Executor) =>
  db
    .select({ ...loanFields, ...entryFields('f.id') })
    .from(loanSource)
    .where(sql`f.id = ${sql.placeholder('id')} AND f.company_id = ${sql.placeholder('companyId')}`)
    .prepare('loan_with_entries');
const preparedLoans = new WeakMap<Executor, ReturnType<typeof loanWithEntries>>();

/**
 * One loan of one company with every entry recorded on it, in one statement: what a read of one loan needs
 * (a write locks the loan first, `findLoan`, then reads its entries: they must be read after the lock is held).
 */
export async function findLoanWithEntries(
  db: Executor,
  companyId: string,
  id: string,
): Promise<{ loan: LoanRow; entries: LoanEntries } | undefined> {
  let prepared = preparedLoans.get(db);
  if (!prepared) {
    prepared = loanWithEntries(db);
    preparedLoans.set(db, prepared);
  }
  const [row] = (await prepared.execute({ id, companyId })) as unknown as (RawLoan & RawEntries)[];
  if (!row) return undefined;
  const { disbursements, repayments, amendments, writeOffs, ...loan } = row;
  return { loan: loanOf(loan), entries: entriesOf({ disbursements, repayments, amendments, writeOffs }) };
}

/** The write-off in force: the one not undone. */
export const writeOffInForce = (entries: LoanEntries): WriteOffRow | null =>
  entries.writeOffs.find((w) => w.undone === null) ?? null;

/** The aging buckets in force. The default ones until an administrator's are kept (docs/decisions/0036). */
export async function currentBuckets(_db: Executor): Promise<readonly AgingBucket[]> {
  return DEFAULT_BUCKETS;
}

/** What the computation reads of a loan, as of `asOf`: its terms and every entry recorded. */
export function loanInputOf(
  terms: LoanTerms,
  entries: LoanEntries,
  asOf: string,
  buckets: readonly AgingBucket[],
): LoanInput {
  const writeOff = writeOffInForce(entries);
  return {
    terms,
    disbursements: entries.disbursements.map((d) => ({
      id: d.id,
      date: d.date,
      amount: d.amountCents,
      reversed: d.reversal !== null,
    })),
    repayments: entries.repayments.map((p) => ({
      id: p.id,
      receivedOn: p.receivedOn,
      amount: p.amountCents,
      kind: p.kind,
      reversed: p.reversal !== null,
    })),
    amendments: entries.amendments.map((m): Amendment =>
      m.kind === 'rate_change'
        ? { id: m.id, effectiveDate: m.effectiveDate, kind: m.kind, rate: m.rate!, reversed: m.reversal !== null }
        : { id: m.id, effectiveDate: m.effectiveDate, kind: m.kind, months: m.months!, reversed: m.reversal !== null },
    ),
    writeOff: writeOff && { date: writeOff.date },
    buckets,
    asOf,
  };
}

/* ------------------------------------------------------------------------------------------------
 * Each loan's row of figures.
 * ---------------------------------------------------------------------------------------------- */

/** What a loan's row says: the computation's status and figures, or none when its terms make no schedule. */
export type LoanState =
  | { status: LoanStatus; figures: LoanFigures; startDate: string | null }
  | { status: 'not_disbursed'; figures: null; startDate: null };

/** A loan's figures as of `asOf` from its stored terms and entries (a loan without terms: not disbursed, nothing). */
export function computeState(
  loan: LoanRow,
  entries: LoanEntries,
  asOf: string,
  buckets: readonly AgingBucket[],
): LoanState {
  const terms = termsOf(loan);
  if (!terms.ok) return { status: 'not_disbursed', figures: null, startDate: null };
  const input = loanInputOf(terms.terms, entries, asOf, buckets);
  return { ...computeLoanFigures(input), startDate: startDateOf(input) };
}

/** The first disbursement counted as of the input's date (the computation's `startDate`, without its installments). */
function startDateOf(input: LoanInput): string | null {
  let first: string | null = null;
  for (const d of input.disbursements) {
    if (!d.reversed && d.date <= input.asOf && (first === null || d.date < first)) first = d.date;
  }
  return first;
}

/** A loan's row of `loan_states`, as of `asOf`. */
function loanStateValues(loan: LoanRow, state: LoanState, asOf: string): typeof loanStates.$inferInsert {
  const f = state.figures;
  const amountCents = loan.amount === null ? 0 : toCents(loan.amount);
  return {
    contributionId: loan.id,
    status: state.status,
    hasTerms: f !== null,
    asOf,
    holdsUntil: f ? f.nextChangeOn : null,
    startDate: state.startDate,
    disbursedCents: f?.disbursed ?? 0,
    // A loan without terms has paid nothing out: all of its amount is still to be disbursed.
    undisbursedCents: f ? f.undisbursed : Math.max(amountCents, 0),
    outstandingPrincipalCents: f?.outstandingPrincipal ?? 0,
    arrearsPrincipalCents: f?.arrearsPrincipal ?? 0,
    arrearsInterestCents: f?.arrearsInterest ?? 0,
    dueTodayPrincipalCents: f?.dueTodayPrincipal ?? 0,
    dueTodayInterestCents: f?.dueTodayInterest ?? 0,
    paidInAdvanceCents: f?.paidInAdvance ?? 0,
    interestFallenDueCents: f?.interestFallenDue ?? 0,
    capitalisedInterestCents: f?.capitalisedInterest ?? 0,
    interestPaidCents: f?.interestPaid ?? 0,
    principalRepaidCents: f?.principalRepaid ?? 0,
    writtenOffPrincipalCents: f?.writtenOffPrincipal ?? 0,
    writtenOffInterestCents: f?.writtenOffInterest ?? 0,
    recoveredCents: f?.recovered ?? 0,
    receivedCents: f?.received ?? 0,
    appliedCents: f?.applied ?? 0,
    overpaidCents: f?.overpaid ?? 0,
    payoffCents: f?.payoffAmount ?? 0,
    levelPaymentCents: f?.levelPayment ?? null,
    daysPastDue: f?.daysPastDue ?? 0,
    overdueSince: f?.overdueSince ?? null,
    bucket: f?.bucket ?? null,
    updatedAt: new Date(),
  };
}

/** Every column of `loan_states` but its key, set from the row proposed: what an upsert of many rows updates. */
const LOAN_STATE_UPDATE = Object.fromEntries(
  Object.entries(getTableColumns(loanStates))
    .filter(([key]) => key !== 'contributionId')
    .map(([key, column]) => [key, sql.raw(`excluded.${column.name}`)]),
);

/** Writes these loans' rows (inserted if missing), as of `asOf`, in one statement. */
async function writeLoanStateRows(tx: Executor, rows: (typeof loanStates.$inferInsert)[]): Promise<void> {
  if (rows.length === 0) return;
  await tx
    .insert(loanStates)
    .values(rows)
    .onConflictDoUpdate({ target: loanStates.contributionId, set: LOAN_STATE_UPDATE });
}

/** Writes a loan's row (inserted if missing), as of `asOf`. */
export async function writeLoanState(tx: Executor, loan: LoanRow, state: LoanState, asOf: string): Promise<void> {
  await writeLoanStateRows(tx, [loanStateValues(loan, state, asOf)]);
}

/** Recomputes and writes the rows of loans already locked by the caller, from their entries as stored. */
export async function writeLoanStates(tx: Tx, loans: readonly LoanRow[], asOf: string): Promise<void> {
  if (loans.length === 0) return;
  const buckets = await currentBuckets(tx);
  const entries = await readEntries(
    tx,
    loans.map((loan) => loan.id),
  );
  await writeLoanStateRows(
    tx,
    loans.map((loan) => loanStateValues(loan, computeState(loan, entries.get(loan.id)!, asOf, buckets), asOf)),
  );
}

/** Rows that do not hold on `today`: computed for an earlier day that has since passed its `holds_until`. */
const staleWhere = (today: string) =>
  sql`(s.holds_until IS NOT NULL AND s.holds_until <= ${today}::date) OR s.as_of > ${today}::date`;

/** Loans refreshed per transaction: a few hundred keeps each lock short. */
const REFRESH_BATCH = 500;

/**
 * Makes the rows of these loans (all loans when `ids` is absent) hold on `today`: each stale row is recomputed
 * from the loan's entries and written, in batches, each batch locking its loans in id order. Every read of
 * `loan_states` calls it first, so no figure is served past the day it held until (docs/decisions/0036).
 * Answers how many rows were recomputed.
 */
export async function freshLoanStates(db: Db, today: string, ids?: readonly string[]): Promise<number> {
  let done = 0;
  const among = ids ? sql`AND s.contribution_id = ANY(${idList(ids)})` : sql``;
  if (ids && ids.length === 0) return 0;
  for (;;) {
    const stale = await selectRows<{ id: string }>(
      db,
      sql`SELECT s.contribution_id AS id FROM loan_states s WHERE (${staleWhere(today)}) ${among}
           ORDER BY s.contribution_id LIMIT ${REFRESH_BATCH}`,
    );
    if (stale.length === 0) return done;
    await db.transaction(async (tx) => {
      // Locked, then asked again: another process may have refreshed some meanwhile.
      const loans = await lockLoans(
        tx,
        sql`f.id = ANY(${idList(stale.map((row) => row.id))})
            AND EXISTS (SELECT 1 FROM loan_states s WHERE s.contribution_id = f.id AND (${staleWhere(today)}))`,
      );
      await writeLoanStates(tx, loans, today);
      done += loans.length;
    });
    if (stale.length < REFRESH_BATCH) return done;
  }
}

/* ------------------------------------------------------------------------------------------------
 * Writes: each inside the caller's transaction, on a loan it has locked.
 * ---------------------------------------------------------------------------------------------- */

const returningId = async (tx: Tx, query: SQL): Promise<string> => {
  const [row] = await selectRows<{ id: string }>(tx, query);
  return row!.id;
};

export const insertDisbursement = (
  tx: Tx,
  values: Pick<DisbursementRow, 'contributionId' | 'date' | 'amountCents' | 'method' | 'reference' | 'note'> & {
    authorId: string;
  },
) =>
  returningId(
    tx,
    sql`INSERT INTO disbursements (contribution_id, date, amount_cents, method, reference, note, author_id)
        VALUES (${values.contributionId}, ${values.date}, ${values.amountCents}, ${values.method}, ${values.reference},
                ${values.note}, ${values.authorId})
        RETURNING id`,
  );

export interface NewRepayment extends Pick<
  RepaymentRow,
  'contributionId' | 'receivedOn' | 'amountCents' | 'method' | 'kind' | 'reference'
> {
  authorId: string;
  importId?: string | null;
  importKey?: string | null;
}

/** Rows per INSERT of an import: within PostgreSQL's 65 535 parameters (9 each). */
const REPAYMENT_BATCH = 2000;

/** Inserts repayments in the order given (their `seq` keeps it); answers their ids in that order. */
export async function insertRepayments(tx: Tx, rows: readonly NewRepayment[]): Promise<string[]> {
  const ids: string[] = [];
  for (let start = 0; start < rows.length; start += REPAYMENT_BATCH) {
    const values = rows.slice(start, start + REPAYMENT_BATCH).map(
      (r) =>
        sql`(${r.contributionId}::uuid, ${r.receivedOn}::date, ${r.amountCents}::bigint, ${r.method}, ${r.kind},
             ${r.reference}, ${r.authorId}::uuid, ${r.importId ?? null}::uuid, ${r.importKey ?? null})`,
    );
    const inserted = await selectRows<{ id: string }>(
      tx,
      sql`INSERT INTO repayments (contribution_id, received_on, amount_cents, method, kind, reference, author_id,
                                  import_id, import_key)
          VALUES ${sql.join(values, sql`, `)}
          RETURNING id`,
    );
    ids.push(...inserted.map((row) => row.id));
  }
  return ids;
}

/** What one loan's amendment and a fund's blanket one both record (migration 0019_servicing). */
interface AmendmentValues {
  effectiveDate: string;
  kind: AmendmentKind;
  months: number | null;
  rate: number | null;
  reason: string;
  authorId: string;
}

export const insertAmendment = (
  tx: Tx,
  values: AmendmentValues & { contributionId: string; bulkActionId: string | null },
) =>
  returningId(
    tx,
    sql`INSERT INTO term_amendments (contribution_id, effective_date, kind, months, rate, reason, bulk_action_id, author_id)
        VALUES (${values.contributionId}, ${values.effectiveDate}, ${values.kind}, ${values.months}, ${values.rate},
                ${values.reason}, ${values.bulkActionId}, ${values.authorId})
        RETURNING id`,
  );

export const insertBulkAmendment = (tx: Tx, values: AmendmentValues & { fundId: string; loansCount: number }) =>
  returningId(
    tx,
    sql`INSERT INTO bulk_term_amendments (fund_id, effective_date, kind, months, rate, reason, loans_count, author_id)
        VALUES (${values.fundId}, ${values.effectiveDate}, ${values.kind}, ${values.months}, ${values.rate},
                ${values.reason}, ${values.loansCount}, ${values.authorId})
        RETURNING id`,
  );

export const insertWriteOff = (
  tx: Tx,
  values: {
    contributionId: string;
    date: string;
    principalCents: number;
    interestCents: number;
    reason: string;
    authorId: string;
  },
) =>
  returningId(
    tx,
    sql`INSERT INTO write_offs (contribution_id, date, principal_cents, interest_cents, reason, author_id)
        VALUES (${values.contributionId}, ${values.date}, ${values.principalCents}, ${values.interestCents},
                ${values.reason}, ${values.authorId})
        RETURNING id`,
  );

const REVERSIBLE = {
  disbursement: sql.raw('disbursements'),
  repayment: sql.raw('repayments'),
  amendment: sql.raw('term_amendments'),
} as const;
export type ReversibleKind = keyof typeof REVERSIBLE;

/**
 * Sets an entry's reversal, once: false when it was reversed already (or meanwhile), in which case nothing
 * changed. Only this and undoing a write-off ever change recorded money (migration `servicing_guards`).
 */
export async function reverseEntry(
  tx: Tx,
  kind: ReversibleKind,
  values: { id: string; contributionId: string; reason: string; authorId: string },
): Promise<boolean> {
  const rows = await selectRows<{ id: string }>(
    tx,
    sql`UPDATE ${REVERSIBLE[kind]}
           SET reversed_at = now(), reversed_by_id = ${values.authorId}, reversal_reason = ${values.reason}
         WHERE id = ${values.id} AND contribution_id = ${values.contributionId} AND reversed_at IS NULL
         RETURNING id`,
  );
  return rows.length > 0;
}

/** Undoes the write-off in force; false when there is none. */
export async function undoWriteOff(
  tx: Tx,
  values: { contributionId: string; reason: string; authorId: string },
): Promise<boolean> {
  const rows = await selectRows<{ id: string }>(
    tx,
    sql`UPDATE write_offs SET undone_at = now(), undone_by_id = ${values.authorId}, undo_reason = ${values.reason}
         WHERE contribution_id = ${values.contributionId} AND undone_at IS NULL
         RETURNING id`,
  );
  return rows.length > 0;
}

/* ------------------------------------------------------------------------------------------------
 * Reading the rows of figures.
 * ---------------------------------------------------------------------------------------------- */

/** A row of `loan_states` as the computation's figures, as of `today` (a day it holds on). */
export interface StoredLoanState {
  contributionId: string;
  status: LoanStatus;
  hasTerms: boolean;
  startDate: string | null;
  figures: LoanFigures;
}

/**
 * The rows of these loans as of `today`, made to hold first (`freshLoanStates`). A row holds on every day
 * before its `holds_until`: every figure is as stored but days past due, which is today − `overdue_since`.
 * This is the one reader of the table in the API; the portfolio's aggregates do the same in SQL.
 */
export async function readLoanStates(
  db: Db,
  today: string,
  ids: readonly string[],
): Promise<Map<string, StoredLoanState>> {
  const found = new Map<string, StoredLoanState>();
  if (ids.length === 0) return found;
  await freshLoanStates(db, today, ids);
  const rows = await selectRows<{
    contributionId: string;
    status: LoanStatus;
    hasTerms: boolean;
    startDate: string | null;
    daysPastDue: number;
    overdueSince: string | null;
    holdsUntil: string | null;
    bucket: string | null;
    cents: Record<string, number | null>;
  }>(
    db,
    sql`SELECT s.contribution_id AS "contributionId", s.status, s.has_terms AS "hasTerms",
               s.start_date::text AS "startDate",
               CASE WHEN s.overdue_since IS NULL THEN s.days_past_due
                    ELSE (${today}::date - s.overdue_since) END AS "daysPastDue",
               s.overdue_since::text AS "overdueSince", s.holds_until::text AS "holdsUntil", s.bucket,
               json_build_object(
                 'disbursed', s.disbursed_cents, 'undisbursed', s.undisbursed_cents,
                 'interestFallenDue', s.interest_fallen_due_cents, 'capitalisedInterest', s.capitalised_interest_cents,
                 'interestPaid', s.interest_paid_cents, 'principalRepaid', s.principal_repaid_cents,
                 'outstandingPrincipal', s.outstanding_principal_cents,
                 'arrearsPrincipal', s.arrears_principal_cents, 'arrearsInterest', s.arrears_interest_cents,
                 'dueTodayPrincipal', s.due_today_principal_cents, 'dueTodayInterest', s.due_today_interest_cents,
                 'paidInAdvance', s.paid_in_advance_cents,
                 'writtenOffPrincipal', s.written_off_principal_cents, 'writtenOffInterest', s.written_off_interest_cents,
                 'recovered', s.recovered_cents, 'received', s.received_cents, 'applied', s.applied_cents,
                 'overpaid', s.overpaid_cents, 'payoffAmount', s.payoff_cents, 'levelPayment', s.level_payment_cents
               ) AS cents
          FROM loan_states s WHERE s.contribution_id = ANY(${idList(ids)})`,
  );
  for (const { cents, ...row } of rows) {
    const money = (key: string) => Number(cents[key] ?? 0);
    found.set(row.contributionId, {
      contributionId: row.contributionId,
      status: row.status,
      hasTerms: row.hasTerms,
      startDate: row.startDate,
      figures: {
        disbursed: money('disbursed'),
        undisbursed: money('undisbursed'),
        interestFallenDue: money('interestFallenDue'),
        capitalisedInterest: money('capitalisedInterest'),
        interestPaid: money('interestPaid'),
        principalRepaid: money('principalRepaid'),
        outstandingPrincipal: money('outstandingPrincipal'),
        arrearsPrincipal: money('arrearsPrincipal'),
        arrearsInterest: money('arrearsInterest'),
        dueTodayPrincipal: money('dueTodayPrincipal'),
        dueTodayInterest: money('dueTodayInterest'),
        paidInAdvance: money('paidInAdvance'),
        daysPastDue: row.daysPastDue,
        overdueSince: row.overdueSince,
        bucket: row.bucket,
        writtenOffPrincipal: money('writtenOffPrincipal'),
        writtenOffInterest: money('writtenOffInterest'),
        recovered: money('recovered'),
        received: money('received'),
        applied: money('applied'),
        overpaid: money('overpaid'),
        payoffAmount: money('payoffAmount'),
        levelPayment: cents['levelPayment'] == null ? null : Number(cents['levelPayment']),
        nextChangeOn: row.holdsUntil,
      },
    });
  }
  return found;
}
