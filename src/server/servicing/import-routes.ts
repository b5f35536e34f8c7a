import { z } from 'zod';
import { IMPORT_MAX_FILE_BYTES, repaymentImportInputSchema } from '../../shared/schemas/servicing';
import { importReportSchema } from '../../shared/schemas/servicing-answers';
import { userOf } from '../platform/auth/plugin';
import { limitedBy } from '../platform/rate-limit/limits';
import { contract, envelopeOf, localeQuery } from '../platform/http/contract';
import { ok } from '../platform/http/wire';
import type { FeatureRoutes } from '../platform/route-deps';
import { importRepayments } from './import';
import { fileBytesOf, parseImportBodiesOffThread } from './import-body';

/** The import's body: the file in base64 (4 bytes for 3) and its mapping, well within the margin. */
const IMPORT_BODY_LIMIT = Math.ceil(IMPORT_MAX_FILE_BYTES / 3) * 4 + 64 * 1024;

/** The repayment import (docs/decisions/0038, "Importing repayments"; 0059 for the reader): contract, use case, answer. */
export const repaymentImportRoutes: FeatureRoutes = async (app, { database, limits }) => {
  parseImportBodiesOffThread(app, IMPORT_BODY_LIMIT);
  app.post(
    '/portfolio/repayments/import',
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      preHandler: limitedBy(limits.repaymentImports),
      ...contract({
        summary:
          'Imports repayments from a CSV file and its column mapping: with dry_run=true (the default) what it holds, ' +
          'row by row; with dry_run=false every row posted, or none (422) when any cannot be',
        tags: ['servicing', 'portfolio'],
        querystring: localeQuery.extend({
          dry_run: z.enum(['true', 'false']).optional().describe('true (default): read and judge, write nothing'),
        }),
        body: repaymentImportInputSchema,
        response: { 200: envelopeOf(importReportSchema), 201: envelopeOf(importReportSchema) },
      }),
    },
    async (request, reply) => {
      const report = await importRepayments(database.db, request.body, fileBytesOf(request), {
        dryRun: request.query.dry_run !== 'false',
        authorId: userOf(request).id,
        locale: request.locale,
      });
      return reply.code(!report.dryRun && report.postedCount > 0 ? 201 : 200).send(ok(report));
    },
  );
};
