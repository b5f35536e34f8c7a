import type { SameKeys } from '../translate';
import type { analyst as english } from './analyst.en';

export const analyst = {
  committee: {
    analystRecused: 'Analyste de la demande : récusé d’office',
    enteredBy: 'saisi par {{name}}',
    yetToVote: 'N’ont pas encore voté : {{names}}',
    allVoted: 'Tous les membres présents qui peuvent voter ont voté.',
    voteFor: 'Vote de {{member}}',
    confirmTitle: 'Inscrire la décision sans tous les votes?',
    confirmBodyOne:
      '{{names}} est présent et n’a pas voté. Le procès-verbal indiquera que la décision a été inscrite sans ce vote.',
    confirmBodyMany:
      '{{names}} sont présents et n’ont pas voté. Le procès-verbal indiquera que la décision a été inscrite sans ces votes.',
    confirm: 'Inscrire sans ces votes',
    cancel: 'Revenir aux votes',
    refusalReason: 'Motif du refus',
    missingVotersOne: 'Décision inscrite sans le vote de {{names}}, présent.',
    missingVotersMany: 'Décision inscrite sans les votes de {{names}}, présents.',
    minutesReason: 'Motif du refus : {{reason}}',
    withdrawal: '{{member}} s’est retiré des délibérations et du vote sur ce point ({{reason}}).',
    analystWithdrawal: '{{member}}, analyste de la demande, s’est retiré des délibérations et du vote sur ce point.',
    analystReason: 'analyste de la demande',
    presentOne: '{{n}} présent',
    presentMany: '{{n}} présents',
    recusedOne: '{{n}} récusé',
    recusedMany: '{{n}} récusés',
  },
  disbursement: {
    amount: 'Montant versé maintenant — {{fund}}',
    decided:
      'Décidé : {{amount}}. Un montant moindre est une première tranche; le reste se décaisse depuis la page du prêt.',
  },
  errors: {
    trancheFund: 'La décision n’accorde rien de ce fonds.',
    trancheOverDecided: 'Au plus {{decided}}, le montant décidé par le comité pour ce fonds.',
    analystRecused: '{{member}} est l’analyste de cette demande : récusé d’office, son vote ne peut pas être inscrit.',
    reasonNotDeclined: 'Seul un refus comporte un motif de refus.',
  },
} satisfies SameKeys<typeof english>;
