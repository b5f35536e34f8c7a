import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { boundField } from './form';
import { PasswordField } from './password-field';

/** A form with a new password typed twice (reset, invitation, change of password). */
type NewPasswordValues = FieldValues & { password: string; passwordConfirmation: string };

/**
 * The new password and its confirmation, as every form that sets a password asks for them: both required, both
 * offered to the browser's password manager as a new password.
 */
export function NewPasswordFields<T extends NewPasswordValues>({
  form,
  label,
  confirmationLabel,
}: {
  form: UseFormReturn<T>;
  label: string;
  confirmationLabel: string;
}) {
  return (
    <>
      <PasswordField label={label} autoComplete="new-password" required {...boundField(form, 'password' as Path<T>)} />
      <PasswordField
        label={confirmationLabel}
        autoComplete="new-password"
        required
        {...boundField(form, 'passwordConfirmation' as Path<T>)}
      />
    </>
  );
}
