import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';

/**
 * A form checked by its shared zod schema on every change, blur and submit (`mode: 'all'`, docs/SPEC.md §5):
 * the way every form of the app starts.
 */
export function useSchemaForm<T extends FieldValues>(
  schema: z.ZodType<T, T>,
  defaultValues: NoInfer<DefaultValues<T>>,
) {
  return useForm<T>({ mode: 'all', resolver: zodResolver(schema), defaultValues });
}
