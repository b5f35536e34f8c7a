/**
 * Loan servicing: disbursements, repayments, amendments, write-offs, arrears — every message under `servicing.*`, in English. The French is `servicing.fr.ts`, with exactly these
 * keys. Loaded by the browser only with the pages that name this part in router.tsx (docs/decisions/0030).
 */
export const servicing = {
  loanStatus: {
    not_disbursed: 'Not disbursed',
    active: 'Active',
    repaid: 'Repaid',
    written_off: 'Written off',
  },
  installmentStatus: {
    paid: 'Paid',
    late: 'Late',
    due: 'Due today',
    partial: 'Partly paid in advance',
    future: 'Upcoming',
    written_off: 'Written off',
  },
  installmentKind: {
    moratorium: 'Moratorium (interest only)',
    holiday: 'Payment holiday (interest capitalised)',
    regular: 'Level payment',
  },
  repaymentKind: {
    regular: 'Regular payment',
    prepayment: 'Prepayment',
    recovery: 'Recovery',
  },
  amendmentKind: {
    moratorium: 'Moratorium',
    term_extension: 'Term extension',
    rate_change: 'Rate change',
    payment_holiday: 'Payment holiday',
  },
  statementLine: {
    disbursement: 'Disbursement',
    interest: 'Interest due',
    capitalised_interest: 'Interest capitalised',
    repayment: 'Repayment',
    write_off: 'Write-off',
    recovery: 'Recovery',
  },
  excludedBecause: {
    reversed: 'Reversed',
    after_as_of: 'Dated after this date',
    after_write_off: 'After the write-off',
  },
  errors: {
    overpayment: 'This payment is more than what would repay the loan: on {{date}}, the payoff amount is {{amount}}.',
    recoveryOverpayment: 'This recovery is more than what is left to recover of the write-off: {{amount}}.',
  },
  buckets: {
    label: {
      current: 'Current',
      range: '{{min}}–{{max}} days',
      over: 'Over {{days}} days',
    },
    problems: {
      empty: 'Give at least one bucket.',
      tooMany: 'Give at most 20 buckets.',
      key: 'A bucket’s key is a lowercase word of letters, digits and underscores (at most 40).',
      duplicateKey: 'Two buckets have the same key.',
      firstStartsAtZero: 'The first bucket starts at 0 days (loans not late).',
      contiguous: 'Each bucket starts the day after the previous one ends.',
      maxDays: 'A bucket ends on a whole number of days, at least its first day.',
      lastOpen: 'The last bucket has no upper bound.',
      provisionRate: 'A provision rate is between 0 % and 100 %, with at most 3 decimals.',
    },
  },
  ratios: {
    par: {
      label: 'PAR{{days}}',
      name: 'Portfolio at risk over {{days}} days',
      formula:
        'Outstanding principal of the active loans more than {{days}} days past due ÷ outstanding principal of all active loans. Written-off loans are left out of both.',
    },
    arrearsRate: {
      label: 'Arrears rate',
      formula:
        'Principal and interest still owed on installments due before the date ÷ outstanding principal, active loans only. Unlike PAR, it counts only the late amounts, not the whole balance of late loans.',
    },
    collectionRate: {
      label: 'Collection rate',
      formula:
        'Of the installments falling due in the period, what was paid on them by its last day (including payments made in advance) ÷ what they asked, interest and principal. Prepayments, catch-up of older arrears and recoveries are not counted.',
    },
    provision: {
      label: 'Provision',
      formula:
        'Sum over the aging buckets of the outstanding principal of their active loans × the bucket’s provision rate.',
    },
  },
};
