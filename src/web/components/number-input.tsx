import { Text } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { currentLocale, isLocale, useTranslation } from '../i18n';
import { FormattedInput, type FormattedInputProps } from './formatted-input';
import { currencySign, normalizeNumberText, reformatNumberText, type NumberKind } from './number-text';

type NumberInputProps<T extends FieldValues> = Omit<FormattedInputProps<T>, 'onTypeFormat' | 'onBlurFormat'> & {
  kind: NumberKind;
};

/**
 * Money, decimals and whole numbers of any form, typed as people write them and shown in the user's locale once
 * the field is left (`1 234,56`, `1,234.56`); the currency sign sits where the locale writes it. What cannot be
 * read stays as typed, so the schema's message says why.
 */
export function NumberInput<T extends FieldValues>({ kind, ...props }: NumberInputProps<T>) {
  const { i18n } = useTranslation();
  const sign = currencySign(isLocale(i18n.language) ? i18n.language : currentLocale());
  const currency =
    kind === 'money' ? (
      <Text component="span" size="sm" c="gray.8" aria-hidden>
        {sign.symbol}
      </Text>
    ) : undefined;
  const sections = sign.before ? { leftSection: currency } : { rightSection: currency };
  return (
    <FormattedInput
      inputMode="decimal"
      autoComplete="off"
      {...sections}
      {...props}
      onBlurFormat={(value) => reformatNumberText(value, kind, currentLocale())}
    />
  );
}

/**
 * A shared schema as a form's resolver, reading its number fields as NumberInput writes them (`1,234.56` in
 * English loses its grouping commas first). The form keeps the text as typed; only what is validated changes.
 */
export function numberTextResolver<Values extends FieldValues, Output>(
  schema: z.ZodType<Output>,
  numberFields: readonly (keyof Values & string)[],
): Resolver<Values, unknown, Output> {
  const resolve = zodResolver(schema as never) as unknown as Resolver<Values, unknown, Output>;
  return (values, context, options) => {
    const read = { ...values } as Record<string, unknown>;
    for (const field of numberFields) {
      if (typeof read[field] === 'string') read[field] = normalizeNumberText(read[field]);
    }
    return resolve(read as Values, context, options);
  };
}
