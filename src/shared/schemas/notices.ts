/**
 * The wire of company contacts and notices to borrowers (docs/decisions/0073): what the forms and the routes
 * parse with, and what the routes answer. Messages are catalog keys (`notices.errors.…` or the shared ones).
 */
import { z } from 'zod';
import { LOCALES } from '../constants';
import {
  CONTACT_ROLES,
  NOTICE_KINDS,
  NOTICE_STATES,
  PAYMENT_DUE_MAX_DAYS,
  STATEMENT_FREQUENCIES,
} from '../notices/rules';
import { TEMPLATE_BODY_MAX, TEMPLATE_SUBJECT_MAX } from '../notices/template';
import { GUID, email, multilineText, requiredText, singleLine, wrongValue } from './common';

const roles = () =>
  z
    .array(z.enum(CONTACT_ROLES, { error: wrongValue }), { error: wrongValue })
    .max(CONTACT_ROLES.length)
    .transform((list) => [...new Set(list)]);

const contactLocale = () => z.enum(LOCALES, { error: 'notices.errors.locale' });

const contactFields = {
  name: requiredText(),
  email: email(),
  locale: contactLocale(),
  roles: roles().default([]),
  /** The roles this contact is the preferred one for; each must be one of its roles. */
  preferredFor: roles().default([]),
};

const preferredWithinRoles = (value: { roles?: string[]; preferredFor?: string[] }) =>
  (value.preferredFor ?? []).every((role) => (value.roles ?? []).includes(role));
const preferredIssue = { error: 'notices.errors.preferredNotRole', path: ['preferredFor'] };

/** `POST /companies/:companyId/contacts`: a person, or an owner made a contact (`owner_id`: name and role from it). */
export const contactSchema = z
  .object({
    ...contactFields,
    name: contactFields.name.optional(),
    ownerId: z.string({ error: wrongValue }).regex(GUID, { error: 'notices.errors.ownerUnknown' }).optional(),
  })
  .refine((value) => value.name !== undefined || value.ownerId !== undefined, {
    error: 'errors.validations.required',
    path: ['name'],
  })
  .refine(preferredWithinRoles, preferredIssue);
export type ContactInput = z.input<typeof contactSchema>;

/** `PATCH …/contacts/:id`: the fields given change; preferred roles are checked against the roles after the change. */
export const contactUpdateSchema = z.object({
  name: contactFields.name.optional(),
  email: contactFields.email.optional(),
  locale: contactFields.locale.optional(),
  roles: roles().optional(),
  preferredFor: roles().optional(),
});
export type ContactUpdateInput = z.input<typeof contactUpdateSchema>;

export const contactAnswerSchema = z.object({
  id: z.string(),
  companyId: z.string(),
  name: z.string(),
  email: z.string(),
  locale: z.enum(LOCALES),
  roles: z.array(z.enum(CONTACT_ROLES)),
  preferredFor: z.array(z.enum(CONTACT_ROLES)),
  ownerId: z.string().nullable(),
  insertedAt: z.string(),
  updatedAt: z.string(),
});
export type ContactAnswer = z.infer<typeof contactAnswerSchema>;

/** `PUT /funds/:id/notice_settings` (administrators). */
export const noticeSettingsSchema = z.object({
  paymentDueEnabled: z.boolean({ error: wrongValue }),
  paymentDueDays: z
    .number({ error: wrongValue })
    .int({ error: 'notices.errors.paymentDueDays' })
    .min(1, { error: 'notices.errors.paymentDueDays' })
    .max(PAYMENT_DUE_MAX_DAYS, { error: 'notices.errors.paymentDueDays' }),
  paymentLateEnabled: z.boolean({ error: wrongValue }),
  statementsDueEnabled: z.boolean({ error: wrongValue }),
  statementOfAccountEnabled: z.boolean({ error: wrongValue }),
  statementOfAccountFrequency: z.enum(STATEMENT_FREQUENCIES, { error: wrongValue }),
});
export type NoticeSettingsInput = z.input<typeof noticeSettingsSchema>;

export const noticeSettingsAnswerSchema = noticeSettingsSchema.extend({
  fundId: z.string(),
  updatedAt: z.string().nullable(),
});

const templateText = {
  subject: requiredText(TEMPLATE_SUBJECT_MAX),
  body: multilineText(TEMPLATE_BODY_MAX).min(1, { error: 'errors.validations.required' }),
};

/** `PUT /notice_templates/:kind`: both languages at once, so the two never drift apart. */
export const noticeTemplateSchema = z.object({
  fr: z.object(templateText),
  en: z.object(templateText),
});
export type NoticeTemplateInput = z.input<typeof noticeTemplateSchema>;

export const noticeTemplateAnswerSchema = z.object({
  kind: z.enum(NOTICE_KINDS),
  fr: z.object({ subject: z.string(), body: z.string() }),
  en: z.object({ subject: z.string(), body: z.string() }),
  /** The merge fields this kind may use, as written between braces. */
  fields: z.array(z.string()),
  /** false: nobody changed the catalog's default texts. */
  customized: z.boolean(),
  updatedAt: z.string().nullable(),
});

export const noticeKindParams = z.object({ kind: z.enum(NOTICE_KINDS) });

/** `POST /notice_templates/:kind/preview`: the texts being edited, filled with a real loan. */
export const noticePreviewSchema = noticeTemplateSchema.extend({
  loanId: z.string({ error: wrongValue }).regex(GUID, { error: 'notices.errors.loanUnknown' }),
});

export const noticePreviewAnswerSchema = z.object({
  fr: z.object({ subject: z.string(), body: z.string() }),
  en: z.object({ subject: z.string(), body: z.string() }),
});

/** `PUT /companies/:id/notice_hold`: on with a reason, or off. */
export const noticeHoldSchema = z
  .object({
    held: z.boolean({ error: wrongValue }),
    reason: singleLine(500).optional(),
  })
  .refine((value) => !value.held || (value.reason ?? '').length > 0, {
    error: 'notices.errors.holdReason',
    path: ['reason'],
  });

export const noticeHoldAnswerSchema = z.object({
  companyId: z.string(),
  held: z.boolean(),
  reason: z.string().nullable(),
  heldAt: z.string().nullable(),
});

/** One notice that will go out on a day, and why (`GET /notices/upcoming`). */
export const upcomingNoticeSchema = z.object({
  key: z.string(),
  kind: z.enum(NOTICE_KINDS),
  companyId: z.string(),
  companyName: z.string(),
  loanId: z.string().nullable(),
  loanNumber: z.string().nullable(),
  /** Why, in the reader's language ("Payment of $1,234.56 due on …"). */
  reason: z.string(),
  recipient: z.object({ name: z.string(), email: z.string(), locale: z.enum(LOCALES) }).nullable(),
  held: z.boolean(),
  holdReason: z.string().nullable(),
});

/** One notice queued, sent, held or failed (`GET /notices`). */
export const noticeAnswerSchema = z.object({
  id: z.string(),
  kind: z.enum(NOTICE_KINDS),
  companyId: z.string(),
  companyName: z.string(),
  loanId: z.string().nullable(),
  loanNumber: z.string().nullable(),
  day: z.string(),
  state: z.enum(NOTICE_STATES),
  attempts: z.number().int(),
  /** Why it was not sent, in the reader's language. */
  problem: z.string().nullable(),
  recipient: z.string().nullable(),
  locale: z.enum(LOCALES).nullable(),
  subject: z.string().nullable(),
  body: z.string().nullable(),
  attachmentName: z.string().nullable(),
  sentAt: z.string().nullable(),
});
export type NoticeAnswer = z.infer<typeof noticeAnswerSchema>;
