import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '../db/client';
import type { ListSnapshots } from '../platform/lists/list-snapshots';
import { keptKey } from '../platform/lists/kept-reads';
import { selectRows } from '../db/rows';
import { events, users } from '../db/schema';
import { searchTextOf } from '../db/full-text';
import type { EventCategorySlug } from '../../shared/events';
import type { EventFields } from '../../shared/schemas/event';

/** An event with the names of its author, as every read answers it. */
export interface EventRow {
  id: string;
  companyId: string;
  categorySlug: EventCategorySlug;
  title: string | null;
  code: string | null;
  params: Record<string, unknown>;
  date: string;
  notes: string | null;
  authorId: string | null;
  author: { firstName: string | null; lastName: string | null; email: string } | null;
  insertedAt: Date;
  updatedAt: Date;
}

const eventColumns = {
  id: events.id,
  companyId: events.companyId,
  categorySlug: events.categorySlug,
  title: events.title,
  code: events.code,
  params: events.params,
  date: events.date,
  notes: events.notes,
  authorId: events.authorId,
  authorFirstName: users.firstName,
  authorLastName: users.lastName,
  authorEmail: users.email,
  insertedAt: events.insertedAt,
  updatedAt: events.updatedAt,
};

const selectEvents = (db: Executor) =>
  db.select(eventColumns).from(events).leftJoin(users, eq(users.id, events.authorId));
type SelectedRow = Awaited<ReturnType<typeof selectEvents>>[number];

function toRow({ authorFirstName, authorLastName, authorEmail, ...row }: SelectedRow): EventRow {
  return {
    ...row,
    author: authorEmail === null ? null : { firstName: authorFirstName, lastName: authorLastName, email: authorEmail },
  };
}

/* ------------------------------------------------------------------------------------------------
 * Reads
 * ---------------------------------------------------------------------------------------------- */

/** Archived companies count: their history stays readable and writable. */
export interface EventListQuery {
  companyId: string;
  /** Words, each of which must appear (accent- and case-insensitively) in the title or the notes. */
  search: string[];
  year: number | undefined;
  categorySlug: EventCategorySlug | undefined;
  limit: number;
  offset: number;
}

/** LIKE treats these as wildcards: searching "50%" means the characters. */
const escapeLike = (word: string) => word.replace(/[\\%_]/g, (c) => `\\${c}`);

function listConditions(query: EventListQuery): SQL | undefined {
  const conditions: SQL[] = [eq(events.companyId, query.companyId)];
  if (query.year !== undefined) {
    // A range on the date rather than extract(year …): events_company_date_idx answers it.
    conditions.push(sql`${events.date} >= make_date(${query.year}::int, 1, 1)`);
    conditions.push(sql`${events.date} < make_date(${query.year + 1}::int, 1, 1)`);
  }
  if (query.categorySlug) conditions.push(eq(events.categorySlug, query.categorySlug));
  for (const word of query.search) {
    // The trigram index answers LIKE '%…%'; the word is folded the way search_text was.
    conditions.push(sql`${events.searchText} LIKE '%' || public.f_search_text(${escapeLike(word)}) || '%'`);
  }
  return and(...conditions);
}

/** One page of the timeline, newest first (the order of events_company_date_idx), and the total. */
export async function listEvents(
  db: Db,
  snapshots: ListSnapshots,
  query: EventListQuery,
): Promise<{ rows: EventRow[]; total: number }> {
  const where = listConditions(query);
  // The total is counted once between two writes (ADR 0012): 10 000 events are 2.5 ms to count.
  const key = keptKey('events', query.companyId, query.year ?? null, query.categorySlug ?? null, query.search);
  const { total } = await snapshots.get(key, async () => {
    const [counted] = await db.select({ n: count() }).from(events).where(where);
    return { total: counted?.n ?? 0, anchors: [], step: 0 };
  });
  if (query.offset >= total) return { rows: [], total };
  const rows = await selectEvents(db)
    .where(where)
    .orderBy(desc(events.date), desc(events.insertedAt), desc(events.id))
    .limit(query.limit)
    .offset(query.offset);
  return { rows: rows.map(toRow), total };
}

/**
 * The years that have events, newest first. A loose index scan: one probe of events_company_date_idx
 * per year (the latest day before the year just found), so 10 000 events over 30 years cost 30 probes.
 */
export async function listEventYears(db: Executor, companyId: string): Promise<number[]> {
  const rows = await selectRows<{ year: number }>(
    db,
    sql`WITH RECURSIVE years(day) AS (
          SELECT max(date) FROM events WHERE company_id = ${companyId}
          UNION ALL
          SELECT (SELECT max(e.date) FROM events e
                   WHERE e.company_id = ${companyId} AND e.date < make_date(extract(year FROM y.day)::int, 1, 1))
            FROM years y WHERE y.day IS NOT NULL
        )
        SELECT extract(year FROM day)::int AS year FROM years WHERE day IS NOT NULL`,
  );
  return rows.map((row) => Number(row.year));
}

export async function findEvent(db: Executor, companyId: string, id: string): Promise<EventRow | undefined> {
  const [row] = await selectEvents(db)
    .where(and(eq(events.companyId, companyId), eq(events.id, id)))
    .limit(1);
  return row ? toRow(row) : undefined;
}

/* ------------------------------------------------------------------------------------------------
 * Writes of a person's events. System events are never changed: the routes refuse them first, and
 * these statements exclude them again so that no race can slip one through.
 * ---------------------------------------------------------------------------------------------- */

export async function insertEvent(
  db: Executor,
  companyId: string,
  fields: EventFields,
  authorId: string,
): Promise<string> {
  const [row] = await db
    .insert(events)
    .values({ ...fields, companyId, authorId, searchText: searchTextOf(fields.title, fields.notes) })
    .returning({ id: events.id });
  return row!.id;
}

/** Answers false when there is no such person's event in this company. */
export async function updateEvent(db: Executor, companyId: string, id: string, fields: EventFields): Promise<boolean> {
  const rows = await db
    .update(events)
    .set({ ...fields, searchText: searchTextOf(fields.title, fields.notes), updatedAt: new Date() })
    .where(and(eq(events.companyId, companyId), eq(events.id, id), sql`${events.categorySlug} <> 'system'`))
    .returning({ id: events.id });
  return rows.length > 0;
}

export async function deleteEvent(db: Executor, companyId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(events)
    .where(and(eq(events.companyId, companyId), eq(events.id, id), sql`${events.categorySlug} <> 'system'`))
    .returning({ id: events.id });
  return rows.length > 0;
}
