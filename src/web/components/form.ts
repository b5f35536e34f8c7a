import { useController, type FieldPath, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { translateMessage } from '../i18n';

/** Deep read of a nested RHF state object (`errors`, `touchedFields`) by dotted path. */
function at(source: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], source);
}

/**
 * The error to show under a field: docs/SPEC.md §5 shows field messages only once the field was touched
 * (or the form submitted, which touches every field).
 */
export function fieldError<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'formState'>,
  name: FieldPath<T>,
): string | undefined {
  const { errors, touchedFields, isSubmitted } = form.formState;
  const error = at(errors, name) as { message?: string } | undefined;
  if (!error?.message) return undefined;
  const serverSet = (error as { type?: string }).type === 'server';
  if (!serverSet && !isSubmitted && !at(touchedFields, name)) return undefined;
  return translateMessage(error.message);
}

/**
 * What binds a text input to a form's field: its registration and the message to show under it, read for the same
 * name, so a field never shows another field's message.
 */
export function boundField<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'formState' | 'register'>,
  name: FieldPath<T>,
) {
  return { error: fieldError(form, name), ...form.register(name) };
}

/**
 * A field whose input is not a plain text box (a select, a day, a tidied text): the form's control of it, and its
 * message as fieldError shows it. The input takes `ref`, so a refused submit focuses it.
 */
export function useFieldControl<T extends FieldValues, O>(form: UseFormReturn<T, unknown, O>, name: FieldPath<T>) {
  const {
    field: { ref, ...field },
  } = useController({ control: form.control, name });
  return { ref, field, error: fieldError(form, name) };
}
