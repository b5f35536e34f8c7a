import type { FieldValues, Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Company } from '../../shared/companies';
import type { Locale } from '../../shared/constants';
import {
  companySchema,
  companyUpdateSchema,
  emptyCompany,
  financialContributionSchema,
  type CompanyFormValues,
  type CompanyUpdateInput,
  type FinancialContributionFormValues,
} from '../../shared/schemas/company';
import type { ScheduleTerms } from '../../shared/portfolio/schedule';
import { formatPhone, normalizeNumberText, numberToInput, type NumberKind } from './format';

/** What the form holds: the shared form values, plus the version an edit read (SPEC: no lost updates). */
export type CompanyFormState = CompanyFormValues & { lockVersion?: number };
/** What a valid form gives: the create input, and on an edit the version too. */
export type CompanyFormOutput = Omit<CompanyUpdateInput, 'lockVersion'> & { lockVersion?: number };

/** Which numeric fields are what kind, so they are shown and read back the same way everywhere. */
export const STATEMENT_MONEY_FIELDS = [
  'sales',
  'grossProfit',
  'netProfit',
  'currentAssets',
  'totalAssets',
  'currentLiabilities',
  'holdings',
  'fundsGenerated',
  'debtService',
] as const;

export const CONTRIBUTION_NUMBER_FIELDS = {
  amount: 'money',
  rate: 'decimal',
  amortization: 'integer',
  moratorium: 'integer',
  refund: 'money',
  projectCost: 'money',
} as const satisfies Record<string, NumberKind>;

const text = (value: string | null | undefined) => value ?? '';

/** A company as read from the API, in the shapes the inputs show (numbers in the user's locale). */
export function toFormValues(company: Company, locale: Locale): CompanyFormState {
  const num = (value: number | null, kind: NumberKind) => numberToInput(value, kind, locale);
  return {
    lockVersion: company.lockVersion,
    name: company.name,
    avatarFileName: company.avatarFileName,
    website: text(company.website),
    emailAddress: text(company.emailAddress),
    employeeCount: num(company.employeeCount, 'integer'),
    phoneNumber: formatPhone(text(company.phoneNumber)),
    riskRating: text(company.riskRating),
    endOfFinancialYear: text(company.endOfFinancialYear),
    legalFormId: company.legalFormId,
    statusId: company.statusId,
    activityAreaId: company.activityAreaId,
    overseeingUserId: company.overseeingUserId,
    address: { ...company.address },
    owners: company.owners.map((owner) => ({
      id: owner.id,
      name: owner.name,
      phoneNumber: formatPhone(text(owner.phoneNumber)),
      sharesPercentage: num(owner.sharesPercentage, 'decimal'),
      address: text(owner.address),
      city: text(owner.city),
      zipCode: text(owner.zipCode),
    })),
    presentation: company.presentation && {
      id: company.presentation.id,
      highlights: text(company.presentation.highlights),
      products: text(company.presentation.products),
      market: text(company.presentation.market),
      management: text(company.presentation.management),
    },
    financialStatements: company.financialStatements.map((statement) => ({
      id: statement.id,
      year: statement.year === null ? '' : String(statement.year),
      ...Object.fromEntries(STATEMENT_MONEY_FIELDS.map((field) => [field, num(statement[field], 'money')])),
    })),
    financialContributions: company.financialContributions.map((contribution) => ({
      id: contribution.id,
      contributionFundId: contribution.contributionFundId,
      warrantyId: contribution.warrantyId,
      authorizationDate: text(contribution.authorizationDate),
      followupDate: text(contribution.followupDate),
      expectedEndDate: text(contribution.expectedEndDate),
      projectName: text(contribution.projectName),
      ...Object.fromEntries(
        Object.entries(CONTRIBUTION_NUMBER_FIELDS).map(([field, kind]) => [
          field,
          num(contribution[field as keyof typeof CONTRIBUTION_NUMBER_FIELDS], kind),
        ]),
      ),
    })),
    blocks: company.blocks.map((block) => ({ id: block.id, blockType: block.blockType, content: text(block.content) })),
  };
}

export const newCompanyValues = (): CompanyFormState => emptyCompany();

const n = (value: unknown) => (typeof value === 'string' ? normalizeNumberText(value) : value);

/** A contribution's numeric texts as the schema reads them. */
function normalizeContribution(contribution: FinancialContributionFormValues): FinancialContributionFormValues {
  return {
    ...contribution,
    ...Object.fromEntries(
      Object.keys(CONTRIBUTION_NUMBER_FIELDS).map((field) => [
        field,
        n(contribution[field as keyof typeof CONTRIBUTION_NUMBER_FIELDS]),
      ]),
    ),
  };
}

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
function normalizeNumbers(values: CompanyFormState): CompanyFormState {
  return {
    ...values,
    employeeCount: n(values.employeeCount) as CompanyFormState['employeeCount'],
    owners: values.owners?.map((owner) => ({ ...owner, sharesPercentage: n(owner.sharesPercentage) as string })),
    financialStatements: values.financialStatements?.map((statement) => ({
      ...statement,
      ...Object.fromEntries(STATEMENT_MONEY_FIELDS.map((field) => [field, n(statement[field])])),
    })),
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
