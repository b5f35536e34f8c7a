/**
 * The writes on a company's contacts (docs/decisions/0073): each in one transaction, the company locked so that a
 * role has one preferred contact at a time, the change recorded in the company's history.
 */
import type { ContactRole } from '../../shared/notices/rules';
import type { z } from 'zod';
import type { contactSchema, contactUpdateSchema } from '../../shared/schemas/notices';
import { todayIso } from '../../shared/portfolio/schedule';
import type { Db, Tx } from '../db/client';
import { fieldError, notFound } from '../platform/errors/app-error';
import { recordSystemEvent } from '../platform/history/record';
import {
  clearPreferred,
  deleteContact,
  findContact,
  insertContact,
  lockCompany,
  ownerOf,
  retryUncontacted,
  updateContact,
  type ContactRow,
} from './contacts-store';

type NewContact = z.output<typeof contactSchema>;
type ContactChange = z.output<typeof contactUpdateSchema>;

async function inCompany<T>(db: Db, companyId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    if (!(await lockCompany(tx, companyId))) throw notFound();
    return work(tx);
  });
}

const event = (row: ContactRow) => ({ name: row.name, email: row.email });

export function addContact(db: Db, companyId: string, input: NewContact, authorId: string) {
  return inCompany(db, companyId, async (tx) => {
    let name = input.name;
    let roles = input.roles as ContactRole[];
    if (input.ownerId) {
      const owner = await ownerOf(tx, companyId, input.ownerId.toLowerCase());
      if (!owner) throw fieldError('owner_id', 'notices.errors.ownerUnknown');
      name ??= owner.name;
      if (!roles.includes('owner')) roles = [...roles, 'owner'];
    }
    const preferredFor = input.preferredFor as ContactRole[];
    await clearPreferred(tx, companyId, preferredFor, null);
    const row = await insertContact(tx, companyId, {
      name: name!,
      email: input.email,
      locale: input.locale,
      roles,
      preferredFor,
      ownerId: input.ownerId?.toLowerCase() ?? null,
    });
    await recordSystemEvent(tx, { companyId, code: 'contactAdded', params: event(row), authorId });
    await retryUncontacted(tx, companyId, todayIso());
    return row;
  });
}

export function changeContact(
  db: Db,
  params: { companyId: string; id: string },
  input: ContactChange,
  authorId: string,
) {
  return inCompany(db, params.companyId, async (tx) => {
    const before = await findContact(tx, params.companyId, params.id);
    if (!before) throw notFound();
    const roles = (input.roles ?? before.roles) as ContactRole[];
    const preferredFor = (input.preferredFor ?? (before.preferredFor as ContactRole[])).filter((role) =>
      roles.includes(role),
    );
    if (input.preferredFor && preferredFor.length !== input.preferredFor.length) {
      throw fieldError('preferred_for', 'notices.errors.preferredNotRole');
    }
    await clearPreferred(tx, params.companyId, preferredFor, before.id);
    const row = await updateContact(tx, before.id, {
      name: input.name ?? before.name,
      email: input.email ?? before.email,
      locale: input.locale ?? before.locale,
      roles,
      preferredFor,
    });
    await recordSystemEvent(tx, {
      companyId: params.companyId,
      code: 'contactChanged',
      params: event(row),
      authorId,
    });
    return row;
  });
}

export function removeContact(db: Db, params: { companyId: string; id: string }, authorId: string) {
  return inCompany(db, params.companyId, async (tx) => {
    const before = await findContact(tx, params.companyId, params.id);
    if (!before) throw notFound();
    await deleteContact(tx, before.id);
    await recordSystemEvent(tx, {
      companyId: params.companyId,
      code: 'contactRemoved',
      params: event(before),
      authorId,
    });
    return before;
  });
}
