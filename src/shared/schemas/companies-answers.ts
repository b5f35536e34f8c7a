import { z } from 'zod';
import { COMPANY_MAPS as MAPS } from './company';
import { companyStatusSchema } from './lookups';
import { answerShape, type FieldMap } from './record-fields';

/**
 * Answers of the companies calls (docs/SPEC.md §7), camelCase; `src/shared/companies.ts` derives its types from them. The
 * fields of a company and of its parts are answered as their field maps say (`./company`, ADR 0031).
 */
const text = () => z.string().nullable();

const part = <M extends FieldMap>(map: M) => z.object({ id: z.string(), ...answerShape(map) });
/** Statements and contributions also say when they were added: they are listed in that order (docs/SPEC.md §9). */
const datedPart = <M extends FieldMap>(map: M) => part(map).extend({ insertedAt: z.string() });

export const companyAddressSchema = part(MAPS.address);
export const ownerSchema = part(MAPS.owner);
export const companyPresentationSchema = part(MAPS.presentation);
export const financialStatementSchema = datedPart(MAPS.statement);
export const financialContributionSchema = datedPart(MAPS.contribution).extend({
  /** The loan's number (C-2026-000123-01), as bank files and statements of account name it (docs/decisions/0036). */
  loanNumber: z.string(),
  /** No committee decision created it: typed in the company file (docs/decisions/0066). Read-only. */
  outsidePipeline: z.boolean(),
});
export const blockSchema = part(MAPS.block);

/** `GET /companies/:id` and the answer of every write: the company's fields (MAPS.company) and its parts. */
export const companyAnswerSchema = z.object({
  id: z.string(),
  referenceNumber: z.string(),
  ...answerShape(MAPS.company),
  /** A signed, expiring URL of the avatar; null without one. */
  avatarUrl: text(),
  /** The overseeing user's name for the form, and whether they were archived since. */
  overseeingUser: z.object({ id: z.string(), fullName: z.string(), archived: z.boolean() }).nullable(),
  address: companyAddressSchema,
  owners: z.array(ownerSchema),
  presentation: companyPresentationSchema.nullable(),
  /** By insertion, oldest first (docs/SPEC.md §9). */
  financialStatements: z.array(financialStatementSchema),
  /** By insertion, oldest first (docs/SPEC.md §9). */
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

/**
 * A company's loan still holding money, which archiving it names first
 * (docs/decisions/0060). Money in dollars, like every amount of the API.
 */
export const companyLiveLoanSchema = z.object({
  id: z.string(),
  loanNumber: z.string(),
  /** Outstanding principal today. */
  outstanding: z.number(),
});
