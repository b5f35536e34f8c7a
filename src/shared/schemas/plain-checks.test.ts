import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { z } from 'zod';
import { regexes } from 'zod/v4/core';
import { signInSchema } from './auth';
import { forgotPasswordSchema, resendInvitationSchema } from './users';
import { EMAIL_PATTERN, checkEmailRequest, checkSignIn, type PlainResult } from './plain-checks';

/** What the form shows with zodResolver: the first message of each field, or the parsed values. */
function viaZod<T>(schema: z.ZodType<T>, input: unknown): PlainResult<T> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return { data: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0]);
    errors[field] ??= issue.message;
  }
  return { errors } as PlainResult<T>;
}

const emailLike = fc.oneof(
  fc.emailAddress(),
  fc.emailAddress().map((e) => `  ${e.toUpperCase()}\t`),
  fc.constantFrom(
    '',
    ' ',
    '\n',
    'nope',
    'a@b',
    'a@b.c',
    'A@B.CO',
    'a..b@c.de',
    '.a@b.de',
    'a@-b.de',
    'é@b.de',
    'a b@c.de',
  ),
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.integer({ min: 240, max: 270 }).map((n) => `${'a'.repeat(n)}@example.org`),
  fc.integer({ min: 240, max: 270 }).map((n) => ` ${'a'.repeat(n - 12)}@example.org `),
  // zod counts code points: 250 emoji are 500 UTF-16 units but 250 characters.
  fc.integer({ min: 235, max: 260 }).map((n) => `${'😀'.repeat(n - 12)}@example.org`),
);
const passwordLike = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.constantFrom('', ' ', '  secret  '),
  fc.integer({ min: 195, max: 205 }).map((n) => 'p'.repeat(n)),
  fc.string({ unit: 'grapheme', minLength: 195, maxLength: 205 }),
);

describe('plain checks of the signed-out forms', () => {
  it('give the sign-in schema’s messages and values', () => {
    fc.assert(
      fc.property(emailLike, passwordLike, (email, password) => {
        expect(checkSignIn({ email, password })).toEqual(viaZod(signInSchema, { email, password }));
      }),
      { numRuns: 2000 },
    );
  });

  it('give the forgot-password and resend-invitation schemas’ messages and values', () => {
    fc.assert(
      fc.property(emailLike, (email) => {
        expect(checkEmailRequest({ email })).toEqual(viaZod(forgotPasswordSchema, { email }));
        expect(checkEmailRequest({ email })).toEqual(viaZod(resendInvitationSchema, { email }));
      }),
      { numRuns: 1000 },
    );
  });

  it('use zod’s own email pattern', () => {
    expect(EMAIL_PATTERN.source).toBe(regexes.email.source);
    expect(EMAIL_PATTERN.flags).toBe(regexes.email.flags);
  });

  it('name the rule that failed', () => {
    expect(checkSignIn({ email: ' ', password: '' }).errors).toEqual({
      email: 'errors.validations.required',
      password: 'errors.validations.required',
    });
    expect(checkSignIn({ email: 'nope', password: 'x'.repeat(201) }).errors).toEqual({
      email: 'errors.validations.email',
      password: 'errors.validations.tooLong?max=200',
    });
    expect(checkSignIn({ email: ' Ada@Example.ORG ', password: ' pw ' }).data).toEqual({
      email: 'ada@example.org',
      password: ' pw ',
    });
  });
});
