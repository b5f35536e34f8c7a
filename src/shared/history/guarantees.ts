import { systemEvent, type Bilingual, type FieldChange, type StoredParams, type TitleWriter } from './define';

/*
 * The guarantees register's events (docs/decisions/0072): each change to a guarantee, field by field, in its
 * company's history, recorded in the change's own transaction. The label names the guarantee (its kind and
 * guarantor) in both languages as they were; titles under `guarantees.history.…`.
 */

type GuaranteeEvent = { loanNumber: string; label: Bilingual; changes: FieldChange[] };

const title =
  (key: 'added' | 'changed' | 'removed' | 'released' | 'assetSold') =>
  (p: StoredParams<GuaranteeEvent>, w: TitleWriter) =>
    w.t(`guarantees.history.${key}`, {
      loanNumber: w.text(p.loanNumber) ?? w.t('events.system.unknown'),
      label: w.name(p.label) ?? w.t('events.system.unknown'),
    });

export const guaranteeEvents = {
  guaranteeAdded: systemEvent<GuaranteeEvent>({ title: title('added'), details: 'changes' }),
  guaranteeChanged: systemEvent<GuaranteeEvent>({ title: title('changed'), details: 'changes' }),
  guaranteeRemoved: systemEvent<GuaranteeEvent>({ title: title('removed'), details: 'changes' }),
  guaranteeReleased: systemEvent<GuaranteeEvent>({ title: title('released'), details: 'changes' }),
  guaranteeAssetSold: systemEvent<GuaranteeEvent>({ title: title('assetSold'), details: 'changes' }),
};
