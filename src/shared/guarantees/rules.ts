/**
 * The guarantees register's rules, pure (docs/decisions/0072): what a guarantee must hold to be saved, the moves
 * between its states, the default expiry of a registration, the deadlines that keep it valid and the loan's
 * coverage. The API, the forms, the task generators and the portfolio read these, never a second copy.
 */
import type { WebCatalogKey } from '../i18n/keys';
import { addDays, addMonths } from '../servicing/calendar';
import type { GuaranteeKind, GuaranteeRegistry, GuaranteeState } from './types';

/** What a guarantee holds, as the rules read it (amounts in cents, days YYYY-MM-DD). */
export interface GuaranteeValues {
  kind: GuaranteeKind;
  guarantorOwnerId: string | null;
  guarantorName: string | null;
  amountCents: number | null;
  sharePercent: number | null;
  registry: GuaranteeRegistry;
  registrationNumber: string | null;
  signedOn: string | null;
  registeredOn: string | null;
  expiresOn: string | null;
  state: GuaranteeState;
  releasedOn: string | null;
  releaseReason: string | null;
}

/** A field to fix (camelCase, as the form names it) and the message that says why. */
export interface GuaranteeProblem {
  field: keyof GuaranteeValues;
  key: WebCatalogKey;
  params?: Record<string, string | number>;
}

/** A registration at the RDPRM or the land registry lasts ten years unless renewed. */
export const REGISTRATION_YEARS = 10;

/** The expiry a registration gets unless one is typed: ten years to the day (29 February → 28 February). */
export const defaultExpiry = (registeredOn: string): string => addMonths(registeredOn, 12 * REGISTRATION_YEARS);

/**
 * An RDPRM registration number begins with the last two digits of the year it was registered in
 * (`25-0123456-0001` for 2025): a number that does not is a typing error.
 */
export function rdprmNumberMatchesYear(registrationNumber: string, registeredOn: string): boolean {
  return registrationNumber.trim().slice(0, 2) === registeredOn.slice(2, 4);
}

/** Every problem of a guarantee as it would be saved; empty when it may be. */
export function guaranteeProblems(g: GuaranteeValues): GuaranteeProblem[] {
  const problems: GuaranteeProblem[] = [];
  if (g.amountCents !== null && g.amountCents <= 0) {
    problems.push({ field: 'amountCents', key: 'guarantees.errors.amountPositive' });
  }
  if (g.sharePercent !== null && (g.sharePercent < 0 || g.sharePercent > 100)) {
    problems.push({ field: 'sharePercent', key: 'guarantees.errors.shareRange' });
  }
  if (g.amountCents !== null && g.sharePercent !== null) {
    problems.push({ field: 'sharePercent', key: 'guarantees.errors.amountOrShare' });
  }
  if (g.kind === 'personal_guarantee' && !g.guarantorOwnerId && !g.guarantorName?.trim()) {
    problems.push({ field: 'guarantorName', key: 'guarantees.errors.guarantorRequired' });
  }
  if (g.registeredOn && g.signedOn && g.registeredOn < g.signedOn) {
    problems.push({ field: 'registeredOn', key: 'guarantees.errors.registeredBeforeSigned' });
  }
  if (g.expiresOn && g.registeredOn && g.expiresOn < g.registeredOn) {
    problems.push({ field: 'expiresOn', key: 'guarantees.errors.expiresBeforeRegistered' });
  }
  if (
    g.registry === 'rdprm' &&
    g.registrationNumber &&
    g.registeredOn &&
    !rdprmNumberMatchesYear(g.registrationNumber, g.registeredOn)
  ) {
    problems.push({
      field: 'registrationNumber',
      key: 'guarantees.errors.rdprmYear',
      params: { digits: g.registeredOn.slice(2, 4) },
    });
  }
  if (g.state === 'signed' || g.state === 'registered') {
    if (!g.signedOn) problems.push({ field: 'signedOn', key: 'guarantees.errors.signedOnRequired' });
  }
  if (g.state === 'registered') {
    if (g.registry === 'none') problems.push({ field: 'registry', key: 'guarantees.errors.registryRequired' });
    if (!g.registrationNumber) {
      problems.push({ field: 'registrationNumber', key: 'guarantees.errors.registrationNumberRequired' });
    }
    if (!g.registeredOn) problems.push({ field: 'registeredOn', key: 'guarantees.errors.registeredOnRequired' });
  }
  if (g.state === 'released') {
    if (!g.releasedOn) problems.push({ field: 'releasedOn', key: 'guarantees.errors.releasedOnRequired' });
    if (!g.releaseReason?.trim()) {
      problems.push({ field: 'releaseReason', key: 'guarantees.errors.releaseReasonRequired' });
    }
  }
  return problems;
}

/**
 * The moves between states: a draft is signed; a signed guarantee is published (registered), or released (a
 * personal guarantee is never published), or lapses (not published in time); a registered one is released or
 * lapses (not renewed); a lapsed one may be published again. A release is final.
 */
export const GUARANTEE_TRANSITIONS: Readonly<Record<GuaranteeState, readonly GuaranteeState[]>> = {
  draft: ['signed'],
  signed: ['registered', 'released', 'lapsed'],
  registered: ['released', 'lapsed'],
  released: [],
  lapsed: ['registered'],
};

export const canMoveGuarantee = (from: GuaranteeState, to: GuaranteeState): boolean =>
  from === to || GUARANTEE_TRANSITIONS[from].includes(to);

/** Only a draft may be deleted: past it, a guarantee is a record (release it, or let it lapse). */
export const canDeleteGuarantee = (state: GuaranteeState): boolean => state === 'draft';

/** The states in which a guarantee secures the loan (coverage) and may be released. */
export const SECURING_STATES: readonly GuaranteeState[] = ['signed', 'registered'];

/* ------------------------------------------------------------------------------------------------
 * Deadlines
 * ---------------------------------------------------------------------------------------------- */

/** A hypothec signed is to be published within ten days (else it may rank after others). */
export const PUBLISH_DAYS = 10;
/** A registration is renewed before it expires: reminders 180, 90 and 30 days ahead. */
export const RENEW_LEADS = [180, 90, 30] as const;
export type RenewLead = (typeof RENEW_LEADS)[number];
/** After a secured asset is sold, the conservation notice is filed within fifteen days. */
export const CONSERVATION_DAYS = 15;
/** A reminder shows this many days before its date, so it falls under "this week" in time. */
export const REMINDER_LEAD_DAYS = 7;

export const publishDue = (signedOn: string): string => addDays(signedOn, PUBLISH_DAYS);
export const renewDue = (expiresOn: string, lead: RenewLead): string => addDays(expiresOn, -lead);
export const conservationDue = (soldOn: string): string => addDays(soldOn, CONSERVATION_DAYS);

/** A guarantee signed, to be published, and not published yet. */
export const publishTaskWanted = (g: Pick<GuaranteeValues, 'state' | 'registry' | 'signedOn' | 'registeredOn'>) =>
  g.state === 'signed' && g.registry !== 'none' && g.signedOn !== null && g.registeredOn === null;

/**
 * The reminder of a registration's renewal wanted today: the nearest of 180, 90 and 30 days before the expiry
 * whose date is at most a week ahead, until the expiry; null when none is (yet, or any more).
 */
export function renewLeadWanted(g: Pick<GuaranteeValues, 'state' | 'expiresOn'>, today: string): RenewLead | null {
  if (g.state !== 'registered' || !g.expiresOn || today > g.expiresOn) return null;
  let wanted: RenewLead | null = null;
  for (const lead of RENEW_LEADS) {
    if (addDays(renewDue(g.expiresOn, lead), -REMINDER_LEAD_DAYS) <= today) wanted = lead;
  }
  return wanted;
}

/** A secured asset sold while the guarantee holds: the conservation notice is due. */
export const conservationTaskWanted = (g: { state: GuaranteeState; assetSoldOn: string | null }) =>
  g.assetSoldOn !== null && SECURING_STATES.includes(g.state);

/** A loan no longer owed (repaid, written off) or a closed file, with guarantees still registered. */
export const releaseTaskWanted = (loan: { status: string; fileClosed: boolean }, registeredCount: number) =>
  registeredCount > 0 && (loan.status === 'repaid' || loan.status === 'written_off' || loan.fileClosed);

/* ------------------------------------------------------------------------------------------------
 * Coverage
 * ---------------------------------------------------------------------------------------------- */

/** What a guarantee secures of a loan owing `outstandingCents`: its amount, or its share of what is owed. */
export function securedCents(
  g: { amountCents: number | null; sharePercent: number | null },
  outstandingCents: number,
): number {
  if (g.amountCents !== null) return g.amountCents;
  if (g.sharePercent !== null) return Math.round((g.sharePercent * outstandingCents) / 100);
  return 0;
}

/**
 * The loan's coverage: what its signed and registered guarantees secure ÷ its outstanding principal (1 = fully
 * covered; above 1, over-secured), to four decimals; null when nothing is owed. Shown, never blocking.
 */
export interface SecuringGuarantee {
  state: GuaranteeState;
  amountCents: number | null;
  sharePercent: number | null;
}

export function guaranteesCoverage(list: readonly SecuringGuarantee[], outstandingCents: number | null): number | null {
  if (outstandingCents === null || outstandingCents <= 0) return null;
  const secured = list
    .filter((g) => SECURING_STATES.includes(g.state))
    .reduce((sum, g) => sum + securedCents(g, outstandingCents), 0);
  return Math.round((secured / outstandingCents) * 10_000) / 10_000;
}
