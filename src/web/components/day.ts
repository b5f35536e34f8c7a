import type { Locale } from '../../shared/constants';
import { dateFormat, INTL_LOCALES } from '../../shared/intl';

/**
 * Calendar days as typed and shown in the app's language, not the browser's (ADR 0017,
 * docs/decisions/0017). The form keeps `YYYY-MM-DD`; the field shows "23 novembre 2026" /
 * "November 23, 2026" and reads what people type: the ISO form, the numeric one of the language
 * (day first in French, month first in English unless the first number cannot be a month), eight
 * digits, a day and month alone (this year), or the long form with a month name.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DD` when the three numbers make a real day, otherwise null (31/02 is no day). */
function isoOf(year: number, month: number, day: number): string | null {
  if (year < 1000 || year > 9999 || month < 1 || month > 12 || day < 1) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\.$/, '');

/** Month names of both languages, folded: a name typed in either one is understood. */
const MONTH_NAMES: string[][] = Array.from({ length: 12 }, (_, index) =>
  Object.values(INTL_LOCALES).map((locale) =>
    fold(new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' }).format(Date.UTC(2000, index, 1))),
  ),
);

/** The month a name or its first three letters or more designate ("nov", "févr", "December"). */
function monthOf(name: string): number | null {
  const folded = fold(name);
  if (folded.length < 3) return null;
  const index = MONTH_NAMES.findIndex((names) => names.some((full) => full.startsWith(folded)));
  return index === -1 ? null : index + 1;
}

const fullYear = (text: string) => (text.length === 2 ? 2000 + Number(text) : Number(text));

/** What was typed, as `YYYY-MM-DD`, or null when it reads as no day. `today` fills a missing year. */
export function parseDay(text: string, locale: Locale, today = new Date()): string | null {
  const value = text.trim().replace(/\s+/g, ' ');
  if (value === '') return null;
  let match = /^(\d{4})[-/. ](\d{1,2})[-/. ](\d{1,2})$/.exec(value);
  if (match) return isoOf(Number(match[1]), Number(match[2]), Number(match[3]));
  match = /^(\d{4})(\d{2})(\d{2})$/.exec(value);
  if (match) return isoOf(Number(match[1]), Number(match[2]), Number(match[3]));
  match = /^(\d{1,2})[-/. ](\d{1,2})(?:[-/. ](\d{4}|\d{2}))?$/.exec(value);
  if (match) {
    const first = Number(match[1]);
    const second = Number(match[2]);
    const year = match[3] ? fullYear(match[3]) : today.getFullYear();
    const dayFirst = locale === 'fr' || first > 12;
    return dayFirst ? isoOf(year, second, first) : isoOf(year, first, second);
  }
  // "23 novembre 2026", "1er mars 2025", "23 nov."
  match = /^(\d{1,2})(?:er)? ([\p{L}.]+)(?: (\d{4}))?$/u.exec(value);
  if (match) {
    const month = monthOf(match[2]!);
    return month ? isoOf(match[3] ? Number(match[3]) : today.getFullYear(), month, Number(match[1])) : null;
  }
  // "November 23, 2026", "Nov 23"
  match = /^([\p{L}.]+) (\d{1,2}),?(?: (\d{4}))?$/u.exec(value);
  if (match) {
    const month = monthOf(match[1]!);
    return month ? isoOf(match[3] ? Number(match[3]) : today.getFullYear(), month, Number(match[2])) : null;
  }
  return null;
}

/** "2025-03-14" → "14 mars 2025" / "March 14, 2025"; a calendar day, so no time zone may shift it. */
export function formatDay(day: string, locale: Locale): string {
  const [y, m, d] = day.split('-').map(Number);
  return dateFormat(locale, { dateStyle: 'long' }).format(new Date(y!, m! - 1, d!));
}

/** Today as a date field wants it: the browser's calendar day, not UTC's. */
export function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
