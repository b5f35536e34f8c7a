import type { WebCatalogKey } from '../i18n/keys';

/*
 * The messages of the shared schemas, without zod: the SPA's first load reads them (translateMessage,
 * the sign-in checks) and must not carry zod for it (docs/decisions/0010).
 */

/**
 * Every message of the shared schemas is an i18n key (docs/SPEC.md §5 "Message keys"),
 * optionally followed by interpolation values in query form: `errors.validations.tooLong?max=100`.
 * The form (react-hook-form keeps only the message) and the API both read them with parseMessage.
 */
export const V = {
  required: 'errors.validations.required',
  email: 'errors.validations.email',
  passwordMustMatch: 'errors.validations.passwordMustMatch',
  passwordTooShort: 'errors.validations.passwordTooShort',
  tooLong: 'errors.validations.tooLong',
  invalid: 'errors.validations.invalid',
  /** A value of the right type that is not among the choices (a role, a block type). */
  notAChoice: 'errors.validations.notAChoice',
  /** A value of the wrong type: what was expected. */
  mustBeText: 'errors.validations.mustBeText',
  mustBeNumber: 'errors.validations.number',
  mustBeList: 'errors.validations.mustBeList',
  /** A line break or a control character in a single-line field. */
  singleLine: 'errors.validations.singleLine',
  webAddress: 'errors.validations.webAddress',
} as const satisfies Record<string, WebCatalogKey>;

export interface IssueMessage {
  key: string;
  params: Record<string, unknown>;
}

/** `withParams('errors.validations.tooLong', { max: 100 })` → `errors.validations.tooLong?max=100`. */
export function withParams(key: WebCatalogKey, params: Record<string, string | number>): string {
  return `${key}?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString()}`;
}

/**
 * Whether a message is a schema message key: an `errors.…` one, or a feature's or domain's own
 * `<feature>.errors.…` (the event schema's "system is reserved", `servicing.errors.…`).
 */
export const isMessageKey = (message: string): boolean => /^(\w+\.)?errors\./.test(message);

/** Splits a schema message into its i18n key and values. Messages that are not keys become "invalid". */
export function parseMessage(message: string): IssueMessage {
  const [key = '', query = ''] = message.split('?', 2);
  if (!isMessageKey(key)) return { key: V.invalid, params: {} };
  return { key, params: Object.fromEntries(new URLSearchParams(query)) };
}
