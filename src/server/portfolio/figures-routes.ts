import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { FeatureRoutes } from '../platform/route-deps';
import type { Db } from '../db/client';
import { userOf } from '../platform/auth/plugin';
import { badRequest } from '../platform/errors/app-error';
import { contract, envelopeOf, listMetaSchema, localeQuery, uuid } from '../platform/http/contract';
import {
  booleanFilter,
  listMeta,
  listQuerystring,
  pageWindow,
  parseListParams,
  type ListOptions,
} from '../platform/http/list-params';
import { ok } from '../platform/http/wire';
import { readBuckets } from '../servicing/buckets';
import {
  AGING_LOAN_SORT_FIELDS,
  agingAnswerSchema,
  agingLoanSchema,
  bucketSchema,
  bucketsInputSchema,
  bucketsMetaSchema,
  collectionsAnswerSchema,
  fundCapitalInputSchema,
  fundsAnswerSchema,
  MAX_BUCKETS,
  parAnswerSchema,
  type AgingLoanSortField,
} from '../../shared/schemas/portfolio-figures';
import { collectionRate } from '../../shared/servicing';
import { todayIso } from '../../shared/portfolio/schedule';
import { dollars, ratioAnswer } from './figures';
import {
  agingLoansComputed,
  agingLoansOnToday,
  collectionsOf,
  fundNames,
  fundsOn,
  keptAging,
  readPar,
  type AgingLoanRow,
  type PortfolioScope,
} from './figures-store';
import { keptAnswer } from '../platform/http/kept-answers';
import { asOfParam, fundFilter, parDaysParam, periodParams } from './params';
import { replaceAgingBuckets, setCapitalOfFund } from './actions';

/*
 * The portfolio's figures (docs/decisions/0037): the aging table and the loans behind each cell, PAR
 * and the arrears rate, the collections of a period, the funds, and the buckets an administrator sets. Each
 * answer is kept between writes under the `portfolio` family (ADR 0012, 0020, 0027): any write to a loan's
 * money, a loan, a company, a fund, its capital or the buckets drops it in every process.
 */

const tags = ['portfolio'];
const text = (description: string) => z.string().optional().describe(description);
const AS_OF = text('YYYY-MM-DD: the day the figures are for (default today in Québec; any day works)');
const SCOPE_FILTERS = {
  'filter[fund_id]': text('Only the loans of this contribution fund'),
  'filter[mine]': text('true: only the loans of the companies I oversee'),
};
/** The scope's filters, and the other parameters each figure reads (any other is a 400, docs/ARCHITECTURE.md §4). */
const scopeOptions = (...parameters: string[]): ListOptions<never> => ({
  sortable: [],
  defaultSort: [],
  filters: ['fundId', 'mine'],
  parameters,
});
const LOAN_LIST_OPTIONS: ListOptions<AgingLoanSortField> = {
  sortable: AGING_LOAN_SORT_FIELDS,
  defaultSort: [
    { field: 'daysPastDue', direction: 'desc' },
    { field: 'outstandingPrincipal', direction: 'desc' },
  ],
  filters: ['fundId', 'mine', 'bucket'],
  parameters: ['as_of'],
};

/** Which loans a read is about, from its filters (a fund, mine). */
async function scopeOf(db: Db, request: FastifyRequest, filters: Record<string, string>): Promise<PortfolioScope> {
  return {
    fundId: await fundFilter(db, filters['fundId']),
    mineUserId: booleanFilter('mine', filters['mine']) ? userOf(request).id : null,
  };
}

export const portfolioFigureRoutes: FeatureRoutes = async (app, { database, lists }) => {
  const { db } = database;

  app.get(
    '/portfolio/arrears_aging',
    contract({
      summary: 'The aging table: active loans per bucket of days past due, in total and per fund (as_of, filters)',
      tags,
      querystring: localeQuery.extend({ as_of: AS_OF, ...SCOPE_FILTERS }).loose(),
      response: { 200: envelopeOf(agingAnswerSchema) },
    }),
    async (request, reply) => {
      const query = request.query;
      const { filters } = parseListParams(query, scopeOptions('as_of'));
      const scope = await scopeOf(db, request, filters);
      const asOf = asOfParam(query['as_of'], todayIso());
      return keptAnswer(reply, await keptAging(db, lists, scope, asOf, request.locale), ok);
    },
  );

  app.get(
    '/portfolio/arrears_aging/loans',
    contract({
      summary: 'The active loans behind a cell of the aging table (filter[bucket], as_of, filters), a page of them',
      tags,
      querystring: listQuerystring(LOAN_LIST_OPTIONS).extend({ as_of: AS_OF }),
      response: {
        200: envelopeOf(z.array(agingLoanSchema), listMetaSchema.extend({ asOf: z.string(), bucket: z.string() })),
      },
    }),
    async (request) => {
      const query = request.query;
      const params = parseListParams(query, LOAN_LIST_OPTIONS);
      const scope = await scopeOf(db, request, params.filters);
      const today = todayIso();
      const asOf = asOfParam(query['as_of'], today);
      const { buckets } = await readBuckets(db);
      const bucket = buckets.find((b) => b.key === params.filters['bucket']);
      if (!bucket) throw badRequest('servicing.errors.portfolio.unknownBucket');
      const { limit, offset } = pageWindow(params);
      const base = { scope, asOf, range: bucket, sort: params.sort, locale: request.locale };
      let page: { rows: AgingLoanRow[]; total: number };
      if (asOf === today) {
        page = await agingLoansOnToday(db, { ...base, limit, offset });
      } else {
        const all = await lists.get(
          JSON.stringify([
            'portfolio',
            'aging-loans',
            scope.fundId,
            scope.mineUserId,
            asOf,
            today,
            bucket,
            params.sort,
            request.locale,
          ]),
          () => agingLoansComputed(db, base, buckets),
          (rows) => rows.length,
        );
        page = { rows: all.slice(offset, offset + limit), total: all.length };
      }
      return ok(
        page.rows.map((row) => ({
          ...row,
          bucket: bucket.key,
          arrearsPrincipal: dollars(row.arrearsPrincipal),
          arrearsInterest: dollars(row.arrearsInterest),
          arrears: dollars(row.arrearsPrincipal + row.arrearsInterest),
          outstandingPrincipal: dollars(row.outstandingPrincipal),
        })),
        { ...listMeta(page.total, params.pageNumber, params.pageSize), asOf, bucket: bucket.key },
      );
    },
  );

  app.get(
    '/portfolio/par',
    contract({
      summary: 'Portfolio at risk over each number of days (days=30,60,90) and the arrears rate (as_of, filters)',
      tags,
      querystring: localeQuery
        .extend({
          as_of: AS_OF,
          days: text('Comma-separated whole numbers of days (default 30,60,90)'),
          ...SCOPE_FILTERS,
        })
        .loose(),
      response: { 200: envelopeOf(parAnswerSchema) },
    }),
    async (request, reply) => {
      const query = request.query;
      const { filters } = parseListParams(query, scopeOptions('as_of', 'days'));
      const scope = await scopeOf(db, request, filters);
      const asOf = asOfParam(query['as_of'], todayIso());
      const days = parDaysParam(query['days']);
      return keptAnswer(reply, await readPar(db, lists, scope, asOf, days), ok);
    },
  );

  app.get(
    '/portfolio/collections',
    contract({
      summary: 'The collection rate of a period (from, to; default the current month): paid on what fell due ÷ due',
      tags,
      querystring: localeQuery
        .extend({
          from: text('YYYY-MM-DD, first day (default: the first of the month of `to`)'),
          to: text('YYYY-MM-DD, last day (default today)'),
          ...SCOPE_FILTERS,
        })
        .loose(),
      response: { 200: envelopeOf(collectionsAnswerSchema) },
    }),
    async (request, reply) => {
      const query = request.query;
      const { filters } = parseListParams(query, scopeOptions('from', 'to'));
      const scope = await scopeOf(db, request, filters);
      const today = todayIso();
      const period = periodParams(query, today);
      const locale = request.locale;
      const answer = await lists.get(
        JSON.stringify([
          'portfolio',
          'collections',
          scope.fundId,
          scope.mineUserId,
          period.from,
          period.to,
          today,
          locale,
        ]),
        async () => {
          const { buckets } = await readBuckets(db);
          const [byFund, names] = await Promise.all([collectionsOf(db, scope, period, buckets), fundNames(db, locale)]);
          const figures = (
            rows: readonly { due: number; collected: number; received: number; recovered: number }[],
          ) => {
            const sum = (pick: (row: (typeof rows)[number]) => number) => rows.reduce((t, row) => t + pick(row), 0);
            return {
              due: dollars(sum((row) => row.due)),
              collected: dollars(sum((row) => row.collected)),
              rate: ratioAnswer(collectionRate(rows)),
              received: dollars(sum((row) => row.received)),
              recovered: dollars(sum((row) => row.recovered)),
            };
          };
          const funds = names.flatMap(({ fundId, fundName }) => {
            const fund = byFund.find((row) => row.fundId === fundId);
            return fund ? [{ fundId, fundName, ...figures([fund]) }] : [];
          });
          return { ...period, ...figures(byFund), funds };
        },
        (value) => 1 + value.funds.length,
      );
      return keptAnswer(reply, answer, ok);
    },
  );

  app.get(
    '/portfolio/funds',
    contract({
      summary: 'Each fund: capital, outstanding principal, approved not yet disbursed, available (as_of)',
      tags,
      querystring: localeQuery.extend({ as_of: AS_OF }),
      response: { 200: envelopeOf(fundsAnswerSchema) },
    }),
    async (request) => {
      const query = request.query;
      const asOf = asOfParam(query['as_of'], todayIso());
      return ok(await fundsOn(db, lists, asOf, request.locale));
    },
  );

  const fundParams = z.object({ fundId: uuid() });
  app.put(
    '/portfolio/funds/:fundId',
    {
      ...contract({
        summary: "Sets a fund's capital (administrators); an empty capital clears it",
        tags,
        params: fundParams,
        querystring: localeQuery,
        body: fundCapitalInputSchema,
        response: { 200: envelopeOf(fundsAnswerSchema.shape.funds.element) },
      }),
      config: { access: 'admin' },
    },
    async (request) => {
      const id = await setCapitalOfFund(db, request.params.fundId, request.body.capital, userOf(request).id);
      const { funds } = await fundsOn(db, lists, todayIso(), request.locale);
      return ok(funds.find((fund) => fund.fundId === id)!);
    },
  );

  const bucketsAnswer = async () => {
    const { buckets, custom, updatedAt, updatedByName } = await readBuckets(db);
    return ok(
      buckets.map((bucket) => ({ ...bucket })),
      { custom, updatedAt, updatedByName, maxBuckets: MAX_BUCKETS },
    );
  };
  const bucketsEnvelope = envelopeOf(z.array(bucketSchema), bucketsMetaSchema);

  app.get(
    '/delinquency_buckets',
    contract({
      summary: 'The aging buckets in force, with their provision rates (the defaults until an administrator sets them)',
      tags,
      querystring: localeQuery,
      response: { 200: bucketsEnvelope },
    }),
    bucketsAnswer,
  );

  app.put(
    '/delinquency_buckets',
    {
      ...contract({
        summary:
          'Replaces the aging buckets (administrators): from 0 days, no overlap, no gap, the last without upper bound',
        tags,
        querystring: localeQuery,
        body: bucketsInputSchema,
        response: { 200: bucketsEnvelope },
      }),
      config: { access: 'admin' },
    },
    async (request) => {
      await replaceAgingBuckets(db, request.body.buckets, userOf(request).id);
      return bucketsAnswer();
    },
  );
};
