import { numberFormat } from '../intl';
import { systemEvent, type StoredParams, type TitleWriter } from './define';

/**
 * Loan servicing's system events (docs/decisions/0036): one per disbursement, repayment, reversal, amendment,
 * write-off and undo, amounts in dollars, days YYYY-MM-DD, kinds as the computation names them. Titles come
 * from the servicing catalog part (`servicing.history.…`).
 */

type Common = { loanNumber: string; amount: number; date: string; reason: string };

/** The values every servicing title may name, each read defensively. */
function common(p: StoredParams<Partial<Common>>, w: TitleWriter) {
  const unknown = w.t('events.system.unknown');
  return {
    loanNumber: w.text(p.loanNumber) ?? unknown,
    amount: w.money(p.amount) ?? unknown,
    date: w.day(p.date) ?? unknown,
    reason: w.text(p.reason) ?? unknown,
  };
}

/** A kind written in the reader's words from its catalog (`repaymentKind`, `amendmentKind`). */
const kindOf = (catalog: string, value: unknown, w: TitleWriter) => {
  const kind = w.text(value);
  return kind ? w.t(`servicing.${catalog}.${kind}`) : w.t('events.system.unknown');
};

const finite = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

const plain = <P extends Partial<Common>>(code: string) =>
  systemEvent<P>({ title: (p, w) => w.t(`servicing.history.${code}`, common(p, w)) });

export const servicingEvents = {
  loanDisbursed: plain<{ loanNumber: string; amount: number; date: string }>('loanDisbursed'),
  disbursementReversed: plain<Common>('disbursementReversed'),
  repaymentReceived: systemEvent<{ loanNumber: string; amount: number; date: string; kind: string }>({
    title: (p, w) =>
      w.t('servicing.history.repaymentReceived', { ...common(p, w), kind: kindOf('repaymentKind', p.kind, w) }),
  }),
  repaymentReversed: plain<Common>('repaymentReversed'),
  /** One import's repayments on one loan. */
  repaymentsImported: systemEvent<{ loanNumber: string; count: number; amount: number; fileName: string }>({
    title: (p, w) =>
      w.t('servicing.history.repaymentsImported', {
        ...common(p, w),
        count: finite(p.count) ?? 0,
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
    title: (p, w) => {
      const unknown = w.t('events.system.unknown');
      const kind = w.text(p.kind);
      const rate = finite(p.rate);
      const amendment =
        kind === 'rate_change'
          ? w.t('servicing.history.amendment.rate_change', {
              rate: rate === null ? unknown : `${numberFormat(w.locale).format(rate)} %`,
            })
          : w.t(`servicing.history.amendment.${kind ?? 'unknown'}`, { months: finite(p.months) ?? unknown });
      return w.t('servicing.history.termsAmended', { ...common(p, w), amendment });
    },
  }),
  amendmentReversed: systemEvent<{ loanNumber: string; kind: string; date: string; reason: string }>({
    title: (p, w) =>
      w.t('servicing.history.amendmentReversed', { ...common(p, w), kind: kindOf('amendmentKind', p.kind, w) }),
  }),
  loanWrittenOff: systemEvent<{
    loanNumber: string;
    principal: number;
    interest: number;
    date: string;
    reason: string;
  }>({
    title: (p, w) => {
      const unknown = w.t('events.system.unknown');
      return w.t('servicing.history.loanWrittenOff', {
        ...common(p, w),
        principal: w.money(p.principal) ?? unknown,
        interest: w.money(p.interest) ?? unknown,
      });
    },
  }),
  writeOffUndone: plain<{ loanNumber: string; date: string; reason: string }>('writeOffUndone'),
};
