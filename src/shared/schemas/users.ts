import { z } from 'zod';
import { V, email, newPassword, passwordPresent, requiredText, role, wrongValue } from './common';

/**
 * docs/SPEC.md §5 rules for users, invitations and passwords. The SPA forms and the API routes parse with these
 * same schemas; a form that has no token field uses the `…FormSchema` variant.
 */

const newPasswordFields = {
  password: newPassword(),
  passwordConfirmation: passwordPresent(),
};
const newPasswordObject = z.object(newPasswordFields);

/** The confirmation must match: reported on `passwordConfirmation`, once both fields are otherwise valid. */
export function withNewPassword<S extends z.ZodRawShape>(shape: S) {
  return z.object({ ...shape, ...newPasswordFields }).refine(
    (value) => {
      const v = value as { password: string; passwordConfirmation: string };
      return v.password === v.passwordConfirmation;
    },
    {
      error: V.passwordMustMatch,
      path: ['passwordConfirmation'],
      when: (payload) => newPasswordObject.safeParse(payload.value).success,
    },
  );
}

/** A token as it arrives from a link: its shape is checked by the server, which answers "invalid link". */
const token = () => z.string({ error: wrongValue }).min(1, { error: V.required }).max(200, { error: V.tooLong });

/** docs/SPEC.md §5 Invite: email and role. */
export const inviteSchema = z.object({ email: email(), role: role() });
export type InviteInput = z.input<typeof inviteSchema>;

/** docs/SPEC.md §5 Invitation confirmation (the page reads the token from its URL). */
const nameFields = { firstName: requiredText(), lastName: requiredText() };
export const confirmInvitationFormSchema = withNewPassword(nameFields);
export type ConfirmInvitationFormInput = z.input<typeof confirmInvitationFormSchema>;
export const confirmInvitationSchema = withNewPassword({ token: token(), ...nameFields });
export type ConfirmInvitationInput = z.input<typeof confirmInvitationSchema>;

/** docs/SPEC.md §5 Resend invitation. */
export const resendInvitationSchema = z.object({ email: email() });
export type ResendInvitationInput = z.input<typeof resendInvitationSchema>;

/** docs/SPEC.md §5 Forgot password. */
export const forgotPasswordSchema = z.object({ email: email() });
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;

/** docs/SPEC.md §5 Reset password (the page reads the token from its URL). */
export const resetPasswordFormSchema = withNewPassword({});
export type ResetPasswordFormInput = z.input<typeof resetPasswordFormSchema>;
export const resetPasswordSchema = withNewPassword({ token: token() });
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

/** docs/SPEC.md §5 User edit of an active or archived user: names and role required. */
/** Two-person approval (docs/decisions/0067): whether the user may approve others' money moves; unchanged when absent. */
const mayApprove = () => z.boolean({ error: wrongValue }).optional();
export const userEditSchema = z.object({
  firstName: requiredText(),
  lastName: requiredText(),
  role: role(),
  mayApprove: mayApprove(),
});
export type UserEditInput = z.input<typeof userEditSchema>;

/**
 * User edit of an invited user: the name fields are disabled (the invitee types their own name on
 * confirmation), so only the role is checked; names sent blank or null are ignored by the API.
 */
export const invitedUserEditSchema = z.object({ role: role(), mayApprove: mayApprove() });
export type InvitedUserEditInput = z.input<typeof invitedUserEditSchema>;

/** ADR 0014: a new password while signed in, proven by the current one. */
export const changePasswordSchema = withNewPassword({ currentPassword: passwordPresent() });
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;
