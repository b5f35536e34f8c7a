import type { decisions as en } from './decisions.en';
import type { SameKeys } from '../translate';

/** The French of `decisions.en.ts`, with exactly its keys (docs/decisions/0066). */
export const decisions = {
  fields: {
    resolutionNumber: 'Numéro de résolution',
    resolutionDate: 'Date de la résolution',
  },
  errors: {
    resolutionDateFuture: 'La date de la résolution ne peut pas être dans le futur.',
    decidedTerm:
      'Fixé par la décision du comité d’investissement (résolution {{resolution}}) : ne peut pas être modifié dans le dossier de l’entreprise. Pour hausser le montant autorisé, faites une demande de modification dans le processus de financement, ou demandez à un administrateur une hausse autorisée avec un numéro de résolution.',
  },
  locked: {
    decided:
      'Fixé par la décision du comité (résolution {{resolution}}). Pour le hausser : une demande de modification à partir de la page du prêt.',
  },
  outsidePipeline: {
    badge: 'Hors processus',
    explanation:
      'Ce prêt n’a pas été créé par une décision du comité d’investissement : il a été saisi dans le dossier de l’entreprise (un prêt antérieur ou un fonds géré ailleurs).',
    resolution: 'Résolution {{number}} du {{date}}',
    resolutionNumberOnly: 'Résolution {{number}}',
    resolutionUnknown: 'Aucune résolution inscrite.',
    decided: 'Accordé par le comité d’investissement : résolution {{number}} du {{date}}.',
  },
  report: {
    title: 'Prêts hors processus',
    explanation:
      'Parmi les prêts du fonds autorisés pendant la période, ceux qu’aucune décision du comité d’investissement n’a créés (saisis dans le dossier de l’entreprise) : leur nombre et le montant autorisé; et l’argent décaissé pendant la période sur ces prêts. Ils sont aussi comptés dans les chiffres ci-dessus.',
    figures: {
      count: 'Prêts hors processus',
      authorizedAmount: 'Autorisé hors processus',
      disbursedAmount: 'Décaissé hors processus',
    },
  },
} satisfies SameKeys<typeof en>;
