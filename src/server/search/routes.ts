import { z } from 'zod';
import type { FeatureRoutes } from '../platform/route-deps';
import { userOf } from '../platform/auth/plugin';
import { badParameter } from '../platform/errors/app-error';
import { contract, envelopeOf, localeQuery } from '../platform/http/contract';
import { ok } from '../platform/http/wire';
import { searchResultsSchema, similarCompanySchema } from '../../shared/schemas/search-answers';
import { SEARCH_KINDS, SEARCH_MAX_LENGTH, searchWordsOf, type SearchKind } from '../../shared/search';
import { globalSearch, similarCompanies } from './store';

/** `filter[kinds]=companies,documents`: absent means all; an unknown kind is a mistake worth saying (400). */
function kindsOf(value: string | undefined): Set<SearchKind> {
  const text = (value ?? '').trim();
  if (!text) return new Set(SEARCH_KINDS);
  const kinds = text.split(',').map((kind) => kind.trim());
  if (!kinds.every((kind): kind is SearchKind => (SEARCH_KINDS as readonly string[]).includes(kind))) {
    throw badParameter('filter[kinds]');
  }
  return new Set(kinds);
}

/** Text given once: a repeated parameter (an array) or one the route does not take is a 400 naming it (ADR 0034 §9). */
const text = (description: string) => z.string().optional().describe(description);

const search = contract({
  summary: 'Global search: the best few companies, documents, events and (administrators) users per kind',
  tags: ['search'],
  querystring: localeQuery
    .extend({
      q: text('the words searched; only letters and digits count'),
      'filter[kinds]': text(`comma-separated among ${SEARCH_KINDS.join(', ')}; all when absent`),
    })
    .strict(),
  response: { 200: envelopeOf(searchResultsSchema, z.object({ words: z.array(z.string()) })) },
});
const similar = contract({
  summary: 'Companies whose name is close to this one (the duplicate warning of the company form)',
  tags: ['search'],
  querystring: localeQuery.extend({ name: text('the name being typed; under 3 letters finds nothing') }).strict(),
  response: { 200: envelopeOf(z.array(similarCompanySchema)) },
});

/** `GET /search` (ADR 0022) and the duplicate warning `GET /companies/similar`, for any signed-in user. */
export const searchRoutes: FeatureRoutes = async (app, { database }) => {
  const { db } = database;

  app.get('/search', search, async (request) => {
    const kinds = kindsOf(request.query['filter[kinds]']);
    // Users are for administrators only: for anyone else the kind is not there at all, asked or not.
    if (userOf(request).role !== 'admin') kinds.delete('users');
    // Only letters and digits are searched: punctuation, tsquery or SQL syntax and NUL are separators,
    // and a query with nothing else finds nothing (200 with empty lists, not an error).
    const words = searchWordsOf(request.query.q ?? '');
    const data = await globalSearch(db, words, kinds, request.locale);
    return ok(data, { words });
  });

  app.get('/companies/similar', similar, async (request) => {
    const name = (request.query.name ?? '').replaceAll('\u0000', '').trim().slice(0, SEARCH_MAX_LENGTH);
    // Fewer than three letters make no trigram worth comparing.
    if (name.length < 3) return ok([]);
    return ok(await similarCompanies(db, name, request.locale));
  });
};
