import { z } from 'zod';
import { isYearInRange } from '../../shared/constants';
import { todayIso } from '../../shared/portfolio/schedule';
import { isCalendarDate } from '../../shared/servicing/calendar';
import { badRequest } from '../platform/errors/app-error';
import { localeQuery } from '../platform/http/contract';

/**
 * `as_of=YYYY-MM-DD`: the day the figures are computed for, today (in Québec) when absent. Any other value is
 * a malformed request (400): it names no day of the product's years.
 */
export const asOfQuery = localeQuery.extend({
  as_of: z.string().optional().describe('YYYY-MM-DD, 1900–2100; today when absent'),
});

export function asOfOf(value: string | undefined): string {
  if (value === undefined || value === '') return todayIso();
  if (!isCalendarDate(value) || !isYearInRange(value)) throw badRequest('servicing.errors.asOf');
  return value;
}
