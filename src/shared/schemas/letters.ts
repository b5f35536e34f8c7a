import { z } from 'zod';
import { LOCALES } from '../constants';
import {
  LETTER_KINDS,
  LETTER_STATES,
  LETTER_TEMPLATE_NAME_MAX,
  OFFER_SIGN_DAYS_MAX,
  OFFER_SIGN_DAYS_MIN,
} from '../letters/fields';
import { GUID, requiredId, singleLine, withParams, wrongValue, V } from './common';

/*
 * What the letters' forms send and their routes take and answer (ADR 0074), camelCase (snake_case on the wire).
 * The model's upload is a form with its file (multipart); its text fields are checked with `letterTemplateFieldsSchema`.
 */

export const letterTemplateFieldsSchema = z.object({
  kind: z.enum(LETTER_KINDS, { error: 'letters.errors.kind' }),
  name: singleLine(LETTER_TEMPLATE_NAME_MAX).min(1, {
    error: withParams('letters.errors.name', { max: LETTER_TEMPLATE_NAME_MAX }),
  }),
  language: z.enum(LOCALES, { error: 'letters.errors.language' }),
});
export type LetterTemplateFields = z.infer<typeof letterTemplateFieldsSchema>;

/** The upload as the published document shows it: a form with the file and its three fields. */
export const letterTemplateUploadSchema = letterTemplateFieldsSchema.extend({
  file: z.string().describe('the .docx file (multipart/form-data)'),
});

export const letterTemplateSchema = z.object({
  id: z.string(),
  kind: z.enum(LETTER_KINDS),
  name: z.string(),
  language: z.enum(LOCALES),
  fileName: z.string(),
  fileSize: z.number().int(),
  /** The fields the model names: `company_name`, `#owners` (a list), `owners.name` (a list's own field). */
  fields: z.array(z.string()),
  insertedAt: z.string(),
});
export type LetterTemplate = z.infer<typeof letterTemplateSchema>;

/** The list's meta: every field a model may use, in the same spelling as `fields`. */
export const letterTemplatesMetaSchema = z.object({ allowedFields: z.array(z.string()) });

const optionalGuid = () =>
  z
    .string({ error: wrongValue })
    .trim()
    .regex(GUID, { error: V.invalid })
    .transform((id) => id.toLowerCase())
    .nullish()
    .transform((id) => id ?? undefined);

export const generateLetterSchema = z
  .object({
    templateId: requiredId(),
    fundingRequestId: optionalGuid(),
    financialContributionId: optionalGuid(),
  })
  .superRefine((input, ctx) => {
    if (Boolean(input.fundingRequestId) === Boolean(input.financialContributionId)) {
      ctx.addIssue({ code: 'custom', path: ['fundingRequestId'], message: 'letters.errors.subject' });
    }
  });
export type GenerateLetterInput = z.infer<typeof generateLetterSchema>;

export const signedLetterSchema = z.object({
  documentId: z
    .string({ error: 'letters.errors.signedCopyRequired' })
    .trim()
    .min(1, { error: 'letters.errors.signedCopyRequired' })
    .regex(GUID, { error: V.invalid })
    .transform((id) => id.toLowerCase()),
});

export const letterSchema = z.object({
  id: z.string(),
  companyId: z.string(),
  templateId: z.string().nullable(),
  kind: z.enum(LETTER_KINDS),
  templateName: z.string(),
  language: z.enum(LOCALES),
  fundingRequestId: z.string().nullable(),
  contributionId: z.string().nullable(),
  /** The request's project or the loan's number. */
  subjectName: z.string().nullable(),
  version: z.number().int(),
  state: z.enum(LETTER_STATES),
  documentId: z.string().nullable(),
  /** The generated file's download address (signed, short-lived); null once its document was deleted. */
  fileUrl: z.string().nullable(),
  signedDocumentId: z.string().nullable(),
  signedDocumentName: z.string().nullable(),
  insertedAt: z.string(),
  sentAt: z.string().nullable(),
  signedAt: z.string().nullable(),
});
export type Letter = z.infer<typeof letterSchema>;

const bodyText = (max: number) => singleLine(max).default('');
export const LETTER_BODY_MAX = 200;

export const letterSettingsInputSchema = z.object({
  body: z.object({
    name: bodyText(LETTER_BODY_MAX),
    address: bodyText(LETTER_BODY_MAX),
    phone: bodyText(40),
    email: bodyText(LETTER_BODY_MAX),
  }),
  funds: z
    .array(
      z.object({
        fundId: requiredId(),
        offerSignDays: z.coerce
          .number({ error: 'letters.errors.offerDays' })
          .int({ error: 'letters.errors.offerDays' })
          .min(OFFER_SIGN_DAYS_MIN, { error: 'letters.errors.offerDays' })
          .max(OFFER_SIGN_DAYS_MAX, { error: 'letters.errors.offerDays' }),
      }),
      { error: wrongValue },
    )
    .max(200),
});
export type LetterSettingsInput = z.infer<typeof letterSettingsInputSchema>;

export const letterSettingsSchema = z.object({
  body: z.object({ name: z.string(), address: z.string(), phone: z.string(), email: z.string() }),
  funds: z.array(z.object({ fundId: z.string(), fundName: z.string(), offerSignDays: z.number().int() })),
});
export type LetterSettings = z.infer<typeof letterSettingsSchema>;
