import type { WebCatalogKey } from '../i18n/keys';
import { z } from 'zod';
import { COMPANY_LIMITS, isRiskRating, type RiskRating } from '../companies';
import { DATE_MAX_YEAR, DATE_MIN_YEAR, EMAIL_MAX_LENGTH, isYearInRange } from '../constants';
import { GUID, V, multilineText, singleLine, withParams, wrongValue } from './common';

/**
 * The field builders of docs/SPEC.md §5 "Company" (numbers as an input holds them, money, zip codes, phones, dates…),
 * apart from the schemas they build (company.ts). Generic rules of every form stay in common.ts.
 *
 * Form-friendly on the way in: numeric fields take what an input holds (a string, possibly empty) or
 * the number the API answered; an empty string means "absent". On the way out, numbers are numbers,
 * absent is null, zip codes read `A1A 1A1`, phone numbers are 10 digits, dates are YYYY-MM-DD.
 * Which fields use the money message: docs/decisions/0004-company-money-fields.md.
 */

/** i18n keys of the company rules, next to the generic ones of `V`. */
export const CV = {
  zipCode: 'errors.validations.zipCode',
  dayMonth: 'errors.validations.dayMonth',
  phoneNumber: 'errors.validations.phoneNumber',
  number: 'errors.validations.number',
  money: 'errors.validations.money',
  year: 'errors.validations.year',
  tooSmall: 'errors.validations.tooSmall',
  tooLarge: 'errors.validations.tooLarge',
  date: 'errors.validations.date',
  /** A real day outside DATE_MIN_YEAR–DATE_MAX_YEAR (`dateRange` gives the message with its bounds). */
  dateRange: 'errors.validations.dateRange',
  /** More decimals than the column keeps: refused rather than rounded away (`{{max}}`). */
  decimals: 'errors.validations.decimals',
  tooMany: 'errors.validations.tooMany',
  /** Answered by the API only: the id is well formed but names nothing (a lookup, a part of another company). */
  unknownChoice: 'errors.validations.unknownChoice',
  /** Answered by the API only: the overseeing user is invited or disabled. */
  inactiveUser: 'errors.validations.inactiveUser',
  /** Answered by the API only: `avatar_file_name` names no uploaded file. */
  uploadMissing: 'errors.validations.uploadMissing',
  /** Answered by the API only: the avatar is over {{max}} or not an image. */
  fileSize: 'errors.validations.fileSize',
  fileType: 'errors.validations.fileType',
} as const satisfies Record<string, WebCatalogKey>;

const isBlank = (value: unknown): value is null | undefined | '' =>
  value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

/** Spaces, including the no-break spaces of French number formatting (`1 234,56`). */
const SPACES = /[\s\u00a0\u202f]/g;

/** What a text or number input holds, or the number the API answered. */
const scalar = (message: string) => z.union([z.string(), z.number()], { error: message }).nullish();

interface NumberRule {
  /** For anything that is not a number the field takes (docs/SPEC.md §5's message): not a number, or not whole. */
  message: string;
  integer?: boolean;
  /** At most two decimals, else CV.money. */
  money?: boolean;
  /** At most this many decimals (what the column keeps), else CV.decimals: never rounded silently. */
  decimals?: number;
  min?: number;
  max?: number;
}

/** Parsed number and its count of decimals; undefined when the text is not a plain decimal number. */
function parseDecimal(value: string | number): { value: number; decimals: number } | undefined {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return undefined;
    const fraction = /\.(\d+)$/.exec(String(value))?.[1] ?? '';
    return { value, decimals: fraction.length };
  }
  // Both decimal separators are accepted ("typing accepts both"); grouping is not,
  // because "1,234" would be ambiguous.
  const compact = value.replace(SPACES, '');
  const match = /^([+-]?\d*)(?:[.,](\d*))?$/.exec(compact);
  if (!match || !/\d/.test(compact)) return undefined;
  const parsed = Number(`${match[1]}.${match[2] ?? ''}`.replace(/\.$/, ''));
  return Number.isFinite(parsed) ? { value: parsed, decimals: (match[2] ?? '').length } : undefined;
}

export const optionalNumber = (rule: NumberRule) =>
  scalar(rule.message).transform((value, ctx): number | null => {
    if (isBlank(value)) return null;
    const parsed = parseDecimal(value);
    const fail = (message: string) => {
      ctx.addIssue({ code: 'custom', message, input: value });
      return z.NEVER;
    };
    if (!parsed) return fail(rule.message);
    // A count or months given with a fraction is not one of the numbers the field takes: docs/SPEC.md §5's own words.
    if (rule.integer && !Number.isInteger(parsed.value)) return fail(rule.message);
    if (rule.money && parsed.decimals > 2) return fail(CV.money);
    if (rule.decimals !== undefined && parsed.decimals > rule.decimals) {
      return fail(withParams(CV.decimals, { max: rule.decimals }));
    }
    if (rule.min !== undefined && parsed.value < rule.min) return fail(withParams(CV.tooSmall, { min: rule.min }));
    if (rule.max !== undefined && parsed.value > rule.max) return fail(withParams(CV.tooLarge, { max: rule.max }));
    return parsed.value;
  });

/** Within numeric(15,2). */
export const MONEY_MAX = 999_999_999_999.99;
export const money = (message: string, min: number) => optionalNumber({ message, money: true, min, max: MONEY_MAX });
export const months = () => optionalNumber({ message: CV.number, integer: true, min: 0, max: 1200 });
/** A percentage kept with `decimals` decimals (its column's scale: numeric(7,3) for rates, (5,2) for shares). */
export const percentage = (decimals: number) => optionalNumber({ message: CV.number, min: 0, max: 100, decimals });

/** Money that must be given and be more than 0 (an amount paid out or received), at most two decimals. */
export const positiveMoney = () =>
  optionalNumber({ message: CV.money, money: true, min: 0.01, max: MONEY_MAX }).transform((value, ctx): number => {
    if (value === null) {
      ctx.addIssue({ code: 'custom', message: V.required, input: value });
      return z.NEVER;
    }
    return value;
  });

/** A single-line field of the company (names, cities…); blank is null. */
export const optionalText = (max: number = COMPANY_LIMITS.textLength) =>
  singleLine(max)
    .nullish()
    .transform((value) => (value ? value : null));

/** Free text over several lines (notes, presentation); blank is null. */
export const longText = () =>
  multilineText(COMPANY_LIMITS.longTextLength)
    .nullish()
    .transform((value) => (value ? value : null));

/** An http(s) address: anything else would be a broken or dangerous link on the company page. */
export const webAddress = () =>
  optionalText().transform((value, ctx): string | null => {
    if (value === null) return null;
    let url: URL | undefined;
    try {
      url = new URL(value);
    } catch {
      url = undefined;
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') {
      ctx.addIssue({ code: 'custom', message: V.webAddress, input: value });
      return z.NEVER;
    }
    return value;
  });

export const optionalEmail = () =>
  z
    .string({ error: wrongValue })
    .trim()
    .max(EMAIL_MAX_LENGTH, { error: withParams(V.tooLong, { max: EMAIL_MAX_LENGTH }) })
    .nullish()
    .transform((value, ctx): string | null => {
      if (!value) return null;
      if (!z.email().safeParse(value).success) {
        ctx.addIssue({ code: 'custom', message: V.email, input: value });
        return z.NEVER;
      }
      return value.toLowerCase();
    });

const ZIP_CODE = /^([A-Z]\d[A-Z]) ?(\d[A-Z]\d)$/i;

/** Canadian postal pattern: letter digit letter, optional space, digit letter digit; answered as `A1A 1A1`. */
const normalZipCode = (value: string) => {
  const match = ZIP_CODE.exec(value.trim());
  return match ? `${match[1]} ${match[2]}`.toUpperCase() : undefined;
};

export const requiredZipCode = () =>
  z
    .string({ error: wrongValue })
    .nullish()
    .transform((value, ctx): string => {
      const zip = isBlank(value) ? undefined : normalZipCode(value);
      if (!zip) ctx.addIssue({ code: 'custom', message: isBlank(value) ? V.required : CV.zipCode, input: value });
      return zip ?? z.NEVER;
    });

export const optionalZipCode = () =>
  z
    .string({ error: wrongValue })
    .nullish()
    .transform((value, ctx): string | null => {
      if (isBlank(value)) return null;
      const zip = normalZipCode(value);
      if (!zip) ctx.addIssue({ code: 'custom', message: CV.zipCode, input: value });
      return zip ?? z.NEVER;
    });

/** An optional choice ('none' is an empty value). */
export const optionalId = () =>
  z
    .string({ error: wrongValue })
    .nullish()
    .transform((value, ctx): string | null => {
      if (isBlank(value)) return null;
      if (!GUID.test(value.trim())) {
        ctx.addIssue({ code: 'custom', message: V.invalid, input: value });
        return z.NEVER;
      }
      return value.trim().toLowerCase();
    });

/** A letter of the risk scale (ADR 0032), in either case, or none (blank). */
export const riskRating = () =>
  z
    .string({ error: wrongValue })
    .nullish()
    .transform((value, ctx): RiskRating | null => {
      if (isBlank(value)) return null;
      const letter = value.trim().toUpperCase();
      if (isRiskRating(letter)) return letter;
      ctx.addIssue({ code: 'custom', message: V.notAChoice, input: value });
      return z.NEVER;
    });

/** The id of a part: present when the part was read from the API, absent for a new one. */
export const partId = () => optionalId().transform((value) => value ?? undefined);

/** Ten digits once the 3-3-4 formatting (spaces, dashes, dots, parentheses) is taken out. */
export const phoneNumber = () =>
  scalar(CV.phoneNumber).transform((value, ctx): string | null => {
    if (isBlank(value)) return null;
    const compact = String(value).replace(/[\s().-]/g, '');
    let valid = true;
    if (!/^\d*$/.test(compact)) {
      ctx.addIssue({ code: 'custom', message: CV.number, input: value });
      valid = false;
    }
    if (compact.length !== 10) {
      ctx.addIssue({ code: 'custom', message: CV.phoneNumber, input: value });
      valid = false;
    }
    return valid ? compact : z.NEVER;
  });

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** DD/MM, slash optional, day 01-31 (and within the month: 29 in February), month 01-12. */
export const dayMonth = () =>
  z
    .string({ error: wrongValue })
    .nullish()
    .transform((value, ctx): string | null => {
      if (isBlank(value)) return null;
      const match = /^(0[1-9]|[12]\d|3[01])\/?(0[1-9]|1[0-2])$/.exec(value.trim());
      if (!match || Number(match[1]) > (DAYS_IN_MONTH[Number(match[2]) - 1] ?? 0)) {
        ctx.addIssue({ code: 'custom', message: CV.dayMonth, input: value });
        return z.NEVER;
      }
      return `${match[1]}/${match[2]}`;
    });

/** Exactly four digits. */
export const year = () =>
  scalar(CV.year).transform((value, ctx): number | null => {
    if (isBlank(value)) return null;
    const text = String(value).trim();
    if (!/^\d{4}$/.test(text)) {
      ctx.addIssue({ code: 'custom', message: CV.year, input: value });
      return z.NEVER;
    }
    return Number(text);
  });

const pad = (n: number) => String(n).padStart(2, '0');

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_WITH_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:T[\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** The message of a day outside the product's years. */
export const DATE_RANGE_MESSAGE = withParams(CV.dateRange, { min: DATE_MIN_YEAR, max: DATE_MAX_YEAR });

/**
 * A calendar day from what a field holds: YYYY-MM-DD (with `withTime`, a longer ISO string is cut to its date) or
 * a Date from a picker. The day as text, or the message of what is wrong: not a real day (`dateMessage`), or
 * outside DATE_MIN_YEAR–DATE_MAX_YEAR. Every date field of the product reads its value here.
 */
export function readCalendarDay(
  value: string | Date,
  { withTime = true, dateMessage = CV.date }: { withTime?: boolean; dateMessage?: string } = {},
): { value: string } | { error: string } {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return { error: dateMessage };
    const day = `${String(value.getFullYear()).padStart(4, '0')}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
    return isYearInRange(day) ? { value: day } : { error: DATE_RANGE_MESSAGE };
  }
  const match = (withTime ? DAY_WITH_TIME : DAY).exec(value.trim());
  if (!match) return { error: dateMessage };
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) {
    return { error: dateMessage };
  }
  const day = `${match[1]}-${match[2]}-${match[3]}`;
  return isYearInRange(day) ? { value: day } : { error: DATE_RANGE_MESSAGE };
}

/** A nullable calendar date (see `readCalendarDay`); blank is null. */
export const nullableDate = () =>
  z
    .union([z.string(), z.date()], { error: CV.date })
    .nullish()
    .transform((value, ctx): string | null => {
      if (isBlank(value)) return null;
      const day = readCalendarDay(value);
      if ('error' in day) {
        ctx.addIssue({ code: 'custom', message: day.error, input: value });
        return z.NEVER;
      }
      return day.value;
    });

/** A calendar date that must be given (see `readCalendarDay`). */
export const requiredDate = () =>
  nullableDate().transform((value, ctx): string => {
    if (value === null) {
      ctx.addIssue({ code: 'custom', message: V.required, input: value });
      return z.NEVER;
    }
    return value;
  });

export const list = <T extends z.ZodType>(item: T, max: number) =>
  z
    .array(item, { error: wrongValue })
    .max(max, { error: withParams(CV.tooMany, { max }) })
    .nullish()
    .transform((items) => items ?? []);
