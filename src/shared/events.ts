/**
 * Company event history as both sides see it: category slugs (docs/SPEC.md §4), the camelCase shape of API
 * answers. System events — a code with parameters, written out in the reader's language by the server — are
 * declared in `./history` (docs/decisions/0008, 0031). No catalog here: the SPA imports this.
 */
import type { z } from 'zod';
import type { companyEventSchema } from './schemas/events-answers';

export const EVENT_CATEGORY_SLUGS = [
  'technicalHelp',
  'starting',
  'funding',
  'project',
  'collection',
  'followup',
  'other',
  'system',
] as const;
export type EventCategorySlug = (typeof EVENT_CATEGORY_SLUGS)[number];

export const SYSTEM_CATEGORY = 'system' satisfies EventCategorySlug;
export type UserEventCategorySlug = Exclude<EventCategorySlug, typeof SYSTEM_CATEGORY>;
/** What a person may choose: `system` is written by the server only (docs/SPEC.md §4). */
export const USER_EVENT_CATEGORY_SLUGS = EVENT_CATEGORY_SLUGS.filter(
  (slug): slug is UserEventCategorySlug => slug !== SYSTEM_CATEGORY,
);

export function isEventCategorySlug(value: unknown): value is EventCategorySlug {
  return typeof value === 'string' && (EVENT_CATEGORY_SLUGS as readonly string[]).includes(value);
}

export const EVENT_TITLE_MAX_LENGTH = 200;
export const EVENT_NOTES_MAX_LENGTH = 5000;
/** One page of the timeline: a screen or two of events (one of the wire's page sizes, 10/25/50). */
export const EVENTS_PAGE_SIZE = 25;
/** filter[year]: events are dated from 1000 to 9999 (a date input cannot say more). */
export const EVENT_YEAR_MIN = 1000;
export const EVENT_YEAR_MAX = 9999;

/** One event as `GET /companies/:companyId/events` answers it, as the API contract declares it. */
export type CompanyEvent = z.infer<typeof companyEventSchema>;

export const isSystemEvent = (event: Pick<CompanyEvent, 'categorySlug'>) => event.categorySlug === SYSTEM_CATEGORY;
