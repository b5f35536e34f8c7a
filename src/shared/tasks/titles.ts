/**
 * A task's title in the reader's language: a manual task's as typed, a generated one's written from its kind
 * and what it is about — for My tasks, the digest and the calendar feed alike.
 */
import type { TaskKind } from './rules';

export interface TitledTask {
  kind: TaskKind;
  title: string | null;
  companyName: string | null;
  loanNumber: string | null;
  occasionOn: string | null;
  lateDays: number | null;
}

type T = (key: string, params?: Record<string, unknown>) => string;

export function taskTitle(task: TitledTask, t: T): string {
  const company = task.companyName ?? '…';
  const loan = task.loanNumber ?? '…';
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
  }
}

/** The page a task is about, in the app: its loan, else its company; null for a task about nothing. */
export function subjectPath(task: { companyId: string | null; loanId: string | null }): string | null {
  if (task.companyId && task.loanId) return `/companies/${task.companyId}/contributions/${task.loanId}`;
  if (task.companyId) return `/companies/${task.companyId}`;
  return null;
}

/** My tasks, where every digest and calendar entry also leads. */
export const MY_TASKS_PATH = '/tasks';
