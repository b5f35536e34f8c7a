/** Business constants of docs/SPEC.md §9, shared by the API and the SPA. */
export const LOCALES = ['fr', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'fr';

export const ROLES = ['admin', 'user'] as const;
export type Role = (typeof ROLES)[number];

export const USER_STATUSES = ['invited', 'active', 'disabled'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const PAGE_SIZES = [10, 25, 50] as const;
export const DEFAULT_PAGE_SIZE = 10;

export const TOAST_DURATION_MS = 5000;
export const SEARCH_DEBOUNCE_MS = 500;
export const EVENTS_SEARCH_DEBOUNCE_MS = 200;

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const ALLOWED_DOCUMENT_TYPES = ['application/pdf', 'image/jpeg'] as const;
/** A Word document: what a letter generated from the body's own model is (ADR 0074); never uploaded by hand. */
export const DOCX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
/** Every type a company document may have: those uploaded, and the letters Atrium writes. */
export const STORED_DOCUMENT_TYPES = [...ALLOWED_DOCUMENT_TYPES, DOCX_CONTENT_TYPE] as const;

export const PASSWORD_MIN_LENGTH = 8;
/** Generous bounds on free text so a hostile client cannot store megabytes in a name. */
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;
export const PASSWORD_MAX_LENGTH = 200;

/** localStorage keys (docs/SPEC.md §4, §9). */
export const STORAGE_KEYS = {
  token: 'token',
  locale: 'locale',
  currentCompanyId: 'currentCompanyId',
} as const;

/**
 * Every date of the product lies in these years (docs/decisions/0036): a typing slip such as 9999-12-31 would otherwise be
 * stored, and a loan dated so gave schedule dates like "+010000-01". Wide enough for any real company or loan.
 */
export const DATE_MIN_YEAR = 1900;
export const DATE_MAX_YEAR = 2100;

/** Whether a `YYYY-MM-DD` date's year lies within DATE_MIN_YEAR–DATE_MAX_YEAR. */
export const isYearInRange = (date: string): boolean => {
  const year = Number(date.slice(0, 4));
  return date.length === 10 && year >= DATE_MIN_YEAR && year <= DATE_MAX_YEAR;
};
