import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH } from '../constants';
import { V, withParams } from './messages';

/*
 * The rules of `signInSchema` and of the forgot-password / resend-invitation schemas as plain functions,
 * for the signed-out pages of the SPA's first load, which must not carry zod (docs/decisions/0010). Same
 * messages, same output (trimmed, lower-cased email); plain-checks.test.ts holds them to the schemas, and
 * the API still parses with the schemas.
 */

/**
 * zod's default `z.email()` pattern, copied: importing it from zod brings every zod pattern along.
 * plain-checks.test.ts fails if zod's pattern changes.
 */
export const EMAIL_PATTERN =
  // Written exactly as zod writes it, so that the test can compare the two sources.
  // eslint-disable-next-line no-useless-escape
  /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;

/** Lengths in code points, as zod counts them (an emoji is one character, not two UTF-16 units). */
const length = (text: string) => [...text].length;

export type PlainErrors<T> = Partial<Record<keyof T, string>>;
export type PlainResult<T> = { data: T; errors?: undefined } | { data?: undefined; errors: PlainErrors<T> };

/** `email()` of ./common: trimmed, present, at most 254 characters, an address; answered lower-cased. */
export function checkEmail(value: string): { value: string } | { error: string } {
  const text = value.trim();
  if (text === '') return { error: V.required };
  if (length(text) > EMAIL_MAX_LENGTH) return { error: withParams(V.tooLong, { max: EMAIL_MAX_LENGTH }) };
  if (!EMAIL_PATTERN.test(text)) return { error: V.email };
  return { value: text.toLowerCase() };
}

/** `passwordPresent()` of ./common: present and at most 200 characters, as typed (no trimming). */
export function checkPasswordPresent(value: string): { value: string } | { error: string } {
  if (value === '') return { error: V.required };
  if (length(value) > PASSWORD_MAX_LENGTH) return { error: withParams(V.tooLong, { max: PASSWORD_MAX_LENGTH }) };
  return { value };
}

function combine<T extends { [K in keyof T]: string }>(checks: {
  [K in keyof T]: { value: string } | { error: string };
}): PlainResult<T> {
  const data: Record<string, string> = {};
  const errors: Record<string, string> = {};
  for (const [name, result] of Object.entries(checks) as Array<[string, { value?: string; error?: string }]>) {
    if (result.error !== undefined) errors[name] = result.error;
    else data[name] = result.value!;
  }
  return Object.keys(errors).length > 0 ? { errors: errors as PlainErrors<T> } : { data: data as T };
}

export interface SignInValues {
  email: string;
  password: string;
}

/** `signInSchema`. */
export const checkSignIn = (input: SignInValues): PlainResult<SignInValues> =>
  combine<SignInValues>({ email: checkEmail(input.email), password: checkPasswordPresent(input.password) });

export interface EmailRequestValues {
  email: string;
}

/** `forgotPasswordSchema` and `resendInvitationSchema`. */
export const checkEmailRequest = (input: EmailRequestValues): PlainResult<EmailRequestValues> =>
  combine<EmailRequestValues>({ email: checkEmail(input.email) });
