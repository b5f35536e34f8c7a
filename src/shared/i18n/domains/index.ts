import type { Messages } from '../translate';
import { accounting as accountingEn } from './accounting.en';
import { accounting as accountingFr } from './accounting.fr';
import type { Domain } from './names';
import { committee as committeeEn } from './committee.en';
import { committee as committeeFr } from './committee.fr';
import { decisions as decisionsEn } from './decisions.en';
import { decisions as decisionsFr } from './decisions.fr';
import { guarantees as guaranteesEn } from './guarantees.en';
import { guarantees as guaranteesFr } from './guarantees.fr';
import { controls as controlsEn } from './controls.en';
import { controls as controlsFr } from './controls.fr';
import { letters as lettersEn } from './letters.en';
import { letters as lettersFr } from './letters.fr';
import { mail as mailEn } from './mail.en';
import { mail as mailFr } from './mail.fr';
import { notices as noticesEn } from './notices.en';
import { notices as noticesFr } from './notices.fr';
import { pipeline as pipelineEn } from './pipeline.en';
import { pipeline as pipelineFr } from './pipeline.fr';
import { analyst as analystEn } from './analyst.en';
import { analyst as analystFr } from './analyst.fr';
import { privacy as privacyEn } from './privacy.en';
import { privacy as privacyFr } from './privacy.fr';
import { servicing as servicingEn } from './servicing.en';
import { servicing as servicingFr } from './servicing.fr';
import { tasks as tasksEn } from './tasks.en';
import { tasks as tasksFr } from './tasks.fr';
import { twoFactor as twoFactorEn } from './two-factor.en';
import { twoFactor as twoFactorFr } from './two-factor.fr';

/**
 * Every domain part in both languages, each under its own top-level key, for the server's `translate` (which
 * reads them whole) and the catalog test. The browser does not import this file: it loads a part with the
 * pages that use it (src/web/i18n/parts.ts). A new domain adds its name to `names.ts` and its pair here and
 * there; the typecheck names each place until it does.
 */
export const domainMessages = {
  en: {
    accounting: accountingEn,
    committee: committeeEn,
    controls: controlsEn,
    letters: lettersEn,
    mail: mailEn,
    notices: noticesEn,
    pipeline: pipelineEn,
    analyst: analystEn,
    privacy: privacyEn,
    servicing: servicingEn,
    tasks: tasksEn,
    twoFactor: twoFactorEn,
    decisions: decisionsEn,
    guarantees: guaranteesEn,
  } satisfies Record<Domain, Messages>,
  fr: {
    accounting: accountingFr,
    committee: committeeFr,
    controls: controlsFr,
    letters: lettersFr,
    mail: mailFr,
    notices: noticesFr,
    pipeline: pipelineFr,
    analyst: analystFr,
    privacy: privacyFr,
    servicing: servicingFr,
    tasks: tasksFr,
    twoFactor: twoFactorFr,
    decisions: decisionsFr,
    guarantees: guaranteesFr,
  } satisfies Record<Domain, Messages>,
};
