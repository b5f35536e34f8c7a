import { OUTSIDE_PIPELINE_FIGURES } from '../../shared/decisions/report';
import { z } from 'zod';
import type { Locale } from '../../shared/constants';
import { isYearInRange } from '../../shared/constants';
import { translate } from '../../shared/i18n';
import { csvAnswerSchema } from '../../shared/schemas/portfolio-answers';
import { todayIso } from '../../shared/portfolio/schedule';
import { isCalendarDate } from '../../shared/servicing/calendar';
import {
  FUND_ACTIVITY_FIGURES,
  REPORT_MAX_YEARS,
  fundActivitySchema,
  type FundActivity,
} from '../../shared/tasks/report';
import { AppError, badParameter } from '../platform/errors/app-error';
import { contract, envelopeOf, localeQuery } from '../platform/http/contract';
import { csvMoney, csvStream, sendCsv, yesNo, type CsvCell } from '../platform/http/csv';
import { isUuid } from '../platform/http/params';
import { ok } from '../platform/http/wire';
import type { FeatureRoutes } from '../platform/route-deps';
import { fundActivity } from './fund-activity';

const query = localeQuery
  .extend({
    fund_id: z.string().optional().describe('The fund (contribution fund id)'),
    from: z.string().optional().describe('YYYY-MM-DD, the first day of the period'),
    to: z.string().optional().describe('YYYY-MM-DD, the last day of the period'),
  })
  .strict();

const tags = ['tasks', 'reports'];

/** The period and fund asked: a malformed or reversed period is a 400 naming it; an unknown fund, a 404. */
function parsed(raw: { fundId?: string | undefined; from?: string | undefined; to?: string | undefined }) {
  const day = (value: string | undefined) => value !== undefined && isCalendarDate(value) && isYearInRange(value);
  if (!raw.fundId) throw badParameter('fund_id', 'tasks.errors.fundRequired');
  if (!day(raw.from)) throw badParameter('from', 'tasks.errors.day');
  if (!day(raw.to)) throw badParameter('to', 'tasks.errors.day');
  if (raw.to! < raw.from!) throw badParameter('to', 'tasks.errors.periodReversed');
  if (Number(raw.to!.slice(0, 4)) - Number(raw.from!.slice(0, 4)) > REPORT_MAX_YEARS) {
    throw badParameter('to', 'tasks.errors.periodTooLong');
  }
  return { fundId: raw.fundId.toLowerCase(), from: raw.from!, to: raw.to! };
}

const fundUnknown = () => new AppError(404, 'not_found', 'tasks.errors.fundUnknown');

/** Each figure as a CSV cell: counts and amounts as numbers Excel reads, what Atrium cannot give said so. */
function csvValue(
  report: FundActivity,
  key: (typeof FUND_ACTIVITY_FIGURES)[number][0],
  kind: string,
  locale: Locale,
): CsvCell {
  const value = report[key] as number | null;
  if (value === null) return translate(locale, 'tasks.report.notAvailable');
  return kind === 'money' ? csvMoney(value, locale) : value;
}

/** The fund activity report (docs/decisions/0041): on screen and as CSV, the same figures. */
export const reportRoutes: FeatureRoutes = async (app, { database }) => {
  const { db } = database;

  async function reportOf(
    raw: { fund_id?: string | undefined; from?: string | undefined; to?: string | undefined },
    locale: Locale,
  ) {
    const period = parsed({ fundId: raw.fund_id, from: raw.from, to: raw.to });
    if (!isUuid(period.fundId)) throw fundUnknown();
    const report = await fundActivity(db, { ...period, today: todayIso(), locale });
    if (!report) throw fundUnknown();
    return report;
  }

  app.get(
    '/reports/fund_activity',
    contract({
      summary:
        'A fund’s activity over a period (fund_id, from, to): loans authorized, disbursed, repaid, written off, outstanding, leverage, jobs',
      tags,
      querystring: query,
      response: { 200: envelopeOf(fundActivitySchema) },
    }),
    async (request) => ok(await reportOf(request.query, request.locale)),
  );

  app.get(
    '/reports/fund_activity.csv',
    contract({
      summary: 'The fund activity report as a CSV file for Excel, in the reader’s language',
      tags,
      querystring: query,
      response: { 200: csvAnswerSchema },
    }),
    async (request, reply) => {
      const locale = request.locale;
      const report = await reportOf(request.query, locale);
      const t = (key: string) => translate(locale, `tasks.report.${key}`);
      const body = csvStream(
        [t('columns.figure'), t('columns.value')],
        (async function* () {
          yield [
            [t('columns.fund'), report.fundName],
            [t('columns.from'), report.from],
            [t('columns.to'), report.to],
            ...FUND_ACTIVITY_FIGURES.map(([key, kind]): CsvCell[] => [
              t(`figures.${key}`),
              csvValue(report, key, kind, locale),
            ]),
            // Counted apart (docs/decisions/0066).
            ...OUTSIDE_PIPELINE_FIGURES.map(([key, kind]): CsvCell[] => {
              const figure = report.outsidePipeline[key];
              return [
                translate(locale, `decisions.report.figures.${key}`),
                kind === 'money' ? csvMoney(figure, locale) : figure,
              ];
            }),
          ];
        })(),
        (cells) => cells,
        locale,
        yesNo(locale),
      );
      return sendCsv(reply, `${t('file')}-${report.from}-${report.to}.csv`, body);
    },
  );
};
