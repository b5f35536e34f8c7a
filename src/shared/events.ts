/**
 * Company event history as both sides see it: category slugs (SPEC §4), the camelCase shape of API
 * answers, and the rendering of system event titles, which are stored as a code with parameters and
 * written out in the reader's language (docs/decisions/0008-event-history.md).
 */
import type { z } from 'zod';
import type { Locale } from './constants';
import type { companyEventSchema } from './schemas/events-answers';
import { translate } from './i18n';
import { dateFormat, formatMoney, numberFormat } from './intl';

export const EVENT_CATEGORY_SLUGS = [
  'technicalHelp',
  'starting',
  'funding',
  'project',
  'collection',
  'followup',
  'other',
  'system',
] as const;
export type EventCategorySlug = (typeof EVENT_CATEGORY_SLUGS)[number];

export const SYSTEM_CATEGORY = 'system' satisfies EventCategorySlug;
export type UserEventCategorySlug = Exclude<EventCategorySlug, typeof SYSTEM_CATEGORY>;
/** What a person may choose: `system` is written by the server only (SPEC §4). */
export const USER_EVENT_CATEGORY_SLUGS = EVENT_CATEGORY_SLUGS.filter(
  (slug): slug is UserEventCategorySlug => slug !== SYSTEM_CATEGORY,
);

export function isEventCategorySlug(value: unknown): value is EventCategorySlug {
  return typeof value === 'string' && (EVENT_CATEGORY_SLUGS as readonly string[]).includes(value);
}

export const EVENT_TITLE_MAX_LENGTH = 200;
export const EVENT_NOTES_MAX_LENGTH = 5000;
/** One page of the timeline: a screen or two of events (one of the wire's page sizes, 10/25/50). */
export const EVENTS_PAGE_SIZE = 25;
/** filter[year]: events are dated from 1000 to 9999 (a date input cannot say more). */
export const EVENT_YEAR_MIN = 1000;
export const EVENT_YEAR_MAX = 9999;

/**
 * What the server records by itself, in the same transaction as the change (issue 6). Each code has
 * its parameters; names that exist in both languages (statuses, funds) are kept in both.
 */
export interface Bilingual {
  fr: string;
  en: string;
}

export interface SystemEventParams {
  companyCreated: { name: string };
  companyArchived: Record<string, never>;
  companyRestored: Record<string, never>;
  statusChanged: { from: Bilingual | null; to: Bilingual | null };
  overseeingUserChanged: { from: string | null; to: string | null };
  contributionAdded: { fund: Bilingual | null; amount: number | null };
  contributionRemoved: { fund: Bilingual | null; amount: number | null };
  documentAdded: { name: string };
  documentDeleted: { name: string };
  /** One company save, field by field (issue 17): what the timeline shows collapsed, details on demand. */
  companyChanged: { changes: FieldChange[] };
  /** A document renamed or moved to another category. */
  documentChanged: { name: string; changes: FieldChange[] };
}

/**
 * A value as the history keeps it: typed, so that it is written in the reader's formats when read
 * (money, dates, numbers), and lookups by their names at the time, in both languages.
 */
export type HistoryValue =
  | { kind: 'text'; value: string }
  | { kind: 'number'; value: number }
  | { kind: 'percent'; value: number }
  | { kind: 'money'; value: number }
  | { kind: 'date'; value: string }
  | { kind: 'name'; value: Bilingual | string };

/** The part of a company a change is about: an owner, a statement, a contribution, a block. */
export type HistoryPartKind = 'owner' | 'statement' | 'contribution' | 'block' | 'presentation';

/**
 * One recorded change. `field` is the catalog key of the field's label (e.g. `companies.form.fields.status`).
 * For a part: `part` names it, and `change` says whether it was added, removed or changed (a field of it).
 */
export interface FieldChange {
  field: string;
  part?: { kind: HistoryPartKind; label: HistoryValue | null };
  change?: 'added' | 'removed' | 'changed';
  before: HistoryValue | null;
  after: HistoryValue | null;
}

/** One line of a field-level event as the API answers it, rendered in the reader's language. */
export interface EventDetail {
  field: string;
  before: string;
  after: string;
}
export type SystemEventCode = keyof SystemEventParams;
export const SYSTEM_EVENT_CODES = [
  'companyCreated',
  'companyArchived',
  'companyRestored',
  'statusChanged',
  'overseeingUserChanged',
  'contributionAdded',
  'contributionRemoved',
  'documentAdded',
  'documentDeleted',
  'companyChanged',
  'documentChanged',
] as const satisfies readonly SystemEventCode[];

export function isSystemEventCode(value: unknown): value is SystemEventCode {
  return typeof value === 'string' && (SYSTEM_EVENT_CODES as readonly string[]).includes(value);
}

/** One event as `GET /companies/:companyId/events` answers it, as the API contract declares it. */
export type CompanyEvent = z.infer<typeof companyEventSchema>;

export const isSystemEvent = (event: Pick<CompanyEvent, 'categorySlug'>) => event.categorySlug === SYSTEM_CATEGORY;

/* ------------------------------------------------------------------------------------------------
 * Rendering of system titles. Parameters come from the database as JSON: read defensively, so that
 * a row written by an older version still renders rather than failing the whole list.
 * ---------------------------------------------------------------------------------------------- */

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

function bilingual(value: unknown, locale: Locale): string | null {
  if (value === null || typeof value !== 'object') return text(value);
  return text((value as Record<string, unknown>)[locale]);
}

export { formatMoney };

/** The title of a system event in `locale`, e.g. "Status changed from Prospect to Active". */
export function renderSystemTitle(code: string, rawParams: unknown, locale: Locale): string {
  const params = (rawParams !== null && typeof rawParams === 'object' ? rawParams : {}) as Record<string, unknown>;
  const t = (key: string, values?: Record<string, unknown>) => translate(locale, `events.system.${key}`, values);
  const nobody = t('nobody');
  switch (code) {
    case 'companyCreated':
    case 'documentAdded':
    case 'documentDeleted':
      return t(code, { name: text(params['name']) ?? t('unknown') });
    case 'companyArchived':
    case 'companyRestored':
      return t(code);
    case 'statusChanged': {
      const from = bilingual(params['from'], locale);
      const to = bilingual(params['to'], locale) ?? t('unknown');
      return from ? t('statusChanged', { from, to }) : t('statusSet', { to });
    }
    case 'overseeingUserChanged':
      return t('overseeingUserChanged', {
        from: text(params['from']) ?? nobody,
        to: text(params['to']) ?? nobody,
      });
    case 'contributionAdded':
    case 'contributionRemoved': {
      const fund = bilingual(params['fund'], locale) ?? t('unknown');
      const amount = params['amount'];
      return typeof amount === 'number' && Number.isFinite(amount)
        ? t(`${code}WithAmount`, { fund, amount: formatMoney(amount, locale) })
        : t(code, { fund });
    }
    case 'companyChanged':
    case 'documentChanged': {
      const fields = [...new Set(changesOf(params).map((change) => sectionLabel(change, locale)))];
      const values = { fields: fields.join(', '), name: text(params['name']) ?? t('unknown') };
      return translate(locale, `history.${code}`, values);
    }
    default:
      return t('unknownCode');
  }
}

/* ------------------------------------------------------------------------------------------------
 * Field-level history (issue 17): each change rendered as { field, before, after } in the reader's
 * language, with that language's formats. Read defensively, like the titles.
 * ---------------------------------------------------------------------------------------------- */

function changesOf(params: Record<string, unknown>): FieldChange[] {
  const changes = params['changes'];
  return Array.isArray(changes)
    ? changes.filter((c): c is FieldChange => c !== null && typeof c === 'object' && typeof c.field === 'string')
    : [];
}

/** The heading a change falls under in the title: the field itself, or the section of its part. */
function sectionLabel(change: FieldChange, locale: Locale): string {
  return change.part ? translate(locale, `history.sections.${change.part.kind}`) : translate(locale, change.field);
}

const DAY_FORMATS: Record<Locale, Intl.DateTimeFormatOptions> = {
  fr: { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' },
  en: { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' },
};

/** A kept value in `locale`: "50 000,00 $" / "$50,000.00", "1 mars 2025" / "March 1, 2025", a name. */
export function formatHistoryValue(value: HistoryValue | null | undefined, locale: Locale): string {
  const empty = translate(locale, 'history.empty');
  if (!value || typeof value !== 'object') return empty;
  const number = typeof value.value === 'number' && Number.isFinite(value.value) ? value.value : null;
  switch (value.kind) {
    case 'text':
      return text(value.value) ?? empty;
    case 'money':
      return number === null ? empty : formatMoney(number, locale);
    case 'number':
      return number === null ? empty : numberFormat(locale).format(number);
    case 'percent':
      return number === null ? empty : `${numberFormat(locale).format(number)} %`;
    case 'date': {
      const day = typeof value.value === 'string' ? new Date(`${value.value}T00:00:00Z`) : null;
      return day && !Number.isNaN(day.getTime()) ? dateFormat(locale, DAY_FORMATS[locale]).format(day) : empty;
    }
    case 'name':
      return bilingual(value.value, locale) ?? empty;
    default:
      return empty;
  }
}

/** The details of a field-level event in `locale`; null for any other event. */
export function renderSystemDetails(code: string | null, rawParams: unknown, locale: Locale): EventDetail[] | null {
  if (code !== 'companyChanged' && code !== 'documentChanged') return null;
  const params = (rawParams !== null && typeof rawParams === 'object' ? rawParams : {}) as Record<string, unknown>;
  return changesOf(params).map((change) => {
    const label = translate(locale, change.field);
    const before = formatHistoryValue(change.before, locale);
    const after = formatHistoryValue(change.after, locale);
    if (!change.part) return { field: label, before, after };
    const part = formatHistoryValue(change.part.label, locale);
    const kind = change.part.kind;
    // A part added or removed is named by its label: "Owner added: (empty) → Luc Bérubé".
    if (change.change === 'added') return { field: translate(locale, `history.added.${kind}`), before, after: part };
    if (change.change === 'removed')
      return { field: translate(locale, `history.removed.${kind}`), before: part, after };
    return {
      field: translate(locale, 'history.partField', {
        part: translate(locale, `history.parts.${kind}`, { name: part }),
        field: label,
      }),
      before,
      after,
    };
  });
}
