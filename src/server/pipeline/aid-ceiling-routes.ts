import { z } from 'zod';
import { aidCeilingInputSchema } from '../../shared/schemas/pipeline';
import { aidCeilingSchema } from '../../shared/schemas/pipeline-answers';
import { userOf } from '../platform/auth/plugin';
import { notFound } from '../platform/errors/app-error';
import { envelopeContract, uuid } from '../platform/http/contract';
import { ok } from '../platform/http/wire';
import type { FeatureRoutes } from '../platform/route-deps';
import { setFundAidCeiling } from './actions/aid-ceiling';
import { readAidCeiling } from './aid-ceiling-store';

const tags = ['pipeline'];
const fundParams = z.object({ id: uuid() });

/** A fund's aid ceiling, which the committee's checks compare each request's public aid with (ADR 0039 §7, 0043). */
export const aidCeilingRoutes: FeatureRoutes = async (app, { database }) => {
  const { db } = database;

  const answer = async (id: string, locale: 'fr' | 'en') => {
    const ceiling = await readAidCeiling(db, id.toLowerCase(), locale);
    if (!ceiling) throw notFound();
    return ok(ceiling);
  };

  app.get(
    '/funds/:id/aid_ceiling',
    envelopeContract({
      summary: 'A fund’s ceiling of public aid ÷ project cost (percent, null: none) and its changes (any staff)',
      tags,
      params: fundParams,
      answer: aidCeilingSchema,
    }),
    async (request) => answer(request.params.id, request.locale),
  );

  app.put(
    '/funds/:id/aid_ceiling',
    {
      ...envelopeContract({
        summary: 'Sets a fund’s aid ceiling, 0 to 100 percent; an empty ceiling clears it (administrators)',
        tags,
        params: fundParams,
        body: aidCeilingInputSchema,
        answer: aidCeilingSchema,
      }),
      config: { access: 'admin' },
    },
    async (request) => {
      const id = request.params.id.toLowerCase();
      await setFundAidCeiling(db, id, request.body.ceilingPercent, userOf(request));
      return answer(id, request.locale);
    },
  );
};
