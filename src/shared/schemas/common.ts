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

/** A record's `lock_version` (optimistic locking): a non-negative int4. */
export const lockVersion = () =>
  z
    .number({ error: V.required })
    .int({ error: V.invalid })
    .min(0, { error: V.invalid })
    .max(INT4_MAX, { error: V.invalid });

/** A trimmed string that must not be empty; a missing value or a wrong type reads as "required". */
export const requiredText = (max = NAME_MAX_LENGTH) =>
  z
    .string({ error: V.required })
    .trim()
    .min(1, { error: V.required })
    .max(max, { error: withParams(V.tooLong, { max }) });

export const optionalText = (max = NAME_MAX_LENGTH) =>
  z
    .string({ error: V.invalid })
    .trim()
    .max(max, { error: withParams(V.tooLong, { max }) })
    .optional();

export const email = () =>
  z
    .string({ error: V.required })
    .trim()
    .min(1, { error: V.required })
    .max(EMAIL_MAX_LENGTH, { error: withParams(V.tooLong, { max: EMAIL_MAX_LENGTH }) })
    .pipe(z.email({ error: V.email }))
    .transform((value) => value.toLowerCase());

/** A password field as typed: only "present" is checked, so the sign-in form never leaks the policy. */
export const passwordPresent = () =>
  z
    .string({ error: V.required })
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
    .string({ error: V.required })
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

export const locale = () => z.enum(LOCALES, { error: V.required });
export const role = () => z.enum(ROLES, { error: V.required });
