import { sql } from 'drizzle-orm';
import { check, date, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { EVENT_CATEGORY_SLUGS } from '../../../shared/events';
import { companyRecord } from './companies';
import { userRef } from './users';
import { oneOf, timestamps } from './columns';

/**
 * The event history of a company (docs/SPEC.md §3 event). A person's event has a typed `title`; a system event
 * (category `system`, written by the server in the transaction of the change it records) has a `code`
 * and `params` instead, rendered in the reader's language at read time (docs/decisions/0008-event-history.md).
 */
export const events = pgTable(
  'events',
  {
    ...companyRecord,
    categorySlug: text('category_slug', { enum: EVENT_CATEGORY_SLUGS }).notNull(),
    title: text('title'),
    code: text('code'),
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
    /**
     * A calendar day, not an instant: the day the user chose, or for a system event the day of the change
     * in Québec (where the body works), so that an evening change is not dated the next (UTC) day.
     */
    date: date('date', { mode: 'string' })
      .notNull()
      .default(sql`((now() AT TIME ZONE 'America/Toronto')::date)`),
    notes: text('notes'),
    /** Who wrote it, or for a system event who made the change. Users are archived, not deleted. */
    authorId: userRef('author_id'),
    /**
     * What filter[search] matches, folded (f_search_text): title and notes, and for a system event its
     * title rendered in both languages, so that "archivée" and "archived" both find it. Written by the store.
     */
    searchText: text('search_text').notNull().default(''),
    ...timestamps,
  },
  (t) => [
    // The timeline (sort -date) of one company, newest first, with a total order for stable pages; also
    // serves filter[year] (a date range) and the list of years (one probe per year).
    index('events_company_date_idx').on(
      t.companyId,
      t.date.desc().nullsFirst(),
      t.insertedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('events_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('events_author_idx').on(t.authorId),
    oneOf('events_category_slug_check', t.categorySlug, EVENT_CATEGORY_SLUGS),
    // A person's event has a title and no code; a system event the reverse.
    check(
      'events_shape_check',
      sql`(${t.categorySlug} = 'system' and ${t.code} is not null and ${t.title} is null) or (${t.categorySlug} <> 'system' and ${t.code} is null and ${t.title} is not null)`,
    ),
  ],
);
