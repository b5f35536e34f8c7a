/**
 * Tasks and reminders: digests, the calendar feed, fund reports — every message under `tasks.*`, in English. The French is `tasks.fr.ts`, with exactly these
 * keys. Loaded by the browser only with the pages that name this part in router.tsx (docs/decisions/0030).
 */
export const tasks = {
  kind: {
    manual: 'Task',
    followup: 'Loan follow-up',
    statement: 'Financial statements',
    late: 'Late loan',
  },
  status: {
    open: 'To do',
    done: 'Done',
    resolved: 'Closed by its cause',
  },
  generated: {
    followup: 'Follow up on loan {{loan}} ({{company}})',
    statement: 'Obtain the {{year}} financial statements of {{company}}',
    lateFirstDay: 'Loan {{loan}} ({{company}}) is in arrears',
    late: 'Loan {{loan}} ({{company}}) is {{days}} days past due',
  },
  errors: {
    dueOutOfRange: 'The due date must be between {{from}} and {{to}}.',
    assigneeInactive: 'Choose an active user.',
    generatedFixed: 'A task Atrium created keeps its title and due date: mark it done, or assign it.',
    transition: {
      open: 'This task is already to do.',
      done: 'This task is already done.',
      resolved:
        'This task was closed by its cause (the statement entered, the payment recorded): it cannot be changed.',
    },
  },
  page: {
    title: 'My tasks',
    queueTitle: 'Administrators’ queue',
    intro:
      'What is yours to do: tasks typed by hand and those Atrium creates from follow-up dates, statements due and late loans.',
    whose: 'Whose tasks',
    mine: 'Mine',
    queue: 'Unassigned (administrators)',
    groups: {
      overdue: 'Overdue',
      week: 'This week',
      later: 'Later',
    },
    emptyGroup: 'Nothing here.',
    due: 'Due {{date}}',
    markDone: 'Mark done',
    markDoneNamed: 'Mark “{{title}}” done',
    done: 'Task marked done.',
  },
  form: {
    title: 'New task',
    taskTitle: 'Title',
    dueOn: 'Due date',
    save: 'Create the task',
    created: 'Task created.',
    aboutCompany: 'The task will be about the company you came from.',
    aboutLoan: 'The task will be about the loan you came from.',
  },
};
