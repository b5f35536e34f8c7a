import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  CHECKED_STATES,
  REQUEST_STATES,
  isEditable,
  itemChangeRefusal,
  itemEntry,
  moveRefusal,
  needsDocument,
  type ChecklistStage,
  type RequestState,
} from '../../shared/pipeline';
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
import type { Locale } from '../../shared/constants';
import type { Executor } from '../db/client';
import { selectRows } from '../db/rows';
import { checklistTemplates, type UserRow } from '../db/schema';
import { userOf } from '../platform/auth/plugin';
import { badParameter, invalid, notFound, type ErrorDetail } from '../platform/errors/app-error';
import { contract, envelopeContract, envelopeOf, localeQuery, uuid } from '../platform/http/contract';
import { listContract, listMeta, pageWindow, parseListParams } from '../platform/http/list-params';
import { ok } from '../platform/http/wire';
import type { FeatureRoutes } from '../platform/route-deps';
import { decisionChecks } from './checks';
import { requestDecisions } from './committee-store';
import { disburseRequest } from './disbursement';
import { fieldRefused, itemStagePassed, refuseMove, requestLocked, requireWorker, staleRequest } from './errors';
import {
  REQUEST_SORT,
  documentCompany,
  findRequest,
  fixChecklist,
  hasChecklist,
  insertRequest,
  itemAnswer,
  itemLabel,
  listRequests,
  missingReferences,
  moveRequest,
  readConditionStates,
  readItems,
  readRequest,
  setItem,
  updateRequest,
  type RequestSortField,
} from './store';

const tags = ['pipeline'];
const idParams = z.object({ id: uuid() });

const LIST_FILTERS = ['state', 'fundId', 'assignee', 'companyId'] as const;
const LIST_SORT = Object.keys(REQUEST_SORT) as RequestSortField[];

/**
 * The request a staff write changes, locked for the rest of the transaction: 404 when there is none, 403 unless
 * the caller may work it (ADR 0040), 409 when it changed since the caller read `lockVersion`.
 */
async function requestToChange(tx: Executor, id: string, user: UserRow, lockVersion: number, locale: Locale) {
  const current = await findRequest(tx, id, { lock: true });
  if (!current) throw notFound();
  requireWorker(user, current);
  if (current.lockVersion !== lockVersion) throw staleRequest(current, locale);
  return current;
}

/** Funding requests, their moves and checklists (docs/decisions/0039; who may do what: 0040). */
export const pipelineRoutes: FeatureRoutes = async (app, { database, lists }) => {
  const { db } = database;

  /** 422 naming each unknown fund, the assignee or the company. */
  async function checkReferences(input: {
    amounts: { fundId: string }[];
    assigneeId: string | null;
    companyId?: string;
  }) {
    const missing = await missingReferences(db, {
      fundIds: input.amounts.map((a) => a.fundId),
      assigneeId: input.assigneeId,
      ...(input.companyId ? { companyId: input.companyId } : {}),
    });
    const detail: ErrorDetail = {};
    input.amounts.forEach((a, index) => {
      if (missing.fundIds.has(a.fundId))
        detail[`amounts.${index}.fund_id`] = [{ key: 'pipeline.errors.unknownFund', params: {} }];
    });
    if (missing.assignee) detail['assignee_id'] = [{ key: 'pipeline.errors.unknownUser', params: {} }];
    if (missing.company) detail['company_id'] = [{ key: 'pipeline.errors.unknownCompany', params: {} }];
    if (Object.keys(detail).length > 0) throw invalid(detail);
  }

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
      const input = request.body;
      await checkReferences(input);
      const id = await db.transaction((tx) => insertRequest(tx, input, userOf(request).id));
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
      const user = userOf(request);
      const input = request.body;
      await checkReferences(input);
      await db.transaction(async (tx) => {
        const current = await requestToChange(tx, request.params.id, user, input.lockVersion, request.locale);
        if (!isEditable(current.state)) throw requestLocked(current.state, request.locale);
        await updateRequest(tx, current, input, user.id);
      });
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
      const user = userOf(request);
      const { to, lockVersion, disbursement } = request.body;
      const locale = request.locale;
      await db.transaction(async (tx) => {
        const current = await requestToChange(tx, request.params.id, user, lockVersion, locale);
        const items = await readItems(tx, current.id);
        const conditions = await readConditionStates(tx, current.id);
        const refusal = moveRefusal({ state: current.state, items, conditions }, to);
        if (refusal) throw refuseMove(refusal, current.state, to, locale, (item) => itemLabel(item, locale));
        if (to === 'disbursed') {
          if (!disbursement) throw fieldRefused('disbursement', 'disbursementRequired');
          await disburseRequest(tx, current, disbursement, user.id, locale);
        }
        await moveRequest(tx, current, to, user.id);
        if (to === 'submitted' && !(await hasChecklist(tx, current.id))) await fixChecklist(tx, current.id);
      });
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
      const user = userOf(request);
      const change = request.body;
      const locale = request.locale;
      const item = await db.transaction(async (tx) => {
        const current = await findRequest(tx, request.params.id, { lock: true });
        if (!current) throw notFound();
        const items = await readItems(tx, current.id, { lock: true });
        const item = items.find((candidate) => candidate.id === request.params.itemId);
        if (!item) throw notFound();
        requireWorker(user, current);
        const refusal = itemChangeRefusal(current.state, item, change.status);
        if (refusal === 'closed') throw requestLocked(current.state, locale);
        if (refusal) throw itemStagePassed(item.stage, current.state, locale);
        const { documentId, problem } = itemEntry(item, change);
        if (problem) throw fieldRefused(problem.field, problem.key);
        if (documentId && needsDocument(change.status)) {
          const owner = await documentCompany(tx, documentId);
          if (owner !== current.companyId) throw fieldRefused('document_id', 'documentOfAnotherCompany');
        }
        await setItem(tx, current, item, { ...change, documentId }, user.id);
        return (await readItems(tx, current.id)).find((candidate) => candidate.id === item.id)!;
      });
      return ok(itemAnswer(item, locale));
    },
  );

  /* ------------------------------------------------------------------------------------------ templates */

  const templateAnswers = async (locale: 'fr' | 'en', fundId?: string) => {
    const rows = await selectRows<{
      id: string;
      fundId: string;
      fundName: string;
      stage: ChecklistStage;
      categoryId: string;
      labelFr: string;
      labelEn: string;
      required: boolean;
    }>(
      db,
      sql`SELECT t.id, t.fund_id AS "fundId", f.${sql.raw(locale === 'en' ? 'name_en' : 'name_fr')} AS "fundName",
                 t.stage, t.category_id AS "categoryId", t.label_fr AS "labelFr", t.label_en AS "labelEn", t.required
            FROM checklist_templates t JOIN contribution_funds f ON f.id = t.fund_id
           ${fundId ? sql`WHERE t.fund_id = ${fundId}` : sql``}
           ORDER BY f.${sql.raw(locale === 'en' ? 'name_en' : 'name_fr')}, t.fund_id,
                    array_position(ARRAY['intake', 'analysis', 'before_disbursement'], t.stage), t.position`,
    );
    return rows;
  };

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
      return ok(await templateAnswers(request.locale, fundId?.toLowerCase()));
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
      const { fundId, items } = request.body;
      const funds = await selectRows(db, sql`SELECT 1 FROM contribution_funds WHERE id = ${fundId}`);
      if (funds.length === 0) throw fieldRefused('fund_id', 'unknownFund');
      const categoryIds = [...new Set(items.map((item) => item.categoryId))];
      const known = categoryIds.length
        ? await selectRows<{ id: string }>(db, sql`SELECT id FROM document_categories WHERE id IN ${categoryIds}`)
        : [];
      const detail: ErrorDetail = {};
      items.forEach((item, index) => {
        if (!known.some((k) => k.id === item.categoryId))
          detail[`items.${index}.category_id`] = [{ key: 'pipeline.errors.unknownCategory', params: {} }];
      });
      if (Object.keys(detail).length > 0) throw invalid(detail);
      await db.transaction(async (tx) => {
        await tx.delete(checklistTemplates).where(eq(checklistTemplates.fundId, fundId));
        if (items.length > 0)
          await tx.insert(checklistTemplates).values(items.map((item, position) => ({ ...item, fundId, position })));
      });
      return ok(await templateAnswers(request.locale, fundId));
    },
  );
};
