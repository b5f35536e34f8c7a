import { z } from 'zod';
import type { Locale } from '../../shared/constants';
import {
  GUARANTEE_KINDS,
  GUARANTEE_STATES,
  type GuaranteeKind,
  type GuaranteeState,
} from '../../shared/guarantees/types';
import { translate } from '../../shared/i18n';
import { todayIso } from '../../shared/portfolio/schedule';
import { GUID } from '../../shared/schemas/common';
import {
  guaranteeAssetSoldSchema,
  guaranteeInputSchema,
  guaranteePatchSchema,
  guaranteeReleaseSchema,
} from '../../shared/schemas/guarantees';
import {
  guaranteeMetaSchema,
  guaranteeSchema,
  guaranteesMetaSchema,
  portfolioGuaranteeSchema,
} from '../../shared/schemas/guarantees-answers';
import { csvAnswerSchema } from '../../shared/schemas/portfolio-answers';
import { userOf } from '../platform/auth/plugin';
import { badParameter, notFound } from '../platform/errors/app-error';
import { contract, envelopeContract, envelopeOf, listMetaSchema, uuid } from '../platform/http/contract';
import { csvMoney, csvStream, sendCsv, yesNo, type CsvCell } from '../platform/http/csv';
import { listMeta, listQuerystring, pageWindow, parseListParams, type ListOptions } from '../platform/http/list-params';
import { ok } from '../platform/http/wire';
import type { FeatureRoutes } from '../platform/route-deps';
import { computed } from '../servicing/actions/write-on-loan';
import { loanContext } from '../servicing/loan-context';
import { freshLoanStates } from '../servicing/store';
import {
  addGuarantee,
  changeGuarantee,
  recordAssetSold,
  releaseGuarantee,
  removeGuarantee,
  type Author,
} from './actions';
import { guaranteeAnswer, portfolioGuaranteeAnswer } from './answers';
import { findGuarantee, loanGuarantees, portfolioGuarantees, type PortfolioFilters } from './store';

const tags = ['guarantees'];
const FC = '/companies/:companyId/financial_contributions/:id/guarantees';
const loanParams = z.object({ companyId: uuid(), id: uuid() });
const guaranteeParams = loanParams.extend({ guaranteeId: uuid() });

type AuthorRequest = Parameters<typeof userOf>[0] & { locale: Locale };
const authorOf = (request: AuthorRequest): Author => ({ authorId: userOf(request).id, locale: request.locale });

const LIST_OPTIONS: ListOptions<'expiresOn'> = {
  sortable: ['expiresOn'],
  defaultSort: [{ field: 'expiresOn', direction: 'asc' }],
  filters: ['state', 'kind', 'fundId', 'expiringWithinDays', 'toRelease'],
};

/** The portfolio list's filters, read from the wire; a value the list does not take is a 400 naming it. */
function filtersOf(raw: Record<string, string>): PortfolioFilters {
  const state = raw['state'] || null;
  if (state !== null && !(GUARANTEE_STATES as readonly string[]).includes(state)) throw badParameter('filter[state]');
  const kind = raw['kind'] || null;
  if (kind !== null && !(GUARANTEE_KINDS as readonly string[]).includes(kind)) throw badParameter('filter[kind]');
  const fundId = raw['fundId'] || null;
  if (fundId !== null && !GUID.test(fundId)) throw badParameter('filter[fund_id]');
  const days = raw['expiringWithinDays'] || null;
  if (days !== null && (!/^\d{1,4}$/.test(days) || Number(days) > 3650)) {
    throw badParameter('filter[expiring_within_days]', 'guarantees.errors.expiringDays');
  }
  const toRelease = raw['toRelease'] || 'false';
  if (toRelease !== 'true' && toRelease !== 'false') throw badParameter('filter[to_release]');
  return {
    state: state as GuaranteeState | null,
    kind: kind as GuaranteeKind | null,
    fundId: fundId?.toLowerCase() ?? null,
    expiringWithinDays: days === null ? null : Number(days),
    toRelease: toRelease === 'true',
  };
}

const CSV_COLUMNS = [
  'company',
  'loanNumber',
  'fund',
  'kind',
  'guarantor',
  'amount',
  'sharePercent',
  'rank',
  'registry',
  'registrationNumber',
  'signedOn',
  'registeredOn',
  'expiresOn',
  'state',
  'toComplete',
  'coverage',
] as const;

/** The guarantees register (docs/decisions/0072): a loan's guarantees, their changes, and the portfolio's list. */
export const guaranteeRoutes: FeatureRoutes = async (app, deps) => {
  const { db } = deps.database;

  /** The loan's coverage and what it owes today, from the servicing computation (404 for another company's). */
  async function loanCoverage(params: { companyId: string; id: string }) {
    const { summary } = computed(await loanContext(db, params, todayIso()));
    return { coverage: summary.guaranteesCoverage, outstandingPrincipal: summary.figures.outstandingPrincipal };
  }

  app.get(
    FC,
    envelopeContract({
      summary: "A loan's guarantees (sûretés), with its coverage: what they secure ÷ its outstanding principal",
      tags,
      params: loanParams,
      answer: z.array(guaranteeSchema),
      meta: guaranteesMetaSchema,
    }),
    async (request) => {
      const loan = await loanCoverage(request.params);
      const rows = await loanGuarantees(db, request.params.id);
      return ok(rows.map(guaranteeAnswer), { totalCount: rows.length, ...loan });
    },
  );

  app.post(
    FC,
    envelopeContract({
      summary: 'Adds a guarantee to a loan (422 naming each field to fix; a registration number already used: 422)',
      tags,
      params: loanParams,
      body: guaranteeInputSchema,
      answer: guaranteeSchema,
      meta: guaranteeMetaSchema,
      status: 201,
    }),
    async (request, reply) => {
      const row = await addGuarantee(db, request.params, request.body, authorOf(request));
      const { coverage } = await loanCoverage(request.params);
      return reply.code(201).send(ok(guaranteeAnswer(row), { coverage }));
    },
  );

  app.get(
    `${FC}/:guaranteeId`,
    envelopeContract({ summary: 'One guarantee of a loan', tags, params: guaranteeParams, answer: guaranteeSchema }),
    async (request) => {
      const { companyId, id, guaranteeId } = request.params;
      const row = await findGuarantee(db, { companyId, contributionId: id, id: guaranteeId });
      if (!row) throw notFound();
      return ok(guaranteeAnswer(row));
    },
  );

  app.patch(
    `${FC}/:guaranteeId`,
    envelopeContract({
      summary:
        'Changes a guarantee: the fields sent, with the lock_version read (409 when stale or for a state it cannot reach)',
      tags,
      params: guaranteeParams,
      body: guaranteePatchSchema,
      answer: guaranteeSchema,
      meta: guaranteeMetaSchema,
    }),
    async (request) => {
      const row = await changeGuarantee(db, request.params, request.body, authorOf(request));
      const { coverage } = await loanCoverage(request.params);
      return ok(guaranteeAnswer(row), { coverage });
    },
  );

  app.delete(
    `${FC}/:guaranteeId`,
    envelopeContract({
      summary: 'Deletes a draft guarantee (409 past draft: give a mainlevée instead)',
      tags,
      params: guaranteeParams,
      answer: z.object({ id: z.string() }),
    }),
    async (request) => {
      await removeGuarantee(db, request.params, authorOf(request));
      return ok({ id: request.params.guaranteeId });
    },
  );

  app.post(
    `${FC}/:guaranteeId/release`,
    envelopeContract({
      summary: 'Gives a guarantee its mainlevée (released_on, reason; 409 unless signed or registered)',
      tags,
      params: guaranteeParams,
      body: guaranteeReleaseSchema,
      answer: guaranteeSchema,
      meta: guaranteeMetaSchema,
    }),
    async (request) => {
      const row = await releaseGuarantee(db, request.params, request.body, authorOf(request));
      const { coverage } = await loanCoverage(request.params);
      return ok(guaranteeAnswer(row), { coverage });
    },
  );

  app.post(
    `${FC}/:guaranteeId/asset_sold`,
    envelopeContract({
      summary: 'Records that a secured asset was sold (sold_on, note): the conservation notice is due 15 days later',
      tags,
      params: guaranteeParams,
      body: guaranteeAssetSoldSchema,
      answer: guaranteeSchema,
    }),
    async (request) => ok(guaranteeAnswer(await recordAssetSold(db, request.params, request.body, authorOf(request)))),
  );

  /* ---------------------------------------------------------------------------------------------- */

  app.get(
    '/portfolio/guarantees',
    contract({
      summary:
        "The portfolio's guarantees, soonest expiry first, each with its loan's coverage (filters: state, kind, " +
        'fund_id, expiring_within_days, to_release)',
      tags: ['guarantees', 'portfolio'],
      querystring: listQuerystring(LIST_OPTIONS),
      response: { 200: envelopeOf(z.array(portfolioGuaranteeSchema), listMetaSchema) },
    }),
    async (request) => {
      const params = parseListParams(request.query, LIST_OPTIONS);
      const filters = filtersOf(params.filters);
      const today = todayIso();
      await freshLoanStates(db, today);
      const { limit, offset } = pageWindow(params);
      const page = await portfolioGuarantees(db, filters, today, { limit, offset });
      return ok(
        page.rows.map((row) => portfolioGuaranteeAnswer(row, request.locale)),
        { ...listMeta(page.total, params.pageNumber, params.pageSize) },
      );
    },
  );

  app.get(
    '/portfolio/guarantees.csv',
    contract({
      summary: "The portfolio's guarantees as a CSV file in the language asked (the same filters as the list)",
      tags: ['guarantees', 'portfolio'],
      querystring: listQuerystring(LIST_OPTIONS),
      response: { 200: csvAnswerSchema },
    }),
    async (request, reply) => {
      const locale = request.locale;
      const filters = filtersOf(parseListParams(request.query, LIST_OPTIONS).filters);
      const today = todayIso();
      await freshLoanStates(db, today);
      const { rows } = await portfolioGuarantees(db, filters, today, { limit: null, offset: 0 });
      const t = (key: string) => translate(locale, key);
      const header = CSV_COLUMNS.map((column) => t(`guarantees.csv.columns.${column}`));
      const cells = (row: (typeof rows)[number]): CsvCell[] => {
        const answer = portfolioGuaranteeAnswer(row, locale);
        return [
          answer.companyName,
          answer.loanNumber,
          answer.fundName,
          t(`guarantees.kind.${answer.kind}`),
          answer.guarantorName,
          csvMoney(answer.amount, locale),
          answer.sharePercent,
          answer.rank,
          t(`guarantees.registry.${answer.registry}`),
          answer.registrationNumber,
          answer.signedOn,
          answer.registeredOn,
          answer.expiresOn,
          t(`guarantees.state.${answer.state}`),
          answer.toComplete,
          answer.loanCoverage,
        ];
      };
      const body = csvStream(
        header,
        (async function* () {
          yield rows;
        })(),
        cells,
        locale,
        yesNo(locale),
      );
      return sendCsv(reply, `${t('guarantees.csv.file')}-${today}.csv`, body);
    },
  );
};
