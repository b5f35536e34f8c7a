/**
 * Company event history as both sides see it: category slugs (SPEC §4), the camelCase shape of API
 * answers, and the shapes of system events, which are stored as a code with parameters and written out in the
 * reader's language by the server (docs/decisions/0008-event-history.md). No catalog here: the SPA imports this.
 */
import type { z } from 'zod';
import type { companyEventSchema } from './schemas/events-answers';

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
  /* Loan servicing (docs/decisions/0036): amounts in dollars, days YYYY-MM-DD, kinds as the computation names them. */
  loanDisbursed: { loanNumber: string; amount: number; date: string };
  disbursementReversed: { loanNumber: string; amount: number; date: string; reason: string };
  repaymentReceived: { loanNumber: string; amount: number; date: string; kind: string };
  repaymentReversed: { loanNumber: string; amount: number; date: string; reason: string };
  /** One import's repayments on one loan. */
  repaymentsImported: { loanNumber: string; count: number; amount: number; fileName: string };
  termsAmended: {
    loanNumber: string;
    kind: string;
    months: number | null;
    rate: number | null;
    date: string;
    reason: string;
  };
  amendmentReversed: { loanNumber: string; kind: string; date: string; reason: string };
  loanWrittenOff: { loanNumber: string; principal: number; interest: number; date: string; reason: string };
  writeOffUndone: { loanNumber: string; date: string; reason: string };
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
  'loanDisbursed',
  'disbursementReversed',
  'repaymentReceived',
  'repaymentReversed',
  'repaymentsImported',
  'termsAmended',
  'amendmentReversed',
  'loanWrittenOff',
  'writeOffUndone',
] as const satisfies readonly SystemEventCode[];

export function isSystemEventCode(value: unknown): value is SystemEventCode {
  return typeof value === 'string' && (SYSTEM_EVENT_CODES as readonly string[]).includes(value);
}

/** One event as `GET /companies/:companyId/events` answers it, as the API contract declares it. */
export type CompanyEvent = z.infer<typeof companyEventSchema>;

export const isSystemEvent = (event: Pick<CompanyEvent, 'categorySlug'>) => event.categorySlug === SYSTEM_CATEGORY;
