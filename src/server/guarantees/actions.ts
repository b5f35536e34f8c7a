/**
 * The guarantees register's writes (docs/decisions/0072), one function each: opens the transaction, locks the loan
 * (after its company, the one lock order of docs/decisions/0060), checks the shared rules, writes, records the
 * change in the company's history and generates the tasks the change causes. Bad input leaves nothing written.
 */
import { toSnake } from '../../shared/case';
import type { Locale } from '../../shared/constants';
import {
  canDeleteGuarantee,
  canMoveGuarantee,
  defaultExpiry,
  guaranteeProblems,
  type GuaranteeProblem,
} from '../../shared/guarantees/rules';
import type { GuaranteeState } from '../../shared/guarantees/types';
import { translate } from '../../shared/i18n';
import { toCents } from '../../shared/money';
import type {
  GuaranteeAssetSold,
  GuaranteeInput,
  GuaranteePatch,
  GuaranteeRelease,
} from '../../shared/schemas/guarantees';
import type { Executor, Tx } from '../db/client';
import { AppError, conflict, invalid, notFound, type ErrorDetail } from '../platform/errors/app-error';
import { findLoan } from '../servicing/store';
import { runCompanyHooks } from '../companies/hooks';
import { recordGuaranteeEvent, type GuaranteeEventCode } from './history';
import {
  companyDocumentName,
  companyOwner,
  deleteGuarantee,
  findGuarantee,
  insertGuarantee,
  registrationTaken,
  updateGuarantee,
  type GuaranteeColumns,
  type GuaranteeRow,
} from './store';

export interface Author {
  authorId: string;
  locale: Locale;
}
export interface LoanParams {
  companyId: string;
  id: string;
}
export interface GuaranteeParams extends LoanParams {
  guaranteeId: string;
}

/** The wire's name of a rule's field: the amount is typed in dollars as `amount`. */
const wireField = (field: GuaranteeProblem['field']) => (field === 'amountCents' ? 'amount' : toSnake(field));

function refuseProblems(problems: readonly GuaranteeProblem[]): void {
  if (problems.length === 0) return;
  const detail: ErrorDetail = {};
  for (const problem of problems) {
    (detail[wireField(problem.field)] ??= []).push({ key: problem.key, params: problem.params ?? {} });
  }
  throw invalid(detail);
}

/** 409 naming both states, in the reader's language. */
function refuseMove(from: GuaranteeState, to: GuaranteeState, locale: Locale): AppError {
  const name = (state: GuaranteeState) => translate(locale, `guarantees.state.${state}`);
  return new AppError(409, 'invalid_transition', 'guarantees.errors.transition', undefined, undefined, {
    from: name(from),
    to: name(to),
  });
}

/**
 * The columns as they will be stored, checked: the owner's name and address copied (an owner of this company),
 * the deed one of its documents, the expiry defaulted, the rules held, the registration number free.
 */
async function checkedColumns(
  tx: Tx,
  companyId: string,
  columns: GuaranteeColumns,
  exceptId: string | null,
): Promise<GuaranteeColumns> {
  const detail: ErrorDetail = {};
  let resolved = { ...columns };
  if (resolved.guarantorOwnerId) {
    const owner = await companyOwner(tx, companyId, resolved.guarantorOwnerId);
    if (owner) resolved = { ...resolved, guarantorName: owner.name, guarantorAddress: owner.address };
    else detail['guarantor_owner_id'] = [{ key: 'guarantees.errors.ownerUnknown', params: {} }];
  }
  if (resolved.deedDocumentId && !(await companyDocumentName(tx, companyId, resolved.deedDocumentId))) {
    detail['deed_document_id'] = [{ key: 'guarantees.errors.documentUnknown', params: {} }];
  }
  if (resolved.registeredOn && !resolved.expiresOn) resolved.expiresOn = defaultExpiry(resolved.registeredOn);
  if (Object.keys(detail).length > 0) throw invalid(detail);
  refuseProblems(guaranteeProblems(resolved));
  if (
    resolved.registry !== 'none' &&
    resolved.registrationNumber &&
    (await registrationTaken(tx, resolved.registry, resolved.registrationNumber, exceptId))
  ) {
    throw invalid({ registration_number: [{ key: 'guarantees.errors.registrationNumberTaken', params: {} }] });
  }
  return resolved;
}

/** The loan, locked, or 404 when it is not one of this company's. */
async function lockedLoan(tx: Tx, params: LoanParams) {
  const loan = await findLoan(tx, params.companyId, params.id, { lock: true });
  if (!loan) throw notFound();
  return loan;
}

async function lockedGuarantee(tx: Tx, params: GuaranteeParams): Promise<GuaranteeRow> {
  await lockedLoan(tx, params);
  const row = await findGuarantee(
    tx,
    { companyId: params.companyId, contributionId: params.id, id: params.guaranteeId },
    { lock: true },
  );
  if (!row) throw notFound();
  return row;
}

/** After a write: the row as it now stands, its history, and the tasks it causes. */
async function afterWrite(
  tx: Tx,
  params: GuaranteeParams,
  code: GuaranteeEventCode,
  before: GuaranteeRow | null,
  author: Author,
): Promise<GuaranteeRow> {
  const after = (await findGuarantee(tx, {
    companyId: params.companyId,
    contributionId: params.id,
    id: params.guaranteeId,
  }))!;
  await recordGuaranteeEvent(tx, code, before, after, author.authorId);
  // The tasks the change causes, in this transaction: the tasks feature's hook on a company's save (ADR 0060).
  await runCompanyHooks('afterSave', (hook) => hook(tx, params.companyId));
  return after;
}

const columnsOf = (row: GuaranteeRow): GuaranteeColumns => ({
  kind: row.kind,
  guarantorOwnerId: row.guarantorOwnerId,
  guarantorName: row.guarantorName,
  guarantorAddress: row.guarantorAddress,
  amountCents: row.amountCents,
  sharePercent: row.sharePercent,
  rank: row.rank,
  property: row.property,
  registry: row.registry,
  registrationNumber: row.registrationNumber,
  signedOn: row.signedOn,
  registeredOn: row.registeredOn,
  expiresOn: row.expiresOn,
  deedDocumentId: row.deedDocumentId,
  state: row.state,
  toComplete: row.toComplete,
  releasedOn: row.releasedOn,
  releaseReason: row.releaseReason,
  assetSoldOn: row.assetSoldOn,
  assetSoldNote: row.assetSoldNote,
});

/** The input's fields over the columns (a PATCH's absent fields stay as they were). */
function merged(base: GuaranteeColumns, input: Partial<GuaranteeInput>): GuaranteeColumns {
  const next = { ...base };
  const set = <K extends keyof GuaranteeColumns>(key: K, value: GuaranteeColumns[K] | undefined) => {
    if (value !== undefined) next[key] = value;
  };
  set('kind', input.kind);
  set('guarantorOwnerId', input.guarantorOwnerId);
  set('guarantorName', input.guarantorName);
  set('guarantorAddress', input.guarantorAddress);
  if (input.amount !== undefined) next.amountCents = input.amount === null ? null : toCents(input.amount);
  set('sharePercent', input.sharePercent);
  set('rank', input.rank);
  set('property', input.property);
  set('registry', input.registry);
  set('registrationNumber', input.registrationNumber);
  set('signedOn', input.signedOn);
  set('registeredOn', input.registeredOn);
  set('expiresOn', input.expiresOn);
  set('deedDocumentId', input.deedDocumentId);
  set('state', input.state);
  set('toComplete', input.toComplete);
  return next;
}

const EMPTY: GuaranteeColumns = {
  kind: 'other',
  guarantorOwnerId: null,
  guarantorName: null,
  guarantorAddress: null,
  amountCents: null,
  sharePercent: null,
  rank: null,
  property: null,
  registry: 'none',
  registrationNumber: null,
  signedOn: null,
  registeredOn: null,
  expiresOn: null,
  deedDocumentId: null,
  state: 'draft',
  toComplete: false,
  releasedOn: null,
  releaseReason: null,
  assetSoldOn: null,
  assetSoldNote: null,
};

/** `POST …/guarantees`: a new guarantee on a loan, a draft unless the input says otherwise. */
export function addGuarantee(db: Executor, params: LoanParams, input: GuaranteeInput, author: Author) {
  return db.transaction(async (tx) => {
    const loan = await lockedLoan(tx, params);
    // A guarantee is entered as it stands: a draft, or already signed or registered (the deed came in first).
    if (input.state === 'released') throw refuseMove('draft', 'released', author.locale);
    const columns = await checkedColumns(tx, params.companyId, merged(EMPTY, input), null);
    const id = await insertGuarantee(tx, {
      ...columns,
      companyId: loan.companyId,
      contributionId: loan.id,
      createdById: author.authorId,
    });
    return afterWrite(tx, { ...params, guaranteeId: id }, 'guaranteeAdded', null, author);
  });
}

/** `PATCH …/guarantees/{id}`: the fields sent; a state only along the moves the rules list. */
export function changeGuarantee(db: Executor, params: GuaranteeParams, patch: GuaranteePatch, author: Author) {
  return db.transaction(async (tx) => {
    const before = await lockedGuarantee(tx, params);
    if (before.lockVersion !== patch.lockVersion) throw conflict();
    const { lockVersion, ...input } = patch;
    const next = merged(columnsOf(before), input);
    if (!canMoveGuarantee(before.state, next.state) || (next.state === 'released' && before.state !== 'released')) {
      // A mainlevée is given through its own call, with its date and reason.
      throw refuseMove(before.state, next.state, author.locale);
    }
    const columns = await checkedColumns(tx, params.companyId, next, before.id);
    if (!(await updateGuarantee(tx, before.id, columns, lockVersion))) throw conflict();
    return afterWrite(tx, params, 'guaranteeChanged', before, author);
  });
}

/** `DELETE …/guarantees/{id}`: a draft only (409 past it: release it instead). */
export function removeGuarantee(db: Executor, params: GuaranteeParams, author: Author) {
  return db.transaction(async (tx) => {
    const before = await lockedGuarantee(tx, params);
    if (!canDeleteGuarantee(before.state)) {
      throw new AppError(409, 'not_draft', 'guarantees.errors.deleteNotDraft');
    }
    await deleteGuarantee(tx, before.id);
    await recordGuaranteeEvent(tx, 'guaranteeRemoved', before, null, author.authorId);
  });
}

/** `POST …/guarantees/{id}/release`: the mainlevée, from a signed or registered guarantee. */
export function releaseGuarantee(db: Executor, params: GuaranteeParams, input: GuaranteeRelease, author: Author) {
  return db.transaction(async (tx) => {
    const before = await lockedGuarantee(tx, params);
    if (!canMoveGuarantee(before.state, 'released') || before.state === 'released') {
      throw refuseMove(before.state, 'released', author.locale);
    }
    const columns = { ...columnsOf(before), state: 'released' as const, releasedOn: input.releasedOn };
    const checked = await checkedColumns(tx, params.companyId, { ...columns, releaseReason: input.reason }, before.id);
    if (checked.signedOn && input.releasedOn < checked.signedOn) {
      throw invalid({ released_on: [{ key: 'guarantees.errors.releasedBeforeSigned', params: {} }] });
    }
    if (!(await updateGuarantee(tx, before.id, checked, before.lockVersion))) throw conflict();
    return afterWrite(tx, params, 'guaranteeReleased', before, author);
  });
}

/** `POST …/guarantees/{id}/asset_sold`: a secured asset sold; the conservation notice falls due 15 days later. */
export function recordAssetSold(db: Executor, params: GuaranteeParams, input: GuaranteeAssetSold, author: Author) {
  return db.transaction(async (tx) => {
    const before = await lockedGuarantee(tx, params);
    if (before.state !== 'signed' && before.state !== 'registered') {
      throw new AppError(409, 'not_securing', 'guarantees.errors.notSecuring');
    }
    const columns = { ...columnsOf(before), assetSoldOn: input.soldOn, assetSoldNote: input.note };
    if (!(await updateGuarantee(tx, before.id, columns, before.lockVersion))) throw conflict();
    return afterWrite(tx, params, 'guaranteeAssetSold', before, author);
  });
}
