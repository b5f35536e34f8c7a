/**
 * A guarantee's changes in its company's field-level history (docs/decisions/0025, 0072): each field that changed,
 * before and after, typed so that it is written in the reader's formats; kinds, registries and states by their
 * names in both languages as they were. Recorded in the transaction of the change.
 */
import { LOCALES } from '../../shared/constants';
import type { Bilingual, FieldChange, HistoryValue } from '../../shared/history';
import { translate } from '../../shared/i18n';
import { toDollars } from '../../shared/money';
import type { Tx } from '../db/client';
import { recordSystemEvent } from '../platform/history/record';
import type { GuaranteeRow } from './store';

/** The same text in both languages, from a catalog key. */
const both = (key: string): Bilingual =>
  Object.fromEntries(LOCALES.map((locale) => [locale, translate(locale, key)])) as unknown as Bilingual;

/** The fields the history follows, each with its label and how its value is kept. */
const FIELDS: ReadonlyArray<{
  field: keyof GuaranteeRow;
  label: string;
  value: (row: GuaranteeRow) => HistoryValue | null;
}> = [
  { field: 'kind', label: 'kind', value: (r) => ({ kind: 'name', value: both(`guarantees.kind.${r.kind}`) }) },
  { field: 'guarantorName', label: 'guarantorName', value: (r) => text(r.guarantorName) },
  { field: 'guarantorAddress', label: 'guarantorAddress', value: (r) => text(r.guarantorAddress) },
  {
    field: 'amountCents',
    label: 'amount',
    value: (r) => (r.amountCents === null ? null : { kind: 'money', value: toDollars(r.amountCents) }),
  },
  {
    field: 'sharePercent',
    label: 'sharePercent',
    value: (r) => (r.sharePercent === null ? null : { kind: 'percent', value: r.sharePercent }),
  },
  { field: 'rank', label: 'rank', value: (r) => (r.rank === null ? null : { kind: 'number', value: r.rank }) },
  { field: 'property', label: 'property', value: (r) => text(r.property) },
  {
    field: 'registry',
    label: 'registry',
    value: (r) => ({ kind: 'name', value: both(`guarantees.registry.${r.registry}`) }),
  },
  { field: 'registrationNumber', label: 'registrationNumber', value: (r) => text(r.registrationNumber) },
  { field: 'signedOn', label: 'signedOn', value: (r) => date(r.signedOn) },
  { field: 'registeredOn', label: 'registeredOn', value: (r) => date(r.registeredOn) },
  { field: 'expiresOn', label: 'expiresOn', value: (r) => date(r.expiresOn) },
  { field: 'deedDocumentId', label: 'deedDocumentId', value: (r) => text(r.deedDocumentName) },
  { field: 'state', label: 'state', value: (r) => ({ kind: 'name', value: both(`guarantees.state.${r.state}`) }) },
  {
    field: 'toComplete',
    label: 'toComplete',
    value: (r) => ({ kind: 'name', value: both(r.toComplete ? 'guarantees.history.yes' : 'guarantees.history.no') }),
  },
  { field: 'releasedOn', label: 'releasedOn', value: (r) => date(r.releasedOn) },
  { field: 'releaseReason', label: 'releaseReason', value: (r) => text(r.releaseReason) },
  { field: 'assetSoldOn', label: 'assetSoldOn', value: (r) => date(r.assetSoldOn) },
  { field: 'assetSoldNote', label: 'assetSoldNote', value: (r) => text(r.assetSoldNote) },
];

function text(value: string | null): HistoryValue | null {
  return value === null || value === '' ? null : { kind: 'text', value };
}
function date(value: string | null): HistoryValue | null {
  return value === null ? null : { kind: 'date', value };
}

/** What changed between two versions of a guarantee (`before` null: added; `after` null: removed). */
export function guaranteeChanges(before: GuaranteeRow | null, after: GuaranteeRow | null): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const { label, value } of FIELDS) {
    const b = before && value(before);
    const a = after && value(after);
    if (JSON.stringify(b ?? null) === JSON.stringify(a ?? null)) continue;
    changes.push({ field: `guarantees.fields.${label}`, before: b ?? null, after: a ?? null });
  }
  return changes;
}

/** "Movable hypothec — Luc Bérubé", in both languages. */
export function guaranteeLabel(row: GuaranteeRow): Bilingual {
  const kind = both(`guarantees.kind.${row.kind}`);
  const who = row.guarantorName ? ` — ${row.guarantorName}` : '';
  return { fr: `${kind.fr}${who}`, en: `${kind.en}${who}` };
}

export type GuaranteeEventCode =
  'guaranteeAdded' | 'guaranteeChanged' | 'guaranteeRemoved' | 'guaranteeReleased' | 'guaranteeAssetSold';

/** Records one change of a guarantee, when anything changed. */
export async function recordGuaranteeEvent(
  tx: Tx,
  code: GuaranteeEventCode,
  before: GuaranteeRow | null,
  after: GuaranteeRow | null,
  authorId: string,
): Promise<void> {
  const row = (after ?? before)!;
  const changes = guaranteeChanges(before, after);
  if (changes.length === 0) return;
  await recordSystemEvent(tx, {
    companyId: row.companyId,
    code,
    params: { loanNumber: row.loanNumber, label: guaranteeLabel(row), changes },
    authorId,
  });
}
