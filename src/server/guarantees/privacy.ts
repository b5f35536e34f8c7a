/**
 * What the guarantees register holds of people, for Law 25 (docs/decisions/0075): a registered guarantee blocks a
 * file's destruction (its mainlevée comes first); destroying a file erases the guarantors' names and addresses
 * and keeps the guarantees as the loans' record; a guarantor who is not one of the company's owners is a person
 * of their own in the people search and export.
 */
import { sql } from 'drizzle-orm';
import { selectRows } from '../db/rows';
import type { PeopleSource, PrivacyParticipant } from '../privacy/registry';
import { eraseGuarantorsOf, registeredGuaranteesOf } from './store';

const guarantors: PeopleSource = {
  async search(db, query, limit) {
    const words = query.split(/\s+/).filter(Boolean);
    if (words.length === 0) return [];
    return selectRows(
      db,
      sql`SELECT g.id, g.guarantor_name AS name, c.id AS "companyId", c.name AS "companyName", f.loan_number AS detail
            FROM guarantees g
            JOIN companies c ON c.id = g.company_id
            JOIN financial_contributions f ON f.id = g.contribution_id
           WHERE g.guarantor_owner_id IS NULL AND g.guarantor_name IS NOT NULL
             AND ${sql.join(
               words.map(
                 (word) => sql`public.f_search_text(g.guarantor_name) LIKE '%' || public.f_search_text(${word}) || '%'`,
               ),
               sql` AND `,
             )}
           ORDER BY public.f_search_text(g.guarantor_name), g.id
           LIMIT ${limit}`,
    );
  },
  async find(db, id) {
    const [row] = await selectRows<Record<string, string | number | null> & { name: string; company_id: string }>(
      db,
      sql`SELECT g.guarantor_name AS name, g.guarantor_address, g.kind, g.amount_cents::float8 AS amount_cents,
                 g.share_percent::float8 AS share_percent, g.state, g.signed_on::text AS signed_on,
                 f.loan_number, g.company_id, c.name AS company_name
            FROM guarantees g
            JOIN companies c ON c.id = g.company_id
            JOIN financial_contributions f ON f.id = g.contribution_id
           WHERE g.id = ${id} AND g.guarantor_owner_id IS NULL AND g.guarantor_name IS NOT NULL`,
    );
    if (!row) return undefined;
    return { name: row.name, companyId: row.company_id, fields: { ...row } };
  },
};

export const guaranteesPrivacy: PrivacyParticipant = {
  people: { guarantor: guarantors },
  async blockers(db, companyId) {
    return (await registeredGuaranteesOf(db, companyId)).map((guarantee) => ({
      code: 'guarantee_registered',
      key: 'privacy.blockers.guaranteeRegistered' as const,
      params: {
        guarantee: [guarantee.loanNumber, guarantee.registrationNumber].filter(Boolean).join(' — '),
      },
    }));
  },
  async erase(tx, companyId) {
    return { counts: { guarantors: await eraseGuarantorsOf(tx, companyId) } };
  },
};
