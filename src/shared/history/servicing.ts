import { numberFormat } from '../intl';
import { AMENDMENT_KINDS, REPAYMENT_KINDS } from '../servicing/types';
import { systemEvent, type StoredParams, type TitleWriter } from './define';

/*
 * Loan servicing's events (docs/decisions/0036): one per disbursement, repayment, reversal, amendment, write-off
 * and undo, recorded in the entry's own transaction. Amounts in dollars, days YYYY-MM-DD, kinds as the
 * computation names them; titles under `servicing.history.…`.
 */

type Money = { loanNumber: string; amount: number; date: string };

/** What every title of a loan names: its number, an amount, a day, a reason (each "unknown" when unreadable). */
function common(p: StoredParams<{ loanNumber: string; amount: number; date: string; reason: string }>, w: TitleWriter) {
  const unknown = w.t('events.system.unknown');
  return {
    loanNumber: w.text(p.loanNumber) ?? unknown,
    amount: w.money(p.amount) ?? unknown,
    date: w.day(p.date) ?? unknown,
    reason: w.text(p.reason) ?? unknown,
  };
}

/** A kind of a closed list in the reader's words; "unknown" for a value the list does not have. */
function kindOf(value: unknown, kinds: readonly string[], catalog: string, w: TitleWriter): string {
  const kind = w.text(value);
  return kind && kinds.includes(kind) ? w.t(`servicing.${catalog}.${kind}`) : w.t('events.system.unknown');
}

/** "Moratoire de 3 mois", "Rate changed to 6.5 %". */
function amendmentOf(p: StoredParams<{ kind: string; months: number | null; rate: number | null }>, w: TitleWriter) {
  const kind = w.text(p.kind);
  if (kind === 'rate_change') {
    const rate = typeof p.rate === 'number' && Number.isFinite(p.rate) ? p.rate : null;
    return w.t('servicing.history.amendment.rate_change', {
      rate:
        rate === null
          ? w.t('events.system.unknown')
          : `${numberFormat(w.locale, { maximumFractionDigits: 3 }).format(rate)} %`,
    });
  }
  const known = kind !== null && (AMENDMENT_KINDS as readonly string[]).includes(kind);
  return w.t(`servicing.history.amendment.${known ? kind : 'unknown'}`, {
    months: typeof p.months === 'number' ? p.months : w.t('events.system.unknown'),
  });
}

export const servicingEvents = {
  loanDisbursed: systemEvent<Money>({
    title: (p, w) => w.t('servicing.history.loanDisbursed', common(p, w)),
  }),
  disbursementReversed: systemEvent<Money & { reason: string }>({
    title: (p, w) => w.t('servicing.history.disbursementReversed', common(p, w)),
  }),
  repaymentReceived: systemEvent<Money & { kind: string }>({
    title: (p, w) =>
      w.t('servicing.history.repaymentReceived', {
        ...common(p, w),
        kind: kindOf(p.kind, REPAYMENT_KINDS, 'repaymentKind', w),
      }),
  }),
  repaymentReversed: systemEvent<Money & { reason: string }>({
    title: (p, w) => w.t('servicing.history.repaymentReversed', common(p, w)),
  }),
  /** One import's repayments on one loan. */
  repaymentsImported: systemEvent<{ loanNumber: string; count: number; amount: number; fileName: string }>({
    title: (p, w) =>
      w.t('servicing.history.repaymentsImported', {
        ...common(p, w),
        count: typeof p.count === 'number' ? p.count : 0,
        fileName: w.text(p.fileName) ?? w.t('events.system.unknown'),
      }),
  }),
  termsAmended: systemEvent<{
    loanNumber: string;
    kind: string;
    months: number | null;
    rate: number | null;
    date: string;
    reason: string;
  }>({
    title: (p, w) => w.t('servicing.history.termsAmended', { ...common(p, w), amendment: amendmentOf(p, w) }),
  }),
  amendmentReversed: systemEvent<{ loanNumber: string; kind: string; date: string; reason: string }>({
    title: (p, w) =>
      w.t('servicing.history.amendmentReversed', {
        ...common(p, w),
        kind: kindOf(p.kind, AMENDMENT_KINDS, 'amendmentKind', w),
      }),
  }),
  loanWrittenOff: systemEvent<{
    loanNumber: string;
    principal: number;
    interest: number;
    date: string;
    reason: string;
  }>({
    title: (p, w) =>
      w.t('servicing.history.loanWrittenOff', {
        ...common(p, w),
        principal: w.money(p.principal) ?? w.t('events.system.unknown'),
        interest: w.money(p.interest) ?? w.t('events.system.unknown'),
      }),
  }),
  writeOffUndone: systemEvent<{ loanNumber: string; date: string; reason: string }>({
    title: (p, w) => w.t('servicing.history.writeOffUndone', common(p, w)),
  }),
};
