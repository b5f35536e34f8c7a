/**
 * Funding requests and their checklists in the database (docs/decisions/0039). SQL lives here; the rules of
 * what may move where are src/shared/pipeline's, which the routes apply to what these functions read.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Locale } from '../../shared/constants';
import type { FieldChange } from '../../shared/history';
import {
  CHECKLIST_STAGES,
  isEditable,
  nextStates,
  type ChecklistStage,
  type ConditionKind,
  type ConditionStatus,
  type ItemStatus,
  type RequestState,
} from '../../shared/pipeline';
import { QUEBEC_TIME_ZONE } from '../../shared/portfolio/schedule';
import { toCents, toDollars as dollars } from '../../shared/money';
import type { ChecklistTemplatesInput, FundingRequestInput, FundingRequestPatch } from '../../shared/schemas/pipeline';
import type {
  ChecklistItem,
  ChecklistTemplate,
  FundingRequest,
  FundingRequestSummary,
} from '../../shared/schemas/pipeline-answers';
import type { Executor, Tx } from '../db/client';
import { forUpdate, iso, selectRow, selectRows, type ReadOptions } from '../db/rows';
import {
  checklistItems,
  checklistTemplates,
  fundingRequestAmounts,
  fundingRequestMoves,
  fundingRequests,
  fundingRequestSources,
} from '../db/schema';
import { recordSystemEvent } from '../platform/history/record';

/** The checklist's stages in the order a request meets them, as a SQL array to sort by. */
const STAGE_ORDER = sql.raw(`ARRAY[${CHECKLIST_STAGES.map((stage) => `'${stage}'`).join(', ')}]`);
const nameColumn = (locale: Locale) => sql.raw(locale === 'en' ? 'name_en' : 'name_fr');

/** A staff member's full name from the `users` row under `alias`; null when neither name is set. */
export const personName = (alias: string) =>
  sql.raw(`nullif(trim(coalesce(${alias}.first_name, '') || ' ' || coalesce(${alias}.last_name, '')), '')`);

/** A request as the rules and the writes need it. */
export interface RequestRow {
  id: string;
  companyId: string;
  projectName: string;
  projectCostCents: number;
  state: RequestState;
  assigneeId: string | null;
  lockVersion: number;
}

export async function findRequest(db: Executor, id: string, options: ReadOptions = {}): Promise<RequestRow | null> {
  const row = await selectRow<RequestRow>(
    db,
    sql`SELECT id, company_id AS "companyId", project_name AS "projectName",
               project_cost_cents::float8 AS "projectCostCents", state, assignee_id AS "assigneeId",
               lock_version AS "lockVersion"
          FROM funding_requests WHERE id = ${id}`,
    options,
  );
  return row ?? null;
}

/* ------------------------------------------------------------------------------------------------ reads */

interface SummaryRow {
  id: string;
  companyId: string;
  companyName: string;
  projectName: string;
  projectCostCents: number;
  state: RequestState;
  stateChangedAt: Date | string;
  assigneeId: string | null;
  assigneeName: string | null;
  lockVersion: number;
  insertedAt: Date | string;
  updatedAt: Date | string;
  amounts: { fundId: string; fundName: string; amountCents: number }[] | null;
}

function summaryOf(row: SummaryRow): FundingRequestSummary {
  const amounts = (row.amounts ?? []).map((a) => ({
    fundId: a.fundId,
    fundName: a.fundName,
    amount: dollars(a.amountCents),
  }));
  return {
    id: row.id,
    companyId: row.companyId,
    companyName: row.companyName,
    projectName: row.projectName,
    projectCost: dollars(row.projectCostCents),
    state: row.state,
    stateChangedAt: iso(row.stateChangedAt),
    assigneeId: row.assigneeId,
    assigneeName: row.assigneeName,
    amounts,
    totalAmount: dollars((row.amounts ?? []).reduce((sum, a) => sum + a.amountCents, 0)),
    lockVersion: row.lockVersion,
    insertedAt: iso(row.insertedAt),
    updatedAt: iso(row.updatedAt),
  };
}

function summarySelect(locale: Locale, where: SQL, tail: SQL = sql``): SQL {
  return sql`SELECT r.id, r.company_id AS "companyId", c.name AS "companyName", r.project_name AS "projectName",
                    r.project_cost_cents::float8 AS "projectCostCents", r.state, r.state_changed_at AS "stateChangedAt",
                    r.assignee_id AS "assigneeId",
                    ${personName('u')} AS "assigneeName",
                    r.lock_version AS "lockVersion", r.inserted_at AS "insertedAt", r.updated_at AS "updatedAt",
                    (SELECT json_agg(json_build_object('fundId', a.fund_id, 'fundName', f.${nameColumn(locale)},
                                                       'amountCents', a.amount_cents) ORDER BY a.position)
                       FROM funding_request_amounts a JOIN contribution_funds f ON f.id = a.fund_id
                      WHERE a.request_id = r.id) AS amounts
               FROM funding_requests r
               JOIN companies c ON c.id = r.company_id
               LEFT JOIN users u ON u.id = r.assignee_id
              WHERE ${where}${tail}`;
}

export interface RequestFilters {
  state?: RequestState;
  fundId?: string;
  assigneeId?: string;
  companyId?: string;
}

function filterSql(filters: RequestFilters, withState: boolean): SQL {
  const parts: SQL[] = [sql`true`];
  if (withState && filters.state) parts.push(sql`r.state = ${filters.state}`);
  if (filters.assigneeId) parts.push(sql`r.assignee_id = ${filters.assigneeId}`);
  if (filters.companyId) parts.push(sql`r.company_id = ${filters.companyId}`);
  if (filters.fundId)
    parts.push(
      sql`EXISTS (SELECT 1 FROM funding_request_amounts a WHERE a.request_id = r.id AND a.fund_id = ${filters.fundId})`,
    );
  return sql.join(parts, sql` AND `);
}

export const REQUEST_SORT = {
  stateChangedAt: sql`r.state_changed_at`,
  insertedAt: sql`r.inserted_at`,
  projectName: sql`lower(r.project_name)`,
  companyName: sql`lower(c.name)`,
} as const;
export type RequestSortField = keyof typeof REQUEST_SORT;

/** One page of the board, its total and how many requests each state holds under the same filters. */
export async function listRequests(
  db: Executor,
  locale: Locale,
  filters: RequestFilters,
  sort: { field: RequestSortField; direction: 'asc' | 'desc' }[],
  page: { limit: number; offset: number },
): Promise<{ rows: FundingRequestSummary[]; totalCount: number; countsByState: Record<string, number> }> {
  const order = sql.join(
    [...sort.map((s) => sql`${REQUEST_SORT[s.field]} ${sql.raw(s.direction)}`), sql`r.id`],
    sql`, `,
  );
  const rows = await selectRows<SummaryRow>(
    db,
    summarySelect(locale, filterSql(filters, true), sql` ORDER BY ${order} LIMIT ${page.limit} OFFSET ${page.offset}`),
  );
  const counts = await selectRows<{ state: string; count: number }>(
    db,
    sql`SELECT r.state, count(*)::int AS count FROM funding_requests r WHERE ${filterSql(filters, false)} GROUP BY r.state`,
  );
  const countsByState = Object.fromEntries(counts.map((c) => [c.state, c.count]));
  const totalCount = filters.state ? (countsByState[filters.state] ?? 0) : counts.reduce((sum, c) => sum + c.count, 0);
  return { rows: rows.map(summaryOf), totalCount, countsByState };
}

/** A request with its financing, timeline and loans; the route adds its decisions and checks (committee-store, checks). */
export async function readRequest(
  db: Executor,
  id: string,
  locale: Locale,
): Promise<Omit<FundingRequest, 'decisions' | 'checks'> | null> {
  const [row] = await selectRows<SummaryRow>(db, summarySelect(locale, sql`r.id = ${id}`));
  if (!row) return null;
  const sources = await selectRows<{ name: string; amountCents: number; confirmed: boolean; isPublic: boolean }>(
    db,
    sql`SELECT name, amount_cents::float8 AS "amountCents", confirmed, is_public AS "isPublic"
          FROM funding_request_sources WHERE request_id = ${id} ORDER BY position`,
  );
  const moves = await selectRows<{
    fromState: RequestState | null;
    toState: RequestState;
    authorName: string | null;
    insertedAt: Date | string;
  }>(
    db,
    sql`SELECT m.from_state AS "fromState", m.to_state AS "toState", m.inserted_at AS "insertedAt",
               ${personName('u')} AS "authorName"
          FROM funding_request_moves m LEFT JOIN users u ON u.id = m.author_id
         WHERE m.request_id = ${id} ORDER BY m.seq`,
  );
  const loans = await selectRows<{ id: string }>(
    db,
    sql`SELECT a.contribution_id AS id FROM decision_amounts a JOIN committee_decisions d ON d.id = a.decision_id
         WHERE d.request_id = ${id} AND a.contribution_id IS NOT NULL ORDER BY a.contribution_id`,
  );
  const summary = summaryOf(row);
  return {
    ...summary,
    sources: sources.map((s) => ({
      name: s.name,
      amount: dollars(s.amountCents),
      confirmed: s.confirmed,
      isPublic: s.isPublic,
    })),
    nextStates: nextStates(summary.state),
    editable: isEditable(summary.state),
    moves: moves.map((m) => ({ ...m, insertedAt: iso(m.insertedAt) })),
    contributionIds: loans.map((l) => l.id),
  };
}

/* ------------------------------------------------------------------------------------------------ writes */

/** Which of these funds, users and company exist (the route refuses the others with a 422 on the field). */
export async function missingReferences(
  db: Executor,
  refs: { fundIds: string[]; assigneeId: string | null; companyId?: string },
): Promise<{ fundIds: Set<string>; assignee: boolean; company: boolean }> {
  const funds = refs.fundIds.length
    ? await selectRows<{ id: string }>(db, sql`SELECT id FROM contribution_funds WHERE id IN ${refs.fundIds}`)
    : [];
  const known = new Set(funds.map((f) => f.id));
  const [assignee] = refs.assigneeId
    ? await selectRows(
        db,
        sql`SELECT 1 FROM users WHERE id = ${refs.assigneeId} AND disabled_at IS NULL AND confirmed_at IS NOT NULL`,
      )
    : [true];
  const [company] = refs.companyId
    ? await selectRows(db, sql`SELECT 1 FROM companies WHERE id = ${refs.companyId}`)
    : [true];
  return { fundIds: new Set(refs.fundIds.filter((id) => !known.has(id))), assignee: !assignee, company: !company };
}

async function writeParts(tx: Tx, requestId: string, input: Pick<FundingRequestInput, 'amounts' | 'sources'>) {
  await tx.delete(fundingRequestAmounts).where(eq(fundingRequestAmounts.requestId, requestId));
  await tx.delete(fundingRequestSources).where(eq(fundingRequestSources.requestId, requestId));
  await tx
    .insert(fundingRequestAmounts)
    .values(
      input.amounts.map((a, position) => ({ requestId, fundId: a.fundId, amountCents: toCents(a.amount), position })),
    );
  if (input.sources.length > 0)
    await tx.insert(fundingRequestSources).values(
      input.sources.map((s, position) => ({
        requestId,
        name: s.name,
        amountCents: toCents(s.amount),
        confirmed: s.confirmed,
        isPublic: s.isPublic,
        position,
      })),
    );
}

export async function insertRequest(tx: Tx, input: FundingRequestInput, authorId: string): Promise<string> {
  const [row] = await tx
    .insert(fundingRequests)
    .values({
      companyId: input.companyId,
      projectName: input.projectName,
      projectCostCents: toCents(input.projectCost),
      assigneeId: input.assigneeId,
      createdById: authorId,
    })
    .returning({ id: fundingRequests.id });
  const id = row!.id;
  await writeParts(tx, id, input);
  await tx.insert(fundingRequestMoves).values({ requestId: id, fromState: null, toState: 'draft', authorId });
  await recordSystemEvent(tx, {
    companyId: input.companyId,
    code: 'fundingRequestCreated',
    params: {
      project: input.projectName,
      amount: dollars(input.amounts.reduce((sum, a) => sum + toCents(a.amount), 0)),
    },
    authorId,
  });
  return id;
}

/** The amount the request asks of each fund, in its order. */
export const requestAmounts = (db: Executor, requestId: string) =>
  selectRows<{ fundId: string; amountCents: number }>(
    db,
    sql`SELECT fund_id AS "fundId", amount_cents::float8 AS "amountCents" FROM funding_request_amounts
         WHERE request_id = ${requestId} ORDER BY position`,
  );

/** What a request's edit changed, field by field, for the field-level history (ADR 0025). */
async function requestChanges(tx: Tx, before: RequestRow, patch: FundingRequestPatch): Promise<FieldChange[]> {
  const changes: FieldChange[] = [];
  const text = (value: string) => ({ kind: 'text' as const, value });
  const money = (cents: number) => ({ kind: 'money' as const, value: dollars(cents) });
  if (before.projectName !== patch.projectName)
    changes.push({
      field: 'pipeline.fields.projectName',
      before: text(before.projectName),
      after: text(patch.projectName),
    });
  if (before.projectCostCents !== toCents(patch.projectCost))
    changes.push({
      field: 'pipeline.fields.projectCost',
      before: money(before.projectCostCents),
      after: money(toCents(patch.projectCost)),
    });
  const amounts = await requestAmounts(tx, before.id);
  const total = (list: { amountCents: number }[]) => list.reduce((sum, a) => sum + a.amountCents, 0);
  const newAmounts = patch.amounts.map((a) => ({ fundId: a.fundId, amountCents: toCents(a.amount) }));
  if (JSON.stringify(amounts) !== JSON.stringify(newAmounts))
    changes.push({ field: 'pipeline.fields.amounts', before: money(total(amounts)), after: money(total(newAmounts)) });
  const sources = await selectRows<{ name: string; amountCents: number; confirmed: boolean; isPublic: boolean }>(
    tx,
    sql`SELECT name, amount_cents::float8 AS "amountCents", confirmed, is_public AS "isPublic"
          FROM funding_request_sources WHERE request_id = ${before.id} ORDER BY position`,
  );
  const newSources = patch.sources.map((s) => ({
    name: s.name,
    amountCents: toCents(s.amount),
    confirmed: s.confirmed,
    isPublic: s.isPublic,
  }));
  if (JSON.stringify(sources) !== JSON.stringify(newSources))
    changes.push({ field: 'pipeline.fields.sources', before: money(total(sources)), after: money(total(newSources)) });
  if (before.assigneeId !== patch.assigneeId) {
    const names = await selectRows<{ id: string; name: string }>(
      tx,
      sql`SELECT id, trim(first_name || ' ' || last_name) AS name FROM users
           WHERE id IN (${before.assigneeId ?? '00000000-0000-0000-0000-000000000000'}, ${patch.assigneeId ?? '00000000-0000-0000-0000-000000000000'})`,
    );
    const nameOf = (id: string | null) => {
      const found = names.find((n) => n.id === id);
      return found ? text(found.name) : null;
    };
    changes.push({
      field: 'pipeline.fields.assignee',
      before: nameOf(before.assigneeId),
      after: nameOf(patch.assigneeId),
    });
  }
  return changes;
}

/** Saves an edit on a locked request whose `lock_version` the route checked. */
export async function updateRequest(tx: Tx, before: RequestRow, patch: FundingRequestPatch, authorId: string) {
  const changes = await requestChanges(tx, before, patch);
  await tx
    .update(fundingRequests)
    .set({
      projectName: patch.projectName,
      projectCostCents: toCents(patch.projectCost),
      assigneeId: patch.assigneeId,
      lockVersion: sql`${fundingRequests.lockVersion} + 1`,
      updatedAt: new Date(),
    })
    .where(eq(fundingRequests.id, before.id));
  await writeParts(tx, before.id, patch);
  if (changes.length > 0)
    await recordSystemEvent(tx, {
      companyId: before.companyId,
      code: 'fundingRequestChanged',
      params: { project: patch.projectName, changes },
      authorId,
    });
}

/** Moves a locked request, keeps the move for its timeline and writes it in the company's history. */
export async function moveRequest(tx: Tx, request: RequestRow, to: RequestState, authorId: string): Promise<void> {
  await tx
    .update(fundingRequests)
    .set({
      state: to,
      stateChangedAt: new Date(),
      lockVersion: sql`${fundingRequests.lockVersion} + 1`,
      updatedAt: new Date(),
    })
    .where(eq(fundingRequests.id, request.id));
  await tx
    .insert(fundingRequestMoves)
    .values({ requestId: request.id, fromState: request.state, toState: to, authorId });
  await recordSystemEvent(tx, {
    companyId: request.companyId,
    code: 'fundingRequestMoved',
    params: { project: request.projectName, from: request.state, to },
    authorId,
  });
}

/**
 * Fixes a request's checklist from the templates of every fund it asks money of (union: an item two funds
 * require — same stage, category and French label — is listed once, required if either requires it).
 */
export async function fixChecklist(tx: Tx, requestId: string): Promise<void> {
  const templates = await selectRows<{
    stage: ChecklistStage;
    categoryId: string;
    labelFr: string;
    labelEn: string;
    required: boolean;
  }>(
    tx,
    sql`SELECT t.stage, t.category_id AS "categoryId", t.label_fr AS "labelFr", t.label_en AS "labelEn", t.required
          FROM checklist_templates t
          JOIN funding_request_amounts a ON a.fund_id = t.fund_id AND a.request_id = ${requestId}
         ORDER BY a.position, t.position`,
  );
  const items = new Map<string, (typeof templates)[number]>();
  for (const template of templates) {
    const key = `${template.stage}|${template.categoryId}|${template.labelFr}`;
    const seen = items.get(key);
    if (seen) seen.required ||= template.required;
    else items.set(key, { ...template });
  }
  if (items.size === 0) return;
  await tx
    .insert(checklistItems)
    .values([...items.values()].map((item, position) => ({ ...item, requestId, position })));
}

export const hasChecklist = async (db: Executor, requestId: string): Promise<boolean> =>
  (await selectRows(db, sql`SELECT 1 FROM checklist_items WHERE request_id = ${requestId} LIMIT 1`)).length > 0;

interface ItemRow {
  id: string;
  stage: ChecklistStage;
  categoryId: string;
  labelFr: string;
  labelEn: string;
  required: boolean;
  status: ItemStatus;
  documentId: string | null;
  documentName: string | null;
  verifiedByName: string | null;
  verifiedAt: Date | string | null;
  waivedReason: string | null;
}

export async function readItems(db: Executor, requestId: string, options: ReadOptions = {}): Promise<ItemRow[]> {
  return selectRows<ItemRow>(
    db,
    sql`SELECT i.id, i.stage, i.category_id AS "categoryId", i.label_fr AS "labelFr", i.label_en AS "labelEn",
               i.required, i.status, i.document_id AS "documentId", d.name AS "documentName",
               ${personName('u')} AS "verifiedByName",
               i.verified_at AS "verifiedAt", i.waived_reason AS "waivedReason"
          FROM checklist_items i
          LEFT JOIN documents d ON d.id = i.document_id
          LEFT JOIN users u ON u.id = i.verified_by_id
         WHERE i.request_id = ${requestId}
         ORDER BY array_position(${STAGE_ORDER}, i.stage), i.position
         ${forUpdate(options, 'i')}`,
  );
}

export const itemLabel = (item: Pick<ItemRow, 'labelFr' | 'labelEn'>, locale: Locale) =>
  locale === 'en' ? item.labelEn : item.labelFr;

export const itemAnswer = (item: ItemRow, locale: Locale): ChecklistItem => ({
  id: item.id,
  stage: item.stage,
  categoryId: item.categoryId,
  label: itemLabel(item, locale),
  required: item.required,
  status: item.status,
  documentId: item.documentId,
  documentName: item.documentName,
  verifiedByName: item.verifiedByName,
  verifiedAt: item.verifiedAt === null ? null : iso(item.verifiedAt),
  waivedReason: item.waivedReason,
});

/** Sets where an item stands; `verified` keeps who and when, `waived` its reason. */
export async function setItem(
  tx: Tx,
  request: RequestRow,
  item: ItemRow,
  change: { status: ItemStatus; documentId: string | null; waivedReason: string | null },
  authorId: string,
): Promise<void> {
  await tx
    .update(checklistItems)
    .set({
      status: change.status,
      documentId: change.status === 'missing' ? null : change.documentId,
      verifiedById: change.status === 'verified' ? authorId : null,
      verifiedAt: change.status === 'verified' ? new Date() : null,
      waivedReason: change.status === 'waived' ? change.waivedReason : null,
      updatedById: authorId,
      updatedAt: new Date(),
    })
    .where(and(eq(checklistItems.id, item.id), eq(checklistItems.requestId, request.id)));
  await recordSystemEvent(tx, {
    companyId: request.companyId,
    code: 'checklistItemChanged',
    params: { project: request.projectName, item: { fr: item.labelFr, en: item.labelEn }, status: change.status },
    authorId,
  });
}

/** The before-disbursement and covenant conditions of a request's decisions. */
export async function readConditionStates(db: Executor, requestId: string) {
  return selectRows<{
    id: string;
    kind: ConditionKind;
    status: ConditionStatus;
    text: string;
  }>(db, sql`SELECT id, kind, status, text FROM decision_conditions WHERE request_id = ${requestId} ORDER BY position`);
}

/** The Québec day each of these requests was submitted; a request never submitted is absent. */
export async function submissionDays(db: Executor, requestIds: readonly string[]): Promise<Map<string, string>> {
  if (requestIds.length === 0) return new Map();
  const rows = await selectRows<{ requestId: string; day: string }>(
    db,
    sql`SELECT request_id AS "requestId", min((inserted_at AT TIME ZONE ${QUEBEC_TIME_ZONE})::date)::text AS day
          FROM funding_request_moves WHERE to_state = 'submitted' AND request_id IN ${requestIds}
         GROUP BY request_id`,
  );
  return new Map(rows.map((row) => [row.requestId, row.day]));
}

/**
 * The request's company, its name and whether it is archived, held (FOR SHARE) until the transaction ends so
 * that it is not archived while money goes out to it.
 */
export async function requestCompany(tx: Tx, companyId: string): Promise<{ name: string; archived: boolean }> {
  const [row] = await selectRows<{ name: string; archived: boolean }>(
    tx,
    sql`SELECT name, archived_at IS NOT NULL AS archived FROM companies WHERE id = ${companyId} FOR SHARE`,
  );
  return row!;
}

export const documentCompany = async (db: Executor, documentId: string): Promise<string | null> =>
  (
    await selectRows<{ companyId: string }>(
      db,
      sql`SELECT company_id AS "companyId" FROM documents WHERE id = ${documentId}`,
    )
  )[0]?.companyId ?? null;

/* ------------------------------------------------------------------------------------------------ templates */

/** The checklist templates of every fund or one, by fund name, stage and position. */
export function readChecklistTemplates(db: Executor, locale: Locale, fundId?: string): Promise<ChecklistTemplate[]> {
  return selectRows<ChecklistTemplate>(
    db,
    sql`SELECT t.id, t.fund_id AS "fundId", f.${nameColumn(locale)} AS "fundName",
               t.stage, t.category_id AS "categoryId", t.label_fr AS "labelFr", t.label_en AS "labelEn", t.required
          FROM checklist_templates t JOIN contribution_funds f ON f.id = t.fund_id
         ${fundId ? sql`WHERE t.fund_id = ${fundId}` : sql``}
         ORDER BY f.${nameColumn(locale)}, t.fund_id,
                  array_position(${STAGE_ORDER}, t.stage), t.position`,
  );
}

export const fundExists = async (db: Executor, fundId: string): Promise<boolean> =>
  (await selectRows(db, sql`SELECT 1 FROM contribution_funds WHERE id = ${fundId}`)).length > 0;

/** Which of these document categories exist. */
export async function knownCategories(db: Executor, categoryIds: readonly string[]): Promise<Set<string>> {
  if (categoryIds.length === 0) return new Set();
  const rows = await selectRows<{ id: string }>(db, sql`SELECT id FROM document_categories WHERE id IN ${categoryIds}`);
  return new Set(rows.map((row) => row.id));
}

/** Replaces one fund's templates, every stage, in their order. */
export async function replaceTemplates(tx: Tx, fundId: string, items: ChecklistTemplatesInput['items']) {
  await tx.delete(checklistTemplates).where(eq(checklistTemplates.fundId, fundId));
  if (items.length > 0)
    await tx.insert(checklistTemplates).values(items.map((item, position) => ({ ...item, fundId, position })));
}
