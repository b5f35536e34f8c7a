import { systemEvent } from './define';

/*
 * Two-person approval's events (docs/decisions/0067): a loan's authorized amount raised, once a second person
 * approved it. Amounts in dollars, days YYYY-MM-DD; titles under `controls.history.…`.
 */
export const controlsEvents = {
  authorizedIncreased: systemEvent<{
    loanNumber: string;
    before: number;
    after: number;
    resolutionNumber: string;
    resolutionDate: string;
  }>({
    title: (p, w) => {
      const unknown = w.t('events.system.unknown');
      return w.t('controls.history.authorizedIncreased', {
        loanNumber: w.text(p.loanNumber) ?? unknown,
        before: w.money(p.before) ?? unknown,
        after: w.money(p.after) ?? unknown,
        resolutionNumber: w.text(p.resolutionNumber) ?? unknown,
        resolutionDate: w.day(p.resolutionDate) ?? unknown,
      });
    },
  }),
};
