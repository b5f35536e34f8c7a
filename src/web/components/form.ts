import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
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
