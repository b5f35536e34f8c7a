import type { SameKeys } from '../translate';
import type { tasks as english } from './tasks.en';

export const tasks = {
  kind: {
    manual: 'Tâche',
    followup: 'Suivi de prêt',
    statement: 'États financiers',
    late: 'Prêt en retard',
  },
  status: {
    open: 'À faire',
    done: 'Faite',
    resolved: 'Fermée par sa cause',
  },
  generated: {
    followup: 'Faire le suivi du prêt {{loan}} ({{company}})',
    statement: 'Obtenir les états financiers {{year}} de {{company}}',
    lateFirstDay: 'Le prêt {{loan}} ({{company}}) est en retard',
    late: 'Le prêt {{loan}} ({{company}}) compte {{days}} jours de retard',
  },
  errors: {
    dueOutOfRange: 'L’échéance doit être entre le {{from}} et le {{to}}.',
    assigneeInactive: 'Choisissez un utilisateur actif.',
    generatedFixed: 'Une tâche créée par Atrium garde son titre et son échéance : marquez-la faite, ou assignez-la.',
    transition: {
      open: 'Cette tâche est déjà à faire.',
      done: 'Cette tâche est déjà faite.',
      resolved:
        'Cette tâche a été fermée par sa cause (les états financiers saisis, le remboursement inscrit) : elle ne peut plus être modifiée.',
    },
  },
  page: {
    title: 'Mes tâches',
    queueTitle: 'File des administrateurs',
    intro:
      'Ce que vous avez à faire : les tâches saisies à la main et celles qu’Atrium crée à partir des dates de suivi, des états financiers attendus et des prêts en retard.',
    whose: 'Tâches de qui',
    mine: 'Les miennes',
    queue: 'Non assignées (administrateurs)',
    groups: {
      overdue: 'En retard',
      week: 'Cette semaine',
      later: 'Plus tard',
    },
    emptyGroup: 'Rien ici.',
    due: 'Échéance : {{date}}',
    markDone: 'Marquer faite',
    markDoneNamed: 'Marquer « {{title}} » faite',
    done: 'Tâche marquée faite.',
  },
  form: {
    title: 'Nouvelle tâche',
    taskTitle: 'Titre',
    dueOn: 'Échéance',
    save: 'Créer la tâche',
    created: 'Tâche créée.',
    aboutCompany: 'La tâche portera sur l’entreprise d’où vous venez.',
    aboutLoan: 'La tâche portera sur le prêt d’où vous venez.',
  },
} satisfies SameKeys<typeof english>;
