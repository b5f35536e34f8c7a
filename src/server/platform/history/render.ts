/**
 * System events written out in a reader's language (docs/decisions/0008, 0025, 0031): a title from its code's
 * definition (`src/shared/history`) and its parameters, field-level details from its changes. Server only: it
 * reads every catalog part.
 */
import type { Locale } from '../../../shared/constants';
import {
  SYSTEM_EVENTS,
  isSystemEventCode,
  type EventDetail,
  type FieldChange,
  type HistoryValue,
  type TitleWriter,
} from '../../../shared/history';
import { translate } from '../../../shared/i18n';
import { formatDay, formatMoney, numberFormat } from '../../../shared/intl';

/* ------------------------------------------------------------------------------------------------
 * Parameters come from the database as JSON: read defensively, so that a row written by an older
 * version still renders rather than failing the whole list.
 * ---------------------------------------------------------------------------------------------- */

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

function bilingual(value: unknown, locale: Locale): string | null {
  if (value === null || typeof value !== 'object') return text(value);
  return text((value as Record<string, unknown>)[locale]);
}

const finite = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

const day = (value: unknown, locale: Locale): string | null =>
  typeof value === 'string' ? formatDay(value, locale) : null;

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

const writers = new Map<Locale, TitleWriter>();

/** What every title is written with in `locale` (made once per language). */
function writerFor(locale: Locale): TitleWriter {
  let writer = writers.get(locale);
  if (!writer) {
    writer = {
      locale,
      t: (key, values) => translate(locale, key, values),
      text,
      name: (value) => bilingual(value, locale),
      money: (value) => {
        const amount = finite(value);
        return amount === null ? null : formatMoney(amount, locale);
      },
      day: (value) => day(value, locale),
      changedFields: (changes) =>
        [...new Set(changesOf({ changes }).map((change) => sectionLabel(change, locale)))].join(', '),
    };
    writers.set(locale, writer);
  }
  return writer;
}

const asParams = (raw: unknown) => (raw !== null && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;

/** The title of a system event in `locale`, e.g. "Status changed from Prospect to Active". */
export function renderSystemTitle(code: string, rawParams: unknown, locale: Locale): string {
  const writer = writerFor(locale);
  if (!isSystemEventCode(code)) return writer.t('events.system.unknownCode');
  return SYSTEM_EVENTS[code].title(asParams(rawParams), writer);
}

/* ------------------------------------------------------------------------------------------------
 * Field-level history (ADR 0025): each change rendered as { field, before, after } in the reader's
 * language, with that language's formats. Read defensively, like the titles.
 * ---------------------------------------------------------------------------------------------- */

/** A kept value in `locale`: "50 000,00 $" / "$50,000.00", "1er mars 2025" / "March 1, 2025", a name. */
export function formatHistoryValue(value: HistoryValue | null | undefined, locale: Locale): string {
  const empty = translate(locale, 'history.empty');
  if (!value || typeof value !== 'object') return empty;
  const number = finite(value.value);
  switch (value.kind) {
    case 'text':
      return text(value.value) ?? empty;
    case 'money':
      return number === null ? empty : formatMoney(number, locale);
    case 'number':
      return number === null ? empty : numberFormat(locale).format(number);
    case 'percent':
      return number === null ? empty : `${numberFormat(locale).format(number)} %`;
    case 'date':
      return day(value.value, locale) ?? empty;
    case 'name':
      return bilingual(value.value, locale) ?? empty;
    default:
      return empty;
  }
}

/** The details of a field-level event in `locale`; null for any other event. */
export function renderSystemDetails(code: string | null, rawParams: unknown, locale: Locale): EventDetail[] | null {
  if (code === null || !isSystemEventCode(code) || SYSTEM_EVENTS[code].details !== 'changes') return null;
  return changesOf(asParams(rawParams)).map((change) => {
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
