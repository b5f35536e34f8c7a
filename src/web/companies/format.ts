/**
 * How the company form shows phone numbers, postal codes and days of the year, and reads them back; its
 * numbers are written as every form writes them (components/number-text.ts). The shared schema
 * (src/shared/schemas/company.ts) is the judge of what is valid; text these helpers cannot read is left
 * exactly as typed, so the schema's message shows.
 */
export {
  currencySign,
  formatMoney,
  formatNumberInput,
  normalizeNumberText,
  numberToInput,
  parseNumberText,
  reformatNumberText,
  type NumberKind,
} from '../components/number-text';

/** What phone inputs may hold besides digits: the usual ways of writing a number. */
const PHONE_FORMATTING = /^[\d\s().+-]*$/;

/**
 * 3-3-4 with dashes as the user types (`418-555-0199`). Text with anything else than digits and the
 * usual separators is left as typed, so the schema can say it is not a number; extra digits stay in the
 * last group, so the schema can say there must be ten.
 */
export function formatPhone(text: string): string {
  if (!PHONE_FORMATTING.test(text)) return text;
  const digits = text.replace(/\D/g, '');
  if (digits.length <= 3) return digits;
  if (digits.length <= 6) return `${digits.slice(0, 3)}-${digits.slice(3)}`;
  return `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** `a1a1a1` → `A1A 1A1` once it is a valid Canadian postal code; anything else as typed. */
export function formatZipCode(text: string): string {
  const match = /^([a-z]\d[a-z]) ?(\d[a-z]\d)$/i.exec(text.trim());
  return match ? `${match[1]} ${match[2]}`.toUpperCase() : text;
}

/** `3112` → `31/12` once it reads as a day and a month; anything else as typed. */
export function formatDayMonth(text: string): string {
  const match = /^(0[1-9]|[12]\d|3[01])\/?(0[1-9]|1[0-2])$/.exec(text.trim());
  return match ? `${match[1]}/${match[2]}` : text;
}

/** Lower case without accents, for matching what is typed against names ("montreal" finds "Montréal"). */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
}
