/**
 * The one check every servicing write makes before writing (docs/decisions/0070): nothing dated on or before the
 * closing date. It locks the period's row in share mode until the write's transaction ends, and a close locks it
 * exclusively: a write and a close at once take turns, so a write either commits before the close (which then
 * closes over it) or waits and reads the new closing date — never lands in a month closed meanwhile.
 */
import type { Locale } from '../../shared/constants';
import { formatDay } from '../../shared/intl';
import { isClosed } from '../../shared/accounting/periods';
import type { Executor } from '../db/client';
import { AppError } from '../platform/errors/app-error';
import { sql } from 'drizzle-orm';
import { selectRows } from '../db/rows';

/** The last closed day (null: nothing closed); `share` or `update` locks the period's row until the end. */
export async function readClosedThrough(db: Executor, lock: 'share' | 'update' | null = null): Promise<string | null> {
  const mode = lock === 'share' ? sql`FOR SHARE` : lock === 'update' ? sql`FOR UPDATE` : sql``;
  const [row] = await selectRows<{ closedThrough: string | null }>(
    db,
    sql`SELECT closed_through::text AS "closedThrough" FROM accounting_period_state WHERE id = 1 ${mode}`,
  );
  return row?.closedThrough ?? null;
}

/** 409 `period_closed` naming the date and who can reopen it. */
export function periodClosed(closedThrough: string, locale: Locale): AppError {
  return new AppError(
    409,
    'period_closed',
    'accounting.errors.periodClosed',
    // The date itself, as the wire writes dates, for a client that shows it its own way.
    { closed_through: [{ key: 'accounting.errors.closedThrough', params: { date: closedThrough } }] },
    undefined,
    { date: formatDay(closedThrough, locale) ?? closedThrough },
  );
}

/**
 * Refuses a write dated on or before the closing date (the earliest of `dates` decides), holding the period's
 * row shared until the caller's transaction ends. Call it inside the write's transaction, first.
 */
export async function assertPeriodOpen(tx: Executor, dates: string | readonly string[], locale: Locale): Promise<void> {
  const closedThrough = await readClosedThrough(tx, 'share');
  if (closedThrough === null) return;
  const list = typeof dates === 'string' ? [dates] : dates;
  if (list.some((date) => isClosed(date, closedThrough))) throw periodClosed(closedThrough, locale);
}
