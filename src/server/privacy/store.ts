/**
 * The privacy feature's SQL (docs/decisions/0075): the person in charge, the incident register and its
 * corrections, the retention schedule, what is due for destruction, the destruction log and the requests.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Locale } from '../../shared/constants';
import type { Executor } from '../db/client';
import { iso, selectRows } from '../db/rows';
import type { IncidentInput, OfficerInput, PrivacyRequestInput } from '../../shared/schemas/privacy';

const AUTHOR = (alias: string) =>
  sql.raw(
    `CASE WHEN ${alias}.id IS NULL THEN NULL ELSE json_build_object('id', ${alias}.id, 'name', coalesce(nullif(btrim(coalesce(${alias}.first_name, '') || ' ' || coalesce(${alias}.last_name, '')), ''), ${alias}.email)) END`,
  );

/* ---------------------------------------------------------------- the person in charge */

export interface OfficerRow {
  name: string;
  title: string;
  email: string;
  phone: string | null;
  userId: string | null;
  updatedAt: Date | string;
}

export async function findOfficer(db: Executor): Promise<OfficerRow | undefined> {
  const [row] = await selectRows<OfficerRow>(
    db,
    sql`SELECT name, title, email, phone, user_id AS "userId", updated_at AS "updatedAt" FROM privacy_officer WHERE id = 1`,
  );
  return row;
}

export async function saveOfficer(db: Executor, input: OfficerInput, byId: string): Promise<void> {
  await db.execute(
    sql`INSERT INTO privacy_officer (id, name, title, email, phone, user_id, updated_by_id)
        VALUES (1, ${input.name}, ${input.title}, ${input.email}, ${input.phone}, ${input.userId}, ${byId})
        ON CONFLICT (id) DO UPDATE SET name = excluded.name, title = excluded.title, email = excluded.email,
          phone = excluded.phone, user_id = excluded.user_id, updated_by_id = excluded.updated_by_id, updated_at = now()`,
  );
}

export async function isActiveUser(db: Executor, id: string): Promise<boolean> {
  const rows = await selectRows(
    db,
    sql`SELECT 1 FROM users WHERE id = ${id} AND disabled_at IS NULL AND confirmed_at IS NOT NULL`,
  );
  return rows.length > 0;
}

/* ---------------------------------------------------------------- the incident register */

export interface IncidentRow extends IncidentInput {
  id: string;
  number: string;
  recordedBy: { id: string; name: string } | null;
  insertedAt: Date | string;
  updatedAt: Date | string;
}

const INCIDENT_COLUMNS = sql`i.id, i.number, i.personal_information AS "personalInformation", i.circumstances,
  i.occurred_on::text AS "occurredOn", i.occurred_until::text AS "occurredUntil", i.discovered_on::text AS "discoveredOn",
  i.people_count AS "peopleCount", i.serious_harm_risk AS "seriousHarmRisk", i.risk_assessment AS "riskAssessment",
  i.commission_notified_on::text AS "commissionNotifiedOn", i.people_notified_on::text AS "peopleNotifiedOn",
  i.measures, ${AUTHOR('u')} AS "recordedBy", i.inserted_at AS "insertedAt", i.updated_at AS "updatedAt"`;

export async function listIncidents(db: Executor): Promise<IncidentRow[]> {
  return selectRows<IncidentRow>(
    db,
    sql`SELECT ${INCIDENT_COLUMNS} FROM privacy_incidents i LEFT JOIN users u ON u.id = i.recorded_by_id
         ORDER BY i.discovered_on DESC, i.number DESC`,
  );
}

export async function findIncident(db: Executor, id: string, lock = false): Promise<IncidentRow | undefined> {
  const [row] = await selectRows<IncidentRow>(
    db,
    sql`SELECT ${INCIDENT_COLUMNS} FROM privacy_incidents i LEFT JOIN users u ON u.id = i.recorded_by_id
         WHERE i.id = ${id} ${lock ? sql`FOR UPDATE OF i` : sql``}`,
  );
  return row;
}

const INCIDENT_SQL_COLUMNS: Record<keyof IncidentInput, string> = {
  personalInformation: 'personal_information',
  circumstances: 'circumstances',
  occurredOn: 'occurred_on',
  occurredUntil: 'occurred_until',
  discoveredOn: 'discovered_on',
  peopleCount: 'people_count',
  seriousHarmRisk: 'serious_harm_risk',
  riskAssessment: 'risk_assessment',
  commissionNotifiedOn: 'commission_notified_on',
  peopleNotifiedOn: 'people_notified_on',
  measures: 'measures',
};

export async function insertIncident(db: Executor, input: IncidentInput, byId: string): Promise<string> {
  const [row] = await selectRows<{ id: string }>(
    db,
    sql`INSERT INTO privacy_incidents (personal_information, circumstances, occurred_on, occurred_until, discovered_on,
          people_count, serious_harm_risk, risk_assessment, commission_notified_on, people_notified_on, measures,
          recorded_by_id)
        VALUES (${input.personalInformation}, ${input.circumstances}, ${input.occurredOn}, ${input.occurredUntil},
          ${input.discoveredOn}, ${input.peopleCount}, ${input.seriousHarmRisk}, ${input.riskAssessment},
          ${input.commissionNotifiedOn}, ${input.peopleNotifiedOn}, ${input.measures}, ${byId})
        RETURNING id`,
  );
  return row!.id;
}

export type IncidentChangeEntry = { field: string; from: unknown; to: unknown };

/** Writes the changed fields and their correction, in the caller's transaction. */
export async function correctIncident(
  db: Executor,
  id: string,
  changed: Partial<IncidentInput>,
  changes: IncidentChangeEntry[],
  byId: string,
): Promise<void> {
  const sets = Object.entries(changed).map(
    ([key, value]) => sql`${sql.raw(INCIDENT_SQL_COLUMNS[key as keyof IncidentInput])} = ${value}`,
  );
  await db.execute(sql`UPDATE privacy_incidents SET ${sql.join(sets, sql`, `)}, updated_at = now() WHERE id = ${id}`);
  await db.execute(
    sql`INSERT INTO privacy_incident_changes (incident_id, author_id, changes)
        VALUES (${id}, ${byId}, ${JSON.stringify(changes)}::jsonb)`,
  );
}

export async function incidentHistory(
  db: Executor,
  id: string,
): Promise<{ at: Date | string; author: { id: string; name: string } | null; changes: IncidentChangeEntry[] }[]> {
  return selectRows(
    db,
    sql`SELECT h.inserted_at AS at, ${AUTHOR('u')} AS author, h.changes
          FROM privacy_incident_changes h LEFT JOIN users u ON u.id = h.author_id
         WHERE h.incident_id = ${id} ORDER BY h.inserted_at DESC, h.id`,
  );
}

/* ---------------------------------------------------------------- retention */

export interface RuleRow {
  categoryId: string | null;
  categoryName: string | null;
  years: number;
  months: number;
}

export async function listRules(db: Executor, locale: Locale): Promise<RuleRow[]> {
  const name = locale === 'fr' ? sql`d.name_fr` : sql`d.name_en`;
  return selectRows<RuleRow>(
    db,
    sql`SELECT r.category_id AS "categoryId", ${name} AS "categoryName", r.years, r.months
          FROM privacy_retention_rules r LEFT JOIN document_categories d ON d.id = r.category_id
         ORDER BY r.category_id IS NOT NULL, ${name}`,
  );
}

export async function knownCategories(db: Executor, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await selectRows<{ id: string }>(
    db,
    sql`SELECT id FROM document_categories WHERE id IN (SELECT jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid)`,
  );
  return new Set(rows.map((row) => row.id));
}

export async function replaceRules(
  db: Executor,
  rules: { categoryId: string | null; years: number; months: number }[],
): Promise<void> {
  await db.execute(sql`DELETE FROM privacy_retention_rules`);
  if (rules.length === 0) return;
  await db.execute(
    sql`INSERT INTO privacy_retention_rules (category_id, years, months)
        SELECT r."categoryId", r.years, r.months
          FROM jsonb_to_recordset(${JSON.stringify(rules)}::jsonb) AS r("categoryId" uuid, years int, months int)`,
  );
}

/* ---------------------------------------------------------------- due for destruction */

/** Months of the rule of closed files, or of a category's rule, as SQL. */
const CLOSED_RULE = sql`(SELECT years * 12 + months FROM privacy_retention_rules WHERE category_id IS NULL)`;

/**
 * A closed file: an archived company with no active loan, closed since the later of its archiving and the last
 * day its loans' figures changed (the last repayment or write-off). `where` narrows to some companies.
 */
function closedFiles(where: SQL): SQL {
  return sql`SELECT c.id, c.name, c.reference_number AS "referenceNumber",
                    greatest(timezone('America/Toronto', c.archived_at)::date,
                             (SELECT max(s.as_of) FROM financial_contributions f JOIN loan_states s ON s.contribution_id = f.id
                               WHERE f.company_id = c.id AND s.status IN ('repaid', 'written_off')))::text AS "closedOn"
               FROM companies c
              WHERE c.archived_at IS NOT NULL AND ${where}
                AND NOT EXISTS (SELECT 1 FROM privacy_destructions p WHERE p.company_id = c.id AND p.kind = 'file')`;
}

export interface ClosedFileRow {
  id: string;
  name: string;
  referenceNumber: string;
  closedOn: string;
  dueOn: string;
}

/** Closed files whose period (the rule of closed files) has run out by `today`. */
export async function dueFiles(db: Executor, today: string, where: SQL = sql`TRUE`): Promise<ClosedFileRow[]> {
  return selectRows<ClosedFileRow>(
    db,
    sql`SELECT f.*, (f."closedOn"::date + make_interval(months => ${CLOSED_RULE}))::date::text AS "dueOn"
          FROM (${closedFiles(where)}) f
         WHERE ${CLOSED_RULE} IS NOT NULL
           AND (f."closedOn"::date + make_interval(months => ${CLOSED_RULE}))::date <= ${today}::date
         ORDER BY "dueOn", f."referenceNumber"`,
  );
}

export interface DueDocumentRow {
  id: string;
  name: string;
  companyId: string;
  companyName: string;
  categoryName: string;
  date: string;
  dueOn: string;
}

/** Documents whose category's period, counted from the document's own date, has run out by `today`. */
export async function dueDocuments(
  db: Executor,
  today: string,
  locale: Locale,
  where: SQL = sql`TRUE`,
): Promise<DueDocumentRow[]> {
  const name = locale === 'fr' ? sql`k.name_fr` : sql`k.name_en`;
  return selectRows<DueDocumentRow>(
    db,
    sql`SELECT d.id, d.name, c.id AS "companyId", c.name AS "companyName", ${name} AS "categoryName",
               d.date::text AS date, (d.date + make_interval(months => r.years * 12 + r.months))::date::text AS "dueOn"
          FROM documents d
          JOIN privacy_retention_rules r ON r.category_id = d.category_id
          JOIN document_categories k ON k.id = d.category_id
          JOIN companies c ON c.id = d.company_id
         WHERE (d.date + make_interval(months => r.years * 12 + r.months))::date <= ${today}::date AND ${where}
         ORDER BY "dueOn", d.name, d.id
         LIMIT 1000`,
  );
}

/** Backups made before a destruction: they still hold what it removed. */
export async function staleBackups(
  db: Executor,
): Promise<{ id: string; createdAt: Date | string; fileName: string | null; destructionsSince: number }[]> {
  return selectRows(
    db,
    sql`SELECT b.id, b.created_at AS "createdAt", b.file_name AS "fileName",
               (SELECT count(*)::int FROM privacy_destructions p WHERE p.destroyed_at > b.created_at) AS "destructionsSince"
          FROM backups b
         WHERE b.status = 'succeeded'
           AND EXISTS (SELECT 1 FROM privacy_destructions p WHERE p.destroyed_at > b.created_at)
         ORDER BY b.created_at`,
  );
}

/** Locks the company for its destruction; undefined when it does not exist. */
export async function lockCompany(db: Executor, id: string): Promise<{ referenceNumber: string } | undefined> {
  const [row] = await selectRows<{ referenceNumber: string }>(
    db,
    sql`SELECT reference_number AS "referenceNumber" FROM companies WHERE id = ${id} FOR UPDATE`,
  );
  return row;
}

export async function lockDocument(
  db: Executor,
  id: string,
): Promise<{ fileName: string; categoryId: string; companyId: string; referenceNumber: string } | undefined> {
  const [row] = await selectRows<{ fileName: string; categoryId: string; companyId: string; referenceNumber: string }>(
    db,
    sql`SELECT d.file_name AS "fileName", d.category_id AS "categoryId", d.company_id AS "companyId",
               c.reference_number AS "referenceNumber"
          FROM documents d JOIN companies c ON c.id = d.company_id WHERE d.id = ${id} FOR UPDATE OF d`,
  );
  return row;
}

export async function deleteDocument(db: Executor, id: string): Promise<void> {
  await db.execute(sql`DELETE FROM documents WHERE id = ${id}`);
}

export async function logDestruction(
  db: Executor,
  entry: {
    kind: 'file' | 'document';
    companyId: string;
    referenceNumber: string;
    byId: string;
    counts: Record<string, number>;
    categories: string[];
  },
): Promise<string> {
  const [row] = await selectRows<{ id: string }>(
    db,
    sql`INSERT INTO privacy_destructions (kind, company_id, reference_number, destroyed_by_id, counts, categories)
        VALUES (${entry.kind}, ${entry.companyId}, ${entry.referenceNumber}, ${entry.byId},
                ${JSON.stringify(entry.counts)}::jsonb, ${JSON.stringify(entry.categories)}::jsonb)
        RETURNING id`,
  );
  return row!.id;
}

export interface DestructionRow {
  id: string;
  kind: 'file' | 'document';
  referenceNumber: string;
  destroyedAt: Date | string;
  destroyedBy: { id: string; name: string } | null;
  counts: Record<string, number>;
  categories: string[];
}

/** The log, newest first, the categories named in the reader's language. */
export async function listDestructions(
  db: Executor,
  locale: Locale,
  where: SQL = sql`TRUE`,
): Promise<DestructionRow[]> {
  const name = locale === 'fr' ? sql`k.name_fr` : sql`k.name_en`;
  return selectRows<DestructionRow>(
    db,
    sql`SELECT p.id, p.kind, p.reference_number AS "referenceNumber", p.destroyed_at AS "destroyedAt",
               ${AUTHOR('u')} AS "destroyedBy", p.counts,
               coalesce((SELECT json_agg(${name} ORDER BY ${name}) FROM document_categories k
                          WHERE k.id::text IN (SELECT jsonb_array_elements_text(p.categories))), '[]'::json) AS categories
          FROM privacy_destructions p LEFT JOIN users u ON u.id = p.destroyed_by_id
         WHERE ${where}
         ORDER BY p.destroyed_at DESC, p.id
         LIMIT 500`,
  );
}

/* ---------------------------------------------------------------- requests */

export interface RequestRow {
  id: string;
  requesterName: string;
  kind: 'access' | 'rectification';
  details: string;
  receivedOn: string;
  dueOn: string;
  state: 'open' | 'answered' | 'withdrawn';
  answer: string | null;
  answeredOn: string | null;
  insertedAt: Date | string;
}

const REQUEST_COLUMNS = sql`id, requester_name AS "requesterName", kind, details, received_on::text AS "receivedOn",
  due_on::text AS "dueOn", state, answer, answered_on::text AS "answeredOn", inserted_at AS "insertedAt"`;

export async function listRequests(db: Executor): Promise<RequestRow[]> {
  return selectRows<RequestRow>(
    db,
    sql`SELECT ${REQUEST_COLUMNS} FROM privacy_requests ORDER BY state <> 'open', due_on, inserted_at LIMIT 1000`,
  );
}

export async function findRequest(db: Executor, id: string, lock = false): Promise<RequestRow | undefined> {
  const [row] = await selectRows<RequestRow>(
    db,
    sql`SELECT ${REQUEST_COLUMNS} FROM privacy_requests WHERE id = ${id} ${lock ? sql`FOR UPDATE` : sql``}`,
  );
  return row;
}

export async function insertRequest(
  db: Executor,
  input: PrivacyRequestInput,
  dueOn: string,
  byId: string,
): Promise<string> {
  const [row] = await selectRows<{ id: string }>(
    db,
    sql`INSERT INTO privacy_requests (requester_name, kind, details, received_on, due_on, created_by_id)
        VALUES (${input.requesterName}, ${input.kind}, ${input.details}, ${input.receivedOn}, ${dueOn}, ${byId})
        RETURNING id`,
  );
  return row!.id;
}

export async function updateRequest(
  db: Executor,
  id: string,
  values: { state: string; answer: string | null; answeredOn: string | null; details: string },
): Promise<void> {
  await db.execute(
    sql`UPDATE privacy_requests SET state = ${values.state}, answer = ${values.answer}, answered_on = ${values.answeredOn},
          details = ${values.details}, updated_at = now() WHERE id = ${id}`,
  );
}

/* ---------------------------------------------------------------- a person's data */

/** The company's history entries whose text names the person (every word of the name). */
export async function historyNaming(
  db: Executor,
  companyId: string,
  name: string,
): Promise<{ date: string; title: string | null; code: string | null; notes: string | null; category: string }[]> {
  const words = name.split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const match = sql.join(
    words.map((word) => sql`e.search_text LIKE '%' || public.f_search_text(${word}) || '%'`),
    sql` AND `,
  );
  return selectRows(
    db,
    sql`SELECT e.date::text AS date, e.title, e.code, e.notes, e.category_slug AS category
          FROM events e WHERE e.company_id = ${companyId} AND ${match}
         ORDER BY e.date DESC, e.inserted_at DESC`,
  );
}

export async function documentsOf(
  db: Executor,
  companyId: string,
  locale: Locale,
): Promise<{ name: string; date: string; category: string; fileType: string; fileSize: number }[]> {
  const name = locale === 'fr' ? sql`k.name_fr` : sql`k.name_en`;
  return selectRows(
    db,
    sql`SELECT d.name, d.date::text AS date, ${name} AS category, d.file_type AS "fileType", d.file_size AS "fileSize"
          FROM documents d JOIN document_categories k ON k.id = d.category_id
         WHERE d.company_id = ${companyId} ORDER BY d.date DESC, d.name`,
  );
}

export { iso };
