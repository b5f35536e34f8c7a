/**
 * The guarantees register's task generator (docs/decisions/0041, 0072), run with the company's own causes
 * (`generateFromCompany` in src/server/tasks/generators.ts): a signed hypothec to publish, a registration to renew,
 * a loan's guarantees to release, a conservation notice to file. The rules are src/shared/guarantees/rules.ts; the
 * triggers of migration `guarantees` close each task when its cause is gone.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  conservationDue,
  conservationTaskWanted,
  publishDue,
  publishTaskWanted,
  renewDue,
  renewLeadWanted,
  RENEW_LEADS,
} from '../../shared/guarantees/rules';
import { guaranteeSourceKey, type GuaranteeTaskKind } from '../../shared/guarantees/tasks';
import type { GuaranteeRegistry, GuaranteeState } from '../../shared/guarantees/types';
import type { Executor } from '../db/client';
import { selectRows } from '../db/rows';
import { TO_RELEASE } from './store';

interface GuaranteeTask {
  kind: GuaranteeTaskKind;
  key: string;
  dueOn: string;
  companyId: string;
  contributionId: string;
  occasionOn: string;
  lateDays: null;
}

/**
 * The tasks wanted today for the guarantees of the companies `companyWhere` selects (alias `c`). A renewal
 * reminder nearer the expiry supersedes (resolves) the farther one of the same expiry.
 */
export async function guaranteeTasks(db: Executor, today: string, companyWhere: SQL): Promise<GuaranteeTask[]> {
  const rows = await selectRows<{
    id: string;
    companyId: string;
    contributionId: string;
    state: GuaranteeState;
    registry: GuaranteeRegistry;
    signedOn: string | null;
    registeredOn: string | null;
    expiresOn: string | null;
    assetSoldOn: string | null;
    toRelease: boolean;
  }>(
    db,
    sql`SELECT g.id, g.company_id AS "companyId", g.contribution_id AS "contributionId", g.state, g.registry,
               g.signed_on::text AS "signedOn", g.registered_on::text AS "registeredOn",
               g.expires_on::text AS "expiresOn", g.asset_sold_on::text AS "assetSoldOn",
               (${TO_RELEASE}) AS "toRelease"
          FROM guarantees g JOIN companies c ON c.id = g.company_id
         WHERE g.state IN ('signed', 'registered') AND c.archived_at IS NULL AND ${companyWhere}`,
  );
  const tasks: GuaranteeTask[] = [];
  const about = (row: (typeof rows)[number]) => ({
    companyId: row.companyId,
    contributionId: row.contributionId,
    lateDays: null,
  });
  const superseded: string[] = [];
  for (const row of rows) {
    if (publishTaskWanted(row)) {
      tasks.push({
        kind: 'guarantee_publish',
        key: guaranteeSourceKey({ kind: 'guarantee_publish', guaranteeId: row.id, signedOn: row.signedOn! }),
        dueOn: publishDue(row.signedOn!),
        occasionOn: row.signedOn!,
        ...about(row),
      });
    }
    const lead = renewLeadWanted(row, today);
    if (lead !== null) {
      const expiresOn = row.expiresOn!;
      tasks.push({
        kind: 'guarantee_renew',
        key: guaranteeSourceKey({ kind: 'guarantee_renew', guaranteeId: row.id, expiresOn, lead }),
        dueOn: renewDue(expiresOn, lead),
        occasionOn: expiresOn,
        ...about(row),
      });
      for (const farther of RENEW_LEADS.filter((other) => other > lead)) {
        superseded.push(guaranteeSourceKey({ kind: 'guarantee_renew', guaranteeId: row.id, expiresOn, lead: farther }));
      }
    }
    if (conservationTaskWanted(row)) {
      tasks.push({
        kind: 'guarantee_conservation',
        key: guaranteeSourceKey({ kind: 'guarantee_conservation', guaranteeId: row.id, soldOn: row.assetSoldOn! }),
        dueOn: conservationDue(row.assetSoldOn!),
        occasionOn: row.assetSoldOn!,
        ...about(row),
      });
    }
    if (row.toRelease && !tasks.some((task) => task.key === `guarantee_release:${row.contributionId}`)) {
      tasks.push({
        kind: 'guarantee_release',
        key: guaranteeSourceKey({ kind: 'guarantee_release', loanId: row.contributionId }),
        dueOn: today,
        occasionOn: today,
        ...about(row),
      });
    }
  }
  if (superseded.length > 0) {
    await db.execute(
      sql`UPDATE tasks SET status = 'resolved', resolved_at = now(), updated_at = now()
           WHERE status = 'open' AND kind = 'guarantee_renew'
             AND source_key IN (SELECT jsonb_array_elements_text(${JSON.stringify(superseded)}::jsonb))`,
    );
  }
  return tasks;
}
