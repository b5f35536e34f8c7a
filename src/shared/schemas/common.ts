import { z } from 'zod';
import {
  EMAIL_MAX_LENGTH,
  LOCALES,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  ROLES,
} from '../constants';
import { V, withParams } from './messages';

/** Building blocks for the shared schemas. Every message is an i18n key with its values (`./messages`). */
export { V, parseMessage, withParams, type IssueMessage } from './messages';

/**
 * The largest PostgreSQL `integer` (int4). An integer a schema lets through must fit its column: beyond,
 * PostgreSQL refuses the query itself, which would be a 500 instead of a 422 on the field.
 */
export const INT4_MAX = 2_147_483_647;

/** The `lock_version` a form read (docs/ARCHITECTURE.md §4), sent back on save: a non-negative int4. */
export const lockVersion = () =>
  z
    .number({ error: wrongValue })
    .int({ error: V.invalid })
    .min(0, { error: V.invalid })
    .max(INT4_MAX, { error: V.invalid });

/** The parts of a zod issue that `wrongValue` reads (zod's own issue types, without importing their union). */
interface TypeIssue {
  code?: string;
  input?: unknown;
  expected?: string;
}

/**
 * The one reading of zod's own issues, given as `error` to every type and enum of the shared schemas:
 * only an absent value (missing, null or blank: a select not chosen yet) is "required"; a value of the wrong type says what was expected,
 * and a value that is not one of the choices says so (role `root`, block type `evil`, a zip
 * code sent as a number all read "Field is required"). Blank text is "required" by the builders' `min(1)`.
 */
export function wrongValue(issue: TypeIssue): string {
  const { input } = issue;
  if (input === undefined || input === null || (typeof input === 'string' && input.trim() === '')) return V.required;
  if (issue.code === 'invalid_value') return V.notAChoice;
  if (issue.code !== 'invalid_type') return V.invalid;
  switch (issue.expected) {
    case 'string':
      return V.mustBeText;
    case 'number':
    case 'int':
      return V.mustBeNumber;
    case 'array':
      return V.mustBeList;
    default:
      return V.invalid;
  }
}

/**
 * No line break (of any kind), no control character, and none of the bidirectional embeddings, overrides and
 * isolates (U+202A–U+202E, U+2066–U+2069), which make a name read otherwise than it is ("Facture_\u202Efdp.exe"
 * shows as "Facture_exe.pdf"): what a name, a title or a city may hold. Right-to-left text and its marks
 * (U+200E, U+200F) stay welcome (ADR 0034 §10).
 */
const SINGLE_LINE = /^[^\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]*$/u;

/**
 * The one builder of single-line fields (names, titles, document names, cities…): trimmed,
 * at most `max` characters, on one line. Required or optional is added by the callers.
 */
export const singleLine = (max: number) =>
  z
    .string({ error: wrongValue })
    .trim()
    .max(max, { error: withParams(V.tooLong, { max }) })
    .regex(SINGLE_LINE, { error: V.singleLine });

/** Free text over several lines (notes, presentation): trimmed, at most `max` characters. */
export const multilineText = (max: number) =>
  z
    .string({ error: wrongValue })
    .trim()
    .max(max, { error: withParams(V.tooLong, { max }) });

/** A single-line text that must not be blank; a missing value reads as "required", a wrong type says so. */
export const requiredText = (max = NAME_MAX_LENGTH) => singleLine(max).min(1, { error: V.required });

/** A single-line text that may be absent: missing, null and blank are all "nothing" (undefined). */
export const optionalText = (max = NAME_MAX_LENGTH) =>
  singleLine(max)
    .nullish()
    .transform((value) => value || undefined);

export const email = () =>
  z
    .string({ error: wrongValue })
    .trim()
    .min(1, { error: V.required })
    .max(EMAIL_MAX_LENGTH, { error: withParams(V.tooLong, { max: EMAIL_MAX_LENGTH }) })
    .pipe(z.email({ error: V.email }))
    .transform((value) => value.toLowerCase());

/** A password field as typed: only "present" is checked, so the sign-in form never leaks the policy. */
export const passwordPresent = () =>
  z
    .string({ error: wrongValue })
    .min(1, { error: V.required })
    .max(PASSWORD_MAX_LENGTH, { error: withParams(V.tooLong, { max: PASSWORD_MAX_LENGTH }) });

/** A new password: the policy applies. */
export const newPassword = () =>
  passwordPresent().pipe(
    z.string().min(PASSWORD_MIN_LENGTH, { error: withParams(V.passwordTooShort, { min: PASSWORD_MIN_LENGTH }) }),
  );

export const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A required value typed or chosen as text: blank (or missing) is "required"; otherwise `read` gives the
 * value, or the message key of what is wrong with it.
 */
export const requiredParsed = (read: (text: string) => { value: string } | { error: string }) =>
  z
    .string({ error: wrongValue })
    .nullish()
    .transform((value, ctx): string => {
      const text = value?.trim() ?? '';
      const result = text === '' ? { error: V.required } : read(text);
      if ('error' in result) {
        ctx.addIssue({ code: 'custom', message: result.error, input: value });
        return z.NEVER;
      }
      return result.value;
    });

/**
 * A chosen id (a select's value, empty until chosen): blank is "required", anything that is not a UUID is
 * "invalid"; answered trimmed and lower-cased.
 */
export const requiredId = () =>
  requiredParsed((text) => (GUID.test(text) ? { value: text.toLowerCase() } : { error: V.invalid }));

export const locale = () => z.enum(LOCALES, { error: wrongValue });
export const role = () => z.enum(ROLES, { error: wrongValue });
