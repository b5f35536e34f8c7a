import type { CatalogKey } from '../../../shared/i18n/keys';
import type { IssueMessage } from '../../../shared/schemas/common';

/** Field path (snake_case, dotted) → messages, translated when the envelope is written. */
export type ErrorDetail = Record<string, IssueMessage[]>;

/**
 * A known failure: the one error handler (errors/handler.ts) turns it into docs/ARCHITECTURE.md §4 envelope.
 * `messageKey` is an i18n key; the handler translates it into the request's locale.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly messageKey: CatalogKey,
    readonly detail?: ErrorDetail,
    readonly headers?: Record<string, string>,
    /** Values for the message's placeholders, e.g. the minutes to wait of a 429. */
    readonly messageParams?: Record<string, unknown>,
  ) {
    super(code);
    this.name = 'AppError';
  }
}

export const badRequest = (messageKey: CatalogKey = 'errors.api.badRequest') =>
  new AppError(400, 'bad_request', messageKey);

/**
 * A query parameter refused (docs/ARCHITECTURE.md §4: 400, never a silent default), named in the message and as the
 * detail's key, spelled as on the wire (`page[size]`, `filter[category_id]`).
 */
function parameterError(name: string, messageKey: CatalogKey): AppError {
  return new AppError(400, 'bad_request', messageKey, { [name]: [{ key: messageKey, params: { name } }] }, undefined, {
    name,
  });
}
/** A parameter the address does not take: `page=1` for `page[number]`, `filter[search][x]`. */
export const unknownParameter = (name: string) => parameterError(name, 'errors.api.unknownParameter');
/** A parameter the address takes, with a value it does not (given twice, a page size of 7…). */
export const badParameter = (name: string, messageKey: CatalogKey = 'errors.api.badParameter') =>
  parameterError(name, messageKey);
export const unauthorized = () => new AppError(401, 'unauthorized', 'errors.api.unauthorized');
export const forbidden = () => new AppError(403, 'forbidden', 'errors.api.forbidden');
export const notFound = () => new AppError(404, 'not_found', 'errors.api.notFound');
export const conflict = () => new AppError(409, 'stale_record', 'errors.api.conflict');
export const invalid = (detail: ErrorDetail, messageKey: CatalogKey = 'errors.api.validationFailed') =>
  new AppError(422, 'validation_failed', messageKey, detail);
/** A single-field 422, e.g. `fieldError('email', 'errors.api.emailTaken')`. */
export const fieldError = (field: string, key: CatalogKey) => invalid({ [field]: [{ key, params: {} }] });
