import { z } from 'zod';
import { GUARANTEE_KINDS, GUARANTEE_REGISTRIES, GUARANTEE_STATES } from '../guarantees/types';
import { day, instant, listMetaSchema, money } from './answer-parts';

/*
 * Answers of the guarantees calls (docs/decisions/0072), camelCase as the web client reads them. Money in dollars,
 * days YYYY-MM-DD. Coverage is a ratio (0.75 = 75 %), null when nothing is owed.
 */

export const guaranteeSchema = z.object({
  id: z.string(),
  companyId: z.string(),
  contributionId: z.string(),
  loanNumber: z.string(),
  kind: z.enum(GUARANTEE_KINDS),
  guarantorOwnerId: z.string().nullable(),
  guarantorName: z.string().nullable(),
  guarantorAddress: z.string().nullable(),
  amount: money().nullable(),
  sharePercent: z.number().nullable(),
  rank: z.number().int().nullable(),
  property: z.string().nullable(),
  registry: z.enum(GUARANTEE_REGISTRIES),
  registrationNumber: z.string().nullable(),
  signedOn: day().nullable(),
  registeredOn: day().nullable(),
  expiresOn: day().nullable(),
  deedDocumentId: z.string().nullable(),
  deedDocumentName: z.string().nullable(),
  state: z.enum(GUARANTEE_STATES),
  toComplete: z.boolean(),
  releasedOn: day().nullable(),
  releaseReason: z.string().nullable(),
  assetSoldOn: day().nullable(),
  assetSoldNote: z.string().nullable(),
  /** The day the hypothec is to be published by, while signed and not registered. */
  publishBy: day().nullable(),
  /** The day the conservation notice is due, after a recorded sale while the guarantee holds. */
  conservationBy: day().nullable(),
  lockVersion: z.number().int(),
  insertedAt: instant(),
  updatedAt: instant(),
});
export type GuaranteeAnswer = z.infer<typeof guaranteeSchema>;

/** `meta` of a loan's guarantees: the loan's coverage and what it owes. */
export const guaranteesMetaSchema = z.object({
  totalCount: z.number().int(),
  coverage: z.number().nullable(),
  outstandingPrincipal: money(),
});
export const guaranteeMetaSchema = z.object({ coverage: z.number().nullable() });

/** A row of the portfolio's list: the guarantee, its company and fund, and its loan's coverage. */
export const portfolioGuaranteeSchema = guaranteeSchema.extend({
  companyName: z.string(),
  fundId: z.string(),
  fundName: z.string(),
  loanCoverage: z.number().nullable(),
});
export type PortfolioGuarantee = z.infer<typeof portfolioGuaranteeSchema>;
export const portfolioGuaranteesMetaSchema = listMetaSchema;
