import { sql } from 'drizzle-orm';
import { LOCALES } from '../../../shared/constants';
import type { SystemEventCode, SystemEventParams } from '../../../shared/history';
import type { Executor } from '../../db/client';
import { searchTextOf } from '../../db/full-text';
import { events } from '../../db/schema';
import { renderSystemTitle } from './render';

/**
 * The one way to write a company's history (docs/decisions/0031): every feature records its system events
 * here, with the transaction that makes the change, so that the event exists exactly when the change does — a
 * failed or rolled-back action leaves no event. `code` is one of `SYSTEM_EVENTS` (src/shared/history) and
 * `params` the parameters it declares; `authorId` is who made the change (the signed-in user).
 */
export async function recordSystemEvent<C extends SystemEventCode>(
  tx: Executor,
  event: {
    companyId: string;
    code: C;
    params: SystemEventParams[C];
    authorId: string | null;
    /** What the event keeps beside its title (a sent notice: the mail as sent). */
    notes?: string | null;
  },
): Promise<void> {
  const params = event.params as Record<string, unknown>;
  await tx.insert(events).values({
    companyId: event.companyId,
    categorySlug: 'system',
    code: event.code,
    params,
    authorId: event.authorId,
    notes: event.notes ?? null,
    // The title in every language, so that a search in either finds it (ADR 0008).
    searchText: searchTextOf(...LOCALES.map((locale) => renderSystemTitle(event.code, params, locale))),
    // now() is the same for the whole transaction; the clock keeps the events of one save in order.
    insertedAt: sql`clock_timestamp()`,
  });
}
