import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { selectRows } from '../db/rows';
import type { ListSnapshots } from '../platform/lists/list-snapshots';
import { keptKey } from '../platform/lists/kept-reads';
import { listWhere, orderOf, sortKeys, type CompanySort } from '../companies/list-store';
import { readBuckets } from '../servicing/buckets';
import { dashboardFigures } from './figures';
import { COUNTED_LOAN, keptTally, loanScope } from './figures-store';
import { freshLoanStates, LIVE_LOAN } from '../servicing/store';
import type { LoanStatus } from '../../shared/servicing/types';
import {
  DASHBOARD_LIST_LIMIT,
  ENDING_SOON_DAYS,
  FOLLOWUP_WINDOW_DAYS,
  type Dashboard,
  type DashboardMeta,
} from '../../shared/portfolio/dashboard';
import type { Locale } from '../../shared/constants';
import type { RiskRating } from '../../shared/companies';
import type { ContributionTerms } from '../../shared/servicing/terms';

export interface DashboardFilter {
  fundId: string | null;
  /** Only the companies this user oversees. */
  mineUserId: string | null;
  /** YYYY-MM-DD in the app's time zone, the same day the schedule module calls today. */
  today: string;
  locale: Locale;
}

export async function fundExists(db: Db, id: string): Promise<boolean> {
  const rows = await selectRows(db, sql`SELECT 1 FROM contribution_funds WHERE id = ${id}`);
  return rows.length > 0;
}

const name = (locale: Locale) => sql.raw(locale === 'en' ? 'name_en' : 'name_fr');

export interface DashboardAnswer {
  data: Dashboard;
  meta: DashboardMeta;
}

/**
 * The dashboard, kept between writes like a list's total (ADR 0012, 0020): its statements read every
 * active company and loan, so each process builds it once per filter and day and serves it until a company,
 * loan, its money, a fund or a status changes (`portfolio` family, migrations 0015 and 0018), in this process
 * or another (ADR 0027). Its money figures are the portfolio tally's (figures-store.ts, ADR 0037).
 */
export function readDashboard(db: Db, snapshots: ListSnapshots, filter: DashboardFilter): Promise<DashboardAnswer> {
  const key = keptKey('portfolio', filter.fundId, filter.mineUserId, filter.today, filter.locale);
  return snapshots.get(
    key,
    () => buildDashboard(db, snapshots, filter),
    ({ data }) =>
      1 +
      data.followups.length +
      data.endingSoon.length +
      data.byFund.length +
      data.byStatus.length +
      data.byRisk.length,
  );
}

/**
 * The dashboard in five statements (the count, the funds with their sums, statuses, risks, and the two
 * lists), each one pass over the filtered companies and their contributions.
 */
async function buildDashboard(db: Db, snapshots: ListSnapshots, filter: DashboardFilter): Promise<DashboardAnswer> {
  const today = sql`${filter.today}::date`;
  const fund = filter.fundId;
  const scope = { fundId: fund, mineUserId: filter.mineUserId };
  // The companies the dashboard is about: active, mine when asked, with a loan from the fund when one is chosen.
  const companyWhere = sql.join(
    [
      sql`c.archived_at IS NULL`,
      filter.mineUserId ? sql`c.overseeing_user_id = ${filter.mineUserId}` : undefined,
      fund
        ? sql`EXISTS (SELECT 1 FROM financial_contributions x WHERE x.company_id = c.id AND x.contribution_fund_id = ${fund})`
        : undefined,
    ].filter((part): part is SQL => part !== undefined),
    sql` AND `,
  );
  const loanWhere = loanScope(scope);
  const [tally, { buckets }] = await Promise.all([keptTally(db, snapshots, scope, filter.today), readBuckets(db)]);
  const money = dashboardFigures(tally, buckets);

  const [figures] = await selectRows<{ activeCompanies: number }>(
    db,
    sql`SELECT count(*)::int AS "activeCompanies" FROM companies c WHERE ${companyWhere}`,
  );
  const followupWhere = sql`f.followup_date <= ${today} + ${FOLLOWUP_WINDOW_DAYS}::int`;
  const endingWhere = sql`f.expected_end_date BETWEEN ${today} AND ${today} + ${ENDING_SOON_DAYS}::int`;
  // The two lists' totals are counted here, in the one pass over every loan, so that the lists themselves
  // can walk their date index and stop at the page's end.
  const byFund = await selectRows<{
    fundId: string;
    fundName: string;
    loansCount: number;
    committed: string;
    followups: number;
    ending: number;
  }>(
    db,
    sql`SELECT fu.id AS "fundId", fu.${name(filter.locale)} AS "fundName", count(*)::int AS "loansCount",
               coalesce(sum(f.amount), 0)::text AS committed,
               (count(*) FILTER (WHERE ${followupWhere}))::int AS followups,
               (count(*) FILTER (WHERE ${endingWhere}))::int AS ending
          FROM financial_contributions f
          JOIN companies c ON c.id = f.company_id
          JOIN contribution_funds fu ON fu.id = f.contribution_fund_id
         WHERE ${loanWhere}
         GROUP BY fu.id
         ORDER BY f_search_text(fu.${name(filter.locale)}), fu.id`,
  );
  const byStatus = await selectRows<{ statusId: string; statusName: string; color: string; companiesCount: number }>(
    db,
    sql`SELECT s.id AS "statusId", s.${name(filter.locale)} AS "statusName", s.color, count(*)::int AS "companiesCount"
          FROM companies c JOIN statuses s ON s.id = c.status_id
         WHERE ${companyWhere}
         GROUP BY s.id
         ORDER BY count(*) DESC, f_search_text(s.${name(filter.locale)}), s.id`,
  );
  const byRisk = await selectRows<{ riskRating: RiskRating | null; companiesCount: number }>(
    db,
    sql`SELECT c.risk_rating AS "riskRating", count(*)::int AS "companiesCount"
          FROM companies c
         WHERE ${companyWhere}
         GROUP BY 1
         ORDER BY 1 NULLS LAST`,
  );
  const lists = await selectRows<{
    list: 'followup' | 'ending';
    companyId: string;
    companyName: string;
    companyArchived: boolean;
    contributionId: string;
    projectName: string | null;
    fundName: string;
    day: string;
  }>(
    db,
    sql`(SELECT 'followup' AS list, c.id AS "companyId", c.name AS "companyName",
                c.archived_at IS NOT NULL AS "companyArchived", f.id AS "contributionId",
                f.project_name AS "projectName", fu.${name(filter.locale)} AS "fundName", f.followup_date::text AS day
           FROM financial_contributions f
           JOIN companies c ON c.id = f.company_id
           JOIN contribution_funds fu ON fu.id = f.contribution_fund_id
          WHERE ${loanWhere} AND ${followupWhere}
          ORDER BY f.followup_date, c.name_key, f.id
          LIMIT ${DASHBOARD_LIST_LIMIT})
        UNION ALL
        (SELECT 'ending', c.id, c.name, c.archived_at IS NOT NULL, f.id, f.project_name, fu.${name(filter.locale)}, f.expected_end_date::text
           FROM financial_contributions f
           JOIN companies c ON c.id = f.company_id
           JOIN contribution_funds fu ON fu.id = f.contribution_fund_id
          WHERE ${loanWhere} AND ${endingWhere}
          ORDER BY f.expected_end_date, c.name_key, f.id
          LIMIT ${DASHBOARD_LIST_LIMIT})`,
  );

  const loan = ({
    companyId,
    companyName,
    companyArchived,
    contributionId,
    projectName,
    fundName,
  }: (typeof lists)[number]) => ({
    companyId,
    companyName,
    companyArchived,
    contributionId,
    projectName,
    fundName,
  });
  const followups = lists.filter((row) => row.list === 'followup');
  const endingSoon = lists.filter((row) => row.list === 'ending');
  const funds = byFund.map(({ followups: _f, ending: _e, ...row }) => ({
    ...row,
    committed: Number(row.committed),
    outstanding: money.outstandingByFund.get(row.fundId) ?? 0,
  }));
  // Sums of numeric(15,2) in cents, so that adding the funds up carries no floating-point noise.
  const cents = (values: number[]) => values.reduce((sum, value) => sum + Math.round(value * 100), 0) / 100;
  return {
    data: {
      activeCompanies: figures?.activeCompanies ?? 0,
      loansCount: funds.reduce((sum, row) => sum + row.loansCount, 0),
      committedTotal: cents(funds.map((row) => row.committed)),
      outstandingTotal: money.outstandingTotal,
      arrearsTotal: money.arrearsTotal,
      par30: money.par30,
      par90: money.par90,
      arrearsRate: money.arrearsRate,
      followups: followups.map((row) => ({ ...loan(row), followupDate: row.day, overdue: row.day < filter.today })),
      endingSoon: endingSoon.map((row) => ({ ...loan(row), expectedEndDate: row.day })),
      byFund: funds,
      byStatus,
      byRisk,
    },
    meta: {
      followupsTotal: byFund.reduce((sum, row) => sum + row.followups, 0),
      endingSoonTotal: byFund.reduce((sum, row) => sum + row.ending, 0),
    },
  };
}

/* ------------------------------------------------------------------------------------------------
 * Exports: rows read in batches, each batch seeking after the last row of the one before (keyset), so
 * that memory stays flat whatever the number of rows, on PGlite and on PostgreSQL alike.
 * ---------------------------------------------------------------------------------------------- */

/**
 * Rows of the companies export, companies (with all their loans) of the portfolio export, per batch. 100, not
 * 500: with two downloads of the portfolio export at 10 000 companies the server's peak resident memory fell from
 * 341 to 259–260 MB for as many files served (50 gave no less); a batch's rows and lines outlive several young
 * collections of the loans' schedule walks and are promoted, so smaller batches leave less garbage in the old
 * generation between two full collections (ADR 0050).
 */
export const EXPORT_BATCH_SIZE = 100;

/**
 * Rows strictly after `after` in the order of `keys`. Written out term by term (a OR (a = AND b …)) so
 * that mixed directions work; when every key goes the same way, a row comparison lets the index seek.
 */
function after(keys: { column: unknown; type: SQL; direction: 'asc' | 'desc' }[], values: string[]): SQL {
  const value = (i: number) => sql`${values[i]}::${keys[i]!.type}`;
  if (keys.every((key) => key.direction === keys[0]!.direction)) {
    const columns = sql.join(
      keys.map((key) => sql`${key.column}`),
      sql`, `,
    );
    const row = sql.join(
      keys.map((_, i) => value(i)),
      sql`, `,
    );
    return keys[0]!.direction === 'asc' ? sql`(${columns}) > (${row})` : sql`(${columns}) < (${row})`;
  }
  const terms = keys.map((key, i) => {
    const equal = keys.slice(0, i).map((k, j) => sql`${k.column} = ${value(j)}`);
    const beyond = key.direction === 'asc' ? sql`${key.column} > ${value(i)}` : sql`${key.column} < ${value(i)}`;
    return sql`(${sql.join([...equal, beyond], sql` AND `)})`;
  });
  return sql`(${sql.join(terms, sql` OR `)})`;
}

export interface CompanyExportRow {
  referenceNumber: string;
  name: string;
  status: string;
  activityArea: string;
  legalForm: string;
  address: string | null;
  municipality: string | null;
  zipCode: string | null;
  emailAddress: string | null;
  phoneNumber: string | null;
  website: string | null;
  employeeCount: number | null;
  riskRating: RiskRating | null;
  overseeingUser: string | null;
  insertedAt: string;
  archived: boolean;
}

/** The companies of the list (its filters and sort), every one of them, batch by batch. */
export async function* exportCompanies(
  db: Db,
  query: { archived: boolean; search: string[]; sort: CompanySort[]; locale: Locale },
): AsyncGenerator<CompanyExportRow[]> {
  const keys = sortKeys(query.sort);
  const lookupName = name(query.locale);
  let last: string[] | undefined;
  for (;;) {
    const conditions = [listWhere(query), ...(last ? [after(keys, last)] : [])];
    const rows = await selectRows<CompanyExportRow & { keys: string[] }>(
      db,
      sql`SELECT companies.reference_number AS "referenceNumber", companies.name, s.${lookupName} AS status,
                 aa.${lookupName} AS "activityArea", lf.${lookupName} AS "legalForm", a.address,
                 m.${lookupName} AS municipality, a.zip_code AS "zipCode", companies.email_address AS "emailAddress",
                 companies.phone_number AS "phoneNumber", companies.website, companies.employee_count AS "employeeCount",
                 companies.risk_rating AS "riskRating",
                 nullif(concat_ws(' ', u.first_name, u.last_name), '') AS "overseeingUser",
                 to_char(companies.inserted_at AT TIME ZONE 'America/Toronto', 'YYYY-MM-DD') AS "insertedAt",
                 companies.archived_at IS NOT NULL AS archived,
                 ARRAY[${sql.join(
                   keys.map((key) => sql`${key.column}::text`),
                   sql`, `,
                 )}] AS keys
            FROM companies
            JOIN statuses s ON s.id = companies.status_id
            JOIN activity_areas aa ON aa.id = companies.activity_area_id
            JOIN legal_forms lf ON lf.id = companies.legal_form_id
            LEFT JOIN company_addresses a ON a.company_id = companies.id
            LEFT JOIN municipalities m ON m.id = a.municipality_id
            LEFT JOIN users u ON u.id = companies.overseeing_user_id
           WHERE ${sql.join(conditions, sql` AND `)}
           ORDER BY ${sql.join(orderOf(query.sort), sql`, `)}
           LIMIT ${EXPORT_BATCH_SIZE}`,
    );
    if (rows.length === 0) return;
    last = rows.at(-1)!.keys;
    yield rows.map(({ keys: _keys, ...row }) => row);
    if (rows.length < EXPORT_BATCH_SIZE) return;
  }
}

export interface PortfolioExportRow extends ContributionTerms {
  companyReference: string;
  companyName: string;
  companyArchived: boolean;
  loanNumber: string;
  fundName: string;
  projectName: string | null;
  followupDate: string | null;
  expectedEndDate: string | null;
  /** The loan's servicing figures today (`loan_states`, made to hold first). */
  status: LoanStatus;
  outstandingPrincipalCents: number;
  arrearsCents: number;
  daysPastDue: number;
  /** The aging bucket's key (`days_1_30`…), null for a loan that owes nothing late. */
  bucket: string | null;
}

/**
 * Every loan the portfolio counts (COUNTED_LOAN: an active company's, or a live loan of an archived company), of
 * one fund when asked, by company name, oldest loan first, with its servicing figures as of `today`.
 */
export async function* exportPortfolio(
  db: Db,
  query: { fundId: string | null; locale: Locale; today: string },
): AsyncGenerator<PortfolioExportRow[]> {
  await freshLoanStates(db, query.today);
  // Batches of companies that have a counted loan (of the fund), seeking along the two partial name indexes
  // (active, archived) merged, then their loans: a seek on (name_key, id, seq) across the join could use no
  // index, so every batch read and sorted every loan after it (48 s of SQL for 150 000 loans; now 3 s).
  let last: { nameKey: string; companyId: string } | undefined;
  const fund = query.fundId ? sql`AND f.contribution_fund_id = ${query.fundId}` : sql``;
  for (;;) {
    const after = last ? sql`AND (c.name_key, c.id) > (${last.nameKey}, ${last.companyId}::uuid)` : sql``;
    const side = (archived: boolean) =>
      sql`(SELECT c.id, c.name_key, c.reference_number, c.name, c.archived_at
             FROM companies c
            WHERE c.archived_at IS ${archived ? sql`NOT NULL` : sql`NULL`} ${after}
              AND EXISTS (SELECT 1 FROM financial_contributions f
                           WHERE f.company_id = c.id ${fund} ${archived ? sql`AND ${LIVE_LOAN}` : sql``})
            ORDER BY c.name_key, c.id
            LIMIT ${EXPORT_BATCH_SIZE})`;
    const rows = await selectRows<
      Omit<PortfolioExportRow, 'amount' | 'rate'> & {
        amount: string | null;
        rate: string | null;
        nameKey: string;
        companyId: string;
      }
    >(
      db,
      sql`WITH batch AS (
            SELECT * FROM (${side(false)} UNION ALL ${side(true)}) both_sides
             ORDER BY name_key, id
             LIMIT ${EXPORT_BATCH_SIZE})
          SELECT c.reference_number AS "companyReference", c.name AS "companyName",
                 c.archived_at IS NOT NULL AS "companyArchived", f.loan_number AS "loanNumber",
                 fu.${name(query.locale)} AS "fundName", f.project_name AS "projectName",
                 f.amount::text AS amount, f.rate::text AS rate, f.amortization, f.moratorium,
                 f.authorization_date::text AS "authorizationDate", f.followup_date::text AS "followupDate",
                 f.expected_end_date::text AS "expectedEndDate",
                 s.status, s.outstanding_principal_cents::float8 AS "outstandingPrincipalCents",
                 (s.arrears_principal_cents + s.arrears_interest_cents)::float8 AS "arrearsCents",
                 CASE WHEN s.overdue_since IS NULL THEN s.days_past_due
                      ELSE (${query.today}::date - s.overdue_since) END AS "daysPastDue",
                 s.bucket,
                 c.name_key AS "nameKey", c.id AS "companyId"
            FROM batch c
            JOIN financial_contributions f ON f.company_id = c.id ${fund} AND ${COUNTED_LOAN}
            JOIN contribution_funds fu ON fu.id = f.contribution_fund_id
            JOIN loan_states s ON s.contribution_id = f.id
           ORDER BY c.name_key, c.id, f.seq`,
    );
    if (rows.length === 0) return;
    const tail = rows.at(-1)!;
    last = { nameKey: tail.nameKey, companyId: tail.companyId };
    yield rows.map(({ nameKey: _n, companyId: _c, amount, rate, ...row }) => ({
      ...row,
      amount: amount === null ? null : Number(amount),
      rate: rate === null ? null : Number(rate),
    }));
    // Every company of the batch has a row, so fewer companies than asked means the last batch.
    if (new Set(rows.map((row) => row.companyId)).size < EXPORT_BATCH_SIZE) return;
  }
}
