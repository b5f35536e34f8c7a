import { z } from 'zod';
import type { FeatureRoutes } from '../platform/route-deps';
import { envelopeContract } from '../platform/http/contract';
import { ok } from '../platform/http/wire';
import {
  companyStatusSchema,
  documentCategorySchema,
  lookupSchema,
  municipalitySchema,
} from '../../shared/schemas/lookups';
import {
  listActivityAreas,
  listContributionFunds,
  listDocumentCategories,
  listLegalForms,
  listMunicipalities,
  listStatuses,
  listWarranties,
} from './store';

const lookup = (summary: string, item: z.ZodType) =>
  envelopeContract({ summary, tags: ['lookups'], answer: z.array(item) });

/** docs/SPEC.md §7 lookups, for any signed-in user, named in the request's `locale`. */
export const lookupRoutes: FeatureRoutes = async (app, { database }) => {
  const { db } = database;
  app.get(
    '/municipalities',
    lookup('Municipalities, with their default zip code', municipalitySchema),
    async (request) => ok(await listMunicipalities(db, request.locale)),
  );
  app.get('/legal_forms', lookup('Legal forms', lookupSchema), async (request) =>
    ok(await listLegalForms(db, request.locale)),
  );
  app.get('/contribution_funds', lookup('Contribution funds', lookupSchema), async (request) =>
    ok(await listContributionFunds(db, request.locale)),
  );
  app.get('/activity_areas', lookup('Activity areas', lookupSchema), async (request) =>
    ok(await listActivityAreas(db, request.locale)),
  );
  app.get('/statuses', lookup('Company statuses, with their colour', companyStatusSchema), async (request) =>
    ok(await listStatuses(db, request.locale)),
  );
  app.get('/warranties', lookup('Warranties', lookupSchema), async (request) =>
    ok(await listWarranties(db, request.locale)),
  );
  app.get(
    '/documents/categories',
    lookup('Document categories, each with its children', documentCategorySchema),
    async (request) => ok(await listDocumentCategories(db, request.locale)),
  );
};
