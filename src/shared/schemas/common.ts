import { z } from 'zod';
import {
  EMAIL_MAX_LENGTH,
  LOCALES,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  ROLES,
} from '../constants';

/**
 * Building blocks for the shared schemas. Every message is an i18n key (SPEC §5 "Message keys");
 * `{{min}}`/`{{max}}` in a message are filled from the zod issue (see issueMessage).
 */
export const V = {
  required: 'errors.validations.required',
  email: 'errors.validations.email',
  passwordMustMatch: 'errors.validations.passwordMustMatch',
  passwordTooShort: 'errors.validations.passwordTooShort',
  tooLong: 'errors.validations.tooLong',
  invalid: 'errors.validations.invalid',
} as const;

/** A trimmed string that must not be empty; a missing value or a wrong type reads as "required". */
export const requiredText = (max = NAME_MAX_LENGTH) =>
  z
    .string({ error: V.required })
    .trim()
    .min(1, { error: V.required })
    .max(max, { error: V.tooLong });

export const optionalText = (max = NAME_MAX_LENGTH) =>
  z.string({ error: V.invalid }).trim().max(max, { error: V.tooLong }).optional();

export const email = () =>
  z
    .string({ error: V.required })
    .trim()
    .min(1, { error: V.required })
    .max(EMAIL_MAX_LENGTH, { error: V.tooLong })
    .pipe(z.email({ error: V.email }))
    .transform((value) => value.toLowerCase());

/** A password field as typed: only "present" is checked, so the sign-in form never leaks the policy. */
export const passwordPresent = () =>
  z.string({ error: V.required }).min(1, { error: V.required }).max(PASSWORD_MAX_LENGTH, { error: V.tooLong });

/** A new password: the policy applies. */
export const newPassword = () =>
  passwordPresent().pipe(z.string().min(PASSWORD_MIN_LENGTH, { error: V.passwordTooShort }));

export const locale = () => z.enum(LOCALES, { error: V.required });
export const role = () => z.enum(ROLES, { error: V.required });

export interface IssueMessage {
  key: string;
  params: Record<string, unknown>;
}

/** The i18n key and interpolation values of one zod issue. Messages that are not keys become "invalid". */
export function issueMessage(issue: { message: string } & Record<string, unknown>): IssueMessage {
  const key = issue.message.startsWith('errors.') ? issue.message : V.invalid;
  return { key, params: { min: issue['minimum'], max: issue['maximum'] } };
}
