/**
 * Companies and lookups as both sides see them: constants and the camelCase shapes of API answers
 * (the wire spells the same keys in snake_case).
 */
import type { z } from 'zod';
import type {
  blockSchema,
  companyAddressSchema,
  companyAnswerSchema,
  companyLiveLoanSchema,
  companyPresentationSchema,
  companySummarySchema,
  financialContributionSchema,
  financialStatementSchema,
  ownerSchema,
} from './schemas/companies-answers';
import type { companyStatusSchema, documentCategorySchema, lookupSchema, municipalitySchema } from './schemas/lookups';
import type { presignedUploadSchema } from './schemas/assets';

export const BLOCK_TYPES = ['notes', 'defaultOfPayment'] as const;
export type BlockType = (typeof BLOCK_TYPES)[number];

/**
 * A company's risk rating (ADR 0032): a letter of this scale, A the lowest risk, or none. What a letter is
 * called, in each language, is in the catalogs under `riskRatingKey`.
 */
export const RISK_RATINGS = ['A', 'B', 'C', 'D'] as const;
export type RiskRating = (typeof RISK_RATINGS)[number];
export const isRiskRating = (value: unknown): value is RiskRating => RISK_RATINGS.includes(value as RiskRating);
/** The catalog key naming a rating ("B – Moyen", "B – Medium"), or no rating ("Non cotée", "Not rated"). */
export const riskRatingKey = (rating: RiskRating | null) => `companies.riskRatings.${rating ?? 'none'}` as const;

/** camelCase fields `GET /companies` sorts on (`sort=name,-inserted_at` on the wire). */
export const COMPANY_SORT_FIELDS = ['name', 'referenceNumber', 'insertedAt', 'updatedAt'] as const;
export type CompanySortField = (typeof COMPANY_SORT_FIELDS)[number];

/** What `POST /assets/s3_presigned_url` accepts, and the content type the upload must then carry. */
export const UPLOAD_CONTENT_TYPES = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  pdf: 'application/pdf',
} as const;
export type UploadExtension = keyof typeof UPLOAD_CONTENT_TYPES;
export const UPLOAD_EXTENSIONS = Object.keys(UPLOAD_CONTENT_TYPES) as UploadExtension[];

/** docs/SPEC.md §2/§9: the avatar is cropped to a square at 90 % of the smaller side, then saved as a 200 px JPEG. */
export const AVATAR_SIZE_PX = 200;
export const AVATAR_CROP_RATIO = 0.9;

/** Bounds on the repeatable parts, so that one save stays one reasonable transaction. */
export const COMPANY_LIMITS = {
  owners: 50,
  financialStatements: 100,
  financialContributions: 100,
  blocks: 100,
  nameLength: 200,
  textLength: 200,
  longTextLength: 20_000,
} as const;

/** Lookups (docs/SPEC.md §3), as `src/shared/schemas/lookups.ts` declares them for the API contract. */
export type Lookup = z.infer<typeof lookupSchema>;
export type Municipality = z.infer<typeof municipalitySchema>;
export type CompanyStatus = z.infer<typeof companyStatusSchema>;
export type DocumentCategory = z.infer<typeof documentCategorySchema>;

/** The answers of the companies calls, as `src/shared/schemas/companies-answers.ts` declares them. */
export type CompanyAddress = z.infer<typeof companyAddressSchema>;
export type Owner = z.infer<typeof ownerSchema>;
export type CompanyPresentation = z.infer<typeof companyPresentationSchema>;
export type FinancialStatement = z.infer<typeof financialStatementSchema>;
export type FinancialContribution = z.infer<typeof financialContributionSchema>;
export type Block = z.infer<typeof blockSchema>;
/** `GET /companies/:id` and the answer of every write. */
export type Company = z.infer<typeof companyAnswerSchema>;
/** One card of `GET /companies`. */
export type CompanySummary = z.infer<typeof companySummarySchema>;
/** A loan still holding money, which archiving its company names first (the archive dialog's list, and the 409 `company_has_live_loans`'s detail). */
export type CompanyLiveLoan = z.infer<typeof companyLiveLoanSchema>;

/** `POST /assets/s3_presigned_url`: PUT the file to `url` with header `content-type: contentType`. */
export type PresignedUpload = z.infer<typeof presignedUploadSchema>;
