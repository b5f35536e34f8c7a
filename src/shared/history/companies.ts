import { systemEvent, type Bilingual, type FieldChange, type TitleWriter } from './define';

/**
 * The system events of a company's file (docs/decisions/0008, 0025). `statusChanged`, `overseeingUserChanged` and
 * `contributionAdded/Removed` are no longer written (a save records one `companyChanged`) but stay readable, so
 * that rows written before field-level history read as they did.
 */
export const companyEvents = {
  companyCreated: systemEvent<{ name: string }>({
    title: (p, w) => w.t('events.system.companyCreated', { name: w.text(p.name) ?? w.t('events.system.unknown') }),
  }),
  companyArchived: systemEvent<Record<string, never>>({ title: (_, w) => w.t('events.system.companyArchived') }),
  companyRestored: systemEvent<Record<string, never>>({ title: (_, w) => w.t('events.system.companyRestored') }),
  statusChanged: systemEvent<{ from: Bilingual | null; to: Bilingual | null }>({
    title: (p, w) => {
      const from = w.name(p.from);
      const to = w.name(p.to) ?? w.t('events.system.unknown');
      return from ? w.t('events.system.statusChanged', { from, to }) : w.t('events.system.statusSet', { to });
    },
  }),
  overseeingUserChanged: systemEvent<{ from: string | null; to: string | null }>({
    title: (p, w) =>
      w.t('events.system.overseeingUserChanged', {
        from: w.text(p.from) ?? w.t('events.system.nobody'),
        to: w.text(p.to) ?? w.t('events.system.nobody'),
      }),
  }),
  contributionAdded: systemEvent<{ fund: Bilingual | null; amount: number | null }>({
    title: (p, w) => contributionTitle('contributionAdded', p, w),
  }),
  contributionRemoved: systemEvent<{ fund: Bilingual | null; amount: number | null }>({
    title: (p, w) => contributionTitle('contributionRemoved', p, w),
  }),
  /** One company save, field by field: what the timeline shows collapsed, details on demand. */
  companyChanged: systemEvent<{ changes: FieldChange[] }>({
    title: (p, w) => w.t('history.companyChanged', { fields: w.changedFields(p.changes) }),
    details: 'changes',
  }),
};

function contributionTitle(
  code: 'contributionAdded' | 'contributionRemoved',
  p: { readonly fund?: unknown; readonly amount?: unknown },
  w: TitleWriter,
): string {
  const fund = w.name(p.fund) ?? w.t('events.system.unknown');
  const amount = w.money(p.amount);
  return amount ? w.t(`events.system.${code}WithAmount`, { fund, amount }) : w.t(`events.system.${code}`, { fund });
}
