/**
 * What the older features hold of a company's people, registered with the privacy registry in app.ts
 * (docs/decisions/0075): the company and its owners, its documents, its history, its loans (an active one blocks)
 * and its funding requests (an open one blocks). Newer features (guarantees, contacts) register their own.
 */
import { sql } from 'drizzle-orm';
import { CLOSED_STATES } from '../../shared/pipeline/states';
import type { Executor, Tx } from '../db/client';
import { selectRows } from '../db/rows';
import type { Blocker, Erased, PeopleSource, PrivacyParticipant } from './registry';

const count = async (db: Executor, query: ReturnType<typeof sql>): Promise<number> =>
  (await selectRows<{ n: number }>(db, query)).length;

/** Every word of the query in the folded text (the search's own folding, ADR 0022). */
export function allWords(folded: ReturnType<typeof sql>, query: string): ReturnType<typeof sql> {
  const words = query.split(/\s+/).filter(Boolean);
  if (words.length === 0) return sql`FALSE`;
  return sql.join(
    words.map((word) => sql`${folded} LIKE '%' || public.f_search_text(${word}) || '%'`),
    sql` AND `,
  );
}

const owners: PeopleSource = {
  async search(db, query, limit) {
    return selectRows(
      db,
      sql`SELECT o.id, o.name, c.id AS "companyId", c.name AS "companyName", o.city AS detail
            FROM owners o JOIN companies c ON c.id = o.company_id
           WHERE ${allWords(sql`public.f_search_text(o.name)`, query)}
           ORDER BY public.f_search_text(o.name), o.id
           LIMIT ${limit}`,
    );
  },
  async find(db, id) {
    const [row] = await selectRows<Record<string, string | number | null> & { name: string; company_id: string }>(
      db,
      sql`SELECT o.name, o.phone_number, o.shares_percentage::float8 AS shares_percentage, o.address, o.city,
                 o.zip_code, o.company_id, c.name AS company_name
            FROM owners o JOIN companies c ON c.id = o.company_id
           WHERE o.id = ${id}`,
    );
    if (!row) return undefined;
    return { name: row.name, companyId: row.company_id, fields: { ...row } };
  },
};

/** The company's own fields and its owners: anonymized, the money history kept under the reference number. */
const companiesParticipant: PrivacyParticipant = {
  people: { owner: owners },
  async erase(tx: Tx, companyId: string): Promise<Erased> {
    const [company] = await selectRows<{ avatar: string | null }>(
      tx,
      sql`SELECT avatar_file_name AS avatar FROM companies WHERE id = ${companyId}`,
    );
    const removed = {
      owners: await count(tx, sql`DELETE FROM owners WHERE company_id = ${companyId} RETURNING id`),
      presentations: await count(
        tx,
        sql`DELETE FROM company_presentations WHERE company_id = ${companyId} RETURNING id`,
      ),
      notes: await count(tx, sql`DELETE FROM blocks WHERE company_id = ${companyId} RETURNING id`),
      financial_statements: await count(
        tx,
        sql`DELETE FROM financial_statements WHERE company_id = ${companyId} RETURNING id`,
      ),
    };
    await tx.execute(sql`UPDATE company_addresses SET address = '', zip_code = '' WHERE company_id = ${companyId}`);
    await tx.execute(
      sql`UPDATE companies SET name = reference_number, website = NULL, email_address = NULL, phone_number = NULL,
                               avatar_file_name = NULL, updated_at = now(), lock_version = lock_version + 1
           WHERE id = ${companyId}`,
    );
    return { counts: removed, files: company?.avatar ? [company.avatar] : [] };
  },
};

const documentsParticipant: PrivacyParticipant = {
  async erase(tx, companyId) {
    const rows = await selectRows<{ fileName: string; categoryId: string }>(
      tx,
      sql`DELETE FROM documents WHERE company_id = ${companyId} RETURNING file_name AS "fileName", category_id AS "categoryId"`,
    );
    return {
      counts: { documents: rows.length },
      categories: [...new Set(rows.map((row) => row.categoryId))],
      files: rows.map((row) => row.fileName),
    };
  },
};

/** The history names people (titles, notes, rendered system titles): all of it goes. */
const eventsParticipant: PrivacyParticipant = {
  async erase(tx, companyId) {
    return {
      counts: { events: await count(tx, sql`DELETE FROM events WHERE company_id = ${companyId} RETURNING id`) },
    };
  },
};

const servicingParticipant: PrivacyParticipant = {
  async blockers(db, companyId) {
    const rows = await selectRows<{ loanNumber: string }>(
      db,
      sql`SELECT f.loan_number AS "loanNumber" FROM financial_contributions f
            JOIN loan_states s ON s.contribution_id = f.id
           WHERE f.company_id = ${companyId} AND s.status = 'active' ORDER BY f.loan_number`,
    );
    return rows.map((row): Blocker => ({
      code: 'active_loan',
      key: 'privacy.blockers.activeLoan',
      params: { loan: row.loanNumber },
    }));
  },
};

const closedStates = sql.join(
  CLOSED_STATES.map((state) => sql`${state}`),
  sql`, `,
);

const pipelineParticipant: PrivacyParticipant = {
  async blockers(db, companyId) {
    const rows = await selectRows<{ projectName: string }>(
      db,
      sql`SELECT project_name AS "projectName" FROM funding_requests
           WHERE company_id = ${companyId} AND state NOT IN (${closedStates}) ORDER BY inserted_at`,
    );
    return rows.map((row): Blocker => ({
      code: 'open_request',
      key: 'privacy.blockers.openRequest',
      params: { project: row.projectName },
    }));
  },
  /** Free-text notes of the requests' conditions and checklists; the requests themselves are the money's history. */
  async erase(tx, companyId) {
    const notes = await count(
      tx,
      sql`UPDATE decision_conditions k SET note = NULL FROM funding_requests r
           WHERE r.id = k.request_id AND r.company_id = ${companyId} AND k.note IS NOT NULL RETURNING k.id`,
    );
    const reasons = await count(
      tx,
      sql`UPDATE checklist_items i SET waived_reason = NULL FROM funding_requests r
           WHERE r.id = i.request_id AND r.company_id = ${companyId} AND i.waived_reason IS NOT NULL RETURNING i.id`,
    );
    return { counts: { request_notes: notes + reasons } };
  },
};

/** Registered in this order: the documents and history first, the company's own fields last. */
export const privacyParticipants: [string, PrivacyParticipant][] = [
  ['servicing', servicingParticipant],
  ['pipeline', pipelineParticipant],
  ['documents', documentsParticipant],
  ['events', eventsParticipant],
  ['companies', companiesParticipant],
];
