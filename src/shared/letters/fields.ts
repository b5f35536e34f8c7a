/**
 * Letters from the body's own Word models (docs/decisions/0074): the kinds of model, the one catalog of merge
 * fields a model may name, the check of the fields a model names against it, and how a value is written in
 * the model's language. The upload's check, the generation, the screens and the tests all read this file.
 */
import type { Locale } from '../constants';
import { formatDay, formatMoney, numberFormat } from '../intl';

export const LETTER_KINDS = [
  'offer_letter',
  'loan_agreement',
  'personal_guarantee',
  'formal_demand',
  'release',
  'other',
] as const;
export type LetterKind = (typeof LETTER_KINDS)[number];

/** generated → sent → signed; no other move. */
export const LETTER_STATES = ['generated', 'sent', 'signed'] as const;
export type LetterState = (typeof LETTER_STATES)[number];

export const LETTER_TRANSITIONS: Readonly<Record<LetterState, readonly LetterState[]>> = {
  generated: ['sent'],
  sent: ['signed'],
  signed: [],
};
export const canMoveLetter = (from: LetterState, to: LetterState): boolean => LETTER_TRANSITIONS[from].includes(to);

export const LETTER_TEMPLATE_NAME_MAX = 120;

/** Days an offer letter may stay unsigned before a task is raised, unless the fund says otherwise. */
export const DEFAULT_OFFER_SIGN_DAYS = 60;
export const OFFER_SIGN_DAYS_MIN = 1;
export const OFFER_SIGN_DAYS_MAX = 365;

/**
 * Every field a model may name, `{name}` in Word. Scalars at the top; each loop (`{#owners}…{/owners}`) with the
 * fields of one of its items. A field empty for this subject (a loan's number on a request) is written empty.
 */
export const LETTER_SCALAR_FIELDS = [
  'today',
  'body_name',
  'body_address',
  'body_phone',
  'body_email',
  'company_name',
  'company_reference_number',
  'company_address',
  'company_city',
  'company_zip_code',
  'company_phone',
  'company_email',
  'project_name',
  'project_cost',
  'resolution_number',
  'decision_date',
  'total_amount',
  'rate',
  'amortization_months',
  'moratorium_months',
  'warranty',
  'loan_number',
  'loan_fund',
  'loan_amount',
  'loan_rate',
  'loan_authorization_date',
  'loan_end_date',
] as const;
export type LetterScalarField = (typeof LETTER_SCALAR_FIELDS)[number];

export const LETTER_LOOP_FIELDS = {
  funds: ['fund_name', 'amount'],
  conditions: ['text', 'due_date'],
  owners: ['name', 'shares_percentage', 'address', 'city', 'zip_code', 'phone'],
  guarantees: ['kind', 'description', 'amount', 'guarantor'],
} as const;
export type LetterLoop = keyof typeof LETTER_LOOP_FIELDS;
export const LETTER_LOOPS = Object.keys(LETTER_LOOP_FIELDS) as LetterLoop[];

/** Every field as a model writes it: `company_name`, `#owners`, `owners.name` (a loop's own fields). */
export function allowedFieldList(): string[] {
  return [
    ...LETTER_SCALAR_FIELDS,
    ...LETTER_LOOPS.flatMap((loop) => [`#${loop}`, ...LETTER_LOOP_FIELDS[loop].map((field) => `${loop}.${field}`)]),
  ];
}

/** The values a letter is filled with: every scalar, and each loop's items. */
export type LetterData = Record<LetterScalarField, string> & {
  [L in LetterLoop]: Array<Record<(typeof LETTER_LOOP_FIELDS)[L][number], string>>;
};

/* ------------------------------------------------------------------------------------------------
 * The check of a model's fields
 * ---------------------------------------------------------------------------------------------- */

/** A tag as the templating library read it: a field, a loop with its inner tags, or something else. */
export interface ParsedTag {
  kind: 'field' | 'loop' | 'other';
  name: string;
  inner?: ParsedTag[];
}

export type FieldProblem =
  { problem: 'malformed'; tag: string } | { problem: 'unknown'; tag: string } | { problem: 'not_a_loop'; tag: string };

const FIELD_NAME = /^[a-z][a-z0-9_]*$/;

/**
 * What is wrong with a model's tags, each once; empty when it names only fields of the catalog. Inside a loop,
 * its own fields and the top-level scalars may be named (the library looks outward for a name).
 */
export function checkTemplateTags(tags: readonly ParsedTag[]): { fields: string[]; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const fields = new Set<string>();
  const seen = new Set<string>();
  const report = (problem: FieldProblem) => {
    const key = `${problem.problem}:${problem.tag}`;
    if (seen.has(key)) return;
    problems.push(problem);
    seen.add(key);
  };
  const walk = (list: readonly ParsedTag[], loop: LetterLoop | null) => {
    for (const tag of list) {
      if (tag.kind === 'other' || !FIELD_NAME.test(tag.name)) {
        report({ problem: 'malformed', tag: tag.name });
        continue;
      }
      if (tag.kind === 'loop') {
        if (!(LETTER_LOOPS as string[]).includes(tag.name) || loop) {
          report({
            problem: (LETTER_SCALAR_FIELDS as readonly string[]).includes(tag.name) ? 'not_a_loop' : 'unknown',
            tag: tag.name,
          });
          continue;
        }
        fields.add(`#${tag.name}`);
        walk(tag.inner ?? [], tag.name as LetterLoop);
        continue;
      }
      const own = loop && (LETTER_LOOP_FIELDS[loop] as readonly string[]).includes(tag.name);
      if (own) fields.add(`${loop}.${tag.name}`);
      else if ((LETTER_SCALAR_FIELDS as readonly string[]).includes(tag.name)) fields.add(tag.name);
      else report({ problem: 'unknown', tag: tag.name });
    }
  };
  walk(tags, null);
  return { fields: [...fields].sort(), problems };
}

/* ------------------------------------------------------------------------------------------------
 * Values in the model's language
 * ---------------------------------------------------------------------------------------------- */

/** Cents as the model's language writes an amount: `50 000,00 $` / `$50,000.00`. */
export const letterMoney = (cents: number | null | undefined, language: Locale): string =>
  cents === null || cents === undefined ? '' : formatMoney(cents / 100, language);

/** A day as a letter writes it: `1er mars 2026`, `15 mars 2026` / `March 1, 2026`. */
export function letterDate(day: string | null | undefined, language: Locale): string {
  if (!day) return '';
  const written = formatDay(day.slice(0, 10), language) ?? '';
  return language === 'fr' ? written.replace(/^1 /, '1er ') : written;
}

/** A yearly rate in percent: `5,25 %` / `5.25%`. */
export const letterRate = (percent: number | null | undefined, language: Locale): string =>
  percent === null || percent === undefined
    ? ''
    : numberFormat(language, { style: 'percent', maximumFractionDigits: 3 }).format(percent / 100);

export const letterNumber = (value: number | null | undefined, language: Locale): string =>
  value === null || value === undefined ? '' : numberFormat(language, { maximumFractionDigits: 2 }).format(value);

/** The file name of a generated letter: the model's name, the company, the version. */
export function letterFileName(templateName: string, companyName: string, version: number): string {
  const base = `${templateName} - ${companyName} - v${version}`.replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ').trim();
  return `${base.slice(0, 180)}.docx`;
}
