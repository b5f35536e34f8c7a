/**
 * The money screens as an analyst sees them (committee votes and recusal, the first disbursement, schedule
 * dates, what counts count): every message under `analyst.*`, in English. The French is `analyst.fr.ts`, with
 * exactly these keys. Loaded by the browser only with the pages that name this part in router.tsx (ADR 0030).
 */
export const analyst = {
  committee: {
    analystRecused: 'Analyst of this request: recused automatically',
    enteredBy: 'entered by {{name}}',
    yetToVote: 'Not voted yet: {{names}}',
    allVoted: 'Every member present who may vote has voted.',
    voteFor: 'Vote of {{member}}',
    confirmTitle: 'Record the decision without every vote?',
    confirmBodyOne:
      '{{names}} is present and has not voted. The minutes will say that the decision was recorded without this vote.',
    confirmBodyMany:
      '{{names}} are present and have not voted. The minutes will say that the decision was recorded without these votes.',
    confirm: 'Record without these votes',
    cancel: 'Go back to the votes',
    refusalReason: 'Reason for declining',
    missingVotersOne: 'Recorded without the vote of {{names}}, present.',
    missingVotersMany: 'Recorded without the votes of {{names}}, present.',
    minutesReason: 'Reason for declining: {{reason}}',
    withdrawal: '{{member}} withdrew from the deliberation and the vote on this item ({{reason}}).',
    analystWithdrawal: '{{member}}, analyst of the request, withdrew from the deliberation and the vote on this item.',
    analystReason: 'analyst of the request',
    presentOne: '{{n}} present',
    presentMany: '{{n}} present',
    recusedOne: '{{n}} recused',
    recusedMany: '{{n}} recused',
  },
  disbursement: {
    amount: 'Amount paid out now — {{fund}}',
    decided: 'Decided: {{amount}}. A smaller amount is a first tranche; the rest is disbursed from the loan page.',
  },
  errors: {
    trancheFund: 'The decision granted nothing from this fund.',
    trancheOverDecided: 'At most {{decided}}, the amount the committee decided for this fund.',
    analystRecused: '{{member}} is the analyst of this request: recused automatically, this vote cannot be recorded.',
    reasonNotDeclined: 'Only a decline has a reason for declining.',
  },
};
