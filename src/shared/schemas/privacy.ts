/**
 * What the privacy routes take and answer (Law 25, docs/decisions/0075), for the forms and the routes alike.
 * The rules that need today or another record (notification after discovery, due for destruction) are in
 * src/shared/privacy/rules.ts and checked by the actions.
 */
import { z } from 'zod';
import { INT4_MAX, email, multilineText, requiredText, singleLine, withParams, wrongValue } from './common';
import { CV, nullableDate, optionalId, requiredDate } from './company-fields';
import {
  DESTRUCTION_BATCH_MAX,
  DESTRUCTION_KINDS,
  PRIVACY_REQUEST_KINDS,
  PRIVACY_REQUEST_STATES,
  RETENTION_MAX_YEARS,
} from '../privacy/rules';

const TEXT_MAX = 5000;
const NAME_MAX = 200;

const optionalLine = (max: number) =>
  singleLine(max)
    .nullish()
    .transform((value) => value || null);
const optionalLong = () =>
  multilineText(TEXT_MAX)
    .nullish()
    .transform((value) => value || null);
const requiredLong = () => multilineText(TEXT_MAX).min(1, { error: 'errors.validations.required' });

const count = (max: number) =>
  z
    .number({ error: CV.number })
    .int({ error: CV.number })
    .min(0, { error: withParams('errors.validations.tooSmall', { min: 0 }) })
    .max(max, { error: withParams('errors.validations.tooLarge', { max }) });

/* ---------------------------------------------------------------- the person in charge */

/** `PUT /privacy/officer`: the person in charge of the protection of personal information. */
export const officerInputSchema = z.object({
  name: requiredText(NAME_MAX),
  title: requiredText(NAME_MAX),
  email: email(),
  phone: optionalLine(40),
  /** Their Atrium account, if they have one: the requests' tasks go to it (else to the administrators' queue). */
  userId: optionalId(),
});
export type OfficerInput = z.output<typeof officerInputSchema>;
export type OfficerFormValues = z.input<typeof officerInputSchema>;

/** `GET /privacy/officer` (public): null fields until an administrator names them. */
export const officerSchema = z.object({
  name: z.string().nullable(),
  title: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  userId: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type Officer = z.infer<typeof officerSchema>;

/* ---------------------------------------------------------------- the incident register */

/** `POST /privacy/incidents` and, every field optional, `PATCH /privacy/incidents/{id}`. */
export const incidentInputSchema = z.object({
  personalInformation: requiredLong(),
  circumstances: requiredLong(),
  occurredOn: requiredDate(),
  occurredUntil: nullableDate(),
  discoveredOn: requiredDate(),
  peopleCount: count(INT4_MAX)
    .nullish()
    .transform((value) => value ?? null),
  seriousHarmRisk: z.boolean({ error: wrongValue }),
  riskAssessment: requiredLong(),
  commissionNotifiedOn: nullableDate(),
  peopleNotifiedOn: nullableDate(),
  measures: optionalLong(),
});
export type IncidentInput = z.output<typeof incidentInputSchema>;
export type IncidentFormValues = z.input<typeof incidentInputSchema>;
export const incidentPatchSchema = incidentInputSchema.partial();
export type IncidentPatch = z.output<typeof incidentPatchSchema>;

const author = z.object({ id: z.string(), name: z.string() }).nullable();

export const incidentSchema = z.object({
  id: z.string(),
  /** Readable and never reused: I-2026-0001. */
  number: z.string(),
  personalInformation: z.string(),
  circumstances: z.string(),
  occurredOn: z.string(),
  occurredUntil: z.string().nullable(),
  discoveredOn: z.string(),
  peopleCount: z.number().int().nullable(),
  seriousHarmRisk: z.boolean(),
  riskAssessment: z.string(),
  commissionNotifiedOn: z.string().nullable(),
  peopleNotifiedOn: z.string().nullable(),
  measures: z.string().nullable(),
  recordedBy: author,
  insertedAt: z.string(),
  updatedAt: z.string(),
  /** Earliest day the entry may leave the register (five years after discovery); it is never deleted here. */
  keepUntil: z.string(),
});
export type Incident = z.infer<typeof incidentSchema>;

/** One correction: who, when, and each field's value before and after (as stored: dates, numbers, text). */
export const incidentChangeSchema = z.object({
  at: z.string(),
  author,
  changes: z.array(
    z.object({
      field: z.string(),
      from: z.union([z.string(), z.number(), z.boolean()]).nullable(),
      to: z.union([z.string(), z.number(), z.boolean()]).nullable(),
    }),
  ),
});
export type IncidentChange = z.infer<typeof incidentChangeSchema>;

export const incidentDetailSchema = incidentSchema.extend({ history: z.array(incidentChangeSchema) });
export type IncidentDetail = z.infer<typeof incidentDetailSchema>;

/* ---------------------------------------------------------------- retention and destruction */

const period = {
  years: count(RETENTION_MAX_YEARS),
  months: count(11),
};

/** One rule of the schedule: for a document category, or (no category) for closed files. */
export const retentionRuleInputSchema = z.object({ categoryId: optionalId(), ...period });
/** `PUT /privacy/retention_rules`: the whole schedule; a category left out keeps its documents. */
export const retentionRulesInputSchema = z.object({
  rules: z.array(retentionRuleInputSchema, { error: wrongValue }).max(200),
});
export type RetentionRulesInput = z.output<typeof retentionRulesInputSchema>;

export const retentionRuleSchema = z.object({
  categoryId: z.string().nullable(),
  /** The category in the reader's language; null for the rule of closed files. */
  categoryName: z.string().nullable(),
  years: z.number().int(),
  months: z.number().int(),
});
export type RetentionRule = z.infer<typeof retentionRuleSchema>;

const blocker = z.object({ code: z.string(), message: z.string() });

export const dueFileSchema = z.object({
  kind: z.literal('file'),
  id: z.string(),
  name: z.string(),
  referenceNumber: z.string(),
  closedOn: z.string(),
  dueOn: z.string(),
  /** Why it cannot be destroyed yet (a loan active, a request open…), in the reader's language. */
  blockers: z.array(blocker),
});
export const dueDocumentSchema = z.object({
  kind: z.literal('document'),
  id: z.string(),
  name: z.string(),
  company: z.object({ id: z.string(), name: z.string() }),
  categoryName: z.string(),
  date: z.string(),
  dueOn: z.string(),
  blockers: z.array(blocker),
});
export const staleBackupSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  fileName: z.string().nullable(),
  /** The destructions since it was made: it still holds what they removed. */
  destructionsSince: z.number().int(),
});
export const destructionDueSchema = z.object({
  files: z.array(dueFileSchema),
  documents: z.array(dueDocumentSchema),
  backups: z.array(staleBackupSchema),
});
export type DestructionDue = z.infer<typeof destructionDueSchema>;
export type DueFile = z.infer<typeof dueFileSchema>;
export type DueDocument = z.infer<typeof dueDocumentSchema>;

/** `POST /privacy/destructions`: what to destroy, each item due and unblocked, else nothing is. */
export const destructionInputSchema = z.object({
  items: z
    .array(z.object({ kind: z.enum(DESTRUCTION_KINDS, { error: wrongValue }), id: requiredText(36) }), {
      error: wrongValue,
    })
    .min(1, { error: 'errors.validations.required' })
    .max(DESTRUCTION_BATCH_MAX, { error: withParams('errors.validations.tooMany', { max: DESTRUCTION_BATCH_MAX }) }),
});
export type DestructionInput = z.output<typeof destructionInputSchema>;

/** One entry of the destruction log: counts and categories, never contents. */
export const destructionSchema = z.object({
  id: z.string(),
  kind: z.enum(DESTRUCTION_KINDS),
  /** The file's reference number (C-2026-000123): not personal, and what the funders' reports still show. */
  referenceNumber: z.string(),
  destroyedAt: z.string(),
  destroyedBy: author,
  counts: z.record(z.string(), z.number().int()),
  categories: z.array(z.string()),
});
export type Destruction = z.infer<typeof destructionSchema>;

/* ---------------------------------------------------------------- access and rectification requests */

export const privacyRequestInputSchema = z.object({
  requesterName: requiredText(NAME_MAX),
  kind: z.enum(PRIVACY_REQUEST_KINDS, { error: wrongValue }),
  /** What is asked, in the requester's words. */
  details: requiredLong(),
  receivedOn: requiredDate(),
});
export type PrivacyRequestInput = z.output<typeof privacyRequestInputSchema>;
export type PrivacyRequestFormValues = z.input<typeof privacyRequestInputSchema>;

export const privacyRequestPatchSchema = z.object({
  state: z.enum(PRIVACY_REQUEST_STATES, { error: wrongValue }).optional(),
  answer: optionalLong().optional(),
  details: requiredLong().optional(),
});
export type PrivacyRequestPatch = z.output<typeof privacyRequestPatchSchema>;

export const privacyRequestSchema = z.object({
  id: z.string(),
  requesterName: z.string(),
  kind: z.enum(PRIVACY_REQUEST_KINDS),
  details: z.string(),
  receivedOn: z.string(),
  dueOn: z.string(),
  state: z.enum(PRIVACY_REQUEST_STATES),
  answer: z.string().nullable(),
  answeredOn: z.string().nullable(),
  insertedAt: z.string(),
});
export type PrivacyRequest = z.infer<typeof privacyRequestSchema>;

/* ---------------------------------------------------------------- a person's data */

export const personMatchSchema = z.object({
  kind: z.string(),
  id: z.string(),
  name: z.string(),
  company: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** What else tells namesakes apart: a city, a role. */
  detail: z.string().nullable(),
});
export type PersonMatch = z.infer<typeof personMatchSchema>;

export const peopleQuerySchema = z
  .object({
    /** Absent or blank: nobody (a search names someone), as the global search answers an empty query. */
    q: singleLine(NAME_MAX).default(''),
    locale: z.string().optional(),
  })
  .strict();
