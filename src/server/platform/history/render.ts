/**
 * System events written out in a reader's language (docs/decisions/0008, 0025): titles from their code and
 * parameters, field-level details from their changes. Server only: it reads every catalog part.
 */
import type { Locale } from '../../../shared/constants';
import type { EventDetail, FieldChange, HistoryValue } from '../../../shared/events';
import { translate } from '../../../shared/i18n';
import { formatDay, formatMoney, numberFormat } from '../../../shared/intl';

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
      return renderServicingTitle(code, params, locale) ?? t('unknownCode');
  }
}

/** A number read from kept parameters; null when missing or of another type. */
function amountOf(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** A kept day, written in `locale`. */
const dayOf = (value: unknown, locale: Locale): string | null =>
  typeof value === 'string' ? formatDay(value, locale) : null;

/** Loan servicing's events (docs/decisions/0036), titles from the servicing catalog part. */
function renderServicingTitle(code: string, params: Record<string, unknown>, locale: Locale): string | null {
  const t = (key: string, values?: Record<string, unknown>) => translate(locale, `servicing.history.${key}`, values);
  const unknown = translate(locale, 'events.system.unknown');
  const money = (value: unknown) => {
    const amount = amountOf(value);
    return amount === null ? unknown : formatMoney(amount, locale);
  };
  const values = {
    loanNumber: text(params['loanNumber']) ?? unknown,
    amount: money(params['amount']),
    date: dayOf(params['date'], locale) ?? unknown,
    reason: text(params['reason']) ?? unknown,
  };
  const kind = (catalog: string) => {
    const value = text(params['kind']);
    return value ? translate(locale, `servicing.${catalog}.${value}`) : unknown;
  };
  switch (code) {
    case 'loanDisbursed':
    case 'disbursementReversed':
    case 'repaymentReversed':
    case 'writeOffUndone':
      return t(code, values);
    case 'repaymentReceived':
      return t(code, { ...values, kind: kind('repaymentKind') });
    case 'repaymentsImported':
      return t(code, {
        ...values,
        count: amountOf(params['count']) ?? 0,
        fileName: text(params['fileName']) ?? unknown,
      });
    case 'termsAmended': {
      const rate = amountOf(params['rate']);
      const amendment =
        text(params['kind']) === 'rate_change'
          ? t('amendment.rate_change', { rate: rate === null ? unknown : `${numberFormat(locale).format(rate)} %` })
          : t(`amendment.${text(params['kind']) ?? 'unknown'}`, { months: amountOf(params['months']) ?? unknown });
      return t(code, { ...values, amendment });
    }
    case 'amendmentReversed':
      return t(code, { ...values, kind: kind('amendmentKind') });
    case 'loanWrittenOff':
      return t(code, { ...values, principal: money(params['principal']), interest: money(params['interest']) });
    default:
      return null;
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
    case 'date':
      return dayOf(value.value, locale) ?? empty;
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
