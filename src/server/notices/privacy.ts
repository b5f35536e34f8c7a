/**
 * What the notices hold of people, for Law 25 (docs/decisions/0075): destroying a file removes the company's
 * contacts and what its notices said to whom; a contact is a person of their own in the people search and export.
 */
import { sql } from 'drizzle-orm';
import { selectRows } from '../db/rows';
import type { PeopleSource, PrivacyParticipant } from '../privacy/registry';
import { eraseCompanyContacts } from './actions';

const contacts: PeopleSource = {
  async search(db, query, limit) {
    const words = query.split(/\s+/).filter(Boolean);
    if (words.length === 0) return [];
    return selectRows(
      db,
      sql`SELECT k.id, k.name, c.id AS "companyId", c.name AS "companyName", k.email AS detail
            FROM company_contacts k JOIN companies c ON c.id = k.company_id
           WHERE ${sql.join(
             words.map((word) => sql`public.f_search_text(k.name) LIKE '%' || public.f_search_text(${word}) || '%'`),
             sql` AND `,
           )}
           ORDER BY public.f_search_text(k.name), k.id
           LIMIT ${limit}`,
    );
  },
  async find(db, id) {
    const [row] = await selectRows<Record<string, string | number | null> & { name: string; company_id: string }>(
      db,
      sql`SELECT k.name, k.email, k.locale, array_to_string(k.roles, ', ') AS roles, k.company_id,
                 c.name AS company_name
            FROM company_contacts k JOIN companies c ON c.id = k.company_id
           WHERE k.id = ${id}`,
    );
    if (!row) return undefined;
    return { name: row.name, companyId: row.company_id, fields: { ...row } };
  },
};

export const noticesPrivacy: PrivacyParticipant = {
  people: { contact: contacts },
  async erase(tx, companyId) {
    const [before] = await selectRows<{ n: number }>(
      tx,
      sql`SELECT count(*)::int AS n FROM company_contacts WHERE company_id = ${companyId}`,
    );
    await eraseCompanyContacts(tx, companyId);
    return { counts: { contacts: before?.n ?? 0 } };
  },
};
