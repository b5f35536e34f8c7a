/**
 * The committee's decision binds the money (docs/decisions/0066): decided terms, loans outside the pipeline and
 * amendment requests — every message under `decisions.*`, in English. The French is `decisions.fr.ts`, with
 * exactly these keys. Loaded by the browser only with the pages that name this part in router.tsx.
 */
export const decisions = {
  fields: {
    resolutionNumber: 'Resolution number',
    resolutionDate: 'Resolution date',
  },
  errors: {
    resolutionDateFuture: 'The resolution date cannot be in the future.',
    decidedTerm:
      'Set by the investment committee’s decision (resolution {{resolution}}): it cannot be changed in the company file. To raise the authorized amount, submit an amendment request in the pipeline, or ask an administrator for an authorized increase naming a resolution number.',
  },
  locked: {
    decided:
      'Set by the committee’s decision (resolution {{resolution}}). To raise it: an amendment request from the loan page.',
  },
  outsidePipeline: {
    badge: 'Outside the pipeline',
    explanation:
      'This loan was not created by an investment committee decision: it was typed in the company file (an older loan, or a fund managed elsewhere).',
    resolution: 'Resolution {{number}} of {{date}}',
    resolutionNumberOnly: 'Resolution {{number}}',
    resolutionUnknown: 'No resolution recorded.',
    decided: 'Granted by the investment committee: resolution {{number}} of {{date}}.',
  },
  report: {
    title: 'Loans outside the pipeline',
    explanation:
      'Among the loans of the fund authorized in the period, those no investment committee decision created (typed in the company file): how many and the amount authorized; and the money disbursed in the period on such loans. They are also counted in the figures above.',
    figures: {
      count: 'Loans outside the pipeline',
      authorizedAmount: 'Authorized outside the pipeline',
      disbursedAmount: 'Disbursed outside the pipeline',
    },
  },
};
