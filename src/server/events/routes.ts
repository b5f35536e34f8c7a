import { z } from 'zod';
import type { Locale } from '../../shared/constants';
import {
  EVENT_YEAR_MAX,
  EVENT_YEAR_MIN,
  SYSTEM_CATEGORY,
  isEventCategorySlug,
  type CompanyEvent,
  type EventCategorySlug,
} from '../../shared/events';
import { isSystemEventCode } from '../../shared/history';
import { eventSchema } from '../../shared/schemas/event';
import { companyEventSchema, eventYearsSchema } from '../../shared/schemas/events-answers';
import type { FeatureRoutes } from '../platform/route-deps';
import { renderSystemDetails, renderSystemTitle } from '../platform/history/render';
import { badParameter, notFound } from '../platform/errors/app-error';
import {
  listContract,
  listMeta,
  pageWindow,
  parseListParams,
  searchFilter,
  type ListOptions,
} from '../platform/http/list-params';
import { envelopeContract, uuid } from '../platform/http/contract';
import { userOf } from '../platform/auth/plugin';
import { ok } from '../platform/http/wire';
import { fullNameOf } from '../users/store';
import { findEvent, listEventYears, listEvents, type EventRow } from './store';
import { addEvent, changeEvent, removeEvent } from './actions';
import { iso } from '../db/rows';
import { companyScope } from '../platform/lists/company-scope';

/** `filter[year]=2024`; anything but a four-digit year is a mistake worth telling (400), not "no filter". */
function yearFilter(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const year = /^\d{4}$/.test(value.trim()) ? Number(value) : NaN;
  if (!(year >= EVENT_YEAR_MIN && year <= EVENT_YEAR_MAX)) throw badParameter('filter[year]', 'events.errors.badYear');
  return year;
}

/** `filter[category_slug]=funding`; `system` filters too: it is a category one can look at. */
function categoryFilter(value: string | undefined): EventCategorySlug | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  if (!isEventCategorySlug(value.trim())) throw badParameter('filter[category_slug]', 'events.errors.badCategory');
  return value.trim() as EventCategorySlug;
}

/** The wire shape; a system event's title is written in the reader's language here, at read time. */
function toEvent(row: EventRow, locale: Locale): CompanyEvent {
  const code = row.code !== null && isSystemEventCode(row.code) ? row.code : null;
  return {
    id: row.id,
    companyId: row.companyId,
    categorySlug: row.categorySlug,
    title:
      row.categorySlug === SYSTEM_CATEGORY ? renderSystemTitle(row.code ?? '', row.params, locale) : (row.title ?? ''),
    code,
    details: renderSystemDetails(code, row.params, locale),
    date: row.date,
    notes: row.notes,
    authorId: row.authorId,
    authorName: row.author ? fullNameOf(row.author) : null,
    insertedAt: iso(row.insertedAt),
    updatedAt: iso(row.updatedAt),
  };
}

const LIST_OPTIONS = {
  sortable: ['date'],
  defaultSort: [{ field: 'date', direction: 'desc' }],
  filters: ['search', 'year', 'categorySlug'],
} as const satisfies ListOptions<'date'>;

const tags = ['events'];
const companyParams = z.object({ companyId: uuid() });
const eventParams = companyParams.extend({ id: uuid() });

/**
 * docs/SPEC.md §7 events of a company, for any signed-in user. The list of years that have events is its own
 * resource (`/events/years`): the year filter offers them whatever the other filters are.
 */
export const eventRoutes: FeatureRoutes = async (app, { database, lists }) => {
  const { db } = database;

  /** An unknown company and a malformed id are both 404, before anything else is looked at. */
  const companyOf = companyScope(db, lists);

  /** The event named by the path, in the company named by the path (another company's is a 404). */
  async function eventOf(params: z.output<typeof eventParams>): Promise<EventRow> {
    const companyId = await companyOf(params);
    const event = await findEvent(db, companyId, params.id);
    if (!event) throw notFound();
    return event;
  }

  app.get(
    '/companies/:companyId/events',
    listContract({
      summary: "A company's events, newest first",
      tags,
      params: companyParams,
      options: LIST_OPTIONS,
      item: companyEventSchema,
    }),
    async (request) => {
      const companyId = await companyOf(request.params);
      const params = parseListParams(request.query, LIST_OPTIONS);
      // The timeline reads newest first only; an index serves exactly that order.
      if (params.sort.length !== 1 || params.sort[0]?.direction !== 'desc') throw badParameter('sort');
      const { limit, offset } = pageWindow(params);
      const { rows, total } = await listEvents(db, lists, {
        companyId,
        search: searchFilter(params.filters['search']),
        year: yearFilter(params.filters['year']),
        categorySlug: categoryFilter(params.filters['categorySlug']),
        limit,
        offset,
      });
      return ok(
        rows.map((row) => toEvent(row, request.locale)),
        { ...listMeta(total, params.pageNumber, params.pageSize) },
      );
    },
  );

  app.get(
    '/companies/:companyId/events/years',
    envelopeContract({
      summary: 'The years that have events, newest first',
      tags,
      params: companyParams,
      answer: eventYearsSchema,
    }),
    async (request) => {
      const companyId = await companyOf(request.params);
      return ok(await listEventYears(db, companyId));
    },
  );

  app.get(
    '/companies/:companyId/events/:id',
    envelopeContract({ summary: 'One event', tags, params: eventParams, answer: companyEventSchema }),
    async (request) => ok(toEvent(await eventOf(request.params), request.locale)),
  );

  app.post(
    '/companies/:companyId/events',
    envelopeContract({
      summary: "Adds a person's event (system events are written by the server only)",
      tags,
      params: companyParams,
      body: eventSchema,
      answer: companyEventSchema,
      status: 201,
    }),
    async (request, reply) => {
      const companyId = await companyOf(request.params);
      const created = await addEvent(db, companyId, request.body, userOf(request).id);
      return reply.code(201).send(ok(toEvent(created, request.locale)));
    },
  );

  app.patch(
    '/companies/:companyId/events/:id',
    envelopeContract({
      summary: "Changes a person's event",
      tags,
      params: eventParams,
      body: eventSchema,
      answer: companyEventSchema,
    }),
    async (request) => {
      const saved = await changeEvent(db, await eventOf(request.params), request.body);
      return ok(toEvent(saved, request.locale));
    },
  );

  app.delete(
    '/companies/:companyId/events/:id',
    envelopeContract({
      summary: "Deletes a person's event; answers it as it was",
      tags,
      params: eventParams,
      answer: companyEventSchema,
    }),
    async (request) => {
      const removed = await removeEvent(db, await eventOf(request.params));
      return ok(toEvent(removed, request.locale));
    },
  );
};
