import { useState } from 'react';
import { ApiError } from '../api/client';
import { reportError } from '../components/server-errors';

/**
 * The privacy forms' refusals: a 422's messages under their fields (camelCase paths), anything else in a toast
 * with the server's localized message. What was typed is kept: the forms hold their own values.
 */
export function useFieldErrors() {
  const [errors, setErrors] = useState<Record<string, string>>({});
  return {
    errors,
    clear: () => setErrors({}),
    fail: (error: unknown) => {
      if (error instanceof ApiError && error.status === 422 && Object.keys(error.fieldErrors).length > 0) {
        setErrors(error.fieldErrors);
        return;
      }
      setErrors({});
      reportError(error);
    },
  };
}
