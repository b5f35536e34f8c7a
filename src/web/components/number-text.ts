import type { Locale } from '../../shared/constants';
import { formatMoney, numberFormat } from '../../shared/intl';

/**
 * How a form shows numbers and reads them back (the company form, the servicing forms). The shared schemas
 * are the judge of what is valid; these helpers only present values in the user's locale (`1 234,56 $` in
 * French, `$1,234.56` in English) and never hide a mistake: text they cannot read is left exactly as typed,
 * so the schema's message shows.
 */

/** What a numeric input holds: money (two decimals, grouped), a plain decimal, or a whole number. */
export type NumberKind = 'money' | 'decimal' | 'integer';

/** Spaces, including the no-break and narrow no-break spaces of French grouping. */
const SPACES = /[\s\u00a0\u202f]/g;
/** English grouping as formatMoneyInput writes it: `1,234.56`. Unambiguous because a dot follows. */
const EN_GROUPED = /^[+-]?\d{1,3}(?:,\d{3})+\.\d+$/;

/**
 * The text the schema should read: English-grouped amounts (`1,234.56`, which this form itself writes
 * on blur) lose their commas; everything else is left alone. `1,234` alone stays ambiguous and is left
 * to the schema, which reads the comma as a decimal separator (docs/decisions/0004 and 0009).
 */
export function normalizeNumberText(text: string): string {
  const compact = text.replace(SPACES, '').replace(/\u2212/g, '-');
  return EN_GROUPED.test(compact) ? compact.replace(/,/g, '') : text;
}

/** The number in a text, as the schema would read it after normalizeNumberText; undefined if none. */
export function parseNumberText(text: string): { value: number; decimals: number } | undefined {
  const compact = normalizeNumberText(text)
    .replace(SPACES, '')
    .replace(/\u2212/g, '-');
  const match = /^([+-]?\d*)(?:[.,](\d*))?$/.exec(compact);
  if (!match || !/\d/.test(compact)) return undefined;
  const value = Number(`${match[1]}.${match[2] ?? ''}`.replace(/\.$/, ''));
  return Number.isFinite(value) ? { value, decimals: (match[2] ?? '').length } : undefined;
}

/** An amount for reading: `1 234,56 $` / `$1,234.56` (shared/intl.ts). */
export { formatMoney };

/** The currency sign and the side the locale writes it on (`1 234,56 $`, `$1,234.56`), from Intl. */
export function currencySign(locale: Locale): { symbol: string; before: boolean } {
  const parts = numberFormat(locale, { style: 'currency', currency: 'CAD' }).formatToParts(1);
  const currency = parts.findIndex((part) => part.type === 'currency');
  const integer = parts.findIndex((part) => part.type === 'integer');
  return { symbol: parts[currency]?.value ?? '', before: currency < integer };
}

/**
 * The text an input shows for a number: grouped with two decimals for money (the currency sign is
 * drawn beside the input, so the text stays something the schema reads), the locale's decimal
 * separator for decimals, digits only for whole numbers.
 */
export function formatNumberInput(value: number, kind: NumberKind, locale: Locale): string {
  switch (kind) {
    case 'money':
      return numberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);
    case 'decimal':
      return numberFormat(locale, { maximumFractionDigits: 10, useGrouping: false }).format(value);
    case 'integer':
      return String(value);
  }
}

/**
 * What a numeric input shows after the user leaves it: the same number in the locale's format, or the
 * text untouched when it is not a number the field accepts (too many decimals for money, a fraction in
 * a whole-number field), so that rounding never hides the error.
 */
export function reformatNumberText(text: string, kind: NumberKind, locale: Locale): string {
  if (text.trim() === '') return '';
  const parsed = parseNumberText(text);
  if (!parsed) return text;
  if (kind === 'money' && parsed.decimals > 2) return text;
  if (kind === 'integer' && !Number.isInteger(parsed.value)) return text;
  return formatNumberInput(parsed.value, kind, locale);
}

/** A number from the API as the form starts with it; '' for none. */
export function numberToInput(value: number | null | undefined, kind: NumberKind, locale: Locale): string {
  return value === null || value === undefined ? '' : formatNumberInput(value, kind, locale);
}
