import { and, asc, count, desc, eq, inArray, isNotNull, isNull, notInArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { selectRows } from '../db/rows';
import {
  blocks,
  companies,
  companyAddresses,
  companyPresentations,
  financialContributions,
  financialStatements,
  owners,
  statuses,
} from '../db/schema';
import type { Locale } from '../../shared/constants';
import type { Company, CompanySortField } from '../../shared/companies';
import type { CompanyInput, CompanyUpdateInput } from '../../shared/schemas/company';
import type { ListSnapshots, Snapshot } from '../platform/lists/list-snapshots';
import { recordCompanySave, recordSystemEvent } from '../events/system-events';
import { fullNameOf } from '../users/store';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Executor = Db | Tx;

/* ------------------------------------------------------------------------------------------------
 * Search text: what `filter[search]` and the global search match (owners' names too, issue 14), kept next
 * to the company so one trigram index serves it.
 * ---------------------------------------------------------------------------------------------- */

const searchTextOf = sql`f_search_text(concat_ws(' ',
  ${companies.name}, ${companies.referenceNumber}, ${companies.emailAddress},
  (SELECT concat_ws(' ', m.name_fr, m.name_en)
     FROM company_addresses a JOIN municipalities m ON m.id = a.municipality_id
    WHERE a.company_id = ${companies.id}),
  (SELECT string_agg(o.name, ' ') FROM owners o WHERE o.company_id = ${companies.id})))`;

async function refreshSearchText(db: Executor, where: SQL): Promise<void> {
  await db.update(companies).set({ searchText: searchTextOf }).where(where);
}

/** After the seed renamed municipalities: their companies are found under the new names. */
export async function refreshSearchTextForMunicipalities(db: Executor, municipalityIds: string[]): Promise<void> {
  if (municipalityIds.length === 0) return;
  await refreshSearchText(
    db,
    inArray(
      companies.id,
      db
        .select({ id: companyAddresses.companyId })
        .from(companyAddresses)
        .where(inArray(companyAddresses.municipalityId, municipalityIds)),
    ),
  );
}

/* ------------------------------------------------------------------------------------------------
 * List
 * ---------------------------------------------------------------------------------------------- */

export interface CompanySummaryRow {
  id: string;
  name: string;
  referenceNumber: string;
  avatarFileName: string | null;
  archivedAt: Date | null;
  status: { id: string; name: string; color: string };
}

export interface CompanySort {
  field: CompanySortField;
  direction: 'asc' | 'desc';
}

export interface CompanyListQuery {
  archived: boolean;
  /** Words, each of which must appear (accent- and case-insensitively). */
  search: string[];
  sort: CompanySort[];
  limit: number;
  offset: number;
  locale: Locale;
}

/** LIKE treats these as wildcards: searching "50%" means the characters. */
const escapeLike = (word: string) => word.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The column of each sort field and its type, for the anchors' keyset comparison. */
const SORT_COLUMNS = {
  name: { column: companies.nameKey, type: sql.raw('text') },
  referenceNumber: { column: companies.referenceNumber, type: sql.raw('text') },
  insertedAt: { column: companies.insertedAt, type: sql.raw('timestamptz') },
  updatedAt: { column: companies.updatedAt, type: sql.raw('timestamptz') },
} satisfies Record<CompanySortField, { column: AnyPgColumn; type: SQL }>;

/**
 * The sort terms followed by the id: a total order, so that pages neither repeat nor skip rows. The id
 * goes the same direction as the first term so that the index can be walked backwards.
 */
export function sortKeys(sort: CompanySort[]): { column: AnyPgColumn; type: SQL; direction: 'asc' | 'desc' }[] {
  const direction = sort[0]?.direction ?? 'asc';
  return [
    ...sort.map((term) => ({ ...SORT_COLUMNS[term.field], direction: term.direction })),
    { column: companies.id, type: sql.raw('uuid'), direction },
  ];
}

export const orderOf = (sort: CompanySort[]): SQL[] =>
  sortKeys(sort).map((key) => (key.direction === 'desc' ? desc(key.column) : asc(key.column)));

/** One direction for every term: then a row comparison with an anchor is a seek in the index. */
const seekable = (sort: CompanySort[]) => sortKeys(sort).every((key, _, keys) => key.direction === keys[0]!.direction);

/** Rows between anchors: a deep page skips fewer than this. Searches are sparser in the index: closer. */
const ANCHOR_STEP = 100;
const SEARCH_ANCHOR_STEP = 10;

export function listWhere(query: Pick<CompanyListQuery, 'archived' | 'search'>): SQL {
  const conditions = [query.archived ? isNotNull(companies.archivedAt) : isNull(companies.archivedAt)];
  for (const word of query.search) {
    // A trigram GIN index answers LIKE '%…%'; the word is normalised the way search_text was.
    conditions.push(sql`${companies.searchText} LIKE '%' || f_search_text(${escapeLike(word)}) || '%'`);
  }
  return and(...conditions)!;
}

/** The total and the anchors of a list, in one pass over its rows (in index order when unfiltered). */
async function buildSnapshot(db: Db, query: CompanyListQuery): Promise<Snapshot> {
  const where = listWhere(query);
  if (!seekable(query.sort)) {
    const [counted] = await db.select({ n: count() }).from(companies).where(where);
    return { total: counted?.n ?? 0, anchors: [], step: 0 };
  }
  const step = query.search.length > 0 ? SEARCH_ANCHOR_STEP : ANCHOR_STEP;
  const keys = sortKeys(query.sort);
  // The row number over the index order; only every step-th row is turned into text and JSON.
  const [row] = await selectRows<{ total: number; anchors: string[][] | string }>(
    db,
    sql`SELECT count(*)::int AS total,
               coalesce(json_agg(json_build_array(${sql.join(
                 keys.map((_, i) => sql.raw(`k${i}::text`)),
                 sql`, `,
               )}) ORDER BY rn) FILTER (WHERE (rn - 1) % ${step} = 0), '[]') AS anchors
          FROM (SELECT ${sql.join(
            keys.map((key, i) => sql`${key.column} AS ${sql.raw(`k${i}`)}`),
            sql`, `,
          )}, row_number() OVER (ORDER BY ${sql.join(orderOf(query.sort), sql`, `)}) AS rn
                  FROM ${companies} WHERE ${where}) ranked`,
  );
  const anchors = typeof row?.anchors === 'string' ? (JSON.parse(row.anchors) as string[][]) : (row?.anchors ?? []);
  return { total: Number(row?.total ?? 0), anchors, step };
}

/** Rows from `from` (inclusive) to `to` (exclusive) in the list's order. */
function between(sort: CompanySort[], from: string[] | undefined, to: string[] | undefined): SQL[] {
  const keys = sortKeys(sort);
  const columns = sql`(${sql.join(
    keys.map((key) => key.column),
    sql`, `,
  )})`;
  const values = (anchor: string[]) =>
    sql`(${sql.join(
      keys.map((key, i) => sql`${anchor[i]}::${key.type}`),
      sql`, `,
    )})`;
  const asc = keys[0]!.direction === 'asc';
  const bounds: SQL[] = [];
  if (from) bounds.push(asc ? sql`${columns} >= ${values(from)}` : sql`${columns} <= ${values(from)}`);
  if (to) bounds.push(asc ? sql`${columns} < ${values(to)}` : sql`${columns} > ${values(to)}`);
  return bounds;
}

/**
 * One page of cards (one query, the status joined in) and the total. The total and the anchors come
 * from the list's snapshot (ADR 0012): a page starts at the nearest anchor before it and ends before the
 * first anchor after it, so page 1 and page 5 000 cost the same.
 */
export async function listCompanies(
  db: Db,
  snapshots: ListSnapshots,
  query: CompanyListQuery,
): Promise<{ rows: CompanySummaryRow[]; total: number }> {
  const snapshotKey = JSON.stringify(['companies', query.archived, query.search, query.sort]);
  const { total, anchors, step } = await snapshots.get(snapshotKey, () => buildSnapshot(db, query));
  if (query.offset >= total) return { rows: [], total };
  const conditions = [listWhere(query)];
  let offset = query.offset;
  if (anchors.length > 0) {
    const first = Math.floor(query.offset / step);
    // A search also gets an upper bound: its matches may be sparse in the index, and the bound keeps the
    // walk between two anchors. Without a search, the LIMIT stops the index scan sooner than a bound would.
    const last = query.search.length > 0 ? Math.ceil((query.offset + query.limit) / step) : anchors.length;
    conditions.push(...between(query.sort, anchors[first], anchors[last]));
    offset -= first * step;
  }
  const statusName = query.locale === 'en' ? statuses.nameEn : statuses.nameFr;
  const rows = await db
    .select({
      id: companies.id,
      name: companies.name,
      referenceNumber: companies.referenceNumber,
      avatarFileName: companies.avatarFileName,
      archivedAt: companies.archivedAt,
      status: { id: statuses.id, name: statusName, color: statuses.color },
    })
    .from(companies)
    .innerJoin(statuses, eq(statuses.id, companies.statusId))
    .where(and(...conditions))
    .orderBy(...orderOf(query.sort))
    .limit(query.limit)
    .offset(offset);
  return { rows, total };
}

/* ------------------------------------------------------------------------------------------------
 * Read
 * ---------------------------------------------------------------------------------------------- */

const graphQuery = (db: Executor) =>
  db.query.companies.findFirst({
    where: eq(companies.id, sql.placeholder('id')),
    with: {
      address: true,
      presentation: true,
      owners: { orderBy: [asc(owners.position), asc(owners.id)] },
      financialStatements: { orderBy: [asc(financialStatements.insertedAt), asc(financialStatements.seq)] },
      financialContributions: {
        orderBy: [asc(financialContributions.insertedAt), asc(financialContributions.seq)],
      },
      blocks: { orderBy: [asc(blocks.position), asc(blocks.id)] },
      // The form names the person even once archived (issue 12.12); nothing else of the account.
      overseeingUser: { columns: { id: true, firstName: true, lastName: true, email: true, disabledAt: true } },
    },
  });

/**
 * Building that relational query costs drizzle ~2 ms of CPU, three times what PostgreSQL spends running
 * it: it is built once per database (or transaction) and prepared, which also spares the planner.
 */
const preparedGraphs = new WeakMap<Executor, ReturnType<ReturnType<typeof graphQuery>['prepare']>>();

/** The whole graph in one statement (drizzle's relational query: one SELECT with lateral joins). */
export async function findCompanyGraph(db: Executor, id: string) {
  let prepared = preparedGraphs.get(db);
  if (!prepared) {
    prepared = graphQuery(db).prepare('company_graph');
    preparedGraphs.set(db, prepared);
  }
  return prepared.execute({ id });
}

export type CompanyGraph = NonNullable<Awaited<ReturnType<typeof findCompanyGraph>>>;

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

/** The wire shape; `avatarUrl` is signed by the caller, which holds the storage. */
export function toCompany(row: CompanyGraph, avatarUrl: string | null): Company {
  if (!row.address) throw new Error(`company ${row.id} has no address`);
  return {
    id: row.id,
    name: row.name,
    referenceNumber: row.referenceNumber,
    avatarFileName: row.avatarFileName,
    avatarUrl,
    website: row.website,
    emailAddress: row.emailAddress,
    employeeCount: row.employeeCount,
    phoneNumber: row.phoneNumber,
    riskRating: row.riskRating,
    endOfFinancialYear: row.endOfFinancialYear,
    legalFormId: row.legalFormId,
    statusId: row.statusId,
    activityAreaId: row.activityAreaId,
    overseeingUserId: row.overseeingUserId,
    overseeingUser: row.overseeingUser
      ? {
          id: row.overseeingUser.id,
          fullName: fullNameOf(row.overseeingUser),
          archived: row.overseeingUser.disabledAt !== null,
        }
      : null,
    address: {
      id: row.address.id,
      address: row.address.address,
      zipCode: row.address.zipCode,
      municipalityId: row.address.municipalityId,
    },
    owners: row.owners.map(({ companyId: _c, position: _p, ...owner }) => owner),
    presentation: row.presentation ? (({ companyId: _c, ...presentation }) => presentation)(row.presentation) : null,
    financialStatements: row.financialStatements.map(({ companyId: _c, seq: _s, insertedAt, ...statement }) => ({
      ...statement,
      insertedAt: iso(insertedAt),
    })),
    financialContributions: row.financialContributions.map(
      ({ companyId: _c, seq: _s, insertedAt, ...contribution }) => ({ ...contribution, insertedAt: iso(insertedAt) }),
    ),
    blocks: row.blocks.map(({ id, blockType, content }) => ({ id, blockType, content })),
    archivedAt: isoOrNull(row.archivedAt),
    lockVersion: row.lockVersion,
    insertedAt: iso(row.insertedAt),
    updatedAt: iso(row.updatedAt),
  };
}

/** What a save checks against: the version, the avatar it replaces and the overseeing user it keeps. */
export async function findCompanyHead(
  db: Executor,
  id: string,
): Promise<{ lockVersion: number; avatarFileName: string | null; overseeingUserId: string | null } | undefined> {
  const [row] = await db
    .select({
      lockVersion: companies.lockVersion,
      avatarFileName: companies.avatarFileName,
      overseeingUserId: companies.overseeingUserId,
    })
    .from(companies)
    .where(eq(companies.id, id))
    .limit(1);
  return row;
}

/* ------------------------------------------------------------------------------------------------
 * Checks before a write: which referenced ids exist, in one round trip.
 * ---------------------------------------------------------------------------------------------- */

export interface ReferenceIds {
  legalForms: string[];
  statuses: string[];
  activityAreas: string[];
  municipalities: string[];
  contributionFunds: string[];
  warranties: string[];
  /** Only users who can sign in: confirmed and not disabled. */
  activeUsers: string[];
}

export type PartKind = 'owners' | 'financialStatements' | 'financialContributions' | 'blocks';

export interface ExistingIds {
  references: Record<keyof ReferenceIds, Set<string>>;
  /** The ids of the company's current parts (empty for a new company). */
  parts: Record<PartKind, Set<string>>;
}

const REFERENCE_TABLES: Record<keyof ReferenceIds, SQL> = {
  legalForms: sql`legal_forms`,
  statuses: sql`statuses`,
  activityAreas: sql`activity_areas`,
  municipalities: sql`municipalities`,
  contributionFunds: sql`contribution_funds`,
  warranties: sql`warranties`,
  activeUsers: sql`users`,
};

const PART_TABLES: Record<PartKind, SQL> = {
  owners: sql`owners`,
  financialStatements: sql`financial_statements`,
  financialContributions: sql`financial_contributions`,
  blocks: sql`blocks`,
};

export async function findExistingIds(db: Executor, wanted: ReferenceIds, companyId?: string): Promise<ExistingIds> {
  const selects: SQL[] = [];
  for (const [kind, ids] of Object.entries(wanted) as Array<[keyof ReferenceIds, string[]]>) {
    if (ids.length === 0) continue;
    const list = sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
    const active = kind === 'activeUsers' ? sql` AND confirmed_at IS NOT NULL AND disabled_at IS NULL` : sql``;
    selects.push(
      sql`SELECT ${kind}::text AS kind, id::text AS id FROM ${REFERENCE_TABLES[kind]} WHERE id IN (${list})${active}`,
    );
  }
  if (companyId) {
    for (const [kind, table] of Object.entries(PART_TABLES)) {
      selects.push(sql`SELECT ${kind}::text AS kind, id::text AS id FROM ${table} WHERE company_id = ${companyId}`);
    }
  }
  const rows = selects.length
    ? await selectRows<{ kind: string; id: string }>(db, sql.join(selects, sql` UNION ALL `))
    : [];
  const found = (kind: string) => new Set(rows.filter((row) => row.kind === kind).map((row) => row.id));
  return {
    references: Object.fromEntries(
      Object.keys(REFERENCE_TABLES).map((k) => [k, found(k)]),
    ) as ExistingIds['references'],
    parts: Object.fromEntries(Object.keys(PART_TABLES).map((k) => [k, found(k)])) as ExistingIds['parts'],
  };
}

/* ------------------------------------------------------------------------------------------------
 * Writes: the whole graph, in one transaction.
 * ---------------------------------------------------------------------------------------------- */

function companyValues(input: CompanyInput) {
  return {
    name: input.name,
    avatarFileName: input.avatarFileName,
    website: input.website,
    emailAddress: input.emailAddress,
    employeeCount: input.employeeCount,
    phoneNumber: input.phoneNumber,
    riskRating: input.riskRating,
    endOfFinancialYear: input.endOfFinancialYear,
    legalFormId: input.legalFormId,
    statusId: input.statusId,
    activityAreaId: input.activityAreaId,
    overseeingUserId: input.overseeingUserId,
  };
}

type OwnerInput = CompanyInput['owners'][number];
type StatementInput = CompanyInput['financialStatements'][number];
type ContributionInput = CompanyInput['financialContributions'][number];
type BlockInput = CompanyInput['blocks'][number];

const ownerValues = ({ id: _id, ...owner }: OwnerInput, position: number) => ({ ...owner, position });
const statementValues = ({ id: _id, ...statement }: StatementInput) => statement;
const contributionValues = ({ id: _id, ...contribution }: ContributionInput) => contribution;
const blockValues = ({ id: _id, ...block }: BlockInput, position: number) => ({ ...block, position });

/**
 * The parts of a collection after a save: those sent with an id are updated in place (they keep their
 * id and, for statements and contributions, their insertion date), those without are inserted in the
 * order sent, and the company's other parts are deleted. Ids were checked to belong to this company
 * before the transaction (companies/checks.ts); a part deleted meanwhile means the company changed.
 */
async function syncParts<T extends { id?: string | undefined }, V extends object>(
  tx: Tx,
  // The four part tables share `id` and `company_id`; `values` fits the table it is given with.
  table: typeof owners,
  companyId: string,
  items: T[],
  values: (item: T, index: number) => V,
): Promise<'ok' | 'changed'> {
  const keptIds = items.flatMap((item) => (item.id ? [item.id] : []));
  await tx
    .delete(table)
    .where(and(eq(table.companyId, companyId), keptIds.length ? notInArray(table.id, keptIds) : undefined));
  for (const [index, item] of items.entries()) {
    if (!item.id) continue;
    const updated = await tx
      .update(table)
      .set(values(item, index) as Partial<typeof owners.$inferInsert>)
      .where(and(eq(table.id, item.id), eq(table.companyId, companyId)))
      .returning({ id: table.id });
    if (updated.length === 0) return 'changed';
  }
  const added = items.flatMap((item, index) => (item.id ? [] : [{ ...values(item, index), companyId }]));
  if (added.length) await tx.insert(table).values(added as unknown as (typeof owners.$inferInsert)[]);
  return 'ok';
}

const partTable = <T>(table: T) => table as unknown as typeof owners;

async function insertParts(tx: Tx, companyId: string, input: CompanyInput): Promise<void> {
  const rows = <T>(items: T[], values: (item: T, index: number) => object) =>
    items.map((item, index) => ({ ...values(item, index), companyId }));
  if (input.owners.length)
    await tx.insert(owners).values(rows(input.owners, ownerValues) as (typeof owners.$inferInsert)[]);
  if (input.financialStatements.length) {
    await tx
      .insert(financialStatements)
      .values(rows(input.financialStatements, statementValues) as (typeof financialStatements.$inferInsert)[]);
  }
  if (input.financialContributions.length) {
    await tx
      .insert(financialContributions)
      .values(rows(input.financialContributions, contributionValues) as (typeof financialContributions.$inferInsert)[]);
  }
  if (input.blocks.length)
    await tx.insert(blocks).values(rows(input.blocks, blockValues) as (typeof blocks.$inferInsert)[]);
}

/** `authorId`: who creates it, named by the "company created" event of its history. */
export async function insertCompany(db: Db, input: CompanyInput, authorId: string): Promise<string> {
  return db.transaction(async (tx) => {
    const [created] = await tx.insert(companies).values(companyValues(input)).returning({ id: companies.id });
    const id = created!.id;
    const { id: _addressId, ...address } = input.address;
    await tx.insert(companyAddresses).values({ ...address, companyId: id });
    if (input.presentation) {
      const { id: _presentationId, ...presentation } = input.presentation;
      await tx.insert(companyPresentations).values({ ...presentation, companyId: id });
    }
    await insertParts(tx, id, input);
    await refreshSearchText(tx, eq(companies.id, id));
    await recordSystemEvent(tx, { companyId: id, code: 'companyCreated', params: { name: input.name }, authorId });
    return id;
  });
}

/** Thrown inside the transaction to roll it back; the route turns it into a 409. */
export class StaleCompanyError extends Error {}

/**
 * Saves the whole graph over version `lockVersion`. Answers false when the company does not exist;
 * throws StaleCompanyError when someone saved since that version (nothing is written then). What the
 * save changed, field by field, is recorded as one system event by `authorId`, in the same transaction.
 */
export async function updateCompany(db: Db, id: string, input: CompanyUpdateInput, authorId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    // The values being replaced, locked until commit: no other save can change them in between.
    // The row locked until commit (no other save can change it in between), then the whole graph being
    // replaced: the field-level history compares it with the input.
    const [locked] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, id)).for('update');
    if (!locked) return false;
    const before = await findCompanyGraph(tx, id);
    if (!before) return false;
    // The version check and the row lock in one statement: a concurrent save waits here, then fails it.
    const [updated] = await tx
      .update(companies)
      .set({ ...companyValues(input), lockVersion: sql`${companies.lockVersion} + 1`, updatedAt: new Date() })
      .where(and(eq(companies.id, id), eq(companies.lockVersion, input.lockVersion)))
      .returning({ id: companies.id });
    if (!updated) {
      if (!(await findCompanyHead(tx, id))) return false;
      throw new StaleCompanyError();
    }
    const { id: _addressId, ...address } = input.address;
    // One address per company: it keeps its id whatever the form sent.
    await tx
      .insert(companyAddresses)
      .values({ ...address, companyId: id })
      .onConflictDoUpdate({ target: companyAddresses.companyId, set: address });
    if (input.presentation) {
      const { id: _presentationId, ...presentation } = input.presentation;
      await tx
        .insert(companyPresentations)
        .values({ ...presentation, companyId: id })
        .onConflictDoUpdate({ target: companyPresentations.companyId, set: presentation });
    } else {
      await tx.delete(companyPresentations).where(eq(companyPresentations.companyId, id));
    }
    const results = [
      await syncParts(tx, partTable(owners), id, input.owners, ownerValues),
      await syncParts(tx, partTable(financialStatements), id, input.financialStatements, statementValues),
      await syncParts(tx, partTable(financialContributions), id, input.financialContributions, contributionValues),
      await syncParts(tx, partTable(blocks), id, input.blocks, blockValues),
    ];
    if (results.includes('changed')) throw new StaleCompanyError();
    await refreshSearchText(tx, eq(companies.id, id));

    await recordCompanySave(tx, { companyId: id, authorId, before, input });
    return true;
  });
}

/**
 * DELETE archives and restore undoes it (SPEC §4). Archiving an archived company or restoring an active
 * one changes nothing (no version bump, no history): it answers 'unchanged' and the route refuses it, so
 * that a form left open elsewhere does not get a false conflict. 'notFound' when no such company.
 */
export async function setArchived(
  db: Db,
  id: string,
  archived: boolean,
  authorId: string,
): Promise<'done' | 'unchanged' | 'notFound'> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ archivedAt: companies.archivedAt })
      .from(companies)
      .where(eq(companies.id, id))
      .for('update');
    if (!before) return 'notFound';
    if ((before.archivedAt !== null) === archived) return 'unchanged';
    await tx
      .update(companies)
      .set({
        archivedAt: archived ? sql`now()` : null,
        lockVersion: sql`${companies.lockVersion} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(companies.id, id));
    await recordSystemEvent(tx, {
      companyId: id,
      code: archived ? 'companyArchived' : 'companyRestored',
      params: {},
      authorId,
    });
    return 'done';
  });
}
