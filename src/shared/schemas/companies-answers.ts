import { z } from 'zod';
import {
  ADDRESS_FIELDS,
  BLOCK_FIELDS,
  COMPANY_FIELDS,
  CONTRIBUTION_FIELDS,
  OWNER_FIELDS,
  PRESENTATION_FIELDS,
  STATEMENT_FIELDS,
} from './company';
import { companyStatusSchema } from './lookups';
import { answerShape, type FieldMap } from './record-fields';

/**
 * Answers of the companies calls (SPEC §7), camelCase; `src/shared/companies.ts` derives its types from them. The
 * fields of a company and of its parts are answered as their field maps say (`./company`, ADR 0031).
 */
const text = () => z.string().nullable();

const part = <M extends FieldMap>(map: M) => z.object({ id: z.string(), ...answerShape(map) });
/** Statements and contributions also say when they were added: they are listed in that order (SPEC §9). */
const datedPart = <M extends FieldMap>(map: M) => part(map).extend({ insertedAt: z.string() });

export const companyAddressSchema = part(ADDRESS_FIELDS);
export const ownerSchema = part(OWNER_FIELDS);
export const companyPresentationSchema = part(PRESENTATION_FIELDS);
export const financialStatementSchema = datedPart(STATEMENT_FIELDS);
export const financialContributionSchema = datedPart(CONTRIBUTION_FIELDS);
export const blockSchema = part(BLOCK_FIELDS);

/** `GET /companies/:id` and the answer of every write: the company's fields (COMPANY_FIELDS) and its parts. */
export const companyAnswerSchema = z.object({
  id: z.string(),
  referenceNumber: z.string(),
  ...answerShape(COMPANY_FIELDS),
  /** A signed, expiring URL of the avatar; null without one. */
  avatarUrl: text(),
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
