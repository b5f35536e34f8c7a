import type { FastifyPluginAsync } from 'fastify';
import { COMPANY_SORT_FIELDS } from '../../shared/companies';
import { companySchema, companyUpdateSchema } from '../../shared/schemas/company';
import type { RouteDeps } from '../platform/route-deps';
import type { Db } from '../db/client';
import { userOf } from '../platform/auth/plugin';
import { badRequest, conflict, notFound } from '../platform/errors/app-error';
import { listMeta, pageWindow, parseListParams } from '../platform/http/list-params';
import { ok, parseBody } from '../platform/http/wire';
import type { Storage } from '../platform/storage/storage';
import { checkCompanyInput } from './checks';
import {
  findCompanyGraph,
  findCompanyHead,
  insertCompany,
  listCompanies,
  setArchived,
  StaleCompanyError,
  toCompany,
  updateCompany,
  type Tx,
} from './store';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Longer searches are typing accidents; the cap keeps the LIKE patterns small. */
const SEARCH_MAX_LENGTH = 100;

/** A malformed id names nothing: 404, like an unknown one. */
function companyId(params: unknown): string {
  const id = (params as { id?: string }).id ?? '';
  if (!UUID.test(id)) throw notFound();
  return id.toLowerCase();
}

function archivedFilter(value: string | undefined): boolean {
  if (value === undefined || value === '' || value === 'false') return false;
  if (value === 'true') return true;
  throw badRequest('errors.api.badListParams');
}

function searchWords(value: string | undefined): string[] {
  const text = (value ?? '').trim();
  if (text.length > SEARCH_MAX_LENGTH) throw badRequest('errors.api.badListParams');
  return text.split(/\s+/).filter(Boolean);
}

type Executor = Db | Tx;

const avatarUrlOf = (storage: Storage, key: string | null) => (key ? storage.presignGet(key) : Promise.resolve(null));

/** SPEC §7 companies, for any signed-in user. */
export const companyRoutes: FastifyPluginAsync<RouteDeps> = async (app, { database, storage, lists }) => {
  const { db } = database;

  async function answer(id: string, executor: Executor = db) {
    const graph = await findCompanyGraph(executor, id);
    if (!graph) throw notFound();
    return toCompany(graph, await avatarUrlOf(storage, graph.avatarFileName));
  }

  /**
   * A write and the graph it answers with, in one transaction: the answer is read before the commit,
   * so that a failure to read it (no connection free in time, say) rolls the write back instead of
   * answering 5xx for a write that was kept — which a client retrying would then make twice.
   */
  const writeThenAnswer = (write: (tx: Tx) => Promise<string | false>) =>
    db.transaction(async (tx) => {
      const id = await write(tx);
      if (!id) throw notFound();
      return answer(id, tx);
    });

  app.get('/companies', async (request) => {
    const params = parseListParams(request.query, {
      sortable: COMPANY_SORT_FIELDS,
      defaultSort: [{ field: 'name', direction: 'asc' }],
      filters: ['archived', 'search'],
    });
    const { limit, offset } = pageWindow(params);
    const { rows, total } = await listCompanies(db, lists, {
      archived: archivedFilter(params.filters['archived']),
      search: searchWords(params.filters['search']),
      sort: params.sort,
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
  });

  app.get('/companies/:id', async (request) => ok(await answer(companyId(request.params))));

  app.post('/companies', async (request, reply) => {
    const input = parseBody(companySchema, request.body);
    await checkCompanyInput(db, storage, input);
    const company = await writeThenAnswer((tx) => insertCompany(tx, input, userOf(request).id));
    return reply.code(201).send(ok(company));
  });

  app.patch('/companies/:id', async (request) => {
    const id = companyId(request.params);
    const input = parseBody(companyUpdateSchema, request.body);
    const current = await findCompanyHead(db, id);
    if (!current) throw notFound();
    // Stale before anything else: the form keeps what was typed and tells the user to reload.
    if (current.lockVersion !== input.lockVersion) throw conflict();
    await checkCompanyInput(db, storage, input, { id, avatarFileName: current.avatarFileName });
    try {
      return ok(await writeThenAnswer(async (tx) => (await updateCompany(tx, id, input, userOf(request).id)) && id));
    } catch (error) {
      if (error instanceof StaleCompanyError) throw conflict();
      throw error;
    }
  });

  app.delete('/companies/:id', async (request) => {
    const id = companyId(request.params);
    return ok(await writeThenAnswer(async (tx) => (await setArchived(tx, id, true, userOf(request).id)) && id));
  });

  app.post('/companies/:id/restore', async (request) => {
    const id = companyId(request.params);
    return ok(await writeThenAnswer(async (tx) => (await setArchived(tx, id, false, userOf(request).id)) && id));
  });
};
