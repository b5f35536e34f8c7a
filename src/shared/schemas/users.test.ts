import { describe, expect, it } from 'vitest';
import {
  confirmInvitationFormSchema,
  forgotPasswordSchema,
  invitedUserEditSchema,
  inviteSchema,
  resetPasswordFormSchema,
  userEditSchema,
} from './users';

/** Field path → messages, as a form shows them. */
const errors = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('users schemas (docs/SPEC.md §5)', () => {
  it('invite: email required and valid, role required', () => {
    expect(errors(inviteSchema.safeParse({}))).toEqual({
      email: 'errors.validations.required',
      role: 'errors.validations.required',
    });
    expect(errors(inviteSchema.safeParse({ email: 'x', role: 'user' }))).toEqual({ email: 'errors.validations.email' });
    expect(inviteSchema.parse({ email: ' A@B.CO ', role: 'admin' })).toEqual({ email: 'a@b.co', role: 'admin' });
  });

  it('a mismatched confirmation is reported on passwordConfirmation with passwordMustMatch', () => {
    expect(
      errors(resetPasswordFormSchema.safeParse({ password: 'long enough', passwordConfirmation: 'other' })),
    ).toEqual({
      passwordConfirmation: 'errors.validations.passwordMustMatch',
    });
    // Shown even while other fields of the form are still empty.
    expect(
      errors(confirmInvitationFormSchema.safeParse({ password: 'long enough', passwordConfirmation: 'other' })),
    ).toEqual({
      passwordConfirmation: 'errors.validations.passwordMustMatch',
      firstName: 'errors.validations.required',
      lastName: 'errors.validations.required',
    });
    expect(errors(resetPasswordFormSchema.safeParse({ password: 'short', passwordConfirmation: 'short' }))).toEqual({
      password: 'errors.validations.passwordTooShort?min=8',
    });
    expect(
      resetPasswordFormSchema.safeParse({ password: 'long enough', passwordConfirmation: 'long enough' }).success,
    ).toBe(true);
  });

  it('forgot and user edit', () => {
    expect(errors(forgotPasswordSchema.safeParse({ email: '' }))).toEqual({ email: 'errors.validations.required' });
    expect(errors(userEditSchema.safeParse({ firstName: ' ', lastName: 'B', role: 'x' }))).toEqual({
      firstName: 'errors.validations.required',
      role: 'errors.validations.notAChoice',
    });
    expect(invitedUserEditSchema.safeParse({ role: 'user' }).success).toBe(true);
  });
});
