/**
 * The writes on a funding request and its checklist (docs/decisions/0039, 0040, 0063): each opens or joins the
 * transaction, applies the shared rules (src/shared/pipeline), calls the store's SQL and records history.
 */
import type { Locale } from '../../../shared/constants';
import { isEditable, itemChangeRefusal, itemEntry, moveRefusal, needsDocument } from '../../../shared/pipeline';
import type {
  ChecklistItemPatch,
  ChecklistTemplatesInput,
  FundingRequestInput,
  FundingRequestPatch,
  TransitionInput,
} from '../../../shared/schemas/pipeline';
import type { Executor, Tx } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { invalid, notFound, type ErrorDetail } from '../../platform/errors/app-error';
import { disburseRequest } from '../disbursement';
import { fieldRefused, itemStagePassed, refuseMove, requestLocked, requireWorker, staleRequest } from '../errors';
import {
  documentCompany,
  findRequest,
  fixChecklist,
  fundExists,
  hasChecklist,
  insertRequest,
  itemLabel,
  knownCategories,
  missingReferences,
  moveRequest,
  readConditionStates,
  readItems,
  replaceTemplates,
  setItem,
  updateRequest,
} from '../store';
import { inTransaction } from './transaction';

/**
 * The request a staff write changes, locked for the rest of the transaction: 404 when there is none, 403 unless
 * the caller may work it (ADR 0040), 409 when it changed since the caller read `lockVersion`.
 */
async function requestToChange(tx: Tx, id: string, user: UserRow, lockVersion: number, locale: Locale) {
  const current = await findRequest(tx, id, { lock: true });
  if (!current) throw notFound();
  requireWorker(user, current);
  if (current.lockVersion !== lockVersion) throw staleRequest(current, locale);
  return current;
}

/** 422 naming each unknown fund, the assignee or the company. */
async function checkReferences(
  db: Executor,
  input: { amounts: { fundId: string }[]; assigneeId: string | null; companyId?: string },
) {
  const missing = await missingReferences(db, {
    fundIds: input.amounts.map((a) => a.fundId),
    assigneeId: input.assigneeId,
    ...(input.companyId ? { companyId: input.companyId } : {}),
  });
  const detail: ErrorDetail = {};
  input.amounts.forEach((a, index) => {
    if (missing.fundIds.has(a.fundId))
      detail[`amounts.${index}.fund_id`] = [{ key: 'pipeline.errors.unknownFund', params: {} }];
  });
  if (missing.assignee) detail['assignee_id'] = [{ key: 'pipeline.errors.unknownUser', params: {} }];
  if (missing.company) detail['company_id'] = [{ key: 'pipeline.errors.unknownCompany', params: {} }];
  if (Object.keys(detail).length > 0) throw invalid(detail);
}

/** A new request of a company, as a draft; answers its id. */
export async function createRequest(db: Executor, input: FundingRequestInput, user: UserRow): Promise<string> {
  await checkReferences(db, input);
  return inTransaction(db, (tx) => insertRequest(tx, input, user.id));
}

/** Saves a request's details with the version read, while it may still be edited (before any decision). */
export async function saveRequest(
  db: Executor,
  id: string,
  input: FundingRequestPatch,
  user: UserRow,
  locale: Locale,
): Promise<void> {
  await checkReferences(db, input);
  await inTransaction(db, async (tx) => {
    const current = await requestToChange(tx, id, user, input.lockVersion, locale);
    if (!isEditable(current.state)) throw requestLocked(current.state, locale);
    await updateRequest(tx, current, input, user.id);
  });
}

/**
 * Moves a request by the transitions route: the state machine and the checklist of the stage it leaves; to
 * `disbursed`, the decided terms become its loans; at submission its checklist is fixed from the templates.
 */
export async function transitionRequest(
  db: Executor,
  id: string,
  { to, lockVersion, disbursement }: TransitionInput,
  user: UserRow,
  locale: Locale,
): Promise<void> {
  await inTransaction(db, async (tx) => {
    const current = await requestToChange(tx, id, user, lockVersion, locale);
    const items = await readItems(tx, current.id);
    const conditions = await readConditionStates(tx, current.id);
    const refusal = moveRefusal({ state: current.state, items, conditions }, to);
    if (refusal) throw refuseMove(refusal, current.state, to, locale, (item) => itemLabel(item, locale));
    if (to === 'disbursed') {
      if (!disbursement) throw fieldRefused('disbursement', 'disbursementRequired');
      await disburseRequest(tx, current, disbursement, user.id, locale);
    }
    await moveRequest(tx, current, to, user.id);
    if (to === 'submitted' && !(await hasChecklist(tx, current.id))) await fixChecklist(tx, current.id);
  });
}

/**
 * Sets where a checklist item stands (received with a document of the same company, verified, waived with a
 * reason, missing): refused on a request ended, and past the stage the item gates; answers the item as saved.
 */
export async function setChecklistItem(
  db: Executor,
  ids: { requestId: string; itemId: string },
  change: ChecklistItemPatch,
  user: UserRow,
  locale: Locale,
) {
  return inTransaction(db, async (tx) => {
    const current = await findRequest(tx, ids.requestId, { lock: true });
    if (!current) throw notFound();
    const items = await readItems(tx, current.id, { lock: true });
    const item = items.find((candidate) => candidate.id === ids.itemId);
    if (!item) throw notFound();
    requireWorker(user, current);
    const refusal = itemChangeRefusal(current.state, item, change.status);
    if (refusal === 'closed') throw requestLocked(current.state, locale);
    if (refusal) throw itemStagePassed(item.stage, current.state, locale);
    const { documentId, problem } = itemEntry(item, change);
    if (problem) throw fieldRefused(problem.field, problem.key);
    if (documentId && needsDocument(change.status)) {
      const owner = await documentCompany(tx, documentId);
      if (owner !== current.companyId) throw fieldRefused('document_id', 'documentOfAnotherCompany');
    }
    await setItem(tx, current, item, { ...change, documentId }, user.id);
    return (await readItems(tx, current.id)).find((candidate) => candidate.id === item.id)!;
  });
}

/** Replaces one fund's checklist templates, every stage: 422 on an unknown fund or document category. */
export async function replaceChecklistTemplates(db: Executor, { fundId, items }: ChecklistTemplatesInput) {
  if (!(await fundExists(db, fundId))) throw fieldRefused('fund_id', 'unknownFund');
  const known = await knownCategories(db, [...new Set(items.map((item) => item.categoryId))]);
  const detail: ErrorDetail = {};
  items.forEach((item, index) => {
    if (!known.has(item.categoryId))
      detail[`items.${index}.category_id`] = [{ key: 'pipeline.errors.unknownCategory', params: {} }];
  });
  if (Object.keys(detail).length > 0) throw invalid(detail);
  await inTransaction(db, (tx) => replaceTemplates(tx, fundId, items));
}
