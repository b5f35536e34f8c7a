import type { FieldValues, Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Company } from '../../shared/companies';
import type { Locale } from '../../shared/constants';
import type { z } from 'zod';
import {
  COMPANY_MAPS as MAPS,
  companySchema,
  companyUpdateSchema,
  emptyCompany,
  financialContributionSchema,
  type CompanyFormValues,
  type CompanyUpdateInput,
  type FinancialContributionFormValues,
} from '../../shared/schemas/company';
import { isNumberFormKind, type FieldMap, type FieldSpec } from '../../shared/schemas/record-fields';
import type { WebCatalogKey } from '../i18n';
import type { ScheduleTerms } from '../../shared/portfolio/schedule';
import { formatPhone, normalizeNumberText, numberToInput, type NumberKind } from './format';

/** What the form holds: the shared form values, plus the version an edit read (SPEC: no lost updates). */
export type CompanyFormState = CompanyFormValues & { lockVersion?: number };
/** What a valid form gives: the create input, and on an edit the version too. */
export type CompanyFormOutput = Omit<CompanyUpdateInput, 'lockVersion'> & { lockVersion?: number };

/*
 * The form's values are written from the company's field maps (shared/schemas/company.ts, ADR 0031): each field
 * shown and read back as its form kind says, so a new field reaches the form's values without a list here.
 */

/** The number fields of a record and their kinds: shown and read back in the user's locale. */
export const numberFieldsOf = <M extends FieldMap>(map: M): Array<[keyof M & string, NumberKind, WebCatalogKey]> =>
  Object.entries(map).flatMap(([key, spec]) =>
    isNumberFormKind(spec.form) && spec.history !== null ? [[key, spec.form, spec.label]] : [],
  );

export const STATEMENT_NUMBER_FIELDS = numberFieldsOf(MAPS.statement);
export const CONTRIBUTION_NUMBER_FIELDS = numberFieldsOf(MAPS.contribution);

/** A record as the API answered it, in the shapes its inputs show (numbers in the user's locale). */
function formValuesOf<M extends FieldMap>(map: M, record: { [K in keyof M]: unknown }, locale: Locale) {
  const shown = (spec: FieldSpec, value: unknown): unknown => {
    const text = typeof value === 'string' ? value : value == null ? '' : String(value);
    switch (spec.form) {
      case 'text':
      case 'date':
      case 'year':
        return text;
      case 'phone':
        return formatPhone(text);
      case 'integer':
      case 'decimal':
      case 'money':
        return numberToInput(value as number | null, spec.form, locale);
      default:
        return value;
    }
  };
  return Object.fromEntries(Object.entries(map).map(([key, spec]) => [key, shown(spec, record[key])])) as {
    [K in keyof M]: z.input<M[K]['input']>;
  };
}

/** A company as read from the API, in the shapes the inputs show. */
export function toFormValues(company: Company, locale: Locale): CompanyFormState {
  return {
    lockVersion: company.lockVersion,
    ...formValuesOf(MAPS.company, company, locale),
    address: { id: company.address.id, ...formValuesOf(MAPS.address, company.address, locale) },
    owners: company.owners.map((owner) => ({ id: owner.id, ...formValuesOf(MAPS.owner, owner, locale) })),
    presentation: company.presentation && {
      id: company.presentation.id,
      ...formValuesOf(MAPS.presentation, company.presentation, locale),
    },
    financialStatements: company.financialStatements.map((statement) => ({
      id: statement.id,
      ...formValuesOf(MAPS.statement, statement, locale),
    })),
    financialContributions: company.financialContributions.map((contribution) => ({
      id: contribution.id,
      ...formValuesOf(MAPS.contribution, contribution, locale),
    })),
    blocks: company.blocks.map((block) => ({ id: block.id, ...formValuesOf(MAPS.block, block, locale) })),
  };
}

export const newCompanyValues = (): CompanyFormState => emptyCompany();

/** A contribution's numeric texts as the schema reads them. */
const normalizeContribution = (contribution: FinancialContributionFormValues): FinancialContributionFormValues =>
  normalizedNumbers(MAPS.contribution, contribution);

/**
 * A contribution's terms as the form holds them now (typed, not saved yet), read the way the schema reads
 * them; a term not readable yet is null. What the schedule's figures are computed from in the form.
 */
export function termsOfFormValues(contribution: FinancialContributionFormValues | undefined): ScheduleTerms {
  const values = contribution ? normalizeContribution(contribution) : undefined;
  const shape = financialContributionSchema.shape;
  const read = <T>(schema: { safeParse(value: unknown): { success: boolean; data?: T } }, value: unknown) => {
    const result = schema.safeParse(value);
    return result.success ? (result.data ?? null) : null;
  };
  return {
    amount: read(shape.amount, values?.amount),
    rate: read(shape.rate, values?.rate),
    amortization: read(shape.amortization, values?.amortization),
    moratorium: read(shape.moratorium, values?.moratorium),
    authorizationDate: read(shape.authorizationDate, values?.authorizationDate),
  };
}

/** Numeric texts as the schema reads them (`1,234.56` as the English form writes it → `1234.56`). */
function normalizedNumbers<T extends object>(map: FieldMap, values: T): T {
  const numbers = Object.entries(map).filter(([, spec]) => isNumberFormKind(spec.form));
  const read = values as Record<string, unknown>;
  return {
    ...values,
    ...Object.fromEntries(
      numbers.map(([key]) => [key, typeof read[key] === 'string' ? normalizeNumberText(read[key]) : read[key]]),
    ),
  };
}

function normalizeNumbers(values: CompanyFormState): CompanyFormState {
  return {
    ...normalizedNumbers(MAPS.company, values),
    owners: values.owners?.map((owner) => normalizedNumbers(MAPS.owner, owner)),
    financialStatements: values.financialStatements?.map((statement) => normalizedNumbers(MAPS.statement, statement)),
    financialContributions: values.financialContributions?.map(normalizeContribution),
  };
}

/**
 * The shared schema as the form's resolver (companyUpdateSchema on an edit, so the version travels),
 * after the locale formatting of numbers is taken out. Field errors keep the form's own paths.
 */
export function companyResolver(edit: boolean): Resolver<CompanyFormState, unknown, CompanyFormOutput> {
  const resolve = zodResolver(edit ? companyUpdateSchema : companySchema) as unknown as Resolver<
    FieldValues,
    unknown,
    CompanyFormOutput
  >;
  return (values, context, options) =>
    resolve(normalizeNumbers(values), context, options as never) as ReturnType<
      Resolver<CompanyFormState, unknown, CompanyFormOutput>
    >;
}
