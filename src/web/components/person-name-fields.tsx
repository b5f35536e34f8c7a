import { TextInput } from '@mantine/core';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { boundField } from './form';

/** A person's first and last names, as the account page and the invitation page ask for them. */
export function PersonNameFields<T extends FieldValues & { firstName: string; lastName: string }>({
  form,
  firstNameLabel,
  lastNameLabel,
}: {
  form: Pick<UseFormReturn<T>, 'formState' | 'register'>;
  firstNameLabel: string;
  lastNameLabel: string;
}) {
  return (
    <>
      <TextInput
        label={firstNameLabel}
        autoComplete="given-name"
        required
        {...boundField(form, 'firstName' as FieldPath<T>)}
      />
      <TextInput
        label={lastNameLabel}
        autoComplete="family-name"
        required
        {...boundField(form, 'lastName' as FieldPath<T>)}
      />
    </>
  );
}
