import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { companies } from '../../db/schema';
import { notFound } from '../errors/app-error';
import { keptKey } from './kept-reads';
import type { ListSnapshots } from './list-snapshots';

/**
 * Whether a company exists, kept between writes under the `companies` family (ADR 0047): every route under
 * `/companies/{id}/…` asks it before anything else, and it was one of the three statements of a documents or
 * events page. Any insert, update or delete of `companies`, from any process, drops it (migration 0013), and the
 * request's one sync (ADR 0046) hears those committed before it arrived, so a company deleted or created a moment
 * ago is answered as it is now, as when the statement ran on every request.
 */
export function companyExists(db: Executor, lists: ListSnapshots, companyId: string): Promise<boolean> {
  return lists.get(
    keptKey('companies', 'exists', companyId),
    async () => {
      const [row] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
      return Boolean(row);
    },
    () => 1,
  );
}

/** The company a company-scoped route names: an unknown company and a malformed id are both 404. */
export function companyScope(db: Executor, lists: ListSnapshots): (params: { companyId: string }) => Promise<string> {
  return async ({ companyId }) => {
    if (!(await companyExists(db, lists, companyId))) throw notFound();
    return companyId;
  };
}
