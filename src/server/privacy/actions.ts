/**
 * The privacy feature's use cases (docs/decisions/0075): each checks the rules of src/shared/privacy, writes
 * through the store in one transaction and answers what is now kept. The routes only read the contract and answer.
 */
import { eq, sql } from 'drizzle-orm';
import { strToU8, zipSync } from 'fflate';
import type { Locale } from '../../shared/constants';
import { translate } from '../../shared/i18n';
import type { CatalogKey } from '../../shared/i18n/keys';
import { todayIso } from '../../shared/portfolio/schedule';
import { addMonths } from '../../shared/servicing/calendar';
import {
  INCIDENT_FIELDS,
  INCIDENT_KEEP_YEARS,
  incidentDateErrors,
  isValidPeriod,
  requestDueOn,
  type IncidentDates,
} from '../../shared/privacy/rules';
import type {
  Destruction,
  DestructionDue,
  DestructionInput,
  Incident,
  IncidentDetail,
  IncidentInput,
  IncidentPatch,
  Officer,
  OfficerInput,
  PersonMatch,
  PrivacyRequest,
  PrivacyRequestInput,
  PrivacyRequestPatch,
  RetentionRule,
  RetentionRulesInput,
} from '../../shared/schemas/privacy';
import { refreshSearchText } from '../companies/search-text';
import { companies } from '../db/schema';
import type { Db, Executor } from '../db/client';
import { discardUnreferenced } from '../documents/orphan-sweep';
import { AppError, invalid, notFound, type ErrorDetail } from '../platform/errors/app-error';
import { csvLine, CSV_BOM, yesNo, type CsvCell } from '../platform/http/csv';
import type { Storage } from '../platform/storage/storage';
import { blockersOf, participants, peopleSources, type Blocker } from './registry';
import * as store from './store';
import { syncPrivacyRequestTask, generatePrivacyRequestTasks } from './tasks';

export interface Actor {
  id: string;
}

const iso = store.iso;

/* ---------------------------------------------------------------- the person in charge */

export async function readOfficer(db: Executor): Promise<Officer> {
  const row = await store.findOfficer(db);
  return {
    name: row?.name ?? null,
    title: row?.title ?? null,
    email: row?.email ?? null,
    phone: row?.phone ?? null,
    userId: row?.userId ?? null,
    updatedAt: row ? iso(row.updatedAt) : null,
  };
}

export async function saveOfficer(db: Db, actor: Actor, input: OfficerInput): Promise<Officer> {
  if (input.userId && !(await store.isActiveUser(db, input.userId)))
    throw invalid({ user_id: [{ key: 'errors.validations.inactiveUser', params: {} }] });
  return db.transaction(async (tx) => {
    await store.saveOfficer(tx, input, actor.id);
    // Open requests' tasks follow the person in charge.
    await tx.execute(
      sql`UPDATE tasks SET assignee_id = ${input.userId}, updated_at = now()
           WHERE kind = 'privacy_request' AND status = 'open'`,
    );
    return readOfficer(tx);
  });
}

/* ---------------------------------------------------------------- the incident register */

function incidentAnswer(row: store.IncidentRow): Incident {
  return {
    ...row,
    insertedAt: iso(row.insertedAt),
    updatedAt: iso(row.updatedAt),
    keepUntil: addMonths(row.discoveredOn, 12 * INCIDENT_KEEP_YEARS),
  };
}

const SNAKE: Record<string, string> = {
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

/** The dates out of order, each on its field (422), or nothing. */
function checkDates(dates: IncidentDates): void {
  const errors = incidentDateErrors(dates, todayIso());
  if (errors.length === 0) return;
  const detail: ErrorDetail = {};
  for (const error of errors)
    (detail[SNAKE[error.field]!] ??= []).push({ key: `privacy.errors.${error.key}` as CatalogKey, params: {} });
  throw invalid(detail);
}

export async function listIncidents(db: Executor): Promise<Incident[]> {
  return (await store.listIncidents(db)).map(incidentAnswer);
}

export async function readIncident(db: Executor, id: string): Promise<IncidentDetail> {
  const row = await store.findIncident(db, id);
  if (!row) throw notFound();
  const history = await store.incidentHistory(db, id);
  return {
    ...incidentAnswer(row),
    history: history.map((entry) => ({
      at: iso(entry.at),
      author: entry.author,
      changes: entry.changes.map((change) => ({
        field: SNAKE[change.field] ?? change.field,
        from: change.from as string | number | boolean | null,
        to: change.to as string | number | boolean | null,
      })),
    })),
  };
}

export async function recordIncident(db: Db, actor: Actor, input: IncidentInput): Promise<IncidentDetail> {
  checkDates(input);
  return db.transaction(async (tx) => readIncident(tx, await store.insertIncident(tx, input, actor.id)));
}

/** A correction: the changed fields are written and kept, before and after, in the incident's history. */
export async function correctIncident(db: Db, actor: Actor, id: string, patch: IncidentPatch): Promise<IncidentDetail> {
  return db.transaction(async (tx) => {
    const before = await store.findIncident(tx, id, true);
    if (!before) throw notFound();
    const after: IncidentInput = { ...before };
    for (const field of INCIDENT_FIELDS)
      if (patch[field] !== undefined) Object.assign(after, { [field]: patch[field] });
    checkDates(after);
    const changed: Partial<IncidentInput> = {};
    const changes: store.IncidentChangeEntry[] = [];
    for (const field of INCIDENT_FIELDS) {
      if (after[field] === before[field]) continue;
      Object.assign(changed, { [field]: after[field] });
      changes.push({ field, from: before[field], to: after[field] });
    }
    if (changes.length > 0) await store.correctIncident(tx, id, changed, changes, actor.id);
    return readIncident(tx, id);
  });
}

/** The register as CSV for the Commission, in the reader's language. */
export async function incidentsCsv(db: Executor, locale: Locale): Promise<string> {
  const t = (key: string) => translate(locale, key);
  const header = ['number', ...INCIDENT_FIELDS, 'recordedBy', 'insertedAt', 'updatedAt'].map((field) =>
    t(`privacy.incidents.fields.${field}`),
  );
  const lines = [csvLine(header, locale)];
  for (const incident of await listIncidents(db)) {
    const cells: CsvCell[] = [
      incident.number,
      ...INCIDENT_FIELDS.map((field) => incident[field] as CsvCell),
      incident.recordedBy?.name ?? null,
      incident.insertedAt,
      incident.updatedAt,
    ];
    lines.push(csvLine(cells, locale, yesNo(locale)));
  }
  return CSV_BOM + lines.join('');
}

/* ---------------------------------------------------------------- retention */

export async function readRules(db: Executor, locale: Locale): Promise<RetentionRule[]> {
  return store.listRules(db, locale);
}

/** The whole schedule at once: every period positive, each category once and known. */
export async function saveRules(db: Db, input: RetentionRulesInput, locale: Locale): Promise<RetentionRule[]> {
  const detail: ErrorDetail = {};
  const seen = new Set<string>();
  input.rules.forEach((rule, index) => {
    if (!isValidPeriod(rule))
      (detail[`rules.${index}.years`] ??= []).push({ key: 'privacy.errors.period', params: {} });
    const key = rule.categoryId ?? 'closed';
    if (seen.has(key))
      (detail[`rules.${index}.category_id`] ??= []).push({ key: 'privacy.errors.duplicateRule', params: {} });
    seen.add(key);
  });
  const ids = input.rules.flatMap((rule) => (rule.categoryId ? [rule.categoryId] : []));
  const known = await store.knownCategories(db, ids);
  input.rules.forEach((rule, index) => {
    if (rule.categoryId && !known.has(rule.categoryId))
      (detail[`rules.${index}.category_id`] ??= []).push({ key: 'errors.validations.unknownChoice', params: {} });
  });
  if (Object.keys(detail).length > 0) throw invalid(detail);
  return db.transaction(async (tx) => {
    await store.replaceRules(tx, input.rules);
    return store.listRules(tx, locale);
  });
}

/* ---------------------------------------------------------------- destruction */

const blockerAnswer = (blocker: Blocker, locale: Locale) => ({
  code: blocker.code,
  message: translate(locale, blocker.key, blocker.params),
});

export async function destructionDue(db: Db, locale: Locale): Promise<DestructionDue> {
  const today = todayIso();
  const files = await store.dueFiles(db, today);
  const documents = await store.dueDocuments(db, today, locale);
  return {
    files: await Promise.all(
      files.map(async (file) => ({
        kind: 'file' as const,
        ...file,
        blockers: (await blockersOf(db, file.id)).map((blocker) => blockerAnswer(blocker, locale)),
      })),
    ),
    documents: documents.map((document) => ({
      kind: 'document' as const,
      id: document.id,
      name: document.name,
      company: { id: document.companyId, name: document.companyName },
      categoryName: document.categoryName,
      date: document.date,
      dueOn: document.dueOn,
      blockers: [],
    })),
    backups: (await store.staleBackups(db)).map((backup) => ({ ...backup, createdAt: iso(backup.createdAt) })),
  };
}

/** A 409 naming the item and why it cannot be destroyed. */
function refused(code: string, key: CatalogKey, params: Record<string, string | number>, item: string): AppError {
  return new AppError(409, code, key, { items: [{ key, params: { ...params, item } }] }, undefined, {
    ...params,
    item,
  });
}

async function checkItem(
  db: Executor,
  item: DestructionInput['items'][number],
  today: string,
  locale: Locale,
): Promise<void> {
  if (item.kind === 'file') {
    const [due] = await store.dueFiles(db, today, sql`c.id::text = ${item.id}`);
    if (!due) throw refused('not_due', 'privacy.errors.notDue', {}, item.id);
    const blockers = await blockersOf(db, item.id);
    if (blockers.length > 0) {
      const reasons = blockers.map((blocker) => translate(locale, blocker.key, blocker.params)).join(' ');
      throw refused(blockers[0]!.code, 'privacy.errors.blocked', { reasons }, due.referenceNumber);
    }
    return;
  }
  const [due] = await store.dueDocuments(db, today, locale, sql`d.id::text = ${item.id}`);
  if (!due) throw refused('not_due', 'privacy.errors.notDue', {}, item.id);
}

/** One file's destruction, in one transaction: every feature's erasure, the search text, the log line. */
async function destroyFile(db: Db, actor: Actor, companyId: string, today: string, locale: Locale) {
  return db.transaction(async (tx) => {
    const company = await store.lockCompany(tx, companyId);
    if (!company) throw notFound();
    await checkItem(tx, { kind: 'file', id: companyId }, today, locale);
    const counts: Record<string, number> = {};
    const categories = new Set<string>();
    const files: string[] = [];
    for (const participant of participants()) {
      if (!participant.erase) continue;
      const erased = await participant.erase(tx, companyId);
      for (const [key, value] of Object.entries(erased.counts)) counts[key] = (counts[key] ?? 0) + value;
      erased.categories?.forEach((category) => categories.add(category));
      files.push(...(erased.files ?? []));
    }
    await refreshSearchText(tx, eq(companies.id, companyId));
    await store.logDestruction(tx, {
      kind: 'file',
      companyId,
      referenceNumber: company.referenceNumber,
      byId: actor.id,
      counts,
      categories: [...categories],
    });
    return files;
  });
}

async function destroyDocument(db: Db, actor: Actor, id: string, today: string, locale: Locale) {
  return db.transaction(async (tx) => {
    const document = await store.lockDocument(tx, id);
    if (!document) throw refused('not_due', 'privacy.errors.notDue', {}, id);
    await checkItem(tx, { kind: 'document', id }, today, locale);
    await store.deleteDocument(tx, id);
    await store.logDestruction(tx, {
      kind: 'document',
      companyId: document.companyId,
      referenceNumber: document.referenceNumber,
      byId: actor.id,
      counts: { documents: 1 },
      categories: [document.categoryId],
    });
    return [document.fileName];
  });
}

/**
 * Destroys the items, each due and unblocked (else 409 and nothing is destroyed): every item in its own
 * transaction, so a process killed half-way leaves each file whole or destroyed. The files of storage go after
 * each commit; one left by a crash has no record any more and the orphan sweep removes it.
 */
export async function destroy(
  db: Db,
  storage: Storage,
  actor: Actor,
  input: DestructionInput,
  locale: Locale,
  /** Told of each item once its transaction is committed (the operator's log). */
  onDestroyed: (item: DestructionInput['items'][number]) => void = () => undefined,
): Promise<Destruction[]> {
  const today = todayIso();
  const items = [...new Map(input.items.map((item) => [`${item.kind}:${item.id}`, item])).values()];
  for (const item of items) await checkItem(db, item, today, locale);
  const before = new Date();
  for (const item of items) {
    const files =
      item.kind === 'file'
        ? await destroyFile(db, actor, item.id, today, locale)
        : await destroyDocument(db, actor, item.id, today, locale);
    onDestroyed(item);
    for (const file of files) await discardUnreferenced(db, storage, file).catch(() => undefined);
  }
  return listDestructions(
    db,
    locale,
    sql`p.destroyed_by_id = ${actor.id} AND p.destroyed_at >= ${before.toISOString()}`,
  );
}

export async function listDestructions(db: Executor, locale: Locale, where = sql`TRUE`): Promise<Destruction[]> {
  return (await store.listDestructions(db, locale, where)).map((row) => ({
    ...row,
    destroyedAt: iso(row.destroyedAt),
  }));
}

/* ---------------------------------------------------------------- requests */

const requestAnswer = (row: store.RequestRow): PrivacyRequest => ({ ...row, insertedAt: iso(row.insertedAt) });

export async function listRequests(db: Executor): Promise<PrivacyRequest[]> {
  return (await store.listRequests(db)).map(requestAnswer);
}

export async function logRequest(db: Db, actor: Actor, input: PrivacyRequestInput): Promise<PrivacyRequest> {
  if (input.receivedOn > todayIso()) throw invalid({ received_on: [{ key: 'privacy.errors.future', params: {} }] });
  return db.transaction(async (tx) => {
    const id = await store.insertRequest(tx, input, requestDueOn(input.receivedOn), actor.id);
    await generatePrivacyRequestTasks(tx, id);
    return requestAnswer((await store.findRequest(tx, id))!);
  });
}

/** The state and answer; answering needs an answer. Leaving `open` resolves the task, going back reopens it. */
export async function changeRequest(db: Db, id: string, patch: PrivacyRequestPatch): Promise<PrivacyRequest> {
  return db.transaction(async (tx) => {
    const row = await store.findRequest(tx, id, true);
    if (!row) throw notFound();
    const state = patch.state ?? row.state;
    const answer = patch.answer === undefined ? row.answer : patch.answer;
    if (state === 'answered' && !answer)
      throw invalid({ answer: [{ key: 'privacy.errors.answerRequired', params: {} }] });
    const answeredOn = state === 'answered' ? (row.state === 'answered' ? row.answeredOn : todayIso()) : null;
    await store.updateRequest(tx, id, { state, answer, answeredOn, details: patch.details ?? row.details });
    if (state !== row.state) await syncPrivacyRequestTask(tx, id, state === 'open');
    return requestAnswer((await store.findRequest(tx, id))!);
  });
}

/* ---------------------------------------------------------------- a person's data */

export async function searchPeople(db: Executor, query: string): Promise<PersonMatch[]> {
  const found: PersonMatch[] = [];
  if (query.trim() === '') return found;
  for (const [kind, source] of peopleSources()) {
    for (const person of await source.search(db, query, 50)) {
      found.push({
        kind,
        id: person.id,
        name: person.name,
        company: person.companyId ? { id: person.companyId, name: person.companyName ?? '' } : null,
        detail: person.detail,
      });
    }
  }
  return found;
}

/** The person's data as one zip: `person.json` (everything), and the same as CSV files, in the reader's language. */
export async function exportPerson(
  db: Executor,
  kind: string,
  id: string,
  locale: Locale,
): Promise<{ fileName: string; bytes: Uint8Array }> {
  const source = peopleSources().get(kind);
  const person = source && /^[0-9a-f-]{36}$/i.test(id) ? await source.find(db, id) : undefined;
  if (!person) throw notFound();
  const history = person.companyId ? await store.historyNaming(db, person.companyId, person.name) : [];
  const documents = person.companyId ? await store.documentsOf(db, person.companyId, locale) : [];
  const exportedAt = new Date().toISOString();
  const json = { kind, id, exported_at: exportedAt, fields: person.fields, history, documents };
  const csv = (rows: Record<string, unknown>[], columns: string[]) =>
    CSV_BOM +
    csvLine(columns, locale) +
    rows
      .map((row) =>
        csvLine(
          columns.map((column) => (row[column] ?? null) as CsvCell),
          locale,
          yesNo(locale),
        ),
      )
      .join('');
  const fieldRows = Object.entries(person.fields).map(([field, value]) => ({ field, value }));
  const files = {
    'person.json': strToU8(JSON.stringify(json, null, 2)),
    'fields.csv': strToU8(csv(fieldRows, ['field', 'value'])),
    'history.csv': strToU8(csv(history, ['date', 'category', 'title', 'code', 'notes'])),
    'documents.csv': strToU8(csv(documents, ['name', 'date', 'category', 'fileType', 'fileSize'])),
  };
  const slug = person.name
    .normalize('NFD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .toLowerCase();
  return { fileName: `${kind}-${slug || id}.zip`, bytes: zipSync(files) };
}
