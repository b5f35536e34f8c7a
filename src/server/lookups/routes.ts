import type { FastifyPluginAsync } from 'fastify';
import type { RouteDeps } from '../platform/route-deps';
import { ok } from '../platform/http/wire';
import {
  listActivityAreas,
  listContributionFunds,
  listDocumentCategories,
  listLegalForms,
  listMunicipalities,
  listStatuses,
  listWarranties,
} from './store';

/** SPEC §7 lookups, for any signed-in user, named in the request's `locale`. */
export const lookupRoutes: FastifyPluginAsync<RouteDeps> = async (app, { database }) => {
  const { db } = database;
  app.get('/municipalities', async (request) => ok(await listMunicipalities(db, request.locale)));
  app.get('/legal_forms', async (request) => ok(await listLegalForms(db, request.locale)));
  app.get('/contribution_funds', async (request) => ok(await listContributionFunds(db, request.locale)));
  app.get('/activity_areas', async (request) => ok(await listActivityAreas(db, request.locale)));
  app.get('/statuses', async (request) => ok(await listStatuses(db, request.locale)));
  app.get('/warranties', async (request) => ok(await listWarranties(db, request.locale)));
  app.get('/documents/categories', async (request) => ok(await listDocumentCategories(db, request.locale)));
};
