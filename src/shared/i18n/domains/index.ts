import type { Messages } from '../translate';
import type { Domain } from './names';
import { committee as committeeEn } from './committee.en';
import { committee as committeeFr } from './committee.fr';
import { mail as mailEn } from './mail.en';
import { mail as mailFr } from './mail.fr';
import { pipeline as pipelineEn } from './pipeline.en';
import { pipeline as pipelineFr } from './pipeline.fr';
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
    committee: committeeEn,
    mail: mailEn,
    pipeline: pipelineEn,
    privacy: privacyEn,
    servicing: servicingEn,
    tasks: tasksEn,
    twoFactor: twoFactorEn,
  } satisfies Record<Domain, Messages>,
  fr: {
    committee: committeeFr,
    mail: mailFr,
    pipeline: pipelineFr,
    privacy: privacyFr,
    servicing: servicingFr,
    tasks: tasksFr,
    twoFactor: twoFactorFr,
  } satisfies Record<Domain, Messages>,
};
