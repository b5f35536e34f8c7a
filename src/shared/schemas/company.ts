import { z } from 'zod';
import type { CatalogKeyUnder } from '../i18n/keys';
import { BLOCK_TYPES, COMPANY_LIMITS, RISK_RATINGS } from '../companies';
import { RATE_DECIMALS } from '../servicing/terms';
import { todayIso } from '../portfolio/schedule';
import { lockVersion, requiredId, requiredText, wrongValue } from './common';
import { emptyFormOf, field, inputShape, type FieldMap } from './record-fields';
import {
  CV,
  optionalNumber,
  MONEY_MAX,
  money,
  months,
  percentage,
  optionalText,
  longText,
  webAddress,
  optionalEmail,
  requiredZipCode,
  optionalZipCode,
  optionalId,
  partId,
  phoneNumber,
  dayMonth,
  year,
  nullableDate,
  list,
  riskRating,
} from './company-fields';

export { CV } from './company-fields';

/** owners.shares_percentage is numeric(5,2). */
const SHARES_DECIMALS = 2;

/*
 * docs/SPEC.md §5 "Company" and its parts, shared by the company form (react-hook-form + zodResolver) and the API;
 * the field builders they use, and what each accepts, are in company-fields.ts.
 */

/** How the API answers a field (ADR 0026: `companies-answers.ts` builds the answer schemas from these maps). */
const answerText = () => z.string().nullable();
const answerNumber = () => z.number().nullable();
const answerRequired = () => z.string();

const F = 'companies.form.fields';
const { nameLength, textLength, longTextLength } = COMPANY_LIMITS;
/** The largest amount a statement or a contribution holds, as the wire carries it. */
const LARGEST_AMOUNT = '-999999999999.99';

/*
 * The company's own fields and each part's (docs/decisions/0031): the one list of them. A field added to the
 * company is a line here, its column (db/schema/companies.ts), its label in both catalogs and its input on the
 * form; the typecheck names the store or the answer until the column and the map agree.
 */
export const COMPANY_FIELDS = {
  name: field({
    input: requiredText(nameLength),
    answer: answerRequired(),
    label: `${F}.name`,
    history: 'text',
    form: 'text',
    largest: ({ text }) => text(nameLength),
  }),
  /** Storage key returned by `POST /assets/s3_presigned_url`; null removes the avatar. */
  avatarFileName: field({
    input: optionalText(100),
    answer: answerText(),
    label: `${F}.avatar`,
    history: 'text',
    form: 'file',
    largest: () => null,
  }),
  website: field({
    input: webAddress(),
    answer: answerText(),
    label: `${F}.website`,
    history: 'text',
    form: 'text',
    largest: ({ text }) => `https://${text(textLength - 'https://.ca'.length)}.ca`,
  }),
  emailAddress: field({
    input: optionalEmail(),
    answer: answerText(),
    label: `${F}.emailAddress`,
    history: 'text',
    form: 'text',
    largest: () => null,
  }),
  employeeCount: field({
    input: optionalNumber({ message: CV.number, integer: true, min: 0, max: 10_000_000 }),
    answer: answerNumber(),
    label: `${F}.employeeCount`,
    history: 'number',
    form: 'integer',
    largest: () => 10_000_000,
  }),
  /** Ten digits; the form shows it 3-3-4. */
  phoneNumber: field({
    input: phoneNumber(),
    answer: answerText(),
    label: `${F}.phoneNumber`,
    history: 'text',
    form: 'phone',
    largest: () => '5145550199',
  }),
  /** A letter of the risk scale, A the lowest risk, or none (ADR 0032); the form offers the scale's names. */
  riskRating: field({
    input: riskRating(),
    answer: z.enum(RISK_RATINGS).nullable(),
    label: `${F}.riskRating`,
    history: 'riskRating',
    form: 'optionalChoice',
    largest: () => 'D',
  }),
  /** DD/MM. */
  endOfFinancialYear: field({
    input: dayMonth(),
    answer: answerText(),
    label: `${F}.endOfFinancialYear`,
    history: 'text',
    form: 'text',
    largest: () => '31/12',
  }),
  legalFormId: field({
    input: requiredId(),
    answer: answerRequired(),
    label: `${F}.legalForm`,
    history: 'legalForms',
    form: 'choice',
    largest: ({ ids }) => ids.lookup,
  }),
  statusId: field({
    input: requiredId(),
    answer: answerRequired(),
    label: `${F}.status`,
    history: 'statuses',
    form: 'choice',
    largest: ({ ids }) => ids.lookup,
  }),
  activityAreaId: field({
    input: requiredId(),
    answer: answerRequired(),
    label: `${F}.activityArea`,
    history: 'activityAreas',
    form: 'choice',
    largest: ({ ids }) => ids.lookup,
  }),
  overseeingUserId: field({
    input: optionalId(),
    answer: answerText(),
    label: `${F}.overseeingUser`,
    history: 'users',
    form: 'optionalChoice',
    largest: () => null,
  }),
} satisfies FieldMap;

export const ADDRESS_FIELDS = {
  address: field({
    input: requiredText(textLength),
    answer: answerRequired(),
    label: `${F}.address`,
    history: 'text',
    form: 'text',
    largest: ({ text }) => text(textLength),
  }),
  zipCode: field({
    input: requiredZipCode(),
    answer: answerRequired(),
    label: `${F}.zipCode`,
    history: 'text',
    form: 'text',
    largest: () => 'H2Y 1H2',
  }),
  municipalityId: field({
    input: requiredId(),
    answer: answerRequired(),
    label: `${F}.municipality`,
    history: 'municipalities',
    form: 'choice',
    largest: ({ ids }) => ids.municipality,
  }),
} satisfies FieldMap;

const O = 'companies.form.owners';
export const OWNER_FIELDS = {
  name: field({
    input: requiredText(textLength),
    answer: answerRequired(),
    label: `${O}.name`,
    history: 'text',
    form: 'text',
    largest: ({ text }) => text(textLength),
  }),
  phoneNumber: field({
    input: phoneNumber(),
    answer: answerText(),
    label: `${O}.phoneNumber`,
    history: 'text',
    form: 'phone',
    largest: () => '5145550101',
  }),
  sharesPercentage: field({
    input: percentage(SHARES_DECIMALS),
    answer: answerNumber(),
    label: `${O}.sharesPercentage`,
    history: 'percent',
    form: 'decimal',
    largest: () => 99.99,
  }),
  address: field({
    input: optionalText(),
    answer: answerText(),
    label: `${O}.address`,
    history: 'text',
    form: 'text',
    largest: ({ text }) => text(textLength),
  }),
  city: field({
    input: optionalText(),
    answer: answerText(),
    label: `${O}.city`,
    history: 'text',
    form: 'text',
    largest: ({ text }) => text(textLength),
  }),
  zipCode: field({
    input: optionalZipCode(),
    answer: answerText(),
    label: `${O}.zipCode`,
    history: 'text',
    form: 'text',
    largest: () => 'H2X 1Y4',
  }),
} satisfies FieldMap;

const presentationText = (name: CatalogKeyUnder<'companies.form.presentation'>) =>
  field({
    input: longText(),
    answer: answerText(),
    label: `companies.form.presentation.${name}`,
    history: 'text',
    form: 'text',
    largest: ({ text }) => text(longTextLength),
  });
export const PRESENTATION_FIELDS = {
  highlights: presentationText('highlights'),
  products: presentationText('products'),
  market: presentationText('market'),
  management: presentationText('management'),
} satisfies FieldMap;

/** Amounts in statements may be negative (a loss, negative equity). */
const statementMoney = (name: CatalogKeyUnder<'companies.form.financialStatements'>, message: string) =>
  field({
    input: money(message, -MONEY_MAX),
    answer: answerNumber(),
    label: `companies.form.financialStatements.${name}`,
    history: 'money',
    form: 'money',
    largest: () => LARGEST_AMOUNT,
  });
export const STATEMENT_FIELDS = {
  year: field({
    input: year(),
    answer: answerNumber(),
    label: 'companies.form.financialStatements.year',
    history: 'text',
    form: 'year',
    // Each statement of a company has its own year.
    largest: ({ index }) => 1900 + index,
  }),
  sales: statementMoney('sales', CV.number),
  grossProfit: statementMoney('grossProfit', CV.number),
  netProfit: statementMoney('netProfit', CV.number),
  currentAssets: statementMoney('currentAssets', CV.number),
  totalAssets: statementMoney('totalAssets', CV.number),
  currentLiabilities: statementMoney('currentLiabilities', CV.number),
  holdings: statementMoney('holdings', CV.number),
  fundsGenerated: statementMoney('fundsGenerated', CV.money),
  debtService: statementMoney('debtService', CV.money),
} satisfies FieldMap;

const C = 'companies.form.financialContributions';
const contributionAmount = (name: CatalogKeyUnder<typeof C>, message: string) =>
  field({
    input: money(message, 0),
    answer: answerNumber(),
    label: `${C}.${name}`,
    history: 'money',
    form: 'money',
    largest: () => LARGEST_AMOUNT.slice(1),
  });
const contributionMonths = (name: CatalogKeyUnder<typeof C>) =>
  field({
    input: months(),
    answer: answerNumber(),
    label: `${C}.${name}`,
    history: 'number',
    form: 'integer',
    largest: () => 1200,
  });
/** A resolution number as committees write them (CI-2026-014), at most this long. */
const RESOLUTION_NUMBER_MAX = 40;
/** YYYY-MM-DD. */
const contributionDate = (name: CatalogKeyUnder<typeof C>) =>
  field({
    input: nullableDate(),
    answer: answerText(),
    label: `${C}.${name}`,
    history: 'date',
    form: 'date',
    largest: () => '2026-11-23',
  });
export const CONTRIBUTION_FIELDS = {
  contributionFundId: field({
    input: requiredId(),
    answer: answerRequired(),
    label: `${C}.contributionFund`,
    history: 'funds',
    form: 'choice',
    largest: ({ ids }) => ids.fund,
  }),
  amount: contributionAmount('amount', CV.money),
  rate: field({
    input: percentage(RATE_DECIMALS),
    answer: answerNumber(),
    label: `${C}.rate`,
    history: 'percent',
    form: 'decimal',
    largest: () => 99.99,
  }),
  amortization: contributionMonths('amortization'),
  moratorium: contributionMonths('moratorium'),
  refund: contributionAmount('refund', CV.money),
  warrantyId: field({
    input: optionalId(),
    answer: answerText(),
    label: `${C}.warranty`,
    history: 'warranties',
    form: 'optionalChoice',
    largest: ({ ids }) => ids.lookup,
  }),
  authorizationDate: contributionDate('authorizationDate'),
  followupDate: contributionDate('followupDate'),
  expectedEndDate: contributionDate('expectedEndDate'),
  projectName: field({
    input: optionalText(),
    answer: answerText(),
    label: `${C}.projectName`,
    history: 'text',
    form: 'text',
    largest: ({ text }) => text(textLength),
  }),
  projectCost: contributionAmount('projectCost', CV.number),
  /** The resolution that authorized the loan (docs/decisions/0066); a decision's own on a loan it created. */
  resolutionNumber: field({
    input: optionalText(RESOLUTION_NUMBER_MAX),
    answer: answerText(),
    label: 'decisions.fields.resolutionNumber',
    history: 'text',
    form: 'text',
    largest: ({ text }) => text(RESOLUTION_NUMBER_MAX),
  }),
  /** YYYY-MM-DD, not after today. */
  resolutionDate: field({
    input: nullableDate().refine((day) => day === null || day <= todayIso(), {
      error: 'decisions.errors.resolutionDateFuture',
    }),
    answer: answerText(),
    label: 'decisions.fields.resolutionDate',
    history: 'date',
    form: 'date',
    largest: () => '2026-11-23',
  }),
} satisfies FieldMap;

export const BLOCK_FIELDS = {
  /** Not followed by itself: a block is named by its type and place ("Notes 2") in the history. */
  blockType: field({
    input: z.enum(BLOCK_TYPES, { error: wrongValue }),
    answer: z.enum(BLOCK_TYPES),
    history: null,
    form: 'choice',
    largest: () => 'defaultOfPayment',
  }),
  content: field({
    input: longText(),
    answer: answerText(),
    label: 'companies.form.blocks.content',
    history: 'text',
    form: 'text',
    largest: ({ text }) => text(longTextLength),
  }),
} satisfies FieldMap;

/** The company's field maps by record, as the store, the history, the answer and the form walk them. */
export const COMPANY_MAPS = {
  company: COMPANY_FIELDS,
  address: ADDRESS_FIELDS,
  owner: OWNER_FIELDS,
  presentation: PRESENTATION_FIELDS,
  statement: STATEMENT_FIELDS,
  contribution: CONTRIBUTION_FIELDS,
  block: BLOCK_FIELDS,
};

/** A part's input: its id (absent for a new one) and its fields. */
const partSchema = <M extends FieldMap>(map: M) =>
  z.object({ id: partId(), ...inputShape(map) }, { error: wrongValue });

export const companyAddressSchema = partSchema(ADDRESS_FIELDS);
export const ownerSchema = partSchema(OWNER_FIELDS);
export const companyPresentationSchema = partSchema(PRESENTATION_FIELDS);
export const financialStatementSchema = partSchema(STATEMENT_FIELDS);
export const financialContributionSchema = partSchema(CONTRIBUTION_FIELDS);
export const blockSchema = partSchema(BLOCK_FIELDS);

/**
 * The whole company as the form edits it and `POST /companies` takes it. The reference number is
 * generated by the server and not part of the input. Absent parts are empty: a save sends the whole
 * graph, and parts it does not send are removed.
 */
export const companySchema = z.object({
  ...inputShape(COMPANY_FIELDS),
  address: companyAddressSchema,
  owners: list(ownerSchema, COMPANY_LIMITS.owners),
  presentation: companyPresentationSchema.nullish().transform((value) => value ?? null),
  financialStatements: list(financialStatementSchema, COMPANY_LIMITS.financialStatements),
  financialContributions: list(financialContributionSchema, COMPANY_LIMITS.financialContributions),
  blocks: list(blockSchema, COMPANY_LIMITS.blocks),
});

/** `PATCH /companies/:id`: the same, plus the `lock_version` the form read (409 when stale). */
export const companyUpdateSchema = companySchema.extend({
  lockVersion: lockVersion(),
});

/** What the form holds (react-hook-form values). */
export type CompanyFormValues = z.input<typeof companySchema>;
/** What a valid form produces and the API stores. */
export type CompanyInput = z.output<typeof companySchema>;
export type CompanyUpdateInput = z.output<typeof companyUpdateSchema>;
export type OwnerFormValues = z.input<typeof ownerSchema>;
export type FinancialStatementFormValues = z.input<typeof financialStatementSchema>;
export type FinancialContributionFormValues = z.input<typeof financialContributionSchema>;
export type BlockFormValues = z.input<typeof blockSchema>;
export type CompanyPresentationFormValues = z.input<typeof companyPresentationSchema>;

/** Empty rows for the form's add buttons. */
export const emptyOwner = (): OwnerFormValues => emptyFormOf(OWNER_FIELDS);
export const emptyFinancialStatement = (): FinancialStatementFormValues => emptyFormOf(STATEMENT_FIELDS);
export const emptyFinancialContribution = (): FinancialContributionFormValues => emptyFormOf(CONTRIBUTION_FIELDS);
export const emptyPresentation = (): CompanyPresentationFormValues => emptyFormOf(PRESENTATION_FIELDS);

/** docs/SPEC.md §2: a new company starts with one notes block. */
export const emptyCompany = (): CompanyFormValues => ({
  ...emptyFormOf(COMPANY_FIELDS),
  address: emptyFormOf(ADDRESS_FIELDS),
  owners: [],
  presentation: null,
  financialStatements: [],
  financialContributions: [],
  blocks: [{ blockType: 'notes', content: '' }],
});
