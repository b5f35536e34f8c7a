import type { ReactNode } from 'react';
import {
  Select,
  TextInput,
  Textarea,
  type ComboboxItem,
  type ComboboxParsedItem,
  type OptionsFilter,
  type TextInputProps,
} from '@mantine/core';
import { Controller, useFormContext, type FieldPath } from 'react-hook-form';
import type { Lookup } from '../../shared/companies';
import { DayInput } from '../components/day-input';
import { fieldError } from '../components/form';
import { useTranslation } from '../i18n';
import { NumberInput } from '../components/number-input';
import { foldText, formatPhone, type NumberKind } from './format';
import type { CompanyFormState } from './form-values';

/**
 * The inputs of the company form, bound to its react-hook-form context. Each shows its message only
 * once touched or after a submit (fieldError), and every label comes from the catalogs.
 */
export type CompanyField = FieldPath<CompanyFormState>;

export const useCompanyForm = () => useFormContext<CompanyFormState>();

type InputProps = Omit<TextInputProps, 'name' | 'error' | 'value' | 'onChange' | 'onBlur'> & {
  name: CompanyField;
  label: string;
};

export function TextField({ name, ...props }: InputProps) {
  const form = useCompanyForm();
  return <TextInput {...props} error={fieldError(form, name)} {...form.register(name)} />;
}

export function TextareaField({ name, label }: { name: CompanyField; label: string }) {
  const form = useCompanyForm();
  return (
    <Textarea label={label} autosize minRows={3} maxRows={16} error={fieldError(form, name)} {...form.register(name)} />
  );
}

/** A calendar date, kept as YYYY-MM-DD and typed and shown in the app's language; `note` says more of it. */
export function DateField({ name, label, note }: { name: CompanyField; label: string; note?: ReactNode }) {
  const form = useCompanyForm();
  return <DayInput form={form} name={name} label={label} note={note} />;
}

/**
 * A text input that tidies its value when the user leaves it (numbers in the locale, zip codes,
 * day/month) or as they type (phone numbers), through `format`.
 */
function FormattedField({
  name,
  onTypeFormat,
  onBlurFormat,
  ...props
}: InputProps & { onTypeFormat?: (text: string) => string; onBlurFormat?: (text: string) => string }) {
  const form = useCompanyForm();
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <TextInput
          {...props}
          ref={field.ref}
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
          error={fieldError(form, name)}
        />
      )}
    />
  );
}

/** Money, decimals and whole numbers, shown in the user's locale once the field is left. */
export function NumberField({ kind, ...props }: InputProps & { kind: NumberKind }) {
  return <NumberInput {...props} form={useCompanyForm()} kind={kind} />;
}

export function PhoneField(props: InputProps) {
  return <FormattedField type="tel" inputMode="tel" autoComplete="off" {...props} onTypeFormat={formatPhone} />;
}

export function BlurFormattedField(props: InputProps & { format: (text: string) => string }) {
  const { format, ...rest } = props;
  return <FormattedField {...rest} onBlurFormat={format} />;
}

/** Accent- and case-insensitive, like the server's search: "montreal" finds "Montréal". */
export const foldedFilter: OptionsFilter = ({ options, search, limit }) => {
  const wanted = foldText(search);
  const items = options.filter(
    (option): option is ComboboxItem => 'value' in option && foldText(option.label).includes(wanted),
  );
  return items.slice(0, limit) as ComboboxParsedItem[];
};

/** What an optional choice sends for "none": the schema reads it as no value. */
export const NONE = 'none';

/**
 * A choice among a lookup (docs/SPEC.md §3), searchable when the list is long. With `noneLabel` the choice is
 * optional and 'none' is offered first.
 */
export function LookupSelect({
  name,
  label,
  items,
  required,
  searchable,
  noneLabel,
  onPicked,
  description,
}: {
  name: CompanyField;
  label: string;
  items: Lookup[] | undefined;
  required?: boolean;
  searchable?: boolean;
  noneLabel?: string;
  onPicked?: (id: string | null) => void;
  description?: ReactNode;
}) {
  const { t } = useTranslation();
  const form = useCompanyForm();
  const data = [
    ...(noneLabel ? [{ value: NONE, label: noneLabel }] : []),
    ...(items ?? []).map((item) => ({ value: item.id, label: item.name })),
  ];
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <Select
          ref={field.ref}
          label={label}
          description={description}
          placeholder={t('companies.form.fields.choose')}
          required={required}
          searchable={searchable}
          filter={searchable ? foldedFilter : undefined}
          nothingFoundMessage={searchable ? t('companies.form.nothingFound') : undefined}
          allowDeselect={false}
          data={data}
          value={typeof field.value === 'string' && field.value ? field.value : noneLabel ? NONE : null}
          onChange={(value) => {
            const id = value === NONE ? null : value;
            field.onChange(id ?? (noneLabel ? null : ''));
            onPicked?.(id);
          }}
          onBlur={field.onBlur}
          error={fieldError(form, name)}
        />
      )}
    />
  );
}
