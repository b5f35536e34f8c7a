import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '../db/client';
import type { ListSnapshots } from '../platform/lists/list-snapshots';
import { selectRows } from '../db/rows';
import {
  activityAreas,
  companies,
  contributionFunds,
  events,
  legalForms,
  municipalities,
  statuses,
  users,
  warranties,
} from '../db/schema';
import type { Bilingual, EventCategorySlug, SystemEventCode } from '../../shared/events';
import type { EventFields } from '../../shared/schemas/event';
import { fullNameOf } from '../users/store';

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
export async function companyExists(db: Executor, companyId: string): Promise<boolean> {
  const [row] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
  return Boolean(row);
}

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
  const key = JSON.stringify(['events', query.companyId, query.year ?? null, query.categorySlug ?? null, query.search]);
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

const searchTextOf = (...parts: Array<string | null>) => sql`public.f_search_text(${parts.filter(Boolean).join(' ')})`;

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

/* ------------------------------------------------------------------------------------------------
 * System events (events/system-events.ts decides what to write; these are its two statements).
 * ---------------------------------------------------------------------------------------------- */

export async function insertSystemEvent(
  tx: Executor,
  values: {
    companyId: string;
    code: SystemEventCode;
    params: Record<string, unknown>;
    authorId: string | null;
    /** The title in every language, so that a search in either finds it. */
    titles: string[];
  },
): Promise<void> {
  await tx.insert(events).values({
    companyId: values.companyId,
    categorySlug: 'system',
    code: values.code,
    params: values.params,
    authorId: values.authorId,
    searchText: searchTextOf(...values.titles),
    // now() is the same for the whole transaction; the clock keeps the events of one save in order.
    insertedAt: sql`clock_timestamp()`,
  });
}

/** The names a system event keeps of what it mentions, in one round trip per kind asked. */
/** The other lookups a company names (by id), whose names the field-level history keeps. */
const LOOKUP_TABLES = { legalForms, activityAreas, municipalities, warranties };
export type LookupKind = keyof typeof LOOKUP_TABLES;

export async function namesOf(
  tx: Executor,
  wanted: { statuses?: string[]; funds?: string[]; users?: string[] } & Partial<Record<LookupKind, string[]>>,
): Promise<
  { statuses: Map<string, Bilingual>; funds: Map<string, Bilingual>; users: Map<string, string> } & Record<
    LookupKind,
    Map<string, Bilingual>
  >
> {
  const statusIds = [...new Set(wanted.statuses ?? [])];
  const fundIds = [...new Set(wanted.funds ?? [])];
  const userIds = [...new Set(wanted.users ?? [])];
  // One after the other: a transaction is one connection, which runs one statement at a time anyway.
  const statusRows = statusIds.length
    ? await tx
        .select({ id: statuses.id, fr: statuses.nameFr, en: statuses.nameEn })
        .from(statuses)
        .where(inArray(statuses.id, statusIds))
    : [];
  const fundRows = fundIds.length
    ? await tx
        .select({ id: contributionFunds.id, fr: contributionFunds.nameFr, en: contributionFunds.nameEn })
        .from(contributionFunds)
        .where(inArray(contributionFunds.id, fundIds))
    : [];
  const userRows = userIds.length
    ? await tx
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
        .from(users)
        .where(inArray(users.id, userIds))
    : [];
  const lookups = {} as Record<LookupKind, Map<string, Bilingual>>;
  for (const kind of Object.keys(LOOKUP_TABLES) as LookupKind[]) {
    const ids = [...new Set(wanted[kind] ?? [])];
    const table = LOOKUP_TABLES[kind];
    const rows = ids.length
      ? await tx.select({ id: table.id, fr: table.nameFr, en: table.nameEn }).from(table).where(inArray(table.id, ids))
      : [];
    lookups[kind] = new Map(rows.map(({ id, fr, en }) => [id, { fr, en }]));
  }
  return {
    ...lookups,
    statuses: new Map(statusRows.map(({ id, fr, en }) => [id, { fr, en }])),
    funds: new Map(fundRows.map(({ id, fr, en }) => [id, { fr, en }])),
    users: new Map(userRows.map((row) => [row.id, fullNameOf(row)])),
  };
}
