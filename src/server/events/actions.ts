import { SYSTEM_CATEGORY } from '../../shared/events';
import type { EventFields } from '../../shared/schemas/event';
import type { Db } from '../db/client';
import { AppError, notFound } from '../platform/errors/app-error';
import { deleteEvent, findEvent, insertEvent, updateEvent, type EventRow } from './store';

/**
 * A person's events' use cases: each checks the rule (system events are the server's record, nobody writes one
 * through these), calls the store in one transaction and answers the event as it is now. The routes only read the
 * contract and answer.
 */

/** System events are the server's record of what happened: nobody creates, edits or deletes one. */
const systemEventReadOnly = () => new AppError(403, 'system_event_read_only', 'events.errors.systemEventReadOnly');

function refuseSystemEvent(event: EventRow): void {
  if (event.categorySlug === SYSTEM_CATEGORY) throw systemEventReadOnly();
}

/**
 * Adds a person's event. Written and read back in one transaction: a failure to read the answer rolls the write
 * back rather than answering 5xx for an event that was kept (and that a retry would then add twice).
 */
export async function addEvent(db: Db, companyId: string, input: EventFields, authorId: string): Promise<EventRow> {
  const created = await db.transaction(async (tx) =>
    findEvent(tx, companyId, await insertEvent(tx, companyId, input, authorId)),
  );
  return created!;
}

/** Changes a person's event; one gone meanwhile is a 404. */
export async function changeEvent(db: Db, event: EventRow, input: EventFields): Promise<EventRow> {
  refuseSystemEvent(event);
  const saved = await db.transaction(async (tx) => {
    if (!(await updateEvent(tx, event.companyId, event.id, input))) throw notFound();
    return findEvent(tx, event.companyId, event.id);
  });
  if (!saved) throw notFound();
  return saved;
}

/** Deletes a person's event; answers it as it was. */
export async function removeEvent(db: Db, event: EventRow): Promise<EventRow> {
  refuseSystemEvent(event);
  if (!(await deleteEvent(db, event.companyId, event.id))) throw notFound();
  return event;
}
