/**
 * The notices' texts (docs/decisions/0073): a subject and a body with merge fields written `{{name}}`. One pure
 * parser reads them — the API refuses a template it cannot read (422 naming the field), the preview and the
 * sender fill it — so what is saved is exactly what can be sent.
 */
import type { NoticeKind } from './rules';

/** Fields every notice may use. */
const COMMON_FIELDS = ['company', 'today', 'analyst_name', 'analyst_phone'] as const;
/** Fields of a notice about a loan. */
const LOAN_FIELDS = ['loan_number', 'fund'] as const;

/** The merge fields each kind of notice may use, in the order the editor lists them. */
export const MERGE_FIELDS = {
  payment_due: [...COMMON_FIELDS, ...LOAN_FIELDS, 'amount', 'due_date'],
  payment_late: [...COMMON_FIELDS, ...LOAN_FIELDS, 'amount', 'days_late', 'overdue_since'],
  statements_due: [...COMMON_FIELDS, 'fiscal_year_end', 'due_date'],
  statement_of_account: [...COMMON_FIELDS, ...LOAN_FIELDS, 'balance', 'period_end'],
} as const satisfies Record<NoticeKind, readonly string[]>;

export type MergeField = (typeof MERGE_FIELDS)[NoticeKind][number];

export const TEMPLATE_SUBJECT_MAX = 200;
export const TEMPLATE_BODY_MAX = 10_000;

export type TemplatePart = { text: string } | { field: string };

export type TemplateProblem =
  | { kind: 'unknown'; field: string }
  /** `{{` never closed, `}}` never opened, or something between the braces that is not a field's name. */
  | { kind: 'malformed'; field: string };

const FIELD_NAME = /^[a-z][a-z0-9_]*$/;

/** A template's text as literal pieces and fields, or the first problem in it. */
export function parseTemplate(
  kind: NoticeKind,
  source: string,
): { ok: true; parts: TemplatePart[] } | { ok: false; problem: TemplateProblem } {
  const allowed: readonly string[] = MERGE_FIELDS[kind];
  const parts: TemplatePart[] = [];
  let rest = source;
  while (rest.length > 0) {
    const open = rest.indexOf('{{');
    const close = rest.indexOf('}}');
    if (close !== -1 && (open === -1 || close < open)) {
      return { ok: false, problem: { kind: 'malformed', field: rest.slice(Math.max(0, close - 20), close + 2) } };
    }
    if (open === -1) {
      parts.push({ text: rest });
      break;
    }
    if (open > 0) parts.push({ text: rest.slice(0, open) });
    const end = rest.indexOf('}}', open + 2);
    if (end === -1) return { ok: false, problem: { kind: 'malformed', field: rest.slice(open, open + 30) } };
    const name = rest.slice(open + 2, end).trim();
    if (!FIELD_NAME.test(name)) return { ok: false, problem: { kind: 'malformed', field: rest.slice(open, end + 2) } };
    if (!allowed.includes(name)) return { ok: false, problem: { kind: 'unknown', field: name } };
    parts.push({ field: name });
    rest = rest.slice(end + 2);
  }
  return { ok: true, parts };
}

/** Fills parsed parts with the values given (already written in the recipient's language's formats). */
export function fillTemplate(parts: readonly TemplatePart[], values: Readonly<Record<string, string>>): string {
  return parts.map((part) => ('text' in part ? part.text : (values[part.field] ?? ''))).join('');
}

/**
 * A subject as a mail header may carry it: one line, no control characters, collapsed spaces. A company name
 * typed with a line break never reaches a header as one.
 */
export const headerSafe = (value: string): string =>
  value
    .replace(/[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, TEMPLATE_SUBJECT_MAX);
