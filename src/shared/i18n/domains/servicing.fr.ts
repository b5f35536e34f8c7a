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
    buckets: {
      empty: 'Indiquez au moins une tranche.',
      tooMany: 'Indiquez au plus 20 tranches.',
      key: 'La clé d’une tranche est un mot en minuscules fait de lettres, de chiffres et de soulignés (40 au plus).',
      duplicateKey: 'Deux tranches ont la même clé.',
      firstStartsAtZero: 'La première tranche commence à 0 jour (prêts sans retard).',
      overlap: 'Cette tranche commence au plus tard le jour où finit la précédente : elles se chevauchent.',
      gap: 'Cette tranche commence plus d’un jour après la fin de la précédente : les jours entre les deux n’appartiennent à aucune tranche.',
      maxDays: 'Une tranche se termine sur un nombre entier de jours, au moins égal à son premier jour.',
      lastOpen: 'La dernière tranche n’a pas de limite supérieure.',
      provisionRate: 'Un taux de provision est compris entre 0 % et 100 %, avec au plus 3 décimales.',
    },
    portfolio: {
      day: 'Le paramètre « {{name}} » n’est pas une date pour laquelle le portefeuille peut être lu.',
      periodOrder:
        'La période se termine avant de commencer : son dernier jour doit être égal ou postérieur au premier.',
      parDays:
        '« days » énumère des nombres entiers de jours de 0 à 36 500, séparés par des virgules, chacun une seule fois et au plus 10.',
      unknownBucket: 'Le filtre de tranche ne désigne aucune des tranches de retard en vigueur.',
      repeated: 'Ce paramètre est donné plus d’une fois.',
    },
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
  },
  portfolio: {
    titles: {
      agingLoans: 'Prêts d’une case de l’âge des retards',
      buckets: 'Tranches de retard',
      capital: 'Capital des fonds',
    },
    asOf: 'Chiffres au',
    asOfHint:
      'Aujourd’hui, à moins de choisir une autre date; une date passée est calculée à partir de ce qui a été inscrit.',
    risk: {
      title: 'Portefeuille à risque',
      hint: 'Prêts actifs seulement; les prêts radiés sont exclus des deux termes. La formule de chaque chiffre est dans son bouton.',
      formula: 'Formule : {{name}}',
      terms: '{{numerator}} ÷ {{denominator}}',
      none: '—',
      arrearsTotal: 'Retards',
      outstandingTotal: 'Capital restant dû',
    },
    aging: {
      title: 'Âge des retards',
      hint: 'Prêts actifs selon leurs jours de retard. Chaque chiffre ouvre la liste des prêts qu’il compte.',
      caption: 'Prêts actifs selon leurs jours de retard au {{date}}',
      bucket: 'Jours de retard',
      count: 'Prêts',
      outstanding: 'Capital restant dû',
      arrears: 'Retards',
      provision: 'Provision',
      noRate: 'sans taux',
      total: 'Total',
      open: '{{bucket}} : les {{count}} prêts de ce chiffre',
      empty: 'Aucun prêt actif pour cette sélection.',
    },
    loans: {
      title: 'Prêts — {{bucket}}',
      intro: 'Prêts actifs en retard de {{bucket}} au {{date}}, {{count}} en tout.',
      introCurrent: 'Prêts actifs sans retard ({{bucket}}) au {{date}}, {{count}} en tout.',
      table: 'Prêts de la case',
      company: 'Entreprise',
      loanNumber: 'Prêt',
      fund: 'Fonds',
      daysPastDue: 'Jours de retard',
      overdueSince: 'En retard depuis',
      arrears: 'Retards',
      outstanding: 'Capital restant dû',
      sort: 'Trier par',
      sorts: {
        '-days_past_due': 'Jours de retard, les plus nombreux d’abord',
        days_past_due: 'Jours de retard, les moins nombreux d’abord',
        '-arrears': 'Retards, les plus élevés d’abord',
        '-outstanding_principal': 'Capital restant dû, le plus élevé d’abord',
        company_name: 'Nom de l’entreprise',
      },
      empty: 'Aucun prêt dans cette case.',
      back: 'Retour au tableau de bord',
      openLoan: 'Ouvrir les prêts de {{company}}',
      loadFailed: 'Les prêts n’ont pas pu être chargés.',
    },
    collections: {
      title: 'Perception d’une période',
      hint: 'Ce que demandaient les échéances de la période, et ce qui a été payé sur elles à son dernier jour.',
      from: 'Du',
      to: 'Au',
      apply: 'Afficher',
      due: 'Échu dans la période',
      collected: 'Payé sur ces échéances',
      received: 'Reçu dans la période',
      recovered: 'dont recouvré après radiation',
      export: 'Exporter les remboursements de la période (CSV)',
    },
    funds: {
      title: 'Fonds',
      hint: 'Disponible = capital − capital restant dû − autorisé mais pas encore décaissé.',
      fund: 'Fonds',
      capital: 'Capital',
      outstanding: 'Capital restant dû',
      undisbursed: 'Autorisé, non décaissé',
      available: 'Disponible',
      loans: 'Prêts en cours',
      notSet: 'Non défini',
      total: 'Tous les fonds',
      manage: 'Définir le capital des fonds',
    },
    settings: {
      buckets: {
        title: 'Tranches de retard',
        intro:
          'Les prêts sont regroupés selon leurs jours de retard dans ces tranches, dans l’ordre : la première commence à 0 jour, chacune des suivantes le lendemain de la fin de la précédente, et la dernière n’a pas de limite supérieure. Le taux de provision est facultatif.',
        defaults: 'Ce sont les tranches par défaut : aucun administrateur ne les a modifiées.',
        updated: 'Modifiées le {{date}} par {{name}}.',
        updatedNoName: 'Modifiées le {{date}}.',
        row: 'Tranche {{number}}',
        minDays: 'De (jours)',
        maxDays: 'À (jours)',
        maxDaysHint: 'Vide : pas de limite supérieure',
        provisionRate: 'Taux de provision (%)',
        preview: 'Affichée ainsi : {{label}}',
        add: 'Ajouter une tranche',
        remove: 'Retirer la tranche {{number}}',
        save: 'Enregistrer les tranches',
        saved: 'Les tranches de retard ont été enregistrées.',
      },
      capital: {
        title: 'Capital des fonds',
        intro:
          'Ce que l’organisme peut prêter à partir de chaque fonds. Le tableau de bord en montre le disponible : capital − capital restant dû − autorisé mais pas encore décaissé.',
        label: 'Capital du {{fund}}',
        save: 'Enregistrer',
        saveLabel: 'Enregistrer le capital du {{fund}}',
        saved: 'Le capital du {{fund}} a été enregistré.',
        cleared: 'Le capital du {{fund}} a été retiré.',
        available: 'Disponible aujourd’hui : {{amount}}',
        empty: 'Vide : aucun capital défini.',
      },
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
