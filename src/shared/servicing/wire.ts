/**
 * How the computation's installment statuses travel (docs/decisions/0036): the wire keeps the four —
 * paid, partial, late, future — and says the rest with two fields, in this one place.
 *
 * - `due` (due on the as-of date itself, not fully paid): `partial` when something was paid on it, else
 *   `future` — it is not late until the next day — with `dueOnAsOf: true`.
 * - `written_off`: `late` (it was not paid by its due date, and never will be) with its `writtenOff` amount,
 *   and `due` 0: the loan's status says it is written off, and its figures hold no arrears.
 */
import type { WireInstallmentStatus } from '../schemas/servicing-answers';
import type { Installment } from './types';

export function wireInstallmentStatus(installment: Pick<Installment, 'status' | 'paid'>): {
  status: WireInstallmentStatus;
  dueOnAsOf: boolean;
} {
  switch (installment.status) {
    case 'due':
      return {
        status: installment.paid.interest + installment.paid.principal > 0 ? 'partial' : 'future',
        dueOnAsOf: true,
      };
    case 'written_off':
      return { status: 'late', dueOnAsOf: false };
    default:
      return { status: installment.status, dueOnAsOf: false };
  }
}
