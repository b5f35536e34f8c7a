import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { companyAnswerSchema, companySummarySchema } from '../../shared/schemas/companies-answers';
import { companySchema, companyUpdateSchema } from '../../shared/schemas/company';
import { COMPANY_BODY_LIMIT_BYTES } from '../../shared/schemas/company-size';
import type { FeatureRoutes } from '../platform/route-deps';
import type { Executor } from '../db/client';
import { userOf } from '../platform/auth/plugin';
import { conflict, notFound } from '../platform/errors/app-error';
import { contract, envelopeContract, envelopeOf, localeQuery, uuid } from '../platform/http/contract';
import { listContract, listMeta, pageWindow } from '../platform/http/list-params';
import { ok } from '../platform/http/wire';
import type { Storage } from '../platform/storage/storage';
import { checkCompanyInput } from './checks';
import { findCompanyGraph, findCompanyHead, toCompany } from './graph';
import { insertCompany, StaleCompanyError, updateCompany } from './store';
import { archiveOrRestore, saveWithSealedAvatar, writeThenAnswer } from './actions';
import { listCompanies } from './list-store';
import { COMPANY_LIST_OPTIONS, companyListSelection, parseCompanyListParams } from './list-params';

const tags = ['companies'];
/** A malformed id names nothing: the contract answers 404, like an unknown id. */
const idParams = z.object({ id: uuid() });

const avatarUrlOf = (storage: Storage, key: string | null) => (key ? storage.presignGet(key) : Promise.resolve(null));

/** docs/SPEC.md §7 companies, for any signed-in user. */
export const companyRoutes: FeatureRoutes = async (app, { database, storage, lists }) => {
  const { db } = database;

  async function answer(id: string, executor: Executor = db) {
    const graph = await findCompanyGraph(executor, id);
    if (!graph) throw notFound();
    return toCompany(graph, await avatarUrlOf(storage, graph.avatarFileName));
  }

  app.get(
    '/companies',
    listContract({
      summary: 'Companies, a page of cards',
      tags,
      options: COMPANY_LIST_OPTIONS,
      item: companySummarySchema,
    }),
    async (request) => {
      const params = parseCompanyListParams(request.query);
      const { limit, offset } = pageWindow(params);
      const { rows, total } = await listCompanies(db, lists, {
        ...companyListSelection(params),
        limit,
        offset,
        locale: request.locale,
      });
      const cards = await Promise.all(
        rows.map(async ({ avatarFileName, archivedAt, ...row }) => ({
          ...row,
          avatarUrl: await avatarUrlOf(storage, avatarFileName),
          archivedAt: archivedAt?.toISOString() ?? null,
        })),
      );
      return ok(cards, { ...listMeta(total, params.pageNumber, params.pageSize) });
    },
  );

  app.get(
    '/companies/:id',
    envelopeContract({
      summary: 'One company with all its parts',
      tags,
      params: idParams,
      answer: companyAnswerSchema,
    }),
    async (request) => ok(await answer(request.params.id)),
  );

  const saveWithAvatar = <T>(
    input: { avatarFileName: string | null },
    sealedAvatar: string | undefined,
    previous: string | null,
    save: (avatarFileName: string | null) => Promise<T>,
    log: FastifyBaseLogger,
  ) => saveWithSealedAvatar({ db, storage, log }, { input, sealedAvatar, previous }, save);

  // The whole graph travels on each save: the limit follows from the schema's maxima (ADR 0016).
  const saveOptions = { bodyLimit: COMPANY_BODY_LIMIT_BYTES };

  app.post(
    '/companies',
    {
      ...saveOptions,
      ...envelopeContract({
        summary: 'Creates a company with all its parts',
        tags,
        body: companySchema,
        answer: companyAnswerSchema,
        status: 201,
      }),
    },
    async (request, reply) => {
      const input = request.body;
      const { sealedAvatar } = await checkCompanyInput(db, storage, input);
      const company = await saveWithAvatar(
        input,
        sealedAvatar,
        null,
        (avatarFileName) =>
          writeThenAnswer(db, (tx) => insertCompany(tx, { ...input, avatarFileName }, userOf(request).id), answer),
        request.log,
      );
      return reply.code(201).send(ok(company));
    },
  );

  app.patch(
    '/companies/:id',
    {
      ...saveOptions,
      ...envelopeContract({
        summary: 'Saves a company with all its parts (409 when lock_version is stale)',
        tags,
        params: idParams,
        body: companyUpdateSchema,
        answer: companyAnswerSchema,
      }),
    },
    async (request) => {
      const id = request.params.id;
      const input = request.body;
      const current = await findCompanyHead(db, id);
      if (!current) throw notFound();
      // Stale before anything else: the form keeps what was typed and tells the user to reload.
      if (current.lockVersion !== input.lockVersion) throw conflict();
      const { sealedAvatar } = await checkCompanyInput(db, storage, input, { id, ...current });
      try {
        return ok(
          await saveWithAvatar(
            input,
            sealedAvatar,
            current.avatarFileName,
            (avatarFileName) =>
              writeThenAnswer(
                db,
                async (tx) =>
                  (await updateCompany(tx, id, { ...input, avatarFileName }, userOf(request).id, request.locale)) && id,
                answer,
              ),
            request.log,
          ),
        );
      } catch (error) {
        if (error instanceof StaleCompanyError) throw conflict();
        throw error;
      }
    },
  );

  app.delete(
    '/companies/:id',
    contract({
      summary:
        'Archives a company (422 when it already is; 409 company_has_live_loans naming its loans still holding ' +
        'money, unless confirm_live_loans=true: they stay counted in the portfolio)',
      tags,
      params: idParams,
      querystring: localeQuery.extend({
        confirm_live_loans: z
          .enum(['true', 'false'])
          .optional()
          .describe('true: archive even though loans still hold money (they stay counted)'),
      }),
      response: { 200: envelopeOf(companyAnswerSchema) },
    }),
    async (request) =>
      ok(
        await archiveOrRestore(
          db,
          {
            id: request.params.id,
            archived: true,
            authorId: userOf(request).id,
            liveLoansConfirmed: request.query.confirm_live_loans === 'true',
            locale: request.locale,
          },
          answer,
        ),
      ),
  );

  app.post(
    '/companies/:id/restore',
    envelopeContract({
      summary: 'Restores an archived company (422 when it is not archived)',
      tags,
      params: idParams,
      answer: companyAnswerSchema,
    }),
    async (request) =>
      ok(
        await archiveOrRestore(
          db,
          {
            id: request.params.id,
            archived: false,
            authorId: userOf(request).id,
            liveLoansConfirmed: false,
            locale: request.locale,
          },
          answer,
        ),
      ),
  );
};
