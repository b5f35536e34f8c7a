import { z } from 'zod';
import { CHECKED_STATES, REQUEST_STATES, type RequestState } from '../../shared/pipeline';
import {
  checklistItemPatchSchema,
  checklistTemplatesInputSchema,
  fundingRequestInputSchema,
  fundingRequestPatchSchema,
  transitionInputSchema,
} from '../../shared/schemas/pipeline';
import {
  checklistItemSchema,
  checklistTemplateSchema,
  fundingRequestListMetaSchema,
  fundingRequestSchema,
  fundingRequestSummarySchema,
} from '../../shared/schemas/pipeline-answers';
import { userOf } from '../platform/auth/plugin';
import { badParameter, notFound } from '../platform/errors/app-error';
import { contract, envelopeContract, envelopeOf, localeQuery, uuid } from '../platform/http/contract';
import { listContract, listMeta, pageWindow, parseListParams } from '../platform/http/list-params';
import { ok } from '../platform/http/wire';
import type { FeatureRoutes } from '../platform/route-deps';
import {
  createRequest,
  replaceChecklistTemplates,
  saveRequest,
  setChecklistItem,
  transitionRequest,
} from './actions/requests';
import { decisionChecks } from './checks';
import { requestDecisions } from './committee-store';
import {
  REQUEST_SORT,
  findRequest,
  itemAnswer,
  listRequests,
  readChecklistTemplates,
  readItems,
  readRequest,
  type RequestSortField,
} from './store';

const tags = ['pipeline'];
const idParams = z.object({ id: uuid() });

const LIST_FILTERS = ['state', 'fundId', 'assignee', 'companyId'] as const;
const LIST_SORT = Object.keys(REQUEST_SORT) as RequestSortField[];

/** Funding requests, their moves and checklists (docs/decisions/0039; who may do what: 0040). */
export const pipelineRoutes: FeatureRoutes = async (app, { database, lists }) => {
  const { db } = database;

  const answer = async (id: string, locale: 'fr' | 'en') => {
    const request = await readRequest(db, id, locale);
    if (!request) throw notFound();
    const [decisions, checks] = await Promise.all([
      requestDecisions(db, id, locale),
      CHECKED_STATES.includes(request.state) ? decisionChecks(db, lists, id, locale) : [],
    ]);
    return { ...request, decisions, checks };
  };

  app.get(
    '/funding_requests',
    listContract({
      summary:
        'Funding requests, by state, fund, assignee (`me`) or company, sorted and paged; meta counts them per state',
      tags,
      options: { filters: LIST_FILTERS, sortable: LIST_SORT },
      item: fundingRequestSummarySchema,
      meta: fundingRequestListMetaSchema,
    }),
    async (request) => {
      const params = parseListParams(request.query, {
        sortable: LIST_SORT,
        defaultSort: [{ field: 'stateChangedAt', direction: 'asc' }],
        filters: LIST_FILTERS,
      });
      const { state, fundId, assignee, companyId } = params.filters;
      if (state && !(REQUEST_STATES as readonly string[]).includes(state)) throw badParameter('filter[state]');
      if (assignee && assignee !== 'me') throw badParameter('filter[assignee]');
      const guid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
      if (fundId && !guid.test(fundId)) throw badParameter('filter[fund_id]');
      if (companyId && !guid.test(companyId)) throw badParameter('filter[company_id]');
      const { rows, totalCount, countsByState } = await listRequests(
        db,
        request.locale,
        {
          ...(state ? { state: state as RequestState } : {}),
          ...(fundId ? { fundId: fundId.toLowerCase() } : {}),
          ...(companyId ? { companyId: companyId.toLowerCase() } : {}),
          ...(assignee ? { assigneeId: userOf(request).id } : {}),
        },
        params.sort,
        pageWindow(params),
      );
      return ok(rows, { ...listMeta(totalCount, params.pageNumber, params.pageSize), countsByState });
    },
  );

  app.post(
    '/funding_requests',
    envelopeContract({
      summary: 'Creates a funding request of a company, as a draft (any staff)',
      tags,
      body: fundingRequestInputSchema,
      answer: fundingRequestSchema,
      status: 201,
    }),
    async (request, reply) => {
      const id = await createRequest(db, request.body, userOf(request));
      return reply.code(201).send(ok(await answer(id, request.locale)));
    },
  );

  app.get(
    '/funding_requests/:id',
    envelopeContract({
      summary: 'One funding request with its financing, timeline and the moves open to it',
      tags,
      params: idParams,
      answer: fundingRequestSchema,
    }),
    async (request) => ok(await answer(request.params.id, request.locale)),
  );

  app.patch(
    '/funding_requests/:id',
    envelopeContract({
      summary: 'Saves a request’s details with the lock_version read (its analyst or an administrator)',
      tags,
      params: idParams,
      body: fundingRequestPatchSchema,
      answer: fundingRequestSchema,
    }),
    async (request) => {
      await saveRequest(db, request.params.id, request.body, userOf(request), request.locale);
      return ok(await answer(request.params.id, request.locale));
    },
  );

  app.post(
    '/funding_requests/:id/transitions',
    envelopeContract({
      summary:
        'Moves a request to `to` (409 on a move the rules refuse, with `detail.missing_items` when its checklist or conditions block it)',
      tags,
      params: idParams,
      body: transitionInputSchema,
      answer: fundingRequestSchema,
    }),
    async (request) => {
      const locale = request.locale;
      await transitionRequest(db, request.params.id, request.body, userOf(request), locale);
      return ok(await answer(request.params.id, locale));
    },
  );

  /* ------------------------------------------------------------------------------------------ checklist */

  app.get(
    '/funding_requests/:id/checklist',
    envelopeContract({
      summary: 'A request’s checklist, by stage (empty until it is submitted)',
      tags,
      params: idParams,
      answer: z.array(checklistItemSchema),
    }),
    async (request) => {
      const found = await findRequest(db, request.params.id);
      if (!found) throw notFound();
      return ok((await readItems(db, found.id)).map((item) => itemAnswer(item, request.locale)));
    },
  );

  app.patch(
    '/funding_requests/:id/checklist/:itemId',
    envelopeContract({
      summary:
        'Sets where a checklist item stands: received (with a document of the same company), verified, waived (with a reason) or missing',
      tags,
      params: z.object({ id: uuid(), itemId: uuid() }),
      body: checklistItemPatchSchema,
      answer: checklistItemSchema,
    }),
    async (request) => {
      const locale = request.locale;
      const { id: requestId, itemId } = request.params;
      const item = await setChecklistItem(db, { requestId, itemId }, request.body, userOf(request), locale);
      return ok(itemAnswer(item, locale));
    },
  );

  /* ------------------------------------------------------------------------------------------ templates */

  app.get(
    '/checklist_templates',
    contract({
      summary: 'The documents each fund requires at each stage (any staff)',
      tags,
      querystring: localeQuery.extend({ 'filter[fund_id]': z.string().optional().describe('One fund only') }).strict(),
      response: { 200: envelopeOf(z.array(checklistTemplateSchema)) },
    }),
    async (request) => {
      const fundId = request.query['filter[fund_id]'];
      if (fundId !== undefined && !/^[0-9a-f-]{36}$/i.test(fundId)) throw badParameter('filter[fund_id]');
      return ok(await readChecklistTemplates(db, request.locale, fundId?.toLowerCase()));
    },
  );

  app.put(
    '/checklist_templates',
    {
      ...envelopeContract({
        summary: 'Replaces one fund’s checklist templates, every stage (administrators)',
        tags,
        body: checklistTemplatesInputSchema,
        answer: z.array(checklistTemplateSchema),
      }),
      config: { access: 'admin' },
    },
    async (request) => {
      await replaceChecklistTemplates(db, request.body);
      return ok(await readChecklistTemplates(db, request.locale, request.body.fundId));
    },
  );
};
