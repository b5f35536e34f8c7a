import { Readable } from 'node:stream';
import { z } from 'zod';
import {
  destructionDueSchema,
  destructionInputSchema,
  destructionSchema,
  incidentDetailSchema,
  incidentInputSchema,
  incidentPatchSchema,
  incidentSchema,
  officerInputSchema,
  officerSchema,
  peopleQuerySchema,
  personMatchSchema,
  privacyRequestInputSchema,
  privacyRequestPatchSchema,
  privacyRequestSchema,
  retentionRuleSchema,
  retentionRulesInputSchema,
} from '../../shared/schemas/privacy';
import { csvAnswerSchema } from '../../shared/schemas/portfolio-answers';
import { translate } from '../../shared/i18n';
import { userOf } from '../platform/auth/plugin';
import { AppError } from '../platform/errors/app-error';
import { contract, envelopeContract, errorEnvelope, localeQuery, rawAnswer, uuid } from '../platform/http/contract';
import { sendCsv } from '../platform/http/csv';
import { ok } from '../platform/http/wire';
import type { FeatureRoutes } from '../platform/route-deps';
import * as actions from './actions';

const tags = ['privacy'];
const admin = { access: 'admin' as const };
const byId = z.object({ id: uuid() });

/** The protection of personal information (Law 25, docs/decisions/0075): administrators only, but the officer's contact. */
export const privacyRoutes: FeatureRoutes = async (app, { database, storage }) => {
  const { db } = database;

  app.get(
    '/privacy/officer',
    {
      ...envelopeContract({
        summary: 'The person in charge of the protection of personal information: name, title and contact (public)',
        tags,
        answer: officerSchema,
      }),
      config: { access: 'public' },
    },
    async () => ok(await actions.readOfficer(db)),
  );

  app.put(
    '/privacy/officer',
    {
      ...envelopeContract({
        summary: 'Names the person in charge of the protection of personal information (administrators)',
        tags,
        body: officerInputSchema,
        answer: officerSchema,
      }),
      config: admin,
    },
    async (request) => ok(await actions.saveOfficer(db, userOf(request), request.body)),
  );

  app.get(
    '/privacy/incidents',
    {
      ...envelopeContract({
        summary: 'The register of confidentiality incidents, latest discovered first',
        tags,
        answer: z.array(incidentSchema),
      }),
      config: admin,
    },
    async () => ok(await actions.listIncidents(db)),
  );

  app.post(
    '/privacy/incidents',
    {
      ...envelopeContract({
        summary: 'Records a confidentiality incident (422: no discovery date, a notification before the discovery)',
        tags,
        body: incidentInputSchema,
        answer: incidentDetailSchema,
        status: 201,
      }),
      config: admin,
    },
    async (request, reply) => reply.code(201).send(ok(await actions.recordIncident(db, userOf(request), request.body))),
  );

  app.get(
    '/privacy/incidents.csv',
    {
      ...contract({
        summary: 'The register as a CSV file for the Commission, in the reader’s language',
        tags,
        querystring: localeQuery,
        response: { 200: csvAnswerSchema },
      }),
      config: admin,
    },
    async (request, reply) => {
      const body = await actions.incidentsCsv(db, request.locale);
      return sendCsv(reply, `${translate(request.locale, 'privacy.incidents.file')}.csv`, Readable.from([body]));
    },
  );

  app.get(
    '/privacy/incidents/:id',
    {
      ...envelopeContract({
        summary: 'One incident and every correction made to it',
        tags,
        params: byId,
        answer: incidentDetailSchema,
      }),
      config: admin,
    },
    async (request) => ok(await actions.readIncident(db, request.params.id)),
  );

  app.patch(
    '/privacy/incidents/:id',
    {
      ...envelopeContract({
        summary: 'Corrects an incident; the values before and after are kept in its history',
        tags,
        params: byId,
        body: incidentPatchSchema,
        answer: incidentDetailSchema,
      }),
      config: admin,
    },
    async (request) => ok(await actions.correctIncident(db, userOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/privacy/incidents/:id',
    {
      ...contract({
        summary: 'Refused (405): the register is never deleted from',
        tags,
        params: z.object({ id: z.string() }),
        querystring: localeQuery,
        response: { 405: errorEnvelope },
      }),
      config: admin,
    },
    async (_request, reply) => {
      reply.header('allow', 'GET, PATCH');
      throw new AppError(405, 'method_not_allowed', 'privacy.errors.neverDeleted', undefined, { allow: 'GET, PATCH' });
    },
  );

  app.get(
    '/privacy/retention_rules',
    {
      ...envelopeContract({
        summary: 'The retention schedule: a period per document category, and one for closed files',
        tags,
        answer: z.array(retentionRuleSchema),
      }),
      config: admin,
    },
    async (request) => ok(await actions.readRules(db, request.locale)),
  );

  app.put(
    '/privacy/retention_rules',
    {
      ...envelopeContract({
        summary: 'Replaces the retention schedule (422: a period of zero, a category twice or unknown)',
        tags,
        body: retentionRulesInputSchema,
        answer: z.array(retentionRuleSchema),
      }),
      config: admin,
    },
    async (request) => ok(await actions.saveRules(db, request.body, request.locale)),
  );

  app.get(
    '/privacy/destruction_due',
    {
      ...envelopeContract({
        summary:
          'Closed files and documents past their period, with what blocks them, and the backups made before a destruction',
        tags,
        answer: destructionDueSchema,
      }),
      config: admin,
    },
    async (request) => ok(await actions.destructionDue(db, request.locale)),
  );

  app.post(
    '/privacy/destructions',
    {
      ...envelopeContract({
        summary: 'Destroys the items, each due and unblocked (409 otherwise, and nothing is destroyed)',
        tags,
        body: destructionInputSchema,
        answer: z.array(destructionSchema),
        status: 201,
      }),
      config: admin,
    },
    async (request, reply) => {
      // Ids and kinds only: the log never names a person.
      const destroyed = await actions.destroy(db, storage, userOf(request), request.body, request.locale, (item) =>
        request.log.info({ kind: item.kind, id: item.id }, 'privacy item destroyed'),
      );
      return reply.code(201).send(ok(destroyed));
    },
  );

  app.get(
    '/privacy/destructions',
    {
      ...envelopeContract({
        summary: 'The destruction log: counts and categories, never contents',
        tags,
        answer: z.array(destructionSchema),
      }),
      config: admin,
    },
    async (request) => ok(await actions.listDestructions(db, request.locale)),
  );

  app.get(
    '/privacy/requests',
    {
      ...envelopeContract({
        summary: 'Access and rectification requests, open ones first by due date',
        tags,
        answer: z.array(privacyRequestSchema),
      }),
      config: admin,
    },
    async () => ok(await actions.listRequests(db)),
  );

  app.post(
    '/privacy/requests',
    {
      ...envelopeContract({
        summary: 'Logs a request; it is due 30 days after receipt, a task for the person in charge',
        tags,
        body: privacyRequestInputSchema,
        answer: privacyRequestSchema,
        status: 201,
      }),
      config: admin,
    },
    async (request, reply) => reply.code(201).send(ok(await actions.logRequest(db, userOf(request), request.body))),
  );

  app.patch(
    '/privacy/requests/:id',
    {
      ...envelopeContract({
        summary: 'A request’s state and answer (answering closes its task)',
        tags,
        params: byId,
        body: privacyRequestPatchSchema,
        answer: privacyRequestSchema,
      }),
      config: admin,
    },
    async (request) => ok(await actions.changeRequest(db, request.params.id, request.body)),
  );

  app.get(
    '/privacy/people',
    {
      ...contract({
        summary: 'The people Atrium holds (owners, contacts, guarantors) whose name has every word of q, accents aside',
        tags,
        querystring: peopleQuerySchema,
        response: { 200: z.object({ data: z.array(personMatchSchema), meta: z.object({}).passthrough() }) },
      }),
      config: admin,
    },
    async (request) => ok(await actions.searchPeople(db, request.query.q)),
  );

  app.get(
    '/privacy/people/:kind/:id/export',
    {
      ...contract({
        summary: 'Everything Atrium holds on one person, as JSON and CSV files in one zip (404: unknown person)',
        tags,
        params: z.object({ kind: z.string().max(40), id: z.string().max(40) }),
        querystring: localeQuery,
        response: { 200: rawAnswer('application/zip: person.json, fields.csv, history.csv, documents.csv') },
      }),
      config: admin,
    },
    async (request, reply) => {
      const file = await actions.exportPerson(db, request.params.kind, request.params.id, request.locale);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(file.bytes));
    },
  );
};
