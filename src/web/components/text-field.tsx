import { TextInput, type TextInputProps } from '@mantine/core';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { fieldError } from './form';

type TextFieldProps<T extends FieldValues, O> = Omit<TextInputProps, 'name' | 'form' | 'error'> & {
  form: UseFormReturn<T, unknown, O>;
  name: Path<T>;
  label: string;
  /** The field's share of a wrapping row of fields (a CSS `flex` shorthand). */
  flex?: string;
};

// Mantine's default description grey is too pale on white for WCAG AA contrast.
const descriptionStyles = { description: { color: 'var(--mantine-color-gray-7)' } };

/**
 * A plain text field of a form: registered by its name, its message shown once touched (fieldError). Text that is
 * tidied as it is typed goes through FormattedInput instead.
 */
export function TextField<T extends FieldValues, O = T>({ form, name, flex, style, ...props }: TextFieldProps<T, O>) {
  return (
    <TextInput
      {...form.register(name)}
      styles={descriptionStyles}
      {...props}
      error={fieldError(form, name)}
      style={flex === undefined ? style : { flex }}
    />
  );
}
