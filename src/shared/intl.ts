import type { Locale } from './constants';

/** The Intl locale of each language of the app: Canadian French and English. */
export const INTL_LOCALES: Record<Locale, string> = { fr: 'fr-CA', en: 'en-CA' };

/*
 * Formatters are made once per language and options, then reused (ADR 0029): making one costs 0.05–0.1 ms,
 * which an answer formatting dozens of amounts, dates or numbers (an events timeline, a schedule, an export)
 * paid for each of them. The options are written in code, so the maps stay small.
 */
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

export function numberFormat(locale: Locale, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${locale}${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(INTL_LOCALES[locale], options)));
  return format;
}

export function dateFormat(locale: Locale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) dateFormats.set(key, (format = new Intl.DateTimeFormat(INTL_LOCALES[locale], options)));
  return format;
}

/** Dollars as the locale writes them: `1 234,56 $` / `$1,234.56`. */
export const formatMoney = (value: number, locale: Locale): string =>
  numberFormat(locale, { style: 'currency', currency: 'CAD' }).format(value);

/** Whole dollars, compact, for chart axes and bars: `1,2 M$` / `$1.2M`. */
export const formatCompactMoney = (value: number, locale: Locale): string =>
  numberFormat(locale, { style: 'currency', currency: 'CAD', notation: 'compact' }).format(value);

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
