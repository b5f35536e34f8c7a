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
    noTerms: 'This loan has no schedule yet: complete its terms in the company file before recording money on it.',
    notDisbursed: 'Nothing has been disbursed on this loan: record a disbursement first.',
    beforeFirstDisbursement: 'Must be on or after the first disbursement, on {{date}}.',
    beforeAuthorization: 'Must be on or after the loan’s authorization date, {{date}}.',
    dateTooLate: 'Must be no later than {{max}} (one year from today).',
    dateInFuture: 'Must be today or earlier.',
    overDisbursed:
      'The disbursements would exceed the amount lent ({{lent}}): at most {{available}} is left to disburse.',
    recoveryNotWrittenOff: 'A recovery is money received after a write-off, and this loan is not written off.',
    beforeWriteOff:
      'The loan was written off on {{date}}: undo the write-off to record anything on or before that day.',
    overpaysLater:
      'With this payment, the payment of {{date}} would be more than what would repay the loan: reverse or correct it first.',
    amendmentBeforeLoan: 'An amendment cannot take effect before the loan, authorized on {{date}}.',
    amendmentOverpays:
      'With this amendment, the payment of {{date}} would be more than what would repay the loan: reverse or correct it first.',
    termTooLong: 'The whole term would exceed {{total}} months: at most {{max}} more months.',
    correctionOverpays:
      'After this correction, the payment of {{date}} would be more than what would repay the loan: reverse it first.',
    writtenOff: 'The loan was written off on {{date}}: undo the write-off first.',
    alreadyWrittenOff: 'This loan is already written off (on {{date}}).',
    notWrittenOff: 'This loan is not written off: there is nothing to undo.',
    loanClosed: 'This loan is repaid: it is closed.',
    alreadyReversed: 'This entry was already reversed.',
    unknownFund: 'This fund does not exist.',
    noActiveLoans: 'This fund has no active loan to amend.',
    bulkRefused: 'No loan was amended: {{count}} loans of the fund cannot take this amendment (first: {{loanNumber}}).',
    termsLocked:
      'Money was recorded on this loan: its terms can no longer be changed here. Use a term amendment on the loan’s schedule.',
    amountBelowDisbursed: 'Must be at least what was already disbursed ({{amount}}).',
    loanHasMoney: 'Loan {{loanNumber}} has recorded money: it cannot be removed. Reverse its entries instead.',
    period: 'Give a period: from and to, as YYYY-MM-DD, from no later than to, at most 10 years apart.',
    import: {
      tooLarge: 'The file is larger than 16 MB.',
      badBase64: 'The file could not be read.',
      encoding: 'The file is neither UTF-8 nor Windows-1252 text.',
      empty: 'The file has no row under its header.',
      tooManyRows: 'The file has {{count}} rows: at most {{max}} can be imported at once.',
      unknownColumn: 'The file has no column “{{column}}”. Its columns: {{columns}}.',
      refused: '{{count}} rows cannot be imported: nothing was posted. Correct the file and import it again.',
      cells: 'This row has {{count}} cells, the header {{expected}}.',
      missing: 'Empty.',
      unknownLoan: 'No loan has the number “{{value}}”.',
      formula: 'A formula is not a value: “{{value}}” was refused.',
      badDate: '“{{value}}” is not a date in the format {{format}}.',
      ambiguousDate: '“{{value}}” needs its order said: choose DD/MM/YYYY or MM/DD/YYYY.',
      badAmount: '“{{value}}” is not an amount (at most two decimals).',
      notPositive: 'The amount must be more than 0.',
      badMethod: '“{{value}}” is not a method: pad, cheque, eft or cash.',
      badKind: '“{{value}}” is not a kind: regular, prepayment or recovery.',
      duplicate: 'This row repeats row {{row}}.',
      tooLong: 'At most {{max}} characters.',
    },
  },
  disbursementMethod: {
    eft: 'Electronic funds transfer',
    cheque: 'Cheque',
    wire: 'Wire transfer',
  },
  repaymentMethod: {
    pad: 'Pre-authorized debit',
    cheque: 'Cheque',
    eft: 'Electronic funds transfer',
    cash: 'Cash',
  },
  history: {
    loanDisbursed: 'Disbursement of {{amount}} on {{date}} (loan {{loanNumber}})',
    disbursementReversed: 'Disbursement of {{amount}} of {{date}} reversed (loan {{loanNumber}}): {{reason}}',
    repaymentReceived: '{{kind}} of {{amount}} received on {{date}} (loan {{loanNumber}})',
    repaymentReversed: 'Repayment of {{amount}} of {{date}} reversed (loan {{loanNumber}}): {{reason}}',
    repaymentsImported: '{{count}} repayments of {{amount}} in all imported from {{fileName}} (loan {{loanNumber}})',
    termsAmended: '{{amendment}} from {{date}} (loan {{loanNumber}}): {{reason}}',
    amendment: {
      moratorium: 'Moratorium of {{months}} months',
      term_extension: 'Term extended by {{months}} months',
      payment_holiday: 'Payment holiday of {{months}} months',
      rate_change: 'Rate changed to {{rate}}',
      unknown: 'Terms amended',
    },
    amendmentReversed: '{{kind}} from {{date}} reversed (loan {{loanNumber}}): {{reason}}',
    loanWrittenOff:
      'Loan {{loanNumber}} written off on {{date}}: {{principal}} of principal and {{interest}} of interest ({{reason}})',
    writeOffUndone: 'Write-off of loan {{loanNumber}} on {{date}} undone: {{reason}}',
  },
  statement: {
    title: 'Statement of account',
    interestLine: 'Interest due — installment {{number}}',
    capitalisedLine: 'Interest capitalised — installment {{number}}',
  },
  export: {
    file: 'repayments',
    columns: {
      receivedOn: 'Received on',
      loanNumber: 'Loan number',
      companyReference: 'Company reference',
      companyName: 'Company',
      fundName: 'Fund',
      amount: 'Amount',
      method: 'Method',
      kind: 'Kind',
      reference: 'Reference',
      interest: 'Interest',
      principal: 'Principal',
      inAdvance: 'Paid in advance',
      recovered: 'Recovered',
      reversed: 'Reversed',
      reversalReason: 'Reason of the reversal',
      recordedBy: 'Recorded by',
    },
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
