/**
 * The tasks the guarantees register generates (docs/decisions/0041, 0072), each from one cause: publish a signed
 * hypothec, renew a registration before it expires, release the guarantees of a loan no longer owed, file the
 * conservation notice after a secured asset was sold. Their source keys carry the guarantee (or the loan) they are
 * about, which is how migration `guarantees`'s triggers close them when the cause is gone.
 */
import type { Locale } from '../constants';
import { formatDay } from '../intl';
import type { RenewLead } from './rules';

export const GUARANTEE_TASK_KINDS = [
  'guarantee_publish',
  'guarantee_renew',
  'guarantee_release',
  'guarantee_conservation',
] as const;
export type GuaranteeTaskKind = (typeof GUARANTEE_TASK_KINDS)[number];

export type GuaranteeTaskSource =
  | { kind: 'guarantee_publish'; guaranteeId: string; signedOn: string }
  | { kind: 'guarantee_renew'; guaranteeId: string; expiresOn: string; lead: RenewLead }
  | { kind: 'guarantee_release'; loanId: string }
  | { kind: 'guarantee_conservation'; guaranteeId: string; soldOn: string };

export function guaranteeSourceKey(source: GuaranteeTaskSource): string {
  switch (source.kind) {
    case 'guarantee_publish':
      return `guarantee_publish:${source.guaranteeId}:${source.signedOn}`;
    case 'guarantee_renew':
      return `guarantee_renew:${source.guaranteeId}:${source.expiresOn}:${source.lead}`;
    case 'guarantee_release':
      return `guarantee_release:${source.loanId}`;
    case 'guarantee_conservation':
      return `guarantee_conservation:${source.guaranteeId}:${source.soldOn}`;
  }
}

/**
 * A generated guarantee task's title in the reader's language (`taskTitle` in src/shared/tasks/titles.ts calls
 * it): the loan, the company and, for a renewal, the expiry (the task's occasion).
 */
export function guaranteeTaskTitle(
  kind: GuaranteeTaskKind,
  task: { loan: string; company: string; occasionOn: string | null },
  t: (key: string, params?: Record<string, unknown>) => string,
  locale: Locale,
): string {
  const date = (task.occasionOn && formatDay(task.occasionOn, locale)) ?? '…';
  return t(`guarantees.tasks.generated.${kind}`, { loan: task.loan, company: task.company, date });
}
