import { z } from 'zod';
import { LOCALES, ROLES, USER_STATUSES } from '../constants';

/** Answers of the user and account calls (docs/SPEC.md §7), camelCase as the SPA reads them. */
export const userAnswerSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  fullName: z.string(),
  role: z.enum(ROLES),
  status: z.enum(USER_STATUSES),
  locale: z.enum(LOCALES),
  confirmedAt: z.string().nullable().describe('ISO 8601'),
  disabledAt: z.string().nullable().describe('ISO 8601; set once archived'),
  archivable: z.boolean().describe('whether the viewer may archive this user now'),
  mayApprove: z.boolean().describe('may approve others’ money moves (two-person approval)'),
  lockVersion: z.number().int(),
});

/** A row of the administrators' users list: the user, and whether and when they receive the daily digest. */
export const userListItemSchema = userAnswerSchema.extend({
  digestTime: z
    .string()
    .nullable()
    .describe('HH:MM (Québec time) when this user receives the daily digest of their tasks; null when they do not'),
});

/** The signed-in user's own record: the user plus the address fields (docs/SPEC.md §2). */
export const accountAnswerSchema = userAnswerSchema.extend({
  address: z.string().nullable(),
  city: z.string().nullable(),
  postalCode: z.string().nullable(),
  phone: z.string().nullable(),
  mobile: z.string().nullable(),
});

/** `GET /users/options`: an active user as the overseeing-user picker shows them. */
export const userOptionSchema = z.object({ id: z.string(), fullName: z.string() });

/** The answer of the calls that must not reveal whether an address has an account. */
export const messageAnswerSchema = z.object({ message: z.string() });
