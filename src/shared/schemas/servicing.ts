import { z } from 'zod';
import { AMENDMENT_KINDS, REPAYMENT_KINDS } from '../servicing/types';
import { MAX_RATE_PERCENT, MAX_SCHEDULE_MONTHS, RATE_DECIMALS } from '../servicing/terms';
import { V, multilineText, requiredId, requiredText, wrongValue } from './common';
import { CV, optionalNumber, optionalText, positiveMoney, requiredDate } from './company-fields';

/*
 * What the servicing forms send and the servicing routes take (docs/decisions/0036): money out,
 * money in, reversals, amendments, write-offs and the repayment import. Amounts are dollars as typed
 * (`1 234,56` or `1234.56`, two decimals at most), dates YYYY-MM-DD within the product's years, rates
 * percent with at most three decimals. What depends on the loan (the payoff amount, the first disbursement,
 * today + 1 year) is checked by `src/shared/servicing/entries.ts`, on the server and, if it likes, in the form.
 */

/** How money is paid out to a borrower. */
export const DISBURSEMENT_METHODS = ['eft', 'cheque', 'wire'] as const;
export type DisbursementMethod = (typeof DISBURSEMENT_METHODS)[number];

/** How money is received: pre-authorized debit, cheque, electronic funds transfer, cash. */
export const REPAYMENT_METHODS = ['pad', 'cheque', 'eft', 'cash'] as const;
export type RepaymentMethod = (typeof REPAYMENT_METHODS)[number];

/** Lengths of the free text of an entry. */
export const SERVICING_LIMITS = {
  reference: 100,
  note: 1000,
  reason: 500,
} as const;

const choice = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { error: wrongValue });

/** `POST …/disbursements`. */
export const disbursementInputSchema = z.object({
  date: requiredDate(),
  amount: positiveMoney(),
  method: choice(DISBURSEMENT_METHODS),
  reference: optionalText(SERVICING_LIMITS.reference),
  note: multilineText(SERVICING_LIMITS.note)
    .nullish()
    .transform((value) => value || null),
});
export type DisbursementInput = z.output<typeof disbursementInputSchema>;
export type DisbursementFormValues = z.input<typeof disbursementInputSchema>;

/** `POST …/repayments`. `kind` defaults to a regular payment. */
export const repaymentInputSchema = z.object({
  receivedOn: requiredDate(),
  amount: positiveMoney(),
  method: choice(REPAYMENT_METHODS),
  reference: optionalText(SERVICING_LIMITS.reference),
  kind: choice(REPAYMENT_KINDS).default('regular'),
});
export type RepaymentInput = z.output<typeof repaymentInputSchema>;
export type RepaymentFormValues = z.input<typeof repaymentInputSchema>;

/** The body of every reversal (a disbursement, a repayment, an amendment) and of undoing a write-off. */
export const reversalInputSchema = z.object({
  reason: requiredText(SERVICING_LIMITS.reason),
});
export type ReversalInput = z.output<typeof reversalInputSchema>;

const amendmentMonths = () => optionalNumber({ message: CV.number, integer: true, min: 1, max: MAX_SCHEDULE_MONTHS });
const amendmentRate = () =>
  optionalNumber({ message: CV.number, min: 0, max: MAX_RATE_PERCENT, decimals: RATE_DECIMALS });

const amendmentFields = {
  effectiveDate: requiredDate(),
  kind: choice(AMENDMENT_KINDS),
  months: amendmentMonths(),
  rate: amendmentRate(),
  reason: requiredText(SERVICING_LIMITS.reason),
};

/**
 * `months` is required for a moratorium, a payment holiday or a term extension, `rate` for a rate change; the
 * other one is dropped (a form may keep both fields filled).
 */
const amendment = <T extends z.ZodObject<typeof amendmentFields>>(schema: T) =>
  schema
    .superRefine((value, ctx) => {
      const field = value.kind === 'rate_change' ? 'rate' : 'months';
      if (value[field] === null) ctx.addIssue({ code: 'custom', message: V.required, path: [field], input: null });
    })
    .transform((value: z.output<T>) =>
      value.kind === 'rate_change'
        ? { ...value, kind: value.kind, months: null, rate: value.rate as number }
        : { ...value, kind: value.kind, months: value.months as number, rate: null },
    );

/** `POST …/term_amendments`: a change of terms from its effective date. */
export const termAmendmentInputSchema = amendment(z.object(amendmentFields));
export type TermAmendmentInput = z.output<typeof termAmendmentInputSchema>;
export type TermAmendmentFormValues = z.input<typeof termAmendmentInputSchema>;

/** `POST /portfolio/term_amendments/bulk`: one amendment for every active loan of a fund, all or none. */
export const bulkTermAmendmentInputSchema = amendment(z.object({ fundId: requiredId(), ...amendmentFields }));
export type BulkTermAmendmentInput = z.output<typeof bulkTermAmendmentInputSchema>;

/** `POST …/write_off`: the day it is written off (the amounts are the loan's, computed), and why. */
export const writeOffInputSchema = z.object({
  date: requiredDate(),
  reason: requiredText(SERVICING_LIMITS.reason),
});
export type WriteOffInput = z.output<typeof writeOffInputSchema>;

/* ------------------------------------------------------------------------------------------------
 * The repayment import: a bank's pre-authorized-debit file or an accounting export, and which of its
 * columns holds what (docs/decisions/0036).
 * ---------------------------------------------------------------------------------------------- */

/** The largest file the import reads, and its most rows (a header line aside). */
export const IMPORT_MAX_FILE_BYTES = 16 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 10_000;
/** The dry run and a refusal list at most this many rows of each kind; their counts are whole. */
export const IMPORT_LIST_LIMIT = 1000;

export const IMPORT_ENCODINGS = ['auto', 'utf-8', 'windows-1252'] as const;
export const IMPORT_SEPARATORS = ['auto', ',', ';', '\t'] as const;
export const IMPORT_DECIMAL_SEPARATORS = ['auto', '.', ','] as const;
/** `auto` reads 2026-03-15 and 20260315; a date with slashes needs its order said. */
export const IMPORT_DATE_FORMATS = ['auto', 'DD/MM/YYYY', 'MM/DD/YYYY'] as const;

/** The file's fields the import reads, each named by a column heading of the file (or its number, from 1). */
export const IMPORT_FIELDS = ['loanNumber', 'receivedOn', 'amount', 'reference', 'method', 'kind'] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];
/** The same fields as the wire names them (a row's problem says which, `row` for the row as a whole). */
export const IMPORT_WIRE_FIELDS = [
  'loan_number',
  'received_on',
  'amount',
  'reference',
  'method',
  'kind',
  'row',
] as const;
export type ImportWireField = (typeof IMPORT_WIRE_FIELDS)[number];

const column = () =>
  z.union([z.string().trim().min(1).max(200), z.number().int().min(1).max(1000)], { error: V.required });

/** The import's file as the body carries it: base64 of at most `IMPORT_MAX_FILE_BYTES`. */
export const IMPORT_MAX_CONTENT_CHARS = Math.ceil(IMPORT_MAX_FILE_BYTES / 3) * 4 + 4;
export const BASE64_TEXT = /^[A-Za-z0-9+/\r\n]*={0,2}\s*$/;

export const repaymentImportInputSchema = z.object({
  fileName: requiredText(200),
  /** The file's bytes, base64: its encoding is the import's to find out, so it travels untouched. */
  content: z
    .string({ error: wrongValue })
    .min(1, { error: V.required })
    .max(IMPORT_MAX_CONTENT_CHARS, { error: 'servicing.errors.import.tooLarge' })
    .regex(BASE64_TEXT, { error: V.invalid }),
  mapping: z.object(
    {
      loanNumber: column(),
      receivedOn: column(),
      amount: column(),
      reference: column().nullish(),
      method: column().nullish(),
      kind: column().nullish(),
    },
    { error: wrongValue },
  ),
  encoding: choice(IMPORT_ENCODINGS).default('auto'),
  separator: choice(IMPORT_SEPARATORS).default('auto'),
  decimalSeparator: choice(IMPORT_DECIMAL_SEPARATORS).default('auto'),
  dateFormat: choice(IMPORT_DATE_FORMATS).default('auto'),
  /** The method of rows without a method column (a bank's debit file: `pad`). */
  defaultMethod: choice(REPAYMENT_METHODS).default('pad'),
  /** The kind of rows without a kind column. */
  defaultKind: choice(REPAYMENT_KINDS).default('regular'),
});
export type RepaymentImportInput = z.output<typeof repaymentImportInputSchema>;
