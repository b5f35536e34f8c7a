import { TextInput, type TextInputProps } from '@mantine/core';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useFieldControl } from './form';

export type FormattedInputProps<T extends FieldValues> = Omit<
  TextInputProps,
  'name' | 'form' | 'error' | 'value' | 'onChange' | 'onBlur'
> & {
  form: UseFormReturn<T>;
  name: Path<T>;
  label: string;
  /** Tidies the text as it is typed (a phone number's dashes). */
  onTypeFormat?: (text: string) => string;
  /** Tidies the text once the field is left (a number in the locale, a zip code); the form keeps the tidy text. */
  onBlurFormat?: (text: string) => string;
};

/**
 * A text field of any form that tidies what was typed, as it is typed or once left, and keeps it as text: what
 * cannot be read stays as typed, so the schema's message says why.
 */
export function FormattedInput<T extends FieldValues>({
  form,
  name,
  onTypeFormat,
  onBlurFormat,
  ...props
}: FormattedInputProps<T>) {
  const { ref, field, error } = useFieldControl(form, name);
  return (
    <TextInput
      {...props}
      ref={ref}
      name={field.name}
      value={typeof field.value === 'string' || typeof field.value === 'number' ? String(field.value) : ''}
      onChange={(event) => {
        const value = event.currentTarget.value;
        field.onChange(onTypeFormat ? onTypeFormat(value) : value);
      }}
      onBlur={() => {
        const value = typeof field.value === 'string' ? field.value : '';
        const tidy = onBlurFormat?.(value);
        if (tidy !== undefined && tidy !== value) field.onChange(tidy);
        field.onBlur();
      }}
      error={error}
    />
  );
}
