import { getTableName, type Table } from 'drizzle-orm';
import {
  companies,
  contributionFunds,
  delinquencyBuckets,
  disbursements,
  documents,
  events,
  financialContributions,
  fundCapitals,
  loanStates,
  repayments,
  sessions,
  statuses,
  termAmendments,
  users,
  writeOffs,
} from '../../db/schema';

/**
 * Every family of values kept between writes, and the tables its values are read from. A kept value is dropped
 * only when PostgreSQL notifies its family (ADR 0027), so each of these tables needs a change trigger naming the
 * family (migrations 0013, 0015, 0016); `kept-reads.test.ts` checks them on the migrated database. A kept read
 * names its family through `keptKey`, so a new family must be declared here first, and a new table read by a
 * family must be added to its line (and given its trigger).
 *
 * What is kept, per family: the companies list's total and anchors (`companies/list-store.ts`, ADR 0012) and the
 * existence of the company a company-scoped route names (`company-scope.ts`, ADR 0047), the
 * documents and events lists' totals (`documents/store.ts`, `events/store.ts`), the dashboard (`portfolio/store.ts`,
 * ADR 0020), the portfolio's figures (`portfolio/figures-store.ts`, ADR 0037), a loan's schedule
 * (`servicing/loan-context.ts`, ADR 0050) and the users of session tokens (`identity/sessions.ts`, ADR 0029).
 * The documents list's category filter also reads the category tree (`document_categories`), which only the
 * reference-data seed writes, at a release's start: it has no trigger, and the 30 s age limit bounds a count kept
 * across such a change.
 */
export const KEPT_READS = {
  companies: [companies],
  documents: [documents],
  events: [events],
  portfolio: [
    companies,
    financialContributions,
    contributionFunds,
    statuses,
    loanStates,
    disbursements,
    repayments,
    termAmendments,
    writeOffs,
    delinquencyBuckets,
    fundCapitals,
  ],
  identity: [users, sessions],
} as const satisfies Record<string, readonly Table[]>;

export type KeptFamily = keyof typeof KEPT_READS;

/** The families and the names of the tables each reads, for the trigger check. */
export const keptReadTables = (): { family: KeptFamily; table: string }[] =>
  (Object.keys(KEPT_READS) as KeptFamily[]).flatMap((family) =>
    KEPT_READS[family].map((table) => ({ family, table: getTableName(table) })),
  );

/** The key of a kept value: its family first, where `ListSnapshots` reads it, then what tells values apart. */
export const keptKey = (family: KeptFamily, ...parts: unknown[]): string => JSON.stringify([family, ...parts]);
