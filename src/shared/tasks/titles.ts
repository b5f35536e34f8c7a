/**
 * A task's title in the reader's language: a manual task's as typed, a generated one's written from its kind
 * and what it is about — for My tasks, the digest and the calendar feed alike.
 */
import type { Locale } from '../constants';
import { guaranteeTaskTitle } from '../guarantees/tasks';
import type { TaskKind } from './rules';
import { formatDay } from '../intl';

export interface TitledTask {
  kind: TaskKind;
  title: string | null;
  companyName: string | null;
  loanNumber: string | null;
  occasionOn: string | null;
  lateDays: number | null;
  /** The funding request's project, for the tasks of its conditions and checklist. */
  projectName?: string | null;
  conditionText?: string | null;
  /** A checklist item's label, in both languages as the fund's template gave it. */
  itemLabelFr?: string | null;
  itemLabelEn?: string | null;
}

type T = (key: string, params?: Record<string, unknown>) => string;

export function taskTitle(task: TitledTask, t: T, locale: Locale): string {
  const company = task.companyName ?? '…';
  const loan = task.loanNumber ?? '…';
  const project = task.projectName ?? '…';
  switch (task.kind) {
    case 'manual':
      return task.title ?? '';
    case 'followup':
      return t('tasks.generated.followup', { loan, company });
    case 'statement':
      return t('tasks.generated.statement', { year: task.occasionOn?.slice(0, 4) ?? '…', company });
    case 'late':
      return t(task.lateDays === 1 ? 'tasks.generated.lateFirstDay' : 'tasks.generated.late', {
        loan,
        company,
        days: task.lateDays ?? 1,
      });
    case 'condition':
      return t('tasks.generated.condition', { condition: task.conditionText ?? '…', project, company });
    case 'checklist':
      return t('tasks.generated.checklist', {
        item: (locale === 'fr' ? task.itemLabelFr : task.itemLabelEn) ?? '…',
        project,
        company,
      });
    case 'guarantee_publish':
    case 'guarantee_renew':
    case 'guarantee_release':
    case 'guarantee_conservation':
      return guaranteeTaskTitle(task.kind, { loan, company, occasionOn: task.occasionOn }, t, locale);
    case 'offer_unsigned':
      return t('tasks.generated.offerUnsigned', {
        company,
        since: (task.occasionOn && formatDay(task.occasionOn, locale)) ?? '…',
      });
    case 'privacy_request':
      return t('privacy.tasks.request', { who: task.title ?? '…' });
  }
}

/** The page a task is about, in the app: its funding request, else its loan, else its company; null for a task about nothing. */
export function subjectPath(task: {
  companyId: string | null;
  loanId: string | null;
  requestId?: string | null;
}): string | null {
  if (task.requestId) return `/requests/${task.requestId}`;
  if (task.companyId && task.loanId) return `/companies/${task.companyId}/contributions/${task.loanId}`;
  if (task.companyId) return `/companies/${task.companyId}`;
  return null;
}

/** My tasks, where every digest and calendar entry also leads. */
export const MY_TASKS_PATH = '/tasks';
