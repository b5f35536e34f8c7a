/*
 * The rules of the protection of personal information (Law 25, docs/decisions/0075), pure, for the API and the
 * screens alike: incident dates, retention periods, when a file or document is due for destruction, and when an
 * access or rectification request must be answered.
 */
import { addDays, addMonths } from '../servicing/calendar';

/** What a privacy request asks: access to one's information, or its rectification. */
export const PRIVACY_REQUEST_KINDS = ['access', 'rectification'] as const;
export type PrivacyRequestKind = (typeof PRIVACY_REQUEST_KINDS)[number];

/** Where a request stands: only an open one makes a task. */
export const PRIVACY_REQUEST_STATES = ['open', 'answered', 'withdrawn'] as const;
export type PrivacyRequestState = (typeof PRIVACY_REQUEST_STATES)[number];

/** The law gives 30 days from receipt to answer. */
export const REQUEST_ANSWER_DAYS = 30;

export const requestDueOn = (receivedOn: string): string => addDays(receivedOn, REQUEST_ANSWER_DAYS);

/** What a destruction takes: a whole closed file (a company's) or one document past its category's period. */
export const DESTRUCTION_KINDS = ['file', 'document'] as const;
export type DestructionKind = (typeof DESTRUCTION_KINDS)[number];

/** The register is kept at least five years (the regulation); entries are never deleted in Atrium. */
export const INCIDENT_KEEP_YEARS = 5;

/** A retention period: years and months, together more than zero. */
export interface RetentionPeriod {
  years: number;
  months: number;
}

export const RETENTION_MAX_YEARS = 100;

export const periodMonths = (period: RetentionPeriod): number => period.years * 12 + period.months;

/** Zero or negative periods are refused: a schedule that destroys at once is a mistake, not a rule. */
export const isValidPeriod = (period: RetentionPeriod): boolean =>
  Number.isInteger(period.years) &&
  Number.isInteger(period.months) &&
  period.years >= 0 &&
  period.months >= 0 &&
  period.years <= RETENTION_MAX_YEARS &&
  periodMonths(period) > 0;

/** The day something kept since `since` falls due under `period`. */
export const dueOn = (since: string, period: RetentionPeriod): string => addMonths(since, periodMonths(period));

export const isDue = (since: string, period: RetentionPeriod, today: string): boolean => dueOn(since, period) <= today;

/** The incident's dates that may not come before its discovery (a notification cannot precede it). */
export const NOTIFIED_DATES = ['commissionNotifiedOn', 'peopleNotifiedOn'] as const;

export interface IncidentDates {
  occurredOn: string;
  occurredUntil: string | null;
  discoveredOn: string;
  commissionNotifiedOn: string | null;
  peopleNotifiedOn: string | null;
}

/** The incident's date fields out of order, each with the message naming why (catalog keys). */
export function incidentDateErrors(
  dates: IncidentDates,
  today: string,
): { field: keyof IncidentDates; key: 'beforeDiscovery' | 'untilBeforeStart' | 'discoveredBeforeStart' | 'future' }[] {
  const errors: ReturnType<typeof incidentDateErrors> = [];
  if (dates.occurredUntil !== null && dates.occurredUntil < dates.occurredOn)
    errors.push({ field: 'occurredUntil', key: 'untilBeforeStart' });
  if (dates.discoveredOn < dates.occurredOn) errors.push({ field: 'discoveredOn', key: 'discoveredBeforeStart' });
  if (dates.discoveredOn > today) errors.push({ field: 'discoveredOn', key: 'future' });
  for (const field of NOTIFIED_DATES) {
    const value = dates[field];
    if (value !== null && value < dates.discoveredOn) errors.push({ field, key: 'beforeDiscovery' });
  }
  return errors;
}

/** The incident fields a correction may change, in the register's order (the CSV's columns, the history). */
export const INCIDENT_FIELDS = [
  'personalInformation',
  'circumstances',
  'occurredOn',
  'occurredUntil',
  'discoveredOn',
  'peopleCount',
  'seriousHarmRisk',
  'riskAssessment',
  'commissionNotifiedOn',
  'peopleNotifiedOn',
  'measures',
] as const;
export type IncidentField = (typeof INCIDENT_FIELDS)[number];

/** The most items one destruction request takes. */
export const DESTRUCTION_BATCH_MAX = 100;
