import type { ReactNode } from 'react';
import {
  TextInput,
  Textarea,
  type ComboboxItem,
  type ComboboxParsedItem,
  type OptionsFilter,
  type TextInputProps,
} from '@mantine/core';
import { useFormContext, type FieldPath } from 'react-hook-form';
import type { Lookup } from '../../shared/companies';
import { DayInput } from '../components/day-input';
import { fieldError } from '../components/form';
import { FormattedInput } from '../components/formatted-input';
import { SelectField } from '../components/select-field';
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
export function DateField({
  name,
  label,
  note,
  readOnly,
}: {
  name: CompanyField;
  label: string;
  note?: ReactNode;
  readOnly?: boolean;
}) {
  const form = useCompanyForm();
  return <DayInput form={form} name={name} label={label} note={note} readOnly={readOnly} />;
}

/** Money, decimals and whole numbers, shown in the user's locale once the field is left. */
export function NumberField({ kind, ...props }: InputProps & { kind: NumberKind }) {
  return <NumberInput {...props} form={useCompanyForm()} kind={kind} />;
}

export function PhoneField(props: InputProps) {
  return (
    <FormattedInput
      type="tel"
      inputMode="tel"
      autoComplete="off"
      {...props}
      form={useCompanyForm()}
      onTypeFormat={formatPhone}
    />
  );
}

/** A text input tidied when the user leaves it (zip codes, day/month), through `format`. */
export function BlurFormattedField({ format, ...props }: InputProps & { format: (text: string) => string }) {
  return <FormattedInput {...props} form={useCompanyForm()} onBlurFormat={format} />;
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
    <SelectField
      form={form}
      name={name}
      label={label}
      description={description}
      placeholder={t('companies.form.fields.choose')}
      required={required}
      searchable={searchable}
      filter={searchable ? foldedFilter : undefined}
      nothingFoundMessage={searchable ? t('companies.form.nothingFound') : undefined}
      data={data}
      shown={(value) => (typeof value === 'string' && value ? value : noneLabel ? NONE : null)}
      stored={(value) => (value === NONE ? null : value) ?? (noneLabel ? null : '')}
      onChange={(value) => onPicked?.(value === NONE ? null : value)}
    />
  );
}
