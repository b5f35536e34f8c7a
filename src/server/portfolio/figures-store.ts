import { sql, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '../db/client';
import { selectRows } from '../db/rows';
import {
  LIVE_LOAN,
  computeState,
  freshLoanStates,
  loanColumns,
  loanInputOf,
  loanOf,
  readEntries,
  termsOf,
  type LoanRow,
  type RawLoan,
} from '../servicing/store';
import type { ListSnapshots } from '../platform/lists/list-snapshots';
import type { AgingAnswer, ParAnswer } from '../../shared/schemas/portfolio-figures';
import { agingAnswer, fundsAnswer, parAnswer } from './figures';
import { readBuckets } from '../servicing/buckets';
import { todayIso } from '../../shared/portfolio/schedule';
import type { Locale } from '../../shared/constants';
import {
  computeLoan,
  loanCollections,
  type AgingBucket,
  type LoanCollections,
  type LoanStatus,
} from '../../shared/servicing';

/*
 * The portfolio's figures in SQL (docs/decisions/0037). Every figure of the aging table, PAR, the arrears rate,
 * the funds and the dashboard is a sum over the loans' figures as the shared computation gives them: from the
 * rows of `loan_states` on a day they hold (today, once the stale ones are recomputed), or computed from the
 * entries, batch by batch, on any other day. Both give the same tally; what is done with it is figures.ts's.
 */

/**
 * The one rule of which loans the portfolio's money figures count (docs/decisions/0060): every loan of an active
 * company, and a live loan (holding money now) whatever its company — archiving a company leaves its money lent
 * out. On `financial_contributions f JOIN companies c`.
 */
export const COUNTED_LOAN = sql`(c.archived_at IS NULL OR ${LIVE_LOAN})`;

/** Which loans: those counted (COUNTED_LOAN), mine when asked, of one fund when chosen. */
export interface PortfolioScope {
  fundId: string | null;
  /** Only the loans of the companies this user oversees. */
  mineUserId: string | null;
}

/** The condition on `financial_contributions f JOIN companies c` of the loans in `scope`. */
export function loanScope(scope: PortfolioScope): SQL {
  return sql.join(
    [
      COUNTED_LOAN,
      scope.mineUserId ? sql`c.overseeing_user_id = ${scope.mineUserId}` : undefined,
      scope.fundId ? sql`f.contribution_fund_id = ${scope.fundId}` : undefined,
    ].filter((part): part is SQL => part !== undefined),
    sql` AND `,
  );
}

/** Active loans of one fund with the same days past due, their money summed (cents). */
export interface TallyGroup {
  fundId: string;
  daysPastDue: number;
  loans: number;
  outstandingPrincipal: number;
  arrearsPrincipal: number;
  arrearsInterest: number;
}

/** Every loan of one fund (cents): what is lent out and what is still to pay out. */
export interface FundTally {
  fundId: string;
  /** Outstanding principal of its active loans. */
  outstandingPrincipal: number;
  /** Approved, not yet paid out (the computation's `undisbursed`; a loan without terms: its whole amount). */
  undisbursed: number;
  /** Loans not disbursed yet or active. */
  openLoans: number;
}

/** The loans of a scope as of a day, summed: every portfolio figure is read from it. */
export interface PortfolioTally {
  asOf: string;
  groups: TallyGroup[];
  funds: FundTally[];
}

/** Days past due on `asOf` of a row of `loan_states` that holds then (migration 0017: d − `overdue_since`). */
const daysPastDueOn = (asOf: string) =>
  sql`CASE WHEN s.overdue_since IS NULL THEN 0 ELSE ${asOf}::date - s.overdue_since END`;

const FROM_LOAN_STATES = sql`loan_states s
  JOIN financial_contributions f ON f.id = s.contribution_id
  JOIN companies c ON c.id = f.company_id`;

/**
 * The tally from the rows of `loan_states`, on `today`: stale rows are recomputed first (servicing/store.ts),
 * so every row holds on that day and its days past due are that day − `overdue_since`.
 */
async function tallyOfLoanStates(db: Db, scope: PortfolioScope, today: string): Promise<PortfolioTally> {
  await freshLoanStates(db, today);
  const groups = await selectRows<TallyGroup>(
    db,
    sql`SELECT f.contribution_fund_id AS "fundId", ${daysPastDueOn(today)} AS "daysPastDue", count(*)::int AS loans,
               sum(s.outstanding_principal_cents)::float8 AS "outstandingPrincipal",
               sum(s.arrears_principal_cents)::float8 AS "arrearsPrincipal",
               sum(s.arrears_interest_cents)::float8 AS "arrearsInterest"
          FROM ${FROM_LOAN_STATES}
         WHERE s.status = 'active' AND ${loanScope(scope)}
         GROUP BY 1, 2`,
  );
  const funds = await selectRows<FundTally>(
    db,
    sql`SELECT f.contribution_fund_id AS "fundId",
               coalesce(sum(s.outstanding_principal_cents) FILTER (WHERE s.status = 'active'), 0)::float8
                 AS "outstandingPrincipal",
               sum(s.undisbursed_cents)::float8 AS undisbursed,
               (count(*) FILTER (WHERE s.status IN ('active', 'not_disbursed')))::int AS "openLoans"
          FROM ${FROM_LOAN_STATES}
         WHERE ${loanScope(scope)}
         GROUP BY 1`,
  );
  return { asOf: today, groups, funds };
}

/** Loans read and computed per batch on a day the rows do not hold: their entries are read together. */
export const COMPUTE_BATCH = 500;

/** Up to `limit` loans of `where` (on `financial_contributions f JOIN companies c`), in id order. */
async function readLoans(db: Executor, where: SQL, limit: number): Promise<LoanRow[]> {
  const rows = await selectRows<RawLoan>(
    db,
    sql`SELECT ${loanColumns}
          FROM financial_contributions f
          JOIN companies c ON c.id = f.company_id
          JOIN contribution_funds fu ON fu.id = f.contribution_fund_id
         WHERE ${where}
         ORDER BY f.id
         LIMIT ${limit}`,
  );
  return rows.map(loanOf);
}

/** The loans in `scope`, batch by batch in id order, each with its entries. */
async function* loansInScope(db: Executor, scope: PortfolioScope, where: SQL = sql`TRUE`) {
  let after: string | null = null;
  for (;;) {
    const loans: LoanRow[] = await readLoans(
      db,
      sql`${loanScope(scope)} AND ${where} ${after ? sql`AND f.id > ${after}` : sql``}`,
      COMPUTE_BATCH,
    );
    if (loans.length === 0) return;
    const entries = await readEntries(
      db,
      loans.map((loan) => loan.id),
    );
    yield loans.map((loan) => ({ loan, entries: entries.get(loan.id)! }));
    if (loans.length < COMPUTE_BATCH) return;
    after = loans.at(-1)!.id;
  }
}

/** The same tally, each loan computed from its terms and entries as of `asOf` by the shared module. */
async function tallyComputed(
  db: Db,
  scope: PortfolioScope,
  asOf: string,
  buckets: readonly AgingBucket[],
): Promise<PortfolioTally> {
  const groups = new Map<string, TallyGroup>();
  const funds = new Map<string, FundTally>();
  for await (const batch of loansInScope(db, scope)) {
    for (const { loan, entries } of batch) {
      const { status, figures } = computeState(loan, entries, asOf, buckets);
      const fund = funds.get(loan.fundId) ?? {
        fundId: loan.fundId,
        outstandingPrincipal: 0,
        undisbursed: 0,
        openLoans: 0,
      };
      funds.set(loan.fundId, fund);
      fund.undisbursed += figures ? figures.undisbursed : undisbursedWithoutTerms(loan);
      if (status === 'active' || status === 'not_disbursed') fund.openLoans += 1;
      if (status !== 'active' || !figures) continue;
      fund.outstandingPrincipal += figures.outstandingPrincipal;
      const key = `${loan.fundId} ${figures.daysPastDue}`;
      const group = groups.get(key) ?? {
        fundId: loan.fundId,
        daysPastDue: figures.daysPastDue,
        loans: 0,
        outstandingPrincipal: 0,
        arrearsPrincipal: 0,
        arrearsInterest: 0,
      };
      groups.set(key, group);
      group.loans += 1;
      group.outstandingPrincipal += figures.outstandingPrincipal;
      group.arrearsPrincipal += figures.arrearsPrincipal;
      group.arrearsInterest += figures.arrearsInterest;
    }
  }
  return { asOf, groups: [...groups.values()], funds: [...funds.values()] };
}

/** A loan whose terms make no schedule has paid nothing out: its whole amount is still to disburse. */
const undisbursedWithoutTerms = (loan: LoanRow) => Math.max(Math.round((loan.amount ?? 0) * 100), 0);

/**
 * The tally of `scope` as of `asOf`: from `loan_states` when `asOf` is today, else computed loan by loan (a
 * past day, or a later one: every row holds from the day it was computed for, not before).
 */
export async function portfolioTally(
  db: Db,
  scope: PortfolioScope,
  asOf: string,
  today: string,
): Promise<PortfolioTally> {
  if (asOf === today) return tallyOfLoanStates(db, scope, today);
  return tallyComputed(db, scope, asOf, (await readBuckets(db)).buckets);
}

/**
 * The tally of a scope and day, kept between writes (`portfolio` family): the aging table, PAR, the funds and
 * the dashboard of one scope and day read the same one.
 */
export function keptTally(db: Db, lists: ListSnapshots, scope: PortfolioScope, asOf: string): Promise<PortfolioTally> {
  const today = todayIso();
  return lists.get(
    JSON.stringify(['portfolio', 'tally', scope.fundId, scope.mineUserId, asOf, today]),
    () => portfolioTally(db, scope, asOf, today),
    (tally) => tally.groups.length + tally.funds.length,
  );
}

/**
 * The aging table of a scope and day, kept between writes as a whole (its tally, buckets and fund names): what
 * `GET /portfolio/arrears_aging` answers, and what the bench's database ceiling calls.
 */
export function keptAging(
  db: Db,
  lists: ListSnapshots,
  scope: PortfolioScope,
  asOf: string,
  locale: Locale,
): Promise<AgingAnswer> {
  return lists.get(
    JSON.stringify(['portfolio', 'aging', scope.fundId, scope.mineUserId, asOf, todayIso(), locale]),
    async () => {
      const [tally, { buckets }, funds] = await Promise.all([
        keptTally(db, lists, scope, asOf),
        readBuckets(db),
        fundNames(db, locale),
      ]);
      return agingAnswer(tally, buckets, funds);
    },
    (value) => value.rows.length * (1 + value.funds.length),
  );
}

/**
 * PAR over each number of days and the arrears rate of a scope and day (`GET /portfolio/par`), from the kept
 * tally, kept between writes as a whole with the buckets it read (a change of buckets is a `portfolio` change):
 * a steady request reads nothing but the change sync, as the aging table's.
 */
export function readPar(
  db: Db,
  lists: ListSnapshots,
  scope: PortfolioScope,
  asOf: string,
  days: readonly number[],
): Promise<ParAnswer> {
  return lists.get(
    JSON.stringify(['portfolio', 'par', scope.fundId, scope.mineUserId, asOf, todayIso(), days]),
    async () => {
      const [tally, { buckets }] = await Promise.all([keptTally(db, lists, scope, asOf), readBuckets(db)]);
      return parAnswer(tally, days, buckets);
    },
    () => 1 + days.length,
  );
}

/* ------------------------------------------------------------------------------------------------
 * The loans behind a cell of the aging table.
 * ---------------------------------------------------------------------------------------------- */

export interface AgingLoanRow {
  companyId: string;
  companyName: string;
  companyArchived: boolean;
  contributionId: string;
  loanNumber: string;
  fundId: string;
  fundName: string;
  projectName: string | null;
  status: LoanStatus;
  daysPastDue: number;
  overdueSince: string | null;
  /** Cents. */
  arrearsPrincipal: number;
  arrearsInterest: number;
  outstandingPrincipal: number;
}

export type AgingLoanSort = {
  field: 'daysPastDue' | 'arrears' | 'outstandingPrincipal' | 'companyName';
  direction: 'asc' | 'desc';
};

/** A bucket's bounds in days past due (`maxDays` null: no upper bound). */
export interface DayRange {
  minDays: number;
  maxDays: number | null;
}

/**
 * Active loans `asOf` days past due within `range`, on a day the rows hold: days past due d − `overdue_since`
 * lie in [min, max] when `overdue_since` lies in [d − max, d − min] (none late: `overdue_since` is null and
 * days past due 0), so the condition walks the (status, overdue_since) index.
 */
function inRange(asOf: string, range: DayRange): SQL {
  const upper = range.maxDays === null ? sql`TRUE` : sql`s.overdue_since >= ${asOf}::date - ${range.maxDays}::int`;
  if (range.minDays === 0) return sql`(s.overdue_since IS NULL OR ${upper})`;
  return sql`s.overdue_since <= ${asOf}::date - ${range.minDays}::int AND ${upper}`;
}

const SORT_COLUMNS: Record<AgingLoanSort['field'], SQL> = {
  daysPastDue: sql`"daysPastDue"`,
  arrears: sql`("arrearsPrincipal" + "arrearsInterest")`,
  outstandingPrincipal: sql`"outstandingPrincipal"`,
  companyName: sql`"nameKey"`,
};

const fundName = (locale: Locale) => sql.raw(locale === 'en' ? 'fu.name_en' : 'fu.name_fr');

/** One page of the loans behind a cell, from `loan_states` on `today`, and how many there are. */
async function agingLoansOfLoanStates(
  db: Db,
  query: AgingLoansQuery,
): Promise<{ rows: AgingLoanRow[]; total: number }> {
  await freshLoanStates(db, query.asOf);
  const where = sql`s.status = 'active' AND ${inRange(query.asOf, query.range)} AND ${loanScope(query.scope)}`;
  const order = sql.join(
    [
      ...query.sort.map(
        (term) => sql`${SORT_COLUMNS[term.field]} ${sql.raw(term.direction === 'asc' ? 'ASC' : 'DESC')}`,
      ),
      sql`"contributionId"`,
    ],
    sql`, `,
  );
  const rows = await selectRows<AgingLoanRow & { nameKey: string }>(
    db,
    sql`SELECT * FROM (
          SELECT c.id AS "companyId", c.name AS "companyName", c.archived_at IS NOT NULL AS "companyArchived",
                 c.name_key AS "nameKey", f.id AS "contributionId",
                 f.loan_number AS "loanNumber", f.contribution_fund_id AS "fundId", ${fundName(query.locale)} AS "fundName",
                 f.project_name AS "projectName", s.status, ${daysPastDueOn(query.asOf)} AS "daysPastDue",
                 s.overdue_since::text AS "overdueSince", s.arrears_principal_cents::float8 AS "arrearsPrincipal",
                 s.arrears_interest_cents::float8 AS "arrearsInterest",
                 s.outstanding_principal_cents::float8 AS "outstandingPrincipal"
            FROM ${FROM_LOAN_STATES} JOIN contribution_funds fu ON fu.id = f.contribution_fund_id
           WHERE ${where}) loan
         ORDER BY ${order}
         LIMIT ${query.limit} OFFSET ${query.offset}`,
  );
  const [count] = await selectRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM ${FROM_LOAN_STATES} WHERE ${where}`,
  );
  return { rows: rows.map(({ nameKey: _n, ...row }) => row), total: count?.n ?? 0 };
}

export interface AgingLoansQuery {
  scope: PortfolioScope;
  asOf: string;
  range: DayRange;
  sort: AgingLoanSort[];
  limit: number;
  offset: number;
  locale: Locale;
}

/**
 * Every active loan of `range` as of a day the rows do not hold, computed; sorted as asked. The caller keeps
 * the answer between writes: a page of a past day costs a pass over the portfolio.
 */
export async function agingLoansComputed(
  db: Db,
  query: Omit<AgingLoansQuery, 'limit' | 'offset'>,
  buckets: readonly AgingBucket[],
): Promise<AgingLoanRow[]> {
  const found: (AgingLoanRow & { nameKey: string })[] = [];
  const names = new Map<string, { companyName: string; companyArchived: boolean; nameKey: string }>();
  for await (const batch of loansInScope(db, query.scope)) {
    const matched: { loan: LoanRow; row: Omit<AgingLoanRow, 'companyName' | 'companyArchived'> }[] = [];
    for (const { loan, entries } of batch) {
      const { status, figures } = computeState(loan, entries, query.asOf, buckets);
      if (status !== 'active' || !figures) continue;
      const days = figures.daysPastDue;
      if (days < query.range.minDays || (query.range.maxDays !== null && days > query.range.maxDays)) continue;
      matched.push({
        loan,
        row: {
          companyId: loan.companyId,
          contributionId: loan.id,
          loanNumber: loan.loanNumber,
          fundId: loan.fundId,
          fundName: loan.fund[query.locale],
          projectName: loan.projectName,
          status,
          daysPastDue: days,
          overdueSince: figures.overdueSince,
          arrearsPrincipal: figures.arrearsPrincipal,
          arrearsInterest: figures.arrearsInterest,
          outstandingPrincipal: figures.outstandingPrincipal,
        },
      });
    }
    const missing = [...new Set(matched.map(({ loan }) => loan.companyId).filter((id) => !names.has(id)))];
    if (missing.length > 0) {
      const rows = await selectRows<{ id: string; companyName: string; companyArchived: boolean; nameKey: string }>(
        db,
        sql`SELECT id, name AS "companyName", archived_at IS NOT NULL AS "companyArchived", name_key AS "nameKey"
              FROM companies
             WHERE id = ANY(ARRAY[${sql.join(
               missing.map((id) => sql`${id}`),
               sql`, `,
             )}]::uuid[])`,
      );
      for (const { id, ...name } of rows) names.set(id, name);
    }
    for (const { loan, row } of matched) found.push({ ...row, ...names.get(loan.companyId)! });
  }
  const value = (row: AgingLoanRow & { nameKey: string }, field: AgingLoanSort['field']): number | string =>
    field === 'arrears'
      ? row.arrearsPrincipal + row.arrearsInterest
      : field === 'companyName'
        ? row.nameKey
        : row[field];
  found.sort((a, b) => {
    for (const term of query.sort) {
      const [x, y] = [value(a, term.field), value(b, term.field)];
      if (x !== y) return (x < y ? -1 : 1) * (term.direction === 'asc' ? 1 : -1);
    }
    return a.contributionId < b.contributionId ? -1 : a.contributionId > b.contributionId ? 1 : 0;
  });
  return found.map(({ nameKey: _n, ...row }) => row);
}

/** A page of the loans behind a cell on a day the rows hold (today). */
export function agingLoansOnToday(db: Db, query: AgingLoansQuery) {
  return agingLoansOfLoanStates(db, query);
}

/* ------------------------------------------------------------------------------------------------
 * Collections of a period.
 * ---------------------------------------------------------------------------------------------- */

/** A fund's collections of a period, summed over its loans (cents). */
export interface FundCollections extends LoanCollections {
  fundId: string;
}

/**
 * Each fund's collections over [from, to]: every loan that had installments by then, computed as of `to` (what
 * its installments show paid by the period's last day, ADR 0033 §9), summed per fund.
 */
export async function collectionsOf(
  db: Db,
  scope: PortfolioScope,
  period: { from: string; to: string },
  buckets: readonly AgingBucket[],
): Promise<FundCollections[]> {
  const byFund = new Map<string, FundCollections>();
  // Only loans with money paid out by the period's end can have installments or payments in it.
  const paidOut = sql`EXISTS (SELECT 1 FROM disbursements d WHERE d.contribution_id = f.id AND d.date <= ${period.to}::date)`;
  for await (const batch of loansInScope(db, scope, paidOut)) {
    for (const { loan, entries } of batch) {
      const terms = termsOf(loan);
      if (!terms.ok) continue;
      const servicing = computeLoan(loanInputOf(terms.terms, entries, period.to, buckets));
      const own = loanCollections(servicing, period.from, period.to);
      const fund = byFund.get(loan.fundId) ?? { fundId: loan.fundId, due: 0, collected: 0, received: 0, recovered: 0 };
      byFund.set(loan.fundId, fund);
      fund.due += own.due;
      fund.collected += own.collected;
      fund.received += own.received;
      fund.recovered += own.recovered;
    }
  }
  return [...byFund.values()];
}

/* ------------------------------------------------------------------------------------------------
 * Funds: names and capital.
 * ---------------------------------------------------------------------------------------------- */

/** A fund's id and its name in the reader's language. */
export interface FundName {
  fundId: string;
  fundName: string;
}

/** Every fund in the reader's language, by name. */
export function fundNames(db: Db, locale: Locale): Promise<FundName[]> {
  const name = sql.raw(locale === 'en' ? 'name_en' : 'name_fr');
  return selectRows<FundName>(
    db,
    sql`SELECT id AS "fundId", ${name} AS "fundName" FROM contribution_funds ORDER BY f_search_text(${name}), id`,
  );
}

/** The funds' capital, in cents, of those that have one. */
export async function fundCapitals(db: Db): Promise<Map<string, number>> {
  const rows = await selectRows<{ fundId: string; capital: number }>(
    db,
    sql`SELECT fund_id AS "fundId", capital_cents::float8 AS capital FROM fund_capitals`,
  );
  return new Map(rows.map((row) => [row.fundId, row.capital]));
}

/** Sets a fund's capital (cents), or clears it (null). */
export async function setFundCapital(db: Db, fundId: string, cents: number | null, authorId: string): Promise<void> {
  if (cents === null) {
    await db.execute(sql`DELETE FROM fund_capitals WHERE fund_id = ${fundId}`);
    return;
  }
  await db.execute(
    sql`INSERT INTO fund_capitals (fund_id, capital_cents, updated_by_id) VALUES (${fundId}, ${cents}, ${authorId})
        ON CONFLICT (fund_id) DO UPDATE SET capital_cents = excluded.capital_cents,
          updated_by_id = excluded.updated_by_id, updated_at = now()`,
  );
}

/** Each fund's figures on a day (capital, outstanding, approved not yet disbursed, available), in `locale`. */
export async function fundsOn(db: Db, lists: ListSnapshots, asOf: string, locale: Locale) {
  const [tally, names, capital] = await Promise.all([
    keptTally(db, lists, { fundId: null, mineUserId: null }, asOf),
    fundNames(db, locale),
    fundCapitals(db),
  ]);
  return fundsAnswer(tally, names, capital);
}
