import { systemEvent, type FieldChange } from './define';

/** The system events of a company's documents (docs/decisions/0008, 0025). */
export const documentEvents = {
  documentAdded: systemEvent<{ name: string }>({
    title: (p, w) => w.t('events.system.documentAdded', { name: w.text(p.name) ?? w.t('events.system.unknown') }),
  }),
  documentDeleted: systemEvent<{ name: string }>({
    title: (p, w) => w.t('events.system.documentDeleted', { name: w.text(p.name) ?? w.t('events.system.unknown') }),
  }),
  /** A document renamed or moved to another category. */
  documentChanged: systemEvent<{ name: string; changes: FieldChange[] }>({
    title: (p, w) =>
      w.t('history.documentChanged', {
        fields: w.changedFields(p.changes),
        name: w.text(p.name) ?? w.t('events.system.unknown'),
      }),
    details: 'changes',
  }),
};
