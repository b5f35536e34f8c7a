import { and, eq, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../db/client';
import { selectRows } from '../db/rows';
import {
  blocks,
  companies,
  companyAddresses,
  companyPresentations,
  financialContributions,
  financialStatements,
  owners,
} from '../db/schema';
import { COMPANY_MAPS as MAPS, type CompanyInput, type CompanyUpdateInput } from '../../shared/schemas/company';
import { pickFields, type FieldsMatchColumns } from '../../shared/schemas/record-fields';
import { recordSystemEvent } from '../platform/history/record';
import { recordCompanySave } from './history';
import { refreshSearchText } from './search-text';
import { findCompanyGraph, findCompanyHead } from './graph';
import type { Locale } from '../../shared/constants';
import { liveLoansOf, runCompanyHooks, type LiveLoan } from './hooks';

/*
 * Company writes (docs/SPEC.md §4): the checks before a save and the whole graph written in one transaction. Reading
 * is in graph.ts, the list in list-store.ts, the search text every write refreshes in search-text.ts.
 */

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

/*
 * Each table's columns are its record's fields (the field maps of shared/schemas/company.ts, ADR 0031) and the
 * ones the database or the store own: a field without its column, or a column without its field, fails here.
 */
type Columns<T extends { $inferSelect: object }> = T['$inferSelect'];
const _companyColumns: FieldsMatchColumns<
  typeof MAPS.company,
  Columns<typeof companies>,
  // loanSequence: the last loan number given to the company's contributions (migration 0019_servicing).
  | 'id'
  | 'referenceNumber'
  | 'archivedAt'
  | 'lockVersion'
  | 'searchText'
  | 'nameKey'
  | 'insertedAt'
  | 'updatedAt'
  | 'loanSequence'
> = true;
const _addressColumns: FieldsMatchColumns<
  typeof MAPS.address,
  Columns<typeof companyAddresses>,
  'id' | 'companyId'
> = true;
const _presentationColumns: FieldsMatchColumns<
  typeof MAPS.presentation,
  Columns<typeof companyPresentations>,
  'id' | 'companyId'
> = true;
const _ownerColumns: FieldsMatchColumns<
  typeof MAPS.owner,
  Columns<typeof owners>,
  'id' | 'companyId' | 'position'
> = true;
const _statementColumns: FieldsMatchColumns<
  typeof MAPS.statement,
  Columns<typeof financialStatements>,
  'id' | 'companyId' | 'seq' | 'insertedAt'
> = true;
const _contributionColumns: FieldsMatchColumns<
  typeof MAPS.contribution,
  Columns<typeof financialContributions>,
  // loanNumber is given by the database on insert (migration 0019_servicing) and never typed.
  'id' | 'companyId' | 'seq' | 'insertedAt' | 'loanNumber'
> = true;
const _blockColumns: FieldsMatchColumns<
  typeof MAPS.block,
  Columns<typeof blocks>,
  'id' | 'companyId' | 'position'
> = true;

/** What the store writes of a record: its table's insert type, less what the store adds (the company, its id). */
type Values<T extends { $inferInsert: object }> = Omit<T['$inferInsert'], 'companyId' | 'id'>;

const companyValues = (input: CompanyInput): Values<typeof companies> => pickFields(MAPS.company, input);

type OwnerInput = CompanyInput['owners'][number];
type StatementInput = CompanyInput['financialStatements'][number];
type ContributionInput = CompanyInput['financialContributions'][number];
type BlockInput = CompanyInput['blocks'][number];

const ownerValues = (owner: OwnerInput, position: number): Values<typeof owners> => ({
  ...pickFields(MAPS.owner, owner),
  position,
});
const statementValues = (statement: StatementInput): Values<typeof financialStatements> =>
  pickFields(MAPS.statement, statement);
const contributionValues = (contribution: ContributionInput): Values<typeof financialContributions> =>
  pickFields(MAPS.contribution, contribution);
const blockValues = (block: BlockInput, position: number): Values<typeof blocks> => ({
  ...pickFields(MAPS.block, block),
  position,
});
const addressValues = (address: CompanyInput['address']): Values<typeof companyAddresses> =>
  pickFields(MAPS.address, address);
const presentationValues = (
  presentation: NonNullable<CompanyInput['presentation']>,
): Values<typeof companyPresentations> => pickFields(MAPS.presentation, presentation);

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
  const rows = <T, V>(items: T[], values: (item: T, index: number) => V) =>
    items.map((item, index) => ({ ...values(item, index), companyId }));
  if (input.owners.length) await tx.insert(owners).values(rows(input.owners, ownerValues));
  if (input.financialStatements.length) {
    await tx.insert(financialStatements).values(rows(input.financialStatements, statementValues));
  }
  if (input.financialContributions.length) {
    await tx.insert(financialContributions).values(rows(input.financialContributions, contributionValues));
  }
  if (input.blocks.length) await tx.insert(blocks).values(rows(input.blocks, blockValues));
}

/** `authorId`: who creates it, named by the "company created" event of its history. */
export async function insertCompany(db: Db, input: CompanyInput, authorId: string): Promise<string> {
  return db.transaction(async (tx) => {
    const [created] = await tx.insert(companies).values(companyValues(input)).returning({ id: companies.id });
    const id = created!.id;
    await tx.insert(companyAddresses).values({ ...addressValues(input.address), companyId: id });
    if (input.presentation) {
      await tx.insert(companyPresentations).values({ ...presentationValues(input.presentation), companyId: id });
    }
    await insertParts(tx, id, input);
    await refreshSearchText(tx, eq(companies.id, id));
    await recordSystemEvent(tx, { companyId: id, code: 'companyCreated', params: { name: input.name }, authorId });
    await runCompanyHooks('afterSave', (hook) => hook(tx, id));
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
export async function updateCompany(
  db: Db,
  id: string,
  input: CompanyUpdateInput,
  authorId: string,
  locale: Locale,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    // The values being replaced, locked until commit: no other save can change them in between.
    // The row locked until commit (no other save can change it in between), then the whole graph being
    // replaced: the field-level history compares it with the input.
    const [locked] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, id)).for('update');
    if (!locked) return false;
    const before = await findCompanyGraph(tx, id);
    if (!before) return false;
    // What newer features refuse of a save (loans with recorded money keep their terms, ADR 0036), the
    // company locked first and nothing written yet (docs/decisions/0060).
    await runCompanyHooks('beforeUpdate', (hook) => hook(tx, { companyId: id, before, input, locale }));
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
    const address = addressValues(input.address);
    // One address per company: it keeps its id whatever the form sent.
    await tx
      .insert(companyAddresses)
      .values({ ...address, companyId: id })
      .onConflictDoUpdate({ target: companyAddresses.companyId, set: address });
    if (input.presentation) {
      const presentation = presentationValues(input.presentation);
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
    // What newer features derive from the saved graph (its tasks, ADR 0041), in the same transaction.
    await runCompanyHooks('afterSave', (hook) => hook(tx, id));
    return true;
  });
}

/** Archiving refused until confirmed: the company still has loans holding money (docs/decisions/0060). */
export class LiveLoansError extends Error {
  constructor(readonly loans: LiveLoan[]) {
    super('company_has_live_loans');
  }
}

/**
 * DELETE archives and restore undoes it (docs/SPEC.md §4). Archiving an archived company or restoring an active
 * one changes nothing (no version bump, no history): it answers 'unchanged' and the route refuses it, so
 * that a form left open elsewhere does not get a false conflict. 'notFound' when no such company. Archiving a
 * company whose loans still hold money throws LiveLoansError unless `liveLoansConfirmed` (its loans stay counted).
 */
export async function setArchived(
  db: Db,
  id: string,
  archived: boolean,
  authorId: string,
  liveLoansConfirmed = false,
): Promise<'done' | 'unchanged' | 'notFound'> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ archivedAt: companies.archivedAt })
      .from(companies)
      .where(eq(companies.id, id))
      .for('update');
    if (!before) return 'notFound';
    if ((before.archivedAt !== null) === archived) return 'unchanged';
    if (archived && !liveLoansConfirmed) {
      const loans = await liveLoansOf(tx, id);
      if (loans.length > 0) throw new LiveLoansError(loans);
    }
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
