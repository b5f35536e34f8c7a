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
    noTerms:
      'Ce prêt n’a pas encore de calendrier : complétez ses conditions dans le dossier de l’entreprise avant d’y inscrire de l’argent.',
    notDisbursed: 'Rien n’a été déboursé sur ce prêt : inscrivez d’abord un décaissement.',
    beforeFirstDisbursement: 'Doit être le {{date}} ou après, date du premier décaissement.',
    beforeAuthorization: 'Doit être le {{date}} ou après, date d’autorisation du prêt.',
    dateTooLate: 'Doit être au plus tard le {{max}} (un an après aujourd’hui).',
    dateInFuture: 'Doit être aujourd’hui ou avant.',
    overDisbursed:
      'Les décaissements dépasseraient le montant prêté ({{lent}}) : il reste au plus {{available}} à décaisser.',
    recoveryNotWrittenOff: 'Un recouvrement est une somme reçue après une radiation, et ce prêt n’est pas radié.',
    beforeWriteOff:
      'Le prêt a été radié le {{date}} : annulez la radiation pour inscrire quoi que ce soit à cette date ou avant.',
    overpaysLater:
      'Avec ce paiement, celui du {{date}} dépasserait le montant qui rembourserait le prêt : contrepassez-le ou corrigez-le d’abord.',
    amendmentBeforeLoan: 'Une modification ne peut pas prendre effet avant le prêt, autorisé le {{date}}.',
    amendmentOverpays:
      'Avec cette modification, le paiement du {{date}} dépasserait le montant qui rembourserait le prêt : contrepassez-le ou corrigez-le d’abord.',
    termTooLong: 'La durée totale dépasserait {{total}} mois : au plus {{max}} mois de plus.',
    correctionOverpays:
      'Après cette correction, le paiement du {{date}} dépasserait le montant qui rembourserait le prêt : contrepassez-le d’abord.',
    writtenOff: 'Le prêt a été radié le {{date}} : annulez d’abord la radiation.',
    alreadyWrittenOff: 'Ce prêt est déjà radié (le {{date}}).',
    notWrittenOff: 'Ce prêt n’est pas radié : il n’y a rien à annuler.',
    loanClosed: 'Ce prêt est remboursé : il est fermé.',
    alreadyReversed: 'Cette inscription a déjà été contrepassée.',
    unknownFund: 'Ce fonds n’existe pas.',
    noActiveLoans: 'Ce fonds n’a aucun prêt actif à modifier.',
    bulkRefused:
      'Aucun prêt n’a été modifié : {{count}} prêts du fonds ne peuvent pas recevoir cette modification (le premier : {{loanNumber}}).',
    termsLocked:
      'De l’argent a été inscrit sur ce prêt : ses conditions ne peuvent plus être changées ici. Passez par une modification des conditions dans le calendrier du prêt.',
    amountBelowDisbursed: 'Doit être au moins ce qui a déjà été déboursé ({{amount}}).',
    loanHasMoney:
      'De l’argent a été inscrit sur le prêt {{loanNumber}} : il ne peut pas être retiré. Contrepassez plutôt ses inscriptions.',
    period: 'Indiquez une période : du et au, en AAAA-MM-JJ, le début au plus tard à la fin, au plus 10 ans d’écart.',
    import: {
      tooLarge: 'Le fichier dépasse 16 Mo.',
      badBase64: 'Le fichier n’a pas pu être lu.',
      encoding: 'Le fichier n’est ni du texte UTF-8 ni du Windows-1252.',
      empty: 'Le fichier n’a aucune ligne sous son en-tête.',
      tooManyRows: 'Le fichier compte {{count}} lignes : au plus {{max}} peuvent être importées à la fois.',
      unknownColumn: 'Le fichier n’a pas de colonne « {{column}} ». Ses colonnes : {{columns}}.',
      refused:
        '{{count}} lignes ne peuvent pas être importées : rien n’a été inscrit. Corrigez le fichier et importez-le de nouveau.',
      cells: 'Cette ligne compte {{count}} cellules, l’en-tête {{expected}}.',
      missing: 'Vide.',
      unknownLoan: 'Aucun prêt ne porte le numéro « {{value}} ».',
      formula: 'Une formule n’est pas une valeur : « {{value}} » a été refusée.',
      badDate: '« {{value}} » n’est pas une date au format {{format}}.',
      ambiguousDate: '« {{value}} » demande que l’ordre soit précisé : choisissez JJ/MM/AAAA ou MM/JJ/AAAA.',
      badAmount: '« {{value}} » n’est pas un montant (au plus deux décimales).',
      notPositive: 'Le montant doit être supérieur à 0.',
      badMethod: '« {{value}} » n’est pas un mode : pad, cheque, eft ou cash.',
      badKind: '« {{value}} » n’est pas un type : regular, prepayment ou recovery.',
      duplicate: 'Cette ligne répète la ligne {{row}}.',
      tooLong: 'Au plus {{max}} caractères.',
    },
  },
  disbursementMethod: {
    eft: 'Virement électronique',
    cheque: 'Chèque',
    wire: 'Virement bancaire',
  },
  repaymentMethod: {
    pad: 'Débit préautorisé',
    cheque: 'Chèque',
    eft: 'Virement électronique',
    cash: 'Comptant',
  },
  history: {
    loanDisbursed: 'Décaissement de {{amount}} le {{date}} (prêt {{loanNumber}})',
    disbursementReversed: 'Décaissement de {{amount}} du {{date}} contrepassé (prêt {{loanNumber}}) : {{reason}}',
    repaymentReceived: '{{kind}} de {{amount}} reçu le {{date}} (prêt {{loanNumber}})',
    repaymentReversed: 'Remboursement de {{amount}} du {{date}} contrepassé (prêt {{loanNumber}}) : {{reason}}',
    repaymentsImported: '{{count}} remboursements, {{amount}} en tout, importés de {{fileName}} (prêt {{loanNumber}})',
    termsAmended: '{{amendment}} à compter du {{date}} (prêt {{loanNumber}}) : {{reason}}',
    amendment: {
      moratorium: 'Moratoire de {{months}} mois',
      term_extension: 'Durée prolongée de {{months}} mois',
      payment_holiday: 'Congé de paiement de {{months}} mois',
      rate_change: 'Taux porté à {{rate}}',
      unknown: 'Conditions modifiées',
    },
    amendmentReversed:
      'Modification « {{kind}} » à compter du {{date}} contrepassée (prêt {{loanNumber}}) : {{reason}}',
    loanWrittenOff:
      'Prêt {{loanNumber}} radié le {{date}} : {{principal}} de capital et {{interest}} d’intérêts ({{reason}})',
    writeOffUndone: 'Radiation du prêt {{loanNumber}} du {{date}} annulée : {{reason}}',
  },
  statement: {
    title: 'Relevé de compte',
    interestLine: 'Intérêts échus — versement {{number}}',
    capitalisedLine: 'Intérêts capitalisés — versement {{number}}',
  },
  export: {
    file: 'remboursements',
    columns: {
      receivedOn: 'Reçu le',
      loanNumber: 'Numéro du prêt',
      companyReference: 'Référence de l’entreprise',
      companyName: 'Entreprise',
      fundName: 'Fonds',
      amount: 'Montant',
      method: 'Mode',
      kind: 'Type',
      reference: 'Référence',
      interest: 'Intérêts',
      principal: 'Capital',
      inAdvance: 'Payé d’avance',
      recovered: 'Recouvré',
      reversed: 'Contrepassé',
      reversalReason: 'Motif de la contrepassation',
      recordedBy: 'Inscrit par',
    },
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
