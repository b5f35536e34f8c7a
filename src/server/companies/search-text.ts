import { inArray, sql, type SQL } from 'drizzle-orm';
import { companies, companyAddresses } from '../db/schema';
import type { Executor } from '../db/client';

/* ------------------------------------------------------------------------------------------------
 * Search text: what `filter[search]` and the global search match (owners' names too, ADR 0022), kept next
 * to the company so one trigram index serves it.
 * ---------------------------------------------------------------------------------------------- */

const searchTextOf = sql`f_search_text(concat_ws(' ',
  ${companies.name}, ${companies.referenceNumber}, ${companies.emailAddress},
  (SELECT concat_ws(' ', m.name_fr, m.name_en)
     FROM company_addresses a JOIN municipalities m ON m.id = a.municipality_id
    WHERE a.company_id = ${companies.id}),
  (SELECT string_agg(o.name, ' ') FROM owners o WHERE o.company_id = ${companies.id})))`;

export async function refreshSearchText(db: Executor, where: SQL): Promise<void> {
  await db.update(companies).set({ searchText: searchTextOf }).where(where);
}

/** After the seed renamed municipalities: their companies are found under the new names. */
export async function refreshSearchTextForMunicipalities(db: Executor, municipalityIds: string[]): Promise<void> {
  if (municipalityIds.length === 0) return;
  await refreshSearchText(
    db,
    inArray(
      companies.id,
      db
        .select({ id: companyAddresses.companyId })
        .from(companyAddresses)
        .where(inArray(companyAddresses.municipalityId, municipalityIds)),
    ),
  );
}
