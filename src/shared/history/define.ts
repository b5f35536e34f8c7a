/**
 * How a system event is declared (docs/decisions/0008, 0025, 0031): a code, the parameters it keeps, and how its
 * title is written in a reader's language from those parameters. Pure and catalog-free — the server passes the
 * writer (`TitleWriter`) that reads the catalog — so the SPA may import the codes without any message.
 */
import type { Locale } from '../constants';

/** A name kept in both languages as it was at the time (a status, a fund, a category). */
export interface Bilingual {
  fr: string;
  en: string;
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

/** The part of a record a change is about: an owner, a statement, a contribution, a block. */
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

/**
 * What a title is written with, in the reader's language. Parameters come from the database as JSON: each
 * reader takes `unknown` and answers null when the value is missing or of another shape, so that a row written
 * by an older version still renders rather than failing the whole list.
 */
export interface TitleWriter {
  locale: Locale;
  /** A message of the catalog (any part: `events.system.…`, `servicing.history.…`), interpolated. */
  t(key: string, values?: Record<string, unknown>): string;
  /** A kept text, or null when blank or not text. */
  text(value: unknown): string | null;
  /** A kept name: the reader's language of a `Bilingual`, or a plain text. */
  name(value: unknown): string | null;
  /** A kept amount (a number), in the reader's money format. */
  money(value: unknown): string | null;
  /** A kept day (`YYYY-MM-DD`), in the reader's date format. */
  day(value: unknown): string | null;
  /** The fields or sections a field-level event's `changes` name, in the reader's language, comma-separated. */
  changedFields(changes: unknown): string;
}

/** Parameters as a title reads them back: any of them may be missing or of another shape in an older row. */
export type StoredParams<P> = { readonly [K in keyof P]?: unknown };

export interface SystemEventDefinition<P extends object> {
  /** The title in the reader's language. */
  title(params: StoredParams<P>, write: TitleWriter): string;
  /**
   * Field-level (ADR 0025): `params.changes` is a `FieldChange[]`, which the timeline shows as the event's
   * details (field, before, after) in the reader's language.
   */
  details?: 'changes';
  /** Carries the parameters' type for `recordSystemEvent`; never set. */
  readonly params?: P;
}

/** Declares one code's parameters and title: `companyCreated: systemEvent<{ name: string }>({ title: … })`. */
export const systemEvent = <P extends object>(definition: SystemEventDefinition<P>): SystemEventDefinition<P> =>
  definition;

/** The parameters a definition keeps. */
export type ParamsOf<D> = D extends SystemEventDefinition<infer P> ? P : never;
