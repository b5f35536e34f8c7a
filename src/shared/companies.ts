/**
 * Companies and lookups as both sides see them: constants and the camelCase shapes of API answers
 * (the wire spells the same keys in snake_case).
 */
import type { z } from 'zod';
import type { companyStatusSchema, documentCategorySchema, lookupSchema, municipalitySchema } from './schemas/lookups';
import type { presignedUploadSchema } from './schemas/assets';

export const BLOCK_TYPES = ['notes', 'defaultOfPayment'] as const;
export type BlockType = (typeof BLOCK_TYPES)[number];

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

/** SPEC §2/§9: the avatar is cropped to a square at 90 % of the smaller side, then saved as a 200 px JPEG. */
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

/** Lookups (SPEC §3), as `src/shared/schemas/lookups.ts` declares them for the API contract. */
export type Lookup = z.infer<typeof lookupSchema>;
export type Municipality = z.infer<typeof municipalitySchema>;
export type CompanyStatus = z.infer<typeof companyStatusSchema>;
export type DocumentCategory = z.infer<typeof documentCategorySchema>;

export interface CompanyAddress {
  id: string;
  address: string;
  zipCode: string;
  municipalityId: string;
}

export interface Owner {
  id: string;
  name: string;
  phoneNumber: string | null;
  sharesPercentage: number | null;
  address: string | null;
  city: string | null;
  zipCode: string | null;
}

export interface CompanyPresentation {
  id: string;
  highlights: string | null;
  products: string | null;
  market: string | null;
  management: string | null;
}

export interface FinancialStatement {
  id: string;
  year: number | null;
  sales: number | null;
  grossProfit: number | null;
  netProfit: number | null;
  currentAssets: number | null;
  totalAssets: number | null;
  currentLiabilities: number | null;
  holdings: number | null;
  fundsGenerated: number | null;
  debtService: number | null;
  insertedAt: string;
}

export interface FinancialContribution {
  id: string;
  contributionFundId: string;
  amount: number | null;
  rate: number | null;
  amortization: number | null;
  moratorium: number | null;
  refund: number | null;
  warrantyId: string | null;
  /** YYYY-MM-DD. */
  authorizationDate: string | null;
  followupDate: string | null;
  expectedEndDate: string | null;
  projectName: string | null;
  projectCost: number | null;
  insertedAt: string;
}

export interface Block {
  id: string;
  blockType: BlockType;
  content: string | null;
}

/** `GET /companies/:id` and the answer of every write. */
export interface Company {
  id: string;
  name: string;
  referenceNumber: string;
  avatarFileName: string | null;
  /** A signed, expiring URL of the avatar; null without one. */
  avatarUrl: string | null;
  website: string | null;
  emailAddress: string | null;
  employeeCount: number | null;
  /** Ten digits; the form shows it 3-3-4. */
  phoneNumber: string | null;
  riskRating: string | null;
  /** DD/MM. */
  endOfFinancialYear: string | null;
  legalFormId: string;
  statusId: string;
  activityAreaId: string;
  overseeingUserId: string | null;
  /** The overseeing user's name for the form, and whether they were archived since (issue 12.12). */
  overseeingUser: { id: string; fullName: string; archived: boolean } | null;
  address: CompanyAddress;
  owners: Owner[];
  presentation: CompanyPresentation | null;
  /** By insertion, oldest first (SPEC §9). */
  financialStatements: FinancialStatement[];
  /** By insertion, oldest first (SPEC §9). */
  financialContributions: FinancialContribution[];
  /** In the order chosen with up/down. */
  blocks: Block[];
  archivedAt: string | null;
  lockVersion: number;
  insertedAt: string;
  updatedAt: string;
}

/** One card of `GET /companies`. */
export interface CompanySummary {
  id: string;
  name: string;
  referenceNumber: string;
  avatarUrl: string | null;
  status: CompanyStatus;
  archivedAt: string | null;
}

/** `POST /assets/s3_presigned_url`: PUT the file to `url` with header `content-type: contentType`. */
export type PresignedUpload = z.infer<typeof presignedUploadSchema>;
