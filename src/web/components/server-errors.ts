import type { FieldValues, Path, UseFormReturn, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../api/client';
import { i18n, type WebCatalogKey } from '../i18n';
import { toast } from './toasts';

/**
 * The one client place that turns a failed call into feedback (docs/ARCHITECTURE.md §6): a 422 field map goes
 * onto the matching form fields (nested paths included), anything else becomes an error toast with the
 * server's localized message, or the generic one. What the user typed is never reset here. `fieldOf`
 * names the form field that shows a wire field's message when the two differ (the document modal's one
 * file field for the upload's name, type and size).
 */
export function reportError<T extends FieldValues>(
  error: unknown,
  options: { setError?: UseFormSetError<T>; fallbackKey?: WebCatalogKey; fieldOf?: (path: string) => Path<T> } = {},
): void {
  if (error instanceof ApiError && error.status === 422 && options.setError) {
    const fields = Object.entries(error.fieldErrors);
    for (const [path, message] of fields) {
      const field = options.fieldOf ? options.fieldOf(path) : (path as Path<T>);
      options.setError(field, { type: 'server', message }, { shouldFocus: false });
    }
    if (fields.length > 0) {
      // A refusal that names its field (the last administrator's role) already reads under that field:
      // the same sentence again in a toast would say it twice.
      const shownOnField = fields.some(([, message]) => message === error.body.message);
      if (!shownOnField) toast('error', error.body.message || i18n.t('errors.generic'));
      return;
    }
  }
  const message =
    options.fallbackKey !== undefined
      ? i18n.t(options.fallbackKey)
      : error instanceof ApiError && error.body.message
        ? error.body.message
        : i18n.t('errors.generic');
  toast('error', message);
}

/**
 * A refusal kept on the form itself rather than in a toast (a modal's or a page form's own alert): on a 422,
 * each field's message under its field — with `known`, only the fields the form shows, the others' messages
 * in the alert; otherwise the server's message, or the generic one, in the alert (`refusalMessage`). Never
 * resets what was typed.
 */
export function showRefusal<T extends FieldValues, O = T>(
  form: UseFormReturn<T, unknown, O>,
  error: unknown,
  known?: readonly Path<T>[],
): void {
  const fields = error instanceof ApiError && error.status === 422 ? Object.entries(error.fieldErrors) : [];
  const elsewhere: string[] = [];
  for (const [path, message] of fields) {
    if (!known || (known as readonly string[]).includes(path)) {
      form.setError(path as Path<T>, { type: 'server', message }, { shouldFocus: false });
    } else elsewhere.push(message);
  }
  if (fields.length > 0 && elsewhere.length === 0) return;
  const message =
    elsewhere.join(' ') ||
    (error instanceof ApiError && error.body.message ? error.body.message : i18n.t('errors.generic'));
  form.setError('root.server' as Path<T>, { type: 'server', message });
}

/** The message `showRefusal` left for the form's alert, if any. */
export function refusalMessage<T extends FieldValues, O = T>(form: UseFormReturn<T, unknown, O>): string | undefined {
  return (form.formState.errors.root as { server?: { message?: string } } | undefined)?.server?.message;
}
