/**
 * A loan "outside the pipeline" (hors processus): a contribution that no committee decision created — typed in
 * the company file, or a fund managed elsewhere. The one place the rule lives: the loan's answer, the fund activity
 * report and a fund's approval policy (`outside_pipeline_always`) all read it.
 */
import { sql, type SQL } from 'drizzle-orm';

/** SQL true when the contribution whose id is `contributionId` was not created by a committee decision. */
export function outsidePipeline(contributionId: SQL): SQL<boolean> {
  return sql<boolean>`NOT EXISTS (SELECT 1 FROM decision_amounts oda WHERE oda.contribution_id = ${contributionId})`;
}
