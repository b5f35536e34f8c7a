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
import { AppError, badParameter, notFound } from '../platform/errors/app-error';
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
import { deleteEvent, findEvent, insertEvent, listEventYears, listEvents, updateEvent, type EventRow } from './store';
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

/** System events are the server's record of what happened: nobody creates, edits or deletes one. */
const systemEventReadOnly = () => new AppError(403, 'system_event_read_only', 'events.errors.systemEventReadOnly');

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
      const input = request.body;
      // Written and read back in one transaction: a failure to read the answer rolls the write back
      // rather than answering 5xx for an event that was kept (and that a retry would then add twice).
      const created = await db.transaction(async (tx) =>
        findEvent(tx, companyId, await insertEvent(tx, companyId, input, userOf(request).id)),
      );
      return reply.code(201).send(ok(toEvent(created!, request.locale)));
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
      const event = await eventOf(request.params);
      if (event.categorySlug === SYSTEM_CATEGORY) throw systemEventReadOnly();
      const input = request.body;
      const saved = await db.transaction(async (tx) => {
        if (!(await updateEvent(tx, event.companyId, event.id, input))) throw notFound();
        return findEvent(tx, event.companyId, event.id);
      });
      if (!saved) throw notFound();
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
      const event = await eventOf(request.params);
      if (event.categorySlug === SYSTEM_CATEGORY) throw systemEventReadOnly();
      if (!(await deleteEvent(db, event.companyId, event.id))) throw notFound();
      return ok(toEvent(event, request.locale));
    },
  );
};
