import { z } from 'zod';
import { toCamel } from '../case';
import { ACCOUNT_ROLES, type AccountRole } from '../accounting/accounts';
import { V, requiredText } from './common';

/*
 * What the month-end screens send and the accounting routes answer (docs/decisions/0070, 0071). Keys are
 * camelCase here, snake_case on the wire (src/shared/case.ts). Money in answers is cents.
 */

/** An account as the body's software knows it. The exact rules (characters, lengths) are `chartProblems`'. */
const accountInput = z
  .object({ number: z.string().max(200, { error: V.tooLong }), name: z.string().max(500, { error: V.tooLong }) })
  .nullish();
const account = z.object({ number: z.string(), name: z.string() }).nullable();

type CamelRoles = { [R in AccountRole as ReturnType<typeof toCamel<R>>]: typeof accountInput };
const rolesShape = <T extends z.ZodType>(schema: T) =>
  Object.fromEntries(ACCOUNT_ROLES.map((role) => [toCamel(role), schema])) as unknown as {
    [K in keyof CamelRoles]: T;
  };

/** `PUT /funds/{id}/accounts`: an account per role (the first five required, checked with the form's words). */
export const chartInputSchema = z.object(rolesShape(accountInput));
export type ChartInput = z.output<typeof chartInputSchema>;

/** `GET /funds/{id}/accounts`. */
export const chartSchema = z.object(rolesShape(account));
export type ChartAnswer = z.output<typeof chartSchema>;

export const chartMetaSchema = z.object({
  fund: z.object({ id: z.string(), name: z.string() }),
  history: z.array(
    z.object({
      id: z.string(),
      authorName: z.string().nullable(),
      at: z.string(),
      before: chartSchema.partial(),
      after: chartSchema.partial(),
    }),
  ),
});

const role = z.enum(ACCOUNT_ROLES);

export const journalLineSchema = z.object({
  role,
  accountNumber: z.string().nullable(),
  accountName: z.string().nullable(),
  debit: z.number().int().describe('cents'),
  credit: z.number().int().describe('cents'),
});

export const journalEntrySchema = z.object({
  key: z.string(),
  number: z.string(),
  date: z.string(),
  fundId: z.string(),
  fundName: z.string(),
  description: z.string(),
  lines: z.array(journalLineSchema),
});

export const exportRecordSchema = z.object({
  id: z.string(),
  from: z.string(),
  to: z.string(),
  fundId: z.string().nullable(),
  format: z.string(),
  onlyNew: z.boolean(),
  entriesCount: z.number().int(),
  authorName: z.string().nullable(),
  at: z.string(),
});

/** `GET /accounting/journal/preview`. */
export const journalPreviewSchema = z.object({
  entries: z.array(journalEntrySchema),
  totals: z.object({ debit: z.number().int(), credit: z.number().int() }),
  unmapped: z.array(z.object({ fundId: z.string(), fundName: z.string(), role })),
  exports: z.array(exportRecordSchema),
});
export type JournalPreview = z.output<typeof journalPreviewSchema>;

export const accrualLineSchema = z.object({
  loanId: z.string(),
  loanNumber: z.string(),
  companyName: z.string(),
  fundId: z.string(),
  fundName: z.string(),
  installmentNumber: z.number().int(),
  periodStart: z.string(),
  dueDate: z.string(),
  daysElapsed: z.number().int(),
  daysInPeriod: z.number().int(),
  periodInterest: z.number().int(),
  accrued: z.number().int(),
});

/** `GET /accounting/accrued_interest`. */
export const accruedInterestSchema = z.object({
  asOf: z.string(),
  lines: z.array(accrualLineSchema),
  total: z.number().int(),
  recorded: z.array(
    z.object({
      fundId: z.string(),
      amountCents: z.number().int(),
      loansCount: z.number().int(),
      authorName: z.string().nullable(),
      at: z.string(),
    }),
  ),
});
export type AccruedInterest = z.output<typeof accruedInterestSchema>;

/** `POST /accounting/accrued_interest`: records the accrual at a month's end. */
export const accrueInputSchema = z.object({
  asOf: z.string().min(1, { error: V.required }),
  fundId: z.string().nullish(),
});

export const periodChangeSchema = z.object({
  id: z.string(),
  action: z.enum(['close', 'reopen']),
  through: z.string(),
  closedThrough: z.string().nullable(),
  reason: z.string().nullable(),
  authorName: z.string().nullable(),
  at: z.string(),
});

/** `GET /accounting/periods` and the answers of closing and reopening. */
export const periodsSchema = z.object({
  closedThrough: z.string().nullable(),
  history: z.array(periodChangeSchema),
});
export type Periods = z.output<typeof periodsSchema>;

export const REOPEN_REASON_MAX = 500;
export const closeInputSchema = z.object({ through: z.string().min(1, { error: V.required }) });
export const reopenInputSchema = z.object({
  through: z.string().min(1, { error: V.required }),
  reason: requiredText(REOPEN_REASON_MAX),
});
