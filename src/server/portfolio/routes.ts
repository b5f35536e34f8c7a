import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { FeatureRoutes } from '../platform/route-deps';
import type { Db } from '../db/client';
import { userOf } from '../platform/auth/plugin';
import { invalid, notFound, badParameter } from '../platform/errors/app-error';
import { contract, envelopeOf, localeQuery, uuid } from '../platform/http/contract';
import { booleanFilter, type ListOptions, listQuerystring, parseListParams } from '../platform/http/list-params';
import { isUuid } from '../platform/http/params';
import { ok } from '../platform/http/wire';
import { COMPANY_LIST_OPTIONS, companyListSelection, parseCompanyListParams } from '../companies/list-params';
import {
  csvAnswerSchema,
  dashboardMetaSchema,
  dashboardSchema,
  scheduleAnswerSchema,
} from '../../shared/schemas/portfolio-answers';
import { computeSchedule, scheduleFigures, todayIso } from '../../shared/portfolio/schedule';
import { snakePath } from '../../shared/case';
import { translate } from '../../shared/i18n';
import type { Locale } from '../../shared/constants';
import { csvMoney, csvStream, primed, type CsvCell } from './csv';
import {
  exportCompanies,
  exportPortfolio,
  findContributionTerms,
  fundExists,
  readDashboard,
  type CompanyExportRow,
  type PortfolioExportRow,
} from './store';

/** `filter[fund_id]`: a fund that exists, or none. A malformed or unknown one is a 400 that says so. */
async function fundFilter(db: Db, value: string | undefined): Promise<string | null> {
  if (value === undefined || value === '') return null;
  if (!isUuid(value) || !(await fundExists(db, value.toLowerCase())))
    throw badParameter('filter[fund_id]', 'portfolio.errors.unknownFund');
  return value.toLowerCase();
}

const COMPANY_COLUMNS = [
  'referenceNumber',
  'name',
  'status',
  'activityArea',
  'legalForm',
  'address',
  'municipality',
  'zipCode',
  'emailAddress',
  'phoneNumber',
  'website',
  'employeeCount',
  'riskRating',
  'overseeingUser',
  'insertedAt',
  'archived',
] as const satisfies readonly (keyof CompanyExportRow)[];

const PORTFOLIO_COLUMNS = [
  'companyReference',
  'companyName',
  'fundName',
  'projectName',
  'amount',
  'rate',
  'amortization',
  'moratorium',
  'authorizationDate',
  'followupDate',
  'expectedEndDate',
  'payment',
  'totalInterest',
  'balanceToday',
] as const;

function sendCsv(reply: FastifyReply, fileName: string, body: ReturnType<typeof csvStream>) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(body);
}

const yesNo = (locale: Locale): [string, string] => [
  translate(locale, 'portfolio.export.yes'),
  translate(locale, 'portfolio.export.no'),
];

const DASHBOARD_OPTIONS: ListOptions<never> = { sortable: [], defaultSort: [], filters: ['fundId', 'mine'] };
const PORTFOLIO_EXPORT_OPTIONS: ListOptions<never> = { sortable: [], defaultSort: [], filters: ['fundId'] };
const tags = ['portfolio'];
const scheduleParams = z.object({ companyId: uuid(), id: uuid() });

/** ADR 0020: the dashboard, the loan schedule and the two CSV exports, for any signed-in user. */
export const portfolioRoutes: FeatureRoutes = async (app, { database, lists }) => {
  const { db } = database;

  app.get(
    '/dashboard',
    contract({
      summary: 'The portfolio dashboard (filter[fund_id], filter[mine]=true)',
      tags,
      querystring: listQuerystring(DASHBOARD_OPTIONS),
      response: { 200: envelopeOf(dashboardSchema, dashboardMetaSchema) },
    }),
    async (request) => {
      const params = parseListParams(request.query, DASHBOARD_OPTIONS);
      const mine = booleanFilter('mine', params.filters['mine']);
      const { data, meta } = await readDashboard(db, lists, {
        fundId: await fundFilter(db, params.filters['fundId']),
        mineUserId: mine ? userOf(request).id : null,
        today: todayIso(),
        locale: request.locale,
      });
      return ok(data, { ...meta });
    },
  );

  app.get(
    '/companies/:companyId/financial_contributions/:id/schedule',
    contract({
      summary: "A loan's schedule (422 naming the fields to fix when it has none)",
      tags,
      params: scheduleParams,
      querystring: localeQuery,
      response: { 200: envelopeOf(scheduleAnswerSchema) },
    }),
    async (request) => {
      const { companyId, id } = request.params;
      const terms = await findContributionTerms(db, companyId.toLowerCase(), id.toLowerCase());
      if (!terms) throw notFound();
      const result = computeSchedule(terms, todayIso());
      if (!result.ok) {
        const detail = Object.fromEntries(
          result.problems.map((problem) => [snakePath([problem.field]), [{ key: problem.key, params: {} }]]),
        );
        throw invalid(detail, 'portfolio.schedule.unavailable');
      }
      const { rows, ...figures } = result.schedule;
      return ok({ ...figures, rows: rows.map(({ number: _n, ...row }) => row) });
    },
  );

  app.get(
    '/companies/export.csv',
    contract({
      summary: 'The companies list as a CSV file, with the list filters and sort',
      tags,
      querystring: listQuerystring(COMPANY_LIST_OPTIONS),
      response: { 200: csvAnswerSchema },
    }),
    async (request, reply) => {
      const selection = companyListSelection(parseCompanyListParams(request.query));
      const locale = request.locale;
      const header = COMPANY_COLUMNS.map((column) => translate(locale, `portfolio.export.companies.${column}`));
      const body = csvStream(
        header,
        await primed(exportCompanies(db, { ...selection, locale })),
        (row) => COMPANY_COLUMNS.map((column) => row[column]),
        locale,
        yesNo(locale),
      );
      return sendCsv(reply, `${translate(locale, 'portfolio.export.companiesFile')}-${todayIso()}.csv`, body);
    },
  );

  app.get(
    '/portfolio/export.csv',
    contract({
      summary: 'Every loan with its schedule figures as a CSV file (filter[fund_id])',
      tags,
      querystring: listQuerystring(PORTFOLIO_EXPORT_OPTIONS),
      response: { 200: csvAnswerSchema },
    }),
    async (request, reply) => {
      const params = parseListParams(request.query, PORTFOLIO_EXPORT_OPTIONS);
      const fundId = await fundFilter(db, params.filters['fundId']);
      const locale = request.locale;
      const today = todayIso();
      const header = PORTFOLIO_COLUMNS.map((column) => translate(locale, `portfolio.export.portfolio.${column}`));
      // The schedule's figures come from the shared module, so the file agrees with the screen to the cent.
      const cells = (row: PortfolioExportRow): CsvCell[] => {
        const result = scheduleFigures(row, today);
        const schedule = result.ok ? result.figures : null;
        return PORTFOLIO_COLUMNS.map((column) => {
          switch (column) {
            case 'amount':
              return csvMoney(row.amount, locale);
            case 'payment':
              return csvMoney(schedule?.payment ?? null, locale);
            case 'totalInterest':
              return csvMoney(schedule?.totalInterest ?? null, locale);
            case 'balanceToday':
              return csvMoney(schedule?.balanceToday ?? null, locale);
            default:
              return row[column];
          }
        });
      };
      const body = csvStream(
        header,
        await primed(exportPortfolio(db, { fundId, locale })),
        cells,
        locale,
        yesNo(locale),
      );
      return sendCsv(reply, `${translate(locale, 'portfolio.export.portfolioFile')}-${today}.csv`, body);
    },
  );
};
