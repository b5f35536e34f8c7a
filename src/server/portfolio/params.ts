import type { z } from 'zod';
import type { Db } from '../db/client';
import { AppError, badRequest } from '../platform/errors/app-error';
import { isUuid } from '../platform/http/params';
import { snakePath } from '../../shared/case';
import { parseMessage } from '../../shared/schemas/common';
import {
  BUCKET_MAX_DAYS,
  DEFAULT_PAR_DAYS,
  MAX_PAR_DAYS,
  PERIOD_ORDER,
  asOfInputSchema,
  periodDaysSchema,
  periodInputSchema,
} from '../../shared/schemas/portfolio-figures';
import { fundExists } from './store';

/*
 * The query parameters of the portfolio's reads, each read once here with the shared schemas the screens' forms
 * use: a fund, a day, a period, the days of PAR. Anything a client could mistype is a 400 that names the
 * parameter and says what is expected, never a silent default nor a 5xx (docs/ARCHITECTURE.md §4).
 */

/** `filter[fund_id]`: a fund that exists, or none. A malformed or unknown one is a 400 that says so. */
export async function fundFilter(db: Db, value: string | undefined): Promise<string | null> {
  if (value === undefined || value === '') return null;
  if (!isUuid(value) || !(await fundExists(db, value.toLowerCase()))) throw badRequest('portfolio.errors.unknownFund');
  return value.toLowerCase();
}

/** A refused parameter: the message names it, and `detail` says what is wrong with each one at fault. */
function refused(issues: readonly { path: PropertyKey[]; message: string }[]): AppError {
  const detail = Object.fromEntries(
    issues.map((issue) => [snakePath(issue.path as (string | number)[]), [parseMessage(issue.message)]]),
  );
  const first = issues[0]!;
  const name = snakePath(first.path as (string | number)[]);
  return first.message === PERIOD_ORDER
    ? new AppError(400, 'bad_request', PERIOD_ORDER, detail)
    : new AppError(400, 'bad_request', 'servicing.errors.portfolio.day', detail, undefined, { name });
}

/** A query parameter given once, as text (a repeated one arrives as an array: ambiguous, refused). */
function single(name: string, value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') {
    const detail = { [name]: [parseMessage('servicing.errors.portfolio.repeated')] };
    throw new AppError(400, 'bad_request', 'servicing.errors.portfolio.repeated', detail);
  }
  return value.trim() === '' ? undefined : value;
}

function parsed<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw refused(result.error.issues);
  return result.data;
}

/** `as_of`: YYYY-MM-DD within the product's years; today when absent. */
export function asOfParam(value: unknown, today: string): string {
  return parsed(asOfInputSchema, { asOf: single('as_of', value) ?? null }).asOf ?? today;
}

/** `from` and `to` of a period, both included: the current month to date by default. */
export function periodParams(query: { from?: unknown; to?: unknown }, today: string): { from: string; to: string } {
  const to = single('to', query.to) ?? today;
  const from = single('from', query.from);
  const { to: end } = parsed(periodDaysSchema.pick({ to: true }), { to });
  return parsed(periodInputSchema, { from: from ?? `${end.slice(0, 8)}01`, to: end });
}

/** `days=30,60,90`: the numbers of days of PAR, each a whole number from 0, in the order given, no repeats. */
export function parDaysParam(value: unknown): number[] {
  const text = single('days', value);
  if (text === undefined) return [...DEFAULT_PAR_DAYS];
  const parts = text.split(',').map((part) => part.trim());
  const days = parts.map(Number);
  const wrong =
    parts.length > MAX_PAR_DAYS ||
    parts.some((part) => !/^\d{1,5}$/.test(part)) ||
    days.some((n) => n > BUCKET_MAX_DAYS) ||
    new Set(days).size !== days.length;
  if (wrong) {
    const detail = { days: [parseMessage('servicing.errors.portfolio.parDays')] };
    throw new AppError(400, 'bad_request', 'servicing.errors.portfolio.parDays', detail);
  }
  return days;
}
