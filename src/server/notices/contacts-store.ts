/** Company contacts' SQL (docs/decisions/0073). */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Locale } from '../../shared/constants';
import type { ContactRole } from '../../shared/notices/rules';
import type { ContactAnswer } from '../../shared/schemas/notices';
import type { Executor } from '../db/client';
import { iso, selectRows } from '../db/rows';
import { companyContacts, owners } from '../db/schema';

export type ContactRow = typeof companyContacts.$inferSelect;

export const contactAnswer = (row: ContactRow): ContactAnswer => ({
  id: row.id,
  companyId: row.companyId,
  name: row.name,
  email: row.email,
  locale: row.locale,
  roles: row.roles as ContactRole[],
  preferredFor: row.preferredFor as ContactRole[],
  ownerId: row.ownerId,
  insertedAt: iso(row.insertedAt),
  updatedAt: iso(row.updatedAt),
});

export const listContacts = (db: Executor, companyId: string): Promise<ContactRow[]> =>
  db
    .select()
    .from(companyContacts)
    .where(eq(companyContacts.companyId, companyId))
    .orderBy(asc(companyContacts.insertedAt), asc(companyContacts.id));

export async function findContact(db: Executor, companyId: string, id: string): Promise<ContactRow | undefined> {
  const [row] = await db
    .select()
    .from(companyContacts)
    .where(and(eq(companyContacts.companyId, companyId), eq(companyContacts.id, id)))
    .for('update');
  return row;
}

/** The company, locked: contacts of one company are written one save at a time (one preferred per role). */
export async function lockCompany(db: Executor, companyId: string): Promise<{ id: string } | undefined> {
  const [row] = await selectRows<{ id: string }>(db, sql`SELECT id FROM companies WHERE id = ${companyId} FOR UPDATE`);
  return row;
}

export async function ownerOf(
  db: Executor,
  companyId: string,
  ownerId: string,
): Promise<{ id: string; name: string } | undefined> {
  const [row] = await db
    .select({ id: owners.id, name: owners.name })
    .from(owners)
    .where(and(eq(owners.companyId, companyId), eq(owners.id, ownerId)));
  return row;
}

export interface ContactValues {
  name: string;
  email: string;
  locale: Locale;
  roles: ContactRole[];
  preferredFor: ContactRole[];
  ownerId?: string | null;
}

/** Another contact of the company stops being the preferred one for these roles. */
export async function clearPreferred(db: Executor, companyId: string, roles: ContactRole[], except: string | null) {
  if (roles.length === 0) return;
  await db.execute(sql`
    UPDATE company_contacts
       SET preferred_for = ARRAY(SELECT r FROM unnest(preferred_for) r WHERE r <> ALL(${`{${roles.join(',')}}`}::text[])),
           updated_at = now()
     WHERE company_id = ${companyId} AND preferred_for && ${`{${roles.join(',')}}`}::text[]
       AND (${except}::uuid IS NULL OR id <> ${except}::uuid)`);
}

export async function insertContact(db: Executor, companyId: string, values: ContactValues): Promise<ContactRow> {
  const [row] = await db
    .insert(companyContacts)
    .values({ companyId, ...values })
    .returning();
  return row!;
}

export async function updateContact(db: Executor, id: string, values: ContactValues): Promise<ContactRow> {
  const [row] = await db
    .update(companyContacts)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(companyContacts.id, id))
    .returning();
  return row!;
}

export async function deleteContact(db: Executor, id: string): Promise<void> {
  await db.delete(companyContacts).where(eq(companyContacts.id, id));
}

/**
 * A company's notices of `day` given up for want of a contact go out again once it has one: back to pending,
 * due now, with their attempts counted afresh.
 */
export async function retryUncontacted(db: Executor, companyId: string, day: string): Promise<void> {
  await db.execute(sql`
    UPDATE notices SET status = 'pending', attempts = 0, next_attempt_at = now(), last_error = NULL, updated_at = now()
     WHERE company_id = ${companyId} AND status = 'failed' AND last_error = 'no_contact' AND day = ${day}::date`);
}
