import { z } from 'zod';
import { BLOCK_TYPES, RISK_RATINGS } from '../companies';
import { companyStatusSchema } from './lookups';

/** Answers of the companies calls (SPEC §7), camelCase; `src/shared/companies.ts` derives its types from them. */
const text = () => z.string().nullable();
const amount = () => z.number().nullable();

export const companyAddressSchema = z.object({
  id: z.string(),
  address: z.string(),
  zipCode: z.string(),
  municipalityId: z.string(),
});

export const ownerSchema = z.object({
  id: z.string(),
  name: z.string(),
  phoneNumber: text(),
  sharesPercentage: amount(),
  address: text(),
  city: text(),
  zipCode: text(),
});

export const companyPresentationSchema = z.object({
  id: z.string(),
  highlights: text(),
  products: text(),
  market: text(),
  management: text(),
});

export const financialStatementSchema = z.object({
  id: z.string(),
  year: amount(),
  sales: amount(),
  grossProfit: amount(),
  netProfit: amount(),
  currentAssets: amount(),
  totalAssets: amount(),
  currentLiabilities: amount(),
  holdings: amount(),
  fundsGenerated: amount(),
  debtService: amount(),
  insertedAt: z.string(),
});

export const financialContributionSchema = z.object({
  id: z.string(),
  contributionFundId: z.string(),
  amount: amount(),
  rate: amount(),
  amortization: amount(),
  moratorium: amount(),
  refund: amount(),
  warrantyId: text(),
  /** YYYY-MM-DD. */
  authorizationDate: text(),
  followupDate: text(),
  expectedEndDate: text(),
  projectName: text(),
  projectCost: amount(),
  insertedAt: z.string(),
});

export const blockSchema = z.object({ id: z.string(), blockType: z.enum(BLOCK_TYPES), content: text() });

/** `GET /companies/:id` and the answer of every write. */
export const companyAnswerSchema = z.object({
  id: z.string(),
  name: z.string(),
  referenceNumber: z.string(),
  avatarFileName: text(),
  /** A signed, expiring URL of the avatar; null without one. */
  avatarUrl: text(),
  website: text(),
  emailAddress: text(),
  employeeCount: amount(),
  /** Ten digits; the form shows it 3-3-4. */
  phoneNumber: text(),
  riskRating: z.enum(RISK_RATINGS).nullable(),
  /** DD/MM. */
  endOfFinancialYear: text(),
  legalFormId: z.string(),
  statusId: z.string(),
  activityAreaId: z.string(),
  overseeingUserId: text(),
  /** The overseeing user's name for the form, and whether they were archived since (issue 12.12). */
  overseeingUser: z.object({ id: z.string(), fullName: z.string(), archived: z.boolean() }).nullable(),
  address: companyAddressSchema,
  owners: z.array(ownerSchema),
  presentation: companyPresentationSchema.nullable(),
  /** By insertion, oldest first (SPEC §9). */
  financialStatements: z.array(financialStatementSchema),
  /** By insertion, oldest first (SPEC §9). */
  financialContributions: z.array(financialContributionSchema),
  /** In the order chosen with up/down. */
  blocks: z.array(blockSchema),
  archivedAt: text(),
  lockVersion: z.number().int(),
  insertedAt: z.string(),
  updatedAt: z.string(),
});

/** One card of `GET /companies`. */
export const companySummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  referenceNumber: z.string(),
  avatarUrl: text(),
  status: companyStatusSchema,
  archivedAt: text(),
});
