/**
 * The cases of the load benchmark (bench/README.md): each is one API request as the SPA sends it (same query parameters, `locale`,
 * bearer token) and, for the database ceiling, the store calls its route makes — the same functions,
 * so the ceiling follows the code when the SQL changes (bench/lib/capture.ts checks that both send the
 * same statements).
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';
import { selectRows } from '../../src/server/db/rows';
import type { ListSnapshots } from '../../src/server/platform/lists/list-snapshots';
import { findCompanyGraph } from '../../src/server/companies/graph';
import { listCompanies } from '../../src/server/companies/list-store';
import { listDocuments } from '../../src/server/documents/store';
import { listEvents } from '../../src/server/events/store';
import { companyExists } from '../../src/server/platform/lists/company-scope';
import { pageWindow, parseListParams } from '../../src/server/platform/http/list-params';
import { verifyPassword } from '../../src/server/platform/auth/passwords';
import { countActiveAdmins, findUserByEmail } from '../../src/server/users/store';
import { globalSearch } from '../../src/server/search/store';
import { SEARCH_KINDS, searchWordsOf } from '../../src/shared/search';
import { COMPANY_SORT_FIELDS } from '../../src/shared/companies';
import { DEFAULT_DOCUMENT_SORT, DOCUMENT_SORT_FIELDS } from '../../src/shared/documents';
import { EVENTS_PAGE_SIZE } from '../../src/shared/events';
import { DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD } from '../../src/server/db/demo-seed';
import { exportPortfolio, readDashboard } from '../../src/server/portfolio/store';
import { scheduleFigures, todayIso } from '../../src/shared/portfolio/schedule';
import { keptAging, readPar } from '../../src/server/portfolio/figures-store';
import { keptSchedule } from '../../src/server/servicing/loan-context';
import { LONG_HISTORY_COMPANY, LONG_HISTORY_REPAYMENTS } from '../../src/server/db/demo-servicing';
import type { HttpCase } from './load';

/** The id demo-seed gives company number g (`md5('atrium-demo-company-' || g)::uuid`). */
export function demoCompanyId(g: number): string {
  const hex = createHash('md5').update(`atrium-demo-company-${g}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Company 1 has the long timeline (10 000 events). */
export const BIG_TIMELINE_COMPANY = demoCompanyId(1);
/**
 * Company 59 has the largest graph demo-seed makes: 3 owners (1 + g % 3), 5 statements (1 + g % 5),
 * 3 contributions (g % 4) and 4 documents (2 + g % 3). It exists in every dataset of 59 or more.
 */
export const FULL_GRAPH_COMPANY = demoCompanyId(59);

/**
 * Search terms: an accented one matching about 2 % of the companies (a trade name) and an unaccented
 * one matching a quarter of them (demo-seed puts one company in four in Montréal): the accent-folding
 * path and a broad match whose count is large.
 */
export const SEARCH_ACCENTED = 'Érablière';
export const SEARCH_UNACCENTED = 'montreal';
/** Global search (ADR 0022): a company word typed without accents and a stemmed word of document content. */
export const GLOBAL_SEARCH = 'erabliere financement';
/** The PAR thresholds the dashboard's portfolio section asks. */
export const PAR_DAYS = '30,60,90';
/** The company whose third loan has the long payment history (demo-servicing.ts): the schedule case's loan. */
export const LONG_HISTORY_LOAN_COMPANY = demoCompanyId(LONG_HISTORY_COMPANY);

export const LOCALE = 'fr';
/** The companies list's default page size (the SPA's first page). */
export const COMPANY_PAGE_SIZE = 10;
export const DOCUMENT_PAGE_SIZE = 10;

export interface CaseContext {
  db: Db;
  /** The list snapshots the companies list reads its total and anchors from (one per app process). */
  lists: ListSnapshots;
  /** Loans' schedules, kept as the app keeps them (ADR 0050). */
  schedules: ListSnapshots;
  token: string;
  /** The demo admin's id. */
  userId: string;
  /** What the auth hook does on every signed-in request: the token's user, kept as the app keeps it (ADR 0029). */
  sessionUser(): Promise<unknown>;
  /** Page of the "deep page" case (set once the total is known). */
  deepPage: number;
  /** The loan of the schedule case: the one of the demo set with the most repayments (set once seeded). */
  longHistoryLoan: string;
  /** A fresh client address per sign-in: the per-address limit (30 a minute) is not what is measured. */
  nextAddress(): string;
  /** Sent on every request: a browser's by default, `identity` to measure answers uncompressed (ADR 0019). */
  acceptEncoding: string;
}

export interface Targets {
  /** p99 at most, in ms. */
  p99Ms?: number;
  /** Requests/s at least this share of the database ceiling. */
  minDbRatio?: number;
}

export interface BenchCase {
  id: string;
  label: string;
  /** Part of the growth series (1 000 → 100 000 companies). */
  scaling: boolean;
  /** The query of the request, as the SPA's client builds it (empty values left out, locale last). */
  request(ctx: CaseContext): { method: 'GET' | 'POST'; path: string; query?: Record<string, string>; body?: unknown };
  /** The store calls of its route, in order: what the database ceiling runs. */
  direct(ctx: CaseContext): () => Promise<unknown>;
  targets(backend: 'pg' | 'pglite'): Targets;
  /**
   * Concurrent requests for this case when not the run's `--connections`: a whole-portfolio download
   * is something a few people do at once, not fifty.
   */
  connections?: number;
  /** How long one answer may take before it counts as an error, when not the bench's 10 s. */
  timeoutSeconds?: number;
}

/** How many requests (and direct callers, and pgbench clients) a case runs at once. */
export const connectionsOf = (benchCase: BenchCase, connections: number): number =>
  Math.min(benchCase.connections ?? connections, connections);

const companiesQuery = (page: number, search?: string): Record<string, string> => ({
  'page[number]': String(page),
  'page[size]': String(COMPANY_PAGE_SIZE),
  ...(search ? { 'filter[search]': search } : {}),
  'filter[archived]': 'false',
});

/** The route's own parsing of the same query: page window and sort as the handler computes them. */
function listArgs<F extends string>(
  query: Record<string, string>,
  sortable: readonly F[],
  defaultSort: { field: F; direction: 'asc' | 'desc' },
) {
  const params = parseListParams(query, {
    sortable,
    defaultSort: [defaultSort],
    filters: ['archived', 'search', 'categoryId', 'year', 'categorySlug'],
  });
  return { params, ...pageWindow(params) };
}

/** The documents page's first request (its default sort is the SPA's, by name). */
const documentsQuery = { 'page[number]': '1', 'page[size]': String(DOCUMENT_PAGE_SIZE), sort: DEFAULT_DOCUMENT_SORT };

const words = (text: string | undefined) => (text ?? '').trim().split(/\s+/).filter(Boolean);

function companiesCase(
  id: string,
  label: string,
  page: (ctx: CaseContext) => number,
  search: string | undefined,
  deep: boolean,
): BenchCase {
  return {
    id,
    label,
    scaling: true,
    request: (ctx) => ({ method: 'GET', path: '/api/companies', query: companiesQuery(page(ctx), search) }),
    direct: (ctx) => {
      const query = companiesQuery(page(ctx), search);
      const { params, limit, offset } = listArgs(query, COMPANY_SORT_FIELDS, { field: 'name', direction: 'asc' });
      return async () => {
        await ctx.sessionUser();
        return listCompanies(ctx.db, ctx.lists, {
          archived: false,
          search: words(params.filters['search']),
          sort: params.sort,
          limit,
          offset,
          locale: LOCALE,
        });
      };
    },
    targets: (backend) => (backend === 'pg' ? { p99Ms: deep ? 60 : 30, minDbRatio: 0.5 } : { p99Ms: 100 }),
  };
}

export const LIST_PAGE_1 = companiesCase('list-page-1', 'companies list, page 1', () => 1, undefined, false);

export const CASES: BenchCase[] = [
  LIST_PAGE_1,
  companiesCase('list-deep-page', 'companies list, deep page', (ctx) => ctx.deepPage, undefined, true),
  companiesCase('search-accented', `companies search "${SEARCH_ACCENTED}"`, () => 1, SEARCH_ACCENTED, false),
  companiesCase('search-unaccented', `companies search "${SEARCH_UNACCENTED}"`, () => 1, SEARCH_UNACCENTED, false),
  {
    id: 'company-show',
    label: 'company show (full graph)',
    scaling: false,
    request: () => ({ method: 'GET', path: `/api/companies/${FULL_GRAPH_COMPANY}` }),
    direct: (ctx) => async () => {
      await ctx.sessionUser();
      return findCompanyGraph(ctx.db, FULL_GRAPH_COMPANY);
    },
    targets: (backend) => ({ p99Ms: backend === 'pg' ? 30 : 100 }),
  },
  {
    id: 'documents-list',
    label: 'documents list',
    scaling: false,
    request: () => ({ method: 'GET', path: `/api/companies/${FULL_GRAPH_COMPANY}/documents`, query: documentsQuery }),
    direct: (ctx) => {
      const { params, limit, offset } = listArgs(documentsQuery, DOCUMENT_SORT_FIELDS, {
        field: 'name',
        direction: 'asc',
      });
      return async () => {
        await ctx.sessionUser();
        await companyExists(ctx.db, ctx.lists, FULL_GRAPH_COMPANY);
        return listDocuments(ctx.db, ctx.lists, {
          companyId: FULL_GRAPH_COMPANY,
          search: [],
          categoryId: undefined,
          sort: params.sort,
          limit,
          offset,
        });
      };
    },
    targets: (backend) => ({ p99Ms: backend === 'pg' ? 30 : 100 }),
  },
  {
    id: 'events-timeline',
    label: 'events timeline (10 000 events)',
    scaling: false,
    request: () => ({
      method: 'GET',
      path: `/api/companies/${BIG_TIMELINE_COMPANY}/events`,
      query: { 'page[number]': '1', 'page[size]': String(EVENTS_PAGE_SIZE) },
    }),
    direct: (ctx) => {
      const { limit, offset } = listArgs(
        { 'page[number]': '1', 'page[size]': String(EVENTS_PAGE_SIZE) },
        ['date'] as const,
        {
          field: 'date',
          direction: 'desc',
        },
      );
      return async () => {
        await ctx.sessionUser();
        await companyExists(ctx.db, ctx.lists, BIG_TIMELINE_COMPANY);
        return listEvents(ctx.db, ctx.lists, {
          companyId: BIG_TIMELINE_COMPANY,
          search: [],
          year: undefined,
          categorySlug: undefined,
          limit,
          offset,
        });
      };
    },
    targets: (backend) => ({ p99Ms: backend === 'pg' ? 30 : 100 }),
  },
  {
    // ADR 0020: the whole dashboard, every active company (no filter), kept between writes.
    id: 'dashboard',
    label: 'portfolio dashboard',
    scaling: true,
    request: () => ({ method: 'GET', path: '/api/dashboard' }),
    direct: (ctx) => async () => {
      await ctx.sessionUser();
      return readDashboard(ctx.db, ctx.lists, { fundId: null, mineUserId: null, today: todayIso(), locale: LOCALE });
    },
    // Built once per write (0.8 s at 100 000 companies), then served like any other read.
    targets: (backend) => ({ p99Ms: backend === 'pg' ? 30 : 100 }),
  },
  {
    // ADR 0037: the aging table of every active loan today, per bucket and per fund, kept between writes.
    id: 'arrears-aging',
    label: 'arrears aging (every active loan)',
    scaling: false,
    request: () => ({ method: 'GET', path: '/api/portfolio/arrears_aging' }),
    direct: (ctx) => async () => {
      await ctx.sessionUser();
      return keptAging(ctx.db, ctx.lists, { fundId: null, mineUserId: null }, todayIso(), LOCALE);
    },
    // Built once per write or new day (a GROUP BY over loan_states), then kept like the dashboard.
    targets: (backend) => ({ p99Ms: backend === 'pg' ? 30 : 100 }),
  },
  {
    // ADR 0037: PAR30/60/90 and the arrears rate from the same kept tally.
    id: 'par',
    label: `portfolio at risk (days=${PAR_DAYS})`,
    scaling: false,
    request: () => ({ method: 'GET', path: '/api/portfolio/par', query: { days: PAR_DAYS } }),
    direct: (ctx) => async () => {
      await ctx.sessionUser();
      const days = PAR_DAYS.split(',').map(Number);
      return readPar(ctx.db, ctx.lists, { fundId: null, mineUserId: null }, todayIso(), days);
    },
    targets: (backend) => ({ p99Ms: backend === 'pg' ? 30 : 100 }),
  },
  {
    // ADR 0033/0036: a loan of 120 installments and 60 repayments, computed on each request as of today.
    id: 'schedule-60',
    label: "a loan's schedule (60 repayments)",
    scaling: false,
    request: (ctx) => ({
      method: 'GET',
      path: `/api/companies/${LONG_HISTORY_LOAN_COMPANY}/financial_contributions/${ctx.longHistoryLoan}/schedule`,
    }),
    direct: (ctx) => async () => {
      await ctx.sessionUser();
      return keptSchedule(
        ctx.db,
        ctx.schedules,
        { companyId: LONG_HISTORY_LOAN_COMPANY, id: ctx.longHistoryLoan },
        todayIso(),
      );
    },
    targets: (backend) => ({ p99Ms: backend === 'pg' ? 30 : 100 }),
  },
  {
    // ADR 0020: every contribution of the portfolio as CSV, streamed in keyset batches (memory stays flat).
    id: 'portfolio-export',
    label: 'portfolio CSV export',
    scaling: true,
    request: () => ({ method: 'GET', path: '/api/portfolio/export.csv' }),
    direct: (ctx) => async () => {
      await ctx.sessionUser();
      let rows = 0;
      const today = todayIso();
      for await (const batch of exportPortfolio(ctx.db, { fundId: null, locale: LOCALE, today })) {
        for (const row of batch) scheduleFigures(row, today);
        rows += batch.length;
      }
      return rows;
    },
    // A whole-portfolio file is a download of seconds, not a page: no p99 target, memory is what is watched.
    targets: () => ({}),
    connections: 2,
    // On PGlite, which answers one query at a time, two files at once take ~30 s each.
    timeoutSeconds: 120,
  },
  {
    id: 'global-search',
    label: `global search "${GLOBAL_SEARCH}" (every kind, as an administrator)`,
    scaling: true,
    request: () => ({ method: 'GET', path: '/api/search', query: { q: GLOBAL_SEARCH } }),
    direct: (ctx) => async () => {
      await ctx.sessionUser();
      return globalSearch(ctx.db, searchWordsOf(GLOBAL_SEARCH), new Set(SEARCH_KINDS), LOCALE);
    },
    targets: (backend) => (backend === 'pg' ? { p99Ms: 100, minDbRatio: 0.5 } : { p99Ms: 300 }),
  },
  {
    id: 'sign-in',
    label: 'sign-in (argon2id)',
    scaling: false,
    request: () => ({
      method: 'POST',
      path: '/api/sign_in',
      body: { email: DEMO_ADMIN_EMAIL, password: DEMO_ADMIN_PASSWORD },
    }),
    // Its "database ceiling" is the handler's work without HTTP: both queries and the argon2 check.
    direct: (ctx) => async () => {
      const user = await findUserByEmail(ctx.db, DEMO_ADMIN_EMAIL);
      if (!(await verifyPassword(user?.passwordHash, DEMO_ADMIN_PASSWORD))) throw new Error('wrong password');
      return countActiveAdmins(ctx.db);
    },
    targets: () => ({}),
  },
];

/** The URL path with its query, as the SPA's client writes it (URLSearchParams, locale last). */
export function pathOf(request: ReturnType<BenchCase['request']>): string {
  const params = new URLSearchParams(request.query ?? {});
  params.set('locale', LOCALE);
  return `${request.path}?${params.toString()}`;
}

/** The autocannon request of a case. */
export function httpCaseOf(benchCase: BenchCase, ctx: CaseContext): HttpCase {
  const request = benchCase.request(ctx);
  const path = pathOf(request);
  if (request.method === 'GET') {
    return {
      method: 'GET',
      path,
      headers: {
        accept: 'application/json',
        'accept-encoding': ctx.acceptEncoding,
        authorization: `Bearer ${ctx.token}`,
      },
      ...(benchCase.timeoutSeconds ? { timeoutSeconds: benchCase.timeoutSeconds } : {}),
    };
  }
  return {
    method: 'POST',
    path,
    headers: { accept: 'application/json', 'accept-encoding': ctx.acceptEncoding, 'content-type': 'application/json' },
    body: JSON.stringify(request.body),
    setupRequest: (raw) => {
      raw.headers = { ...raw.headers, 'x-forwarded-for': ctx.nextAddress() };
    },
    check: (_status, headers) =>
      /^Bearer \S+$/.test(headers['authorization'] ?? '') ? undefined : 'sign-in answered without a token',
  };
}

/**
 * The schedule case's loan: the demo loan with the long payment history (demo-servicing.ts). A dataset seeded
 * without it fails here, loudly, rather than measuring a loan of a dozen repayments under the case's name.
 */
export async function longHistoryLoan(db: Db): Promise<string> {
  const [row] = await selectRows<{ id: string; repayments: number }>(
    db,
    sql`SELECT f.id, count(p.id)::int AS repayments
          FROM financial_contributions f JOIN repayments p ON p.contribution_id = f.id
         WHERE f.company_id = ${LONG_HISTORY_LOAN_COMPANY}
         GROUP BY f.id ORDER BY 2 DESC LIMIT 1`,
  );
  if (!row || row.repayments < LONG_HISTORY_REPAYMENTS) {
    throw new Error(
      `the schedule case needs a loan of ${LONG_HISTORY_REPAYMENTS} repayments; company ${LONG_HISTORY_LOAN_COMPANY} has ${row?.repayments ?? 0} (reseed: --reseed)`,
    );
  }
  return row.id;
}
