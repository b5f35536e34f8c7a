import { z } from 'zod';
import { EVENT_CATEGORY_SLUGS } from '../events';
import { SYSTEM_EVENT_CODES } from '../history';

/** One event as `GET /companies/:companyId/events` answers it (the API contract; `CompanyEvent` is its type). */
export const companyEventSchema = z.object({
  id: z.string(),
  companyId: z.string(),
  categorySlug: z.enum(EVENT_CATEGORY_SLUGS),
  /** As typed for a person's event; rendered in the request's language for a system event. */
  title: z.string(),
  /** Set on system events only: what `title` was rendered from. */
  code: z.enum(SYSTEM_EVENT_CODES).nullable(),
  /** YYYY-MM-DD: a calendar day, as the date field chose it. */
  date: z.string(),
  notes: z.string().nullable(),
  /** Who wrote it (for a system event: who made the change it records); null if that account is gone. */
  authorId: z.string().nullable(),
  authorName: z.string().nullable(),
  /** Field-level events only (companyChanged, documentChanged): each field before → after, else null. */
  details: z.array(z.object({ field: z.string(), before: z.string(), after: z.string() })).nullable(),
  insertedAt: z.string(),
  updatedAt: z.string(),
});

/** `GET /companies/:companyId/events/years`: the years that have events, newest first. */
export const eventYearsSchema = z.array(z.number().int());
