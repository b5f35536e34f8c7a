import { z } from 'zod';
import { bulkTermAmendmentInputSchema, reversalInputSchema } from '../../shared/schemas/servicing';
import {
  bulkActionSchema,
  bulkTermAmendmentPreviewSchema,
  bulkTermAmendmentSchema,
} from '../../shared/schemas/servicing-answers';
import { todayIso } from '../../shared/portfolio/schedule';
import { userOf } from '../platform/auth/plugin';
import { badParameter } from '../platform/errors/app-error';
import { contract, envelopeContract, envelopeOf, localeQuery, uuid } from '../platform/http/contract';
import { listContract, listMeta, pageWindow, parseListParams, type ListOptions } from '../platform/http/list-params';
import { ok } from '../platform/http/wire';
import type { FeatureRoutes } from '../platform/route-deps';
import type { applyBulkAmendment } from './actions/bulk-amendment';
import { bulkActionAnswer, previewBulkAmendment, reverseBulkAmendment } from './actions/bulk-amendment';
import { listBulkActions } from './bulk-store';
import { approvalSchema } from '../../shared/schemas/controls';
import { moveGate } from './move-gate';

const tags = ['servicing'];
const BULK = '/portfolio/term_amendments/bulk';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const LIST: ListOptions<never> = { sortable: [], defaultSort: [], filters: ['fundId'] };

/**
 * A fund's amendment in one action (docs/decisions/0038, 0062): the dry run first (the default, as for the
 * import), the write, the list of a fund's actions with where each stands, and the reversal of one as a whole.
 */
export const bulkAmendmentRoutes: FeatureRoutes = async (app, { database }) => {
  const { db } = database;

  app.get(
    BULK,
    listContract({
      summary:
        "A fund's amendments in one action (filter[fund_id], required; none for a fund that does not exist), the latest first, each with where it stands: applied, partly reversed (some loans' amendments reversed one by one) or reversed",
      tags,
      options: LIST,
      item: bulkActionSchema,
    }),
    async (request) => {
      const params = parseListParams(request.query, LIST);
      const fundId = params.filters['fundId'];
      if (fundId === undefined || !UUID.test(fundId)) throw badParameter('filter[fund_id]');
      const rows = await listBulkActions(db, fundId.toLowerCase());
      const { limit, offset } = pageWindow(params);
      return ok(rows.slice(offset, offset + limit).map(bulkActionAnswer), {
        ...listMeta(rows.length, params.pageNumber, params.pageSize),
      });
    },
  );

  app.post(
    BULK,
    contract({
      summary:
        'One term amendment for every active loan of a fund, in one action: with dry_run=true (the default) the loans it would amend, nothing written; with dry_run=false all of them or none (409 when the same action — fund, kind, effective date, months, rate — is already in force, naming it)',
      tags,
      querystring: localeQuery.extend({
        dry_run: z
          .enum(['true', 'false'])
          .optional()
          .describe(
            'true (default): answer (200) the active loans it would amend and their outstanding, write nothing',
          ),
      }),
      body: bulkTermAmendmentInputSchema,
      response: {
        200: envelopeOf(bulkTermAmendmentPreviewSchema),
        201: envelopeOf(bulkTermAmendmentSchema),
        // Held for a second person by the fund's policy (docs/decisions/0067).
        202: envelopeOf(approvalSchema),
      },
    }),
    async (request, reply) => {
      const input = request.body;
      const today = todayIso();
      if (request.query.dry_run !== 'false') {
        return reply.code(200).send(ok(await previewBulkAmendment(db, input, today, request.locale)));
      }
      const author = { authorId: userOf(request).id, locale: request.locale };
      const done = await moveGate().gate(db, { kind: 'bulk_amendment', loan: null, input }, author);
      if ('pendingId' in done) {
        return reply.code(202).send(ok(await moveGate().pendingAnswer(db, done.pendingId, userOf(request), author)));
      }
      return reply.code(201).send(ok(done.landed.result as Awaited<ReturnType<typeof applyBulkAmendment>>));
    },
  );

  app.post(
    `${BULK}/:bulkActionId/reverse`,
    envelopeContract({
      summary:
        "Reverses a fund's amendment as one, in one transaction: every amendment it made, with each loan's history and figures (body `reason`; 409 when already reversed, or naming each loan whose later entries forbid it)",
      tags,
      params: z.object({ bulkActionId: uuid() }),
      body: reversalInputSchema,
      answer: bulkActionSchema,
    }),
    async (request) => {
      const authorId = userOf(request).id;
      const answer = await reverseBulkAmendment(
        db,
        request.params.bulkActionId,
        { reason: request.body.reason, authorId },
        todayIso(),
        request.locale,
      );
      return ok(answer);
    },
  );
};
