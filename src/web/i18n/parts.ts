import type { Locale } from '../../shared/constants';
import type { WebDomain } from '../../shared/i18n/domains/names';
import type { Messages } from '../../shared/i18n/translate';

/*
 * Where the browser fetches each part of the catalog after the first load (docs/decisions/0030). Each import is
 * its own file per language, so a part reaches the browser only with the frame or the pages that name it, and
 * only in the language shown. A domain added to `WEB_DOMAINS` fails the typecheck until it has its line here.
 */

/** The signed-in frame's part, or a domain's. */
export type Part = 'signedIn' | WebDomain;

type Loaders = Record<Locale, () => Promise<Messages>>;

export const partLoaders: Record<Part, Loaders> = {
  signedIn: {
    fr: () => import('../../shared/i18n/signed-in.fr').then((m) => m.signedIn),
    en: () => import('../../shared/i18n/signed-in.en').then((m) => m.signedIn),
  },
  servicing: {
    fr: () => import('../../shared/i18n/domains/servicing.fr').then((m) => ({ servicing: m.servicing })),
    en: () => import('../../shared/i18n/domains/servicing.en').then((m) => ({ servicing: m.servicing })),
  },
  pipeline: {
    fr: () => import('../../shared/i18n/domains/pipeline.fr').then((m) => ({ pipeline: m.pipeline })),
    en: () => import('../../shared/i18n/domains/pipeline.en').then((m) => ({ pipeline: m.pipeline })),
  },
  committee: {
    fr: () => import('../../shared/i18n/domains/committee.fr').then((m) => ({ committee: m.committee })),
    en: () => import('../../shared/i18n/domains/committee.en').then((m) => ({ committee: m.committee })),
  },
  letters: {
    fr: () => import('../../shared/i18n/domains/letters.fr').then((m) => ({ letters: m.letters })),
    en: () => import('../../shared/i18n/domains/letters.en').then((m) => ({ letters: m.letters })),
  },
  privacy: {
    fr: () => import('../../shared/i18n/domains/privacy.fr').then((m) => ({ privacy: m.privacy })),
    en: () => import('../../shared/i18n/domains/privacy.en').then((m) => ({ privacy: m.privacy })),
  },
  tasks: {
    fr: () => import('../../shared/i18n/domains/tasks.fr').then((m) => ({ tasks: m.tasks })),
    en: () => import('../../shared/i18n/domains/tasks.en').then((m) => ({ tasks: m.tasks })),
  },
  accounting: {
    fr: () => import('../../shared/i18n/domains/accounting.fr').then((m) => ({ accounting: m.accounting })),
    en: () => import('../../shared/i18n/domains/accounting.en').then((m) => ({ accounting: m.accounting })),
  },
  notices: {
    fr: () => import('../../shared/i18n/domains/notices.fr').then((m) => ({ notices: m.notices })),
    en: () => import('../../shared/i18n/domains/notices.en').then((m) => ({ notices: m.notices })),
  },
  analyst: {
    fr: () => import('../../shared/i18n/domains/analyst.fr').then((m) => ({ analyst: m.analyst })),
    en: () => import('../../shared/i18n/domains/analyst.en').then((m) => ({ analyst: m.analyst })),
  },
  twoFactor: {
    fr: () => import('../../shared/i18n/domains/two-factor.fr').then((m) => ({ twoFactor: m.twoFactor })),
    en: () => import('../../shared/i18n/domains/two-factor.en').then((m) => ({ twoFactor: m.twoFactor })),
  },
  decisions: {
    fr: () => import('../../shared/i18n/domains/decisions.fr').then((m) => ({ decisions: m.decisions })),
    en: () => import('../../shared/i18n/domains/decisions.en').then((m) => ({ decisions: m.decisions })),
  },
  guarantees: {
    fr: () => import('../../shared/i18n/domains/guarantees.fr').then((m) => ({ guarantees: m.guarantees })),
    en: () => import('../../shared/i18n/domains/guarantees.en').then((m) => ({ guarantees: m.guarantees })),
  },
  controls: {
    fr: () => import('../../shared/i18n/domains/controls.fr').then((m) => ({ controls: m.controls })),
    en: () => import('../../shared/i18n/domains/controls.en').then((m) => ({ controls: m.controls })),
  },
};
