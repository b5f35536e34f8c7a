import type { z } from 'zod';
import type { WebCatalogKey } from '../i18n/keys';

/*
 * One exhaustive field map per record (docs/decisions/0031-shapes-for-new-domains.md): each field of a record that several places
 * enumerate, once, with what each of them needs — the rule the form and the route apply, the API's answer, the
 * label, how the history keeps it, how the form shows it, and its largest valid value. The schemas, the answer,
 * the history's field tables, the form's values, the store's columns and the largest record are derived from it,
 * and the typecheck names each place a field has not reached (the table's columns, a map's keys).
 */

/** Lookups the history keeps by their names at the time (ADR 0025), and people by their full name. */
export type NameKind =
  'statuses' | 'users' | 'funds' | 'legalForms' | 'activityAreas' | 'municipalities' | 'warranties';
/** How the history keeps a changed value: typed, a risk rating's letter (named in each language), or a lookup's name. */
export type HistoryKind = 'text' | 'number' | 'percent' | 'money' | 'date' | 'riskRating' | NameKind;

/**
 * How the form shows a value and reads it back: `text` as typed ('' for none), `phone` 3-3-4, numbers in the
 * user's locale (`integer`, `decimal`, `money`), `year` as digits, `date` as YYYY-MM-DD ('' for none, empty as
 * null), `choice` an id ('' until chosen), `optionalChoice` and `file` as they are (null for none).
 */
export type FormKind =
  'text' | 'phone' | 'integer' | 'decimal' | 'money' | 'year' | 'date' | 'choice' | 'optionalChoice' | 'file';
export const NUMBER_FORM_KINDS = ['integer', 'decimal', 'money'] as const;
export type NumberFormKind = (typeof NUMBER_FORM_KINDS)[number];
export const isNumberFormKind = (kind: FormKind): kind is NumberFormKind =>
  (NUMBER_FORM_KINDS as readonly string[]).includes(kind);

/** What a field's largest value is written with: a text of `max` characters, the ids of existing lookups. */
export interface Largest {
  text(max: number): string;
  ids: { lookup: string; fund: string; municipality: string };
  /** The part's place in its list (statements need distinct years). */
  index: number;
}

interface FieldRules<Input extends z.ZodType, Answer extends z.ZodType> {
  /** The rule: the form's resolver and the route's contract parse with it. */
  input: Input;
  /** How the API answers it. */
  answer: Answer;
  form: FormKind;
  /** Its largest valid value as the wire carries it, for the body-size limit (ADR 0016). */
  largest: (with_: Largest) => unknown;
}

/** A field the history follows: its changes are kept as `history` says, under its `label` (a catalog key). */
interface FollowedField<Input extends z.ZodType, Answer extends z.ZodType> extends FieldRules<Input, Answer> {
  history: HistoryKind;
  label: WebCatalogKey;
}

/** A field the history does not follow by itself (a block's type names the block instead). */
interface UnfollowedField<Input extends z.ZodType, Answer extends z.ZodType> extends FieldRules<Input, Answer> {
  history: null;
}

export type FieldSpec<Input extends z.ZodType = z.ZodType, Answer extends z.ZodType = z.ZodType> =
  FollowedField<Input, Answer> | UnfollowedField<Input, Answer>;

export type FieldMap = Record<string, FieldSpec>;

/** One field: `name: field({ input: requiredText(200), answer: z.string(), label: …, history: 'text', … })`. */
export const field = <Input extends z.ZodType, Answer extends z.ZodType>(spec: FieldSpec<Input, Answer>) => spec;

const each = <M extends FieldMap, T>(map: M, take: (spec: FieldSpec, key: string) => T) =>
  Object.fromEntries(Object.entries(map).map(([key, spec]) => [key, take(spec, key)]));

/** The zod shape of the input: `z.object({ id: partId(), ...inputShape(OWNER_FIELDS) })`. */
export const inputShape = <M extends FieldMap>(map: M) =>
  each(map, (spec) => spec.input) as { [K in keyof M]: M[K]['input'] };

/** The zod shape of the answer. */
export const answerShape = <M extends FieldMap>(map: M) =>
  each(map, (spec) => spec.answer) as { [K in keyof M]: M[K]['answer'] };

/** The record's largest valid values. */
export const largestOf = <M extends FieldMap>(map: M, with_: Largest) =>
  each(map, (spec) => spec.largest(with_)) as { [K in keyof M]: unknown };

/** The fields the history follows: `[key, label, kind]`. */
export const historyFields = (map: FieldMap): Array<[string, string, HistoryKind]> =>
  Object.entries(map).flatMap(([key, spec]) => (spec.history ? [[key, spec.label, spec.history]] : []));

/** Every catalog key the map names as a label: the catalog test checks each has a message. */
export const labelsOf = (map: FieldMap): string[] => historyFields(map).map(([, label]) => label);

/** The values of the record's fields in `row`, and nothing else of it. */
export function pickFields<M extends FieldMap, R extends { [K in keyof M]: unknown }>(
  map: M,
  row: R,
): { [K in keyof M]: R[K] } {
  return each(map, (_spec, key) => row[key as keyof M]) as { [K in keyof M]: R[K] };
}

/** A blank record as the form starts it, by the form kind of each field. */
export const emptyFormOf = <M extends FieldMap>(map: M) =>
  each(map, (spec) => (spec.form === 'date' || spec.form === 'optionalChoice' || spec.form === 'file' ? null : '')) as {
    [K in keyof M]: z.input<M[K]['input']>;
  };

/**
 * `true` when a record's field map and its table's columns (less those the database or the store own) name the
 * same fields; otherwise a type naming what is missing on each side, so that assigning `true` to it fails the
 * typecheck with the names: `const _columns: FieldsMatchColumns<typeof OWNER_FIELDS, OwnerRow, 'id'> = true`.
 */
export type FieldsMatchColumns<Map, Columns, Owned extends keyof Columns> = [
  Exclude<keyof Map, keyof Columns>,
  Exclude<Exclude<keyof Columns, Owned>, keyof Map>,
] extends [never, never]
  ? true
  : {
      fieldsWithoutColumn: Exclude<keyof Map, keyof Columns>;
      columnsWithoutField: Exclude<Exclude<keyof Columns, Owned>, keyof Map>;
    };
