import type { SameKeys } from '../translate';
import type { servicing as english } from './servicing.en';

export const servicing = {
  loanStatus: {
    not_disbursed: 'Non déboursé',
    active: 'Actif',
    repaid: 'Remboursé',
    written_off: 'Radié',
  },
  installmentStatus: {
    paid: 'Payée',
    late: 'En retard',
    due: 'Échue aujourd’hui',
    partial: 'Payée en partie d’avance',
    future: 'À venir',
    written_off: 'Radiée',
  },
  installmentKind: {
    moratorium: 'Moratoire (intérêts seulement)',
    holiday: 'Congé de paiement (intérêts capitalisés)',
    regular: 'Versement constant',
  },
  repaymentKind: {
    regular: 'Versement régulier',
    prepayment: 'Remboursement anticipé',
    recovery: 'Recouvrement',
  },
  amendmentKind: {
    moratorium: 'Moratoire',
    term_extension: 'Prolongation de la durée',
    rate_change: 'Changement de taux',
    payment_holiday: 'Congé de paiement',
  },
  statementLine: {
    disbursement: 'Décaissement',
    interest: 'Intérêts échus',
    capitalised_interest: 'Intérêts capitalisés',
    repayment: 'Remboursement',
    write_off: 'Radiation',
    recovery: 'Recouvrement',
  },
  excludedBecause: {
    reversed: 'Contrepassé',
    after_as_of: 'Daté après cette date',
    after_write_off: 'Après la radiation',
  },
  errors: {
    overpayment:
      'Ce paiement dépasse le montant qui rembourserait le prêt en entier : le {{date}}, ce montant est de {{amount}}.',
    recoveryOverpayment: 'Ce recouvrement dépasse ce qui reste à recouvrer de la radiation : {{amount}}.',
  },
  buckets: {
    label: {
      current: 'À jour',
      range: '{{min}} à {{max}} jours',
      over: 'Plus de {{days}} jours',
    },
    problems: {
      empty: 'Indiquez au moins une tranche.',
      tooMany: 'Indiquez au plus 20 tranches.',
      key: 'La clé d’une tranche est un mot en minuscules fait de lettres, de chiffres et de soulignés (40 au plus).',
      duplicateKey: 'Deux tranches ont la même clé.',
      firstStartsAtZero: 'La première tranche commence à 0 jour (prêts sans retard).',
      contiguous: 'Chaque tranche commence le jour qui suit la fin de la précédente.',
      maxDays: 'Une tranche se termine sur un nombre entier de jours, au moins égal à son premier jour.',
      lastOpen: 'La dernière tranche n’a pas de limite supérieure.',
      provisionRate: 'Un taux de provision est compris entre 0 % et 100 %, avec au plus 3 décimales.',
    },
  },
  ratios: {
    par: {
      label: 'PAR{{days}}',
      name: 'Portefeuille à risque de plus de {{days}} jours',
      formula:
        'Capital restant dû des prêts actifs ayant plus de {{days}} jours de retard ÷ capital restant dû de tous les prêts actifs. Les prêts radiés sont exclus des deux.',
    },
    arrearsRate: {
      label: 'Taux de retard',
      formula:
        'Capital et intérêts encore dus sur les échéances antérieures à la date ÷ capital restant dû, prêts actifs seulement. Contrairement au PAR, il ne compte que les montants en retard, pas tout le solde des prêts en retard.',
    },
    collectionRate: {
      label: 'Taux de perception',
      formula:
        'Pour les échéances de la période, ce qui a été payé sur elles à son dernier jour (paiements d’avance compris) ÷ ce qu’elles demandaient, intérêts et capital. Les remboursements anticipés, le rattrapage de retards plus anciens et les recouvrements ne sont pas comptés.',
    },
    provision: {
      label: 'Provision',
      formula:
        'Somme, sur les tranches de retard, du capital restant dû de leurs prêts actifs × le taux de provision de la tranche.',
    },
  },
} satisfies SameKeys<typeof english>;
