import { asc, eq, sql } from 'drizzle-orm';
import { blocks, companies, financialContributions, financialStatements, owners } from '../db/schema';
import type { Company } from '../../shared/companies';
import { COMPANY_MAPS as MAPS } from '../../shared/schemas/company';
import { pickFields } from '../../shared/schemas/record-fields';
import { fullNameOf } from '../users/store';
import type { Executor } from '../db/client';
import { iso } from '../db/rows';
import { outsidePipeline } from '../db/outside-pipeline';

/*
 * Reading one company: the whole graph in one prepared statement, its wire shape (`toCompany`), and the
 * head a save checks against. Writes are in store.ts, the list in list-store.ts.
 */

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
        extras: (table) => ({ outsidePipeline: outsidePipeline(sql`${table.id}`).as('outside_pipeline') }),
      },
      blocks: { orderBy: [asc(blocks.position), asc(blocks.id)] },
      // The form names the person even once archived; nothing else of the account.
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

const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

/** The wire shape; `avatarUrl` is signed by the caller, which holds the storage. */
export function toCompany(row: CompanyGraph, avatarUrl: string | null): Company {
  if (!row.address) throw new Error(`company ${row.id} has no address`);
  const dated = <T extends { insertedAt: Date | string }>(part: T) => ({ insertedAt: iso(part.insertedAt) });
  return {
    id: row.id,
    referenceNumber: row.referenceNumber,
    ...pickFields(MAPS.company, row),
    avatarUrl,
    overseeingUser: row.overseeingUser
      ? {
          id: row.overseeingUser.id,
          fullName: fullNameOf(row.overseeingUser),
          archived: row.overseeingUser.disabledAt !== null,
        }
      : null,
    address: { id: row.address.id, ...pickFields(MAPS.address, row.address) },
    owners: row.owners.map((owner) => ({ id: owner.id, ...pickFields(MAPS.owner, owner) })),
    presentation: row.presentation
      ? { id: row.presentation.id, ...pickFields(MAPS.presentation, row.presentation) }
      : null,
    financialStatements: row.financialStatements.map((statement) => ({
      id: statement.id,
      ...pickFields(MAPS.statement, statement),
      ...dated(statement),
    })),
    financialContributions: row.financialContributions.map((contribution) => ({
      id: contribution.id,
      ...pickFields(MAPS.contribution, contribution),
      ...dated(contribution),
      // Given by the database on insert, and held there by a check (migration servicing_guards).
      loanNumber: contribution.loanNumber ?? '',
      outsidePipeline: contribution.outsidePipeline,
    })),
    blocks: row.blocks.map((block) => ({ id: block.id, ...pickFields(MAPS.block, block) })),
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
