import { Select, type ComboboxItem, type SelectProps } from '@mantine/core';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useFieldControl } from './form';

type SelectFieldProps<T extends FieldValues, O> = Omit<SelectProps, 'name' | 'form' | 'value' | 'onBlur' | 'error'> & {
  form: UseFormReturn<T, unknown, O>;
  name: Path<T>;
  /** The choice the field's value stands for; a non-empty string by default, none otherwise. */
  shown?: (value: unknown) => string | null;
  /** What the form keeps for a choice (a "none" choice kept as null, a number); the choice itself by default. */
  stored?: (choice: string | null, option: ComboboxItem | null) => unknown;
  /** Told of a choice once the form holds it. */
  onChange?: SelectProps['onChange'];
};

const shownString = (value: unknown) => (typeof value === 'string' && value ? value : null);

/**
 * Every form's choice among a list: Mantine's Select bound to the form, its message shown once touched
 * (fieldError), the form's focus reaching it on a refused submit. A choice cannot be cleared unless a caller
 * says so (`allowDeselect`): a "none" is an option of its own.
 */
export function SelectField<T extends FieldValues, O = T>({
  form,
  name,
  shown = shownString,
  stored,
  onChange,
  ...props
}: SelectFieldProps<T, O>) {
  const { ref, field, error } = useFieldControl(form, name);
  return (
    <Select
      allowDeselect={false}
      {...props}
      ref={ref}
      value={shown(field.value)}
      onChange={(choice, option) => {
        field.onChange(stored ? stored(choice, option) : choice);
        onChange?.(choice, option);
      }}
      onBlur={field.onBlur}
      error={error}
    />
  );
}
