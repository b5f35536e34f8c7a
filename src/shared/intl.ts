import type { Locale } from './constants';

/** The Intl locale of each language of the app: Canadian French and English. */
export const INTL_LOCALES: Record<Locale, string> = { fr: 'fr-CA', en: 'en-CA' };

/*
 * Formatters are made once per language and options, then reused (ADR 0029): making one costs 0.05–0.1 ms,
 * which an answer formatting dozens of amounts, dates or numbers (an events timeline, a schedule, an export)
 * paid for each of them. The options are written in code, so the maps stay small.
 */
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, DateFormat>();

/** What the app formats dates with: `format`, which writes French dates as Québec does ("1er mars 2026"). */
export interface DateFormat {
  format(date?: Date | number): string;
}

export function numberFormat(locale: Locale, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${locale}${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(INTL_LOCALES[locale], options)));
  return format;
}

export function dateFormat(locale: Locale, options: Intl.DateTimeFormatOptions): DateFormat {
  const key = `${locale}${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) dateFormats.set(key, (format = makeDateFormat(locale, options)));
  return format;
}

/**
 * French writes the first of a month as an ordinal — "1er mars 2026", "le 1er juillet" — and every other day as a
 * cardinal; Intl writes "1 mars". Only a day beside a month in words takes it: "01/03/2026" stays as it is.
 */
function makeDateFormat(locale: Locale, options: Intl.DateTimeFormatOptions): DateFormat {
  const intl = new Intl.DateTimeFormat(INTL_LOCALES[locale], options);
  if (locale !== 'fr') return intl;
  return {
    format(date) {
      const parts = intl.formatToParts(date);
      const monthInWords = parts.some((part) => part.type === 'month' && !/^\d+$/.test(part.value));
      if (!monthInWords) return intl.format(date);
      return parts.map((part) => (part.type === 'day' && part.value === '1' ? '1er' : part.value)).join('');
    },
  };
}

/** Dollars as the locale writes them: `1 234,56 $` / `$1,234.56`. */
export const formatMoney = (value: number, locale: Locale): string =>
  numberFormat(locale, { style: 'currency', currency: 'CAD' }).format(value);

/**
 * An amount as a form field opens with it, ready to edit: `40 000,00` in French, `40000.00` in English (the
 * fields read both decimal separators, so an English thousands comma would be ambiguous and is left out).
 */
export const formatAmountInput = (value: number, locale: Locale): string =>
  locale === 'fr'
    ? numberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value)
    : value.toFixed(2);

/** Whole dollars, compact, for chart axes and bars: `1,2 M$` / `$1.2M`. */
export const formatCompactMoney = (value: number, locale: Locale): string =>
  numberFormat(locale, { style: 'currency', currency: 'CAD', notation: 'compact' }).format(value);

/**
 * A number of percent (50 for half) as the language writes it: `50 %` (a no-break space) / `50%`; at most
 * `digits` decimals. The one way a figure already in percent is written; `formatPercent` takes a share of 1.
 */
export const formatPercentValue = (value: number, locale: Locale, digits = 3): string =>
  numberFormat(locale, { style: 'percent', maximumFractionDigits: digits }).format(value / 100);

/** A share of 1 as a percentage, to a tenth: `12,3 %` / `12.3%`. */
export const formatPercent = (value: number, locale: Locale): string =>
  numberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(value);

/** An instant (ISO 8601) with its day and time: `25 novembre 2026 à 14 h 05` / `November 25, 2026 at 2:05 p.m.`. */
export const formatInstant = (iso: string, locale: Locale): string =>
  dateFormat(locale, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso));

const DAY_FORMAT: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' };

/** A calendar day (YYYY-MM-DD) as the reader writes it: "15 mars 2026" / "March 15, 2026"; null when it is none. */
export function formatDay(day: string, locale: Locale): string | null {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? null : dateFormat(locale, DAY_FORMAT).format(date);
}
