import type { FeatureRoutes } from '../platform/route-deps';
import { userOf } from '../platform/auth/plugin';
import { contract, envelopeOf } from '../platform/http/contract';
import { booleanFilter, type ListOptions, listQuerystring, parseListParams } from '../platform/http/list-params';
import { ok } from '../platform/http/wire';
import { keptAnswer } from '../platform/http/kept-answers';
import { COMPANY_LIST_OPTIONS, companyListSelection, parseCompanyListParams } from '../companies/list-params';
import { csvAnswerSchema, dashboardMetaSchema, dashboardSchema } from '../../shared/schemas/portfolio-answers';
import { scheduleFigures, todayIso } from '../../shared/portfolio/schedule';
import { translate } from '../../shared/i18n';
import { csvMoney, csvStream, primed, sendCsv, yesNo, type CsvCell } from '../platform/http/csv';
import { fundFilter } from './params';
import { readBuckets } from '../servicing/buckets';
import { bucketLabel } from '../../shared/servicing/buckets';
import { toDollars } from '../../shared/money';
import { riskRatingKey } from '../../shared/companies';
import {
  exportCompanies,
  exportPortfolio,
  readDashboard,
  type CompanyExportRow,
  type PortfolioExportRow,
} from './store';

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
  'companyArchived',
  'loanNumber',
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
  'status',
  'outstandingPrincipal',
  'arrears',
  'daysPastDue',
  'bucket',
] as const;

const DASHBOARD_OPTIONS: ListOptions<never> = { sortable: [], defaultSort: [], filters: ['fundId', 'mine'] };
const PORTFOLIO_EXPORT_OPTIONS: ListOptions<never> = { sortable: [], defaultSort: [], filters: ['fundId'] };
const tags = ['portfolio'];

/** ADR 0020: the dashboard and the two CSV exports, for any signed-in user (a loan's schedule: servicing/routes.ts). */
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
    async (request, reply) => {
      const params = parseListParams(request.query, DASHBOARD_OPTIONS);
      const mine = booleanFilter('mine', params.filters['mine']);
      const dashboard = await readDashboard(db, lists, {
        fundId: await fundFilter(db, params.filters['fundId']),
        mineUserId: mine ? userOf(request).id : null,
        today: todayIso(),
        locale: request.locale,
      });
      return keptAnswer(reply, dashboard, ({ data, meta }) => ok(data, { ...meta }));
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
        // A rating in the file's language, as the screens name it; none is an empty cell, like other blanks.
        (row) =>
          COMPANY_COLUMNS.map((column) =>
            column === 'riskRating' ? row.riskRating && translate(locale, riskRatingKey(row.riskRating)) : row[column],
          ),
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
      // A bucket named as the aging table names it, with the bounds in force.
      const buckets = new Map((await readBuckets(db)).buckets.map((bucket) => [bucket.key, bucket]));
      const bucketName = (key: string | null) => {
        const bucket = key === null ? undefined : buckets.get(key);
        if (!bucket) return key;
        const label = bucketLabel(bucket);
        return translate(locale, label.key, label.params);
      };
      // The schedule's figures come from the shared module, so the file agrees with the screen to the cent; the
      // servicing figures are the loan's own (`loan_states`), as the loan page and the aging table show them.
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
            case 'status':
              return translate(locale, `servicing.loanStatus.${row.status}`);
            case 'outstandingPrincipal':
              return csvMoney(toDollars(row.outstandingPrincipalCents), locale);
            case 'arrears':
              return csvMoney(toDollars(row.arrearsCents), locale);
            case 'bucket':
              return bucketName(row.bucket);
            default:
              return row[column];
          }
        });
      };
      const body = csvStream(
        header,
        await primed(exportPortfolio(db, { fundId, locale, today })),
        cells,
        locale,
        yesNo(locale),
      );
      return sendCsv(reply, `${translate(locale, 'portfolio.export.portfolioFile')}-${today}.csv`, body);
    },
  );
};
