/**
 * Notices to borrowers (docs/decisions/0073), pure: the contacts' roles, the kinds of notices, when each is
 * due on a day, who receives it, and the unique key that makes one mail per notice, loan or company and day.
 * The server's planner and sender, the screens and the tests read these, never a second copy.
 */
import type { Locale } from '../constants';
import { addDays, dateParts } from '../servicing/calendar';
import { statementDue, type StatementDue } from '../tasks/rules';

export const CONTACT_ROLES = ['finance', 'owner', 'signatory'] as const;
export type ContactRole = (typeof CONTACT_ROLES)[number];

export const NOTICE_KINDS = ['payment_due', 'payment_late', 'statements_due', 'statement_of_account'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

export const NOTICE_STATES = ['pending', 'sent', 'failed', 'held'] as const;
export type NoticeState = (typeof NOTICE_STATES)[number];

export const STATEMENT_FREQUENCIES = ['monthly', 'quarterly'] as const;
export type StatementFrequency = (typeof STATEMENT_FREQUENCIES)[number];

/** Days past due at which a late notice goes out. */
export const LATE_NOTICE_DAYS = [1, 15, 30] as const;
/** Days before the annual statements are due that the first notice goes out; the second goes on the day. */
export const STATEMENTS_NOTICE_LEAD_DAYS = 30;
export const PAYMENT_DUE_DEFAULT_DAYS = 5;
export const PAYMENT_DUE_MAX_DAYS = 60;

export interface NoticeSettings {
  paymentDueEnabled: boolean;
  paymentDueDays: number;
  paymentLateEnabled: boolean;
  statementsDueEnabled: boolean;
  statementOfAccountEnabled: boolean;
  statementOfAccountFrequency: StatementFrequency;
}

/** A fund nobody has set: every notice off, the defaults the issue names. */
export const DEFAULT_NOTICE_SETTINGS: NoticeSettings = {
  paymentDueEnabled: false,
  paymentDueDays: PAYMENT_DUE_DEFAULT_DAYS,
  paymentLateEnabled: false,
  statementsDueEnabled: false,
  statementOfAccountEnabled: false,
  statementOfAccountFrequency: 'monthly',
};

/** The installment due day a payment-due notice sent on `day` announces. */
export const paymentDueOn = (day: string, leadDays: number): string => addDays(day, leadDays);

/** The late threshold a loan late since `overdueSince` reaches exactly on `day`, or null. */
export function lateNoticeDays(overdueSince: string, day: string): number | null {
  for (const days of LATE_NOTICE_DAYS) if (addDays(overdueSince, days) === day) return days;
  return null;
}

/**
 * The annual statements a notice sent on `day` is about: those due in STATEMENTS_NOTICE_LEAD_DAYS days, or due
 * today — the statement task's own rule (`statementDue`), never a copy of it.
 */
export function statementsNoticeDue(
  endOfFinancialYear: string | null | undefined,
  day: string,
): (StatementDue & { when: 'before' | 'on_day' }) | null {
  const ahead = addDays(day, STATEMENTS_NOTICE_LEAD_DAYS);
  const soon = statementDue(endOfFinancialYear, ahead);
  if (soon && soon.dueOn === ahead) return { ...soon, when: 'before' };
  const now = statementDue(endOfFinancialYear, day);
  if (now && now.dueOn === day) return { ...now, when: 'on_day' };
  return null;
}

/**
 * Whether a statement of account goes out on `day`: the first of each month, or of each quarter; it shows the
 * loan as of the day before (the end of the period).
 */
export function statementOfAccountDue(frequency: StatementFrequency, day: string): { periodEnd: string } | null {
  const [, month, date] = dateParts(day);
  if (date !== 1) return null;
  if (frequency === 'quarterly' && (month - 1) % 3 !== 0) return null;
  return { periodEnd: addDays(day, -1) };
}

export interface ContactChoice {
  id: string;
  name: string;
  email: string;
  locale: Locale;
  roles: readonly ContactRole[];
  preferredFor: readonly ContactRole[];
}

/** Which role each kind of notice is written to first; the others follow in CONTACT_ROLES order. */
const FIRST_ROLE: Record<NoticeKind, ContactRole> = {
  payment_due: 'finance',
  payment_late: 'finance',
  statements_due: 'finance',
  statement_of_account: 'finance',
};

/**
 * The one contact a notice goes to: the preferred contact of the kind's role, else any contact with that role,
 * then the same for the other roles in order, else the first contact; null when the company has none.
 */
export function recipientOf(kind: NoticeKind, contacts: readonly ContactChoice[]): ContactChoice | null {
  const roles = [FIRST_ROLE[kind], ...CONTACT_ROLES.filter((role) => role !== FIRST_ROLE[kind])];
  for (const role of roles) {
    const preferred = contacts.find((c) => c.preferredFor.includes(role));
    if (preferred) return preferred;
    const any = contacts.find((c) => c.roles.includes(role));
    if (any) return any;
  }
  return contacts[0] ?? null;
}

/** One mail per notice, loan (or company) and day, across processes: the database holds this key unique. */
export const noticeKey = (kind: NoticeKind, subjectId: string, day: string): string => `${kind}:${subjectId}:${day}`;
