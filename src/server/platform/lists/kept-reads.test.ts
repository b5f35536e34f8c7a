import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { selectRows } from '../../db/rows';
import { createTestApp, type TestApp } from '../../test/harness';
import { keptReadTables } from './kept-reads';

/**
 * The kept reads' tables and their triggers, as the migrated database has them: "family: table" for each table a
 * family reads that no trigger notifies that family of on update and delete (inserts too, but for `identity`:
 * a new session or user changes nothing kept, migration 0016).
 */
async function missingTriggers(db: Pick<Db, 'execute'>): Promise<string[]> {
  const triggers = await selectRows<{ table: string; definition: string }>(
    db,
    sql`SELECT c.relname AS "table", pg_get_triggerdef(t.oid) AS definition
          FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
         WHERE NOT t.tgisinternal`,
  );
  const notifies = ({ family, table }: { family: string; table: string }) =>
    triggers.some(
      (trigger) =>
        trigger.table === table &&
        /\bAFTER\b/.test(trigger.definition) &&
        /\bUPDATE\b/.test(trigger.definition) &&
        /\bDELETE\b/.test(trigger.definition) &&
        (family === 'identity' || /\bINSERT\b/.test(trigger.definition)) &&
        /FOR EACH STATEMENT/.test(trigger.definition) &&
        trigger.definition.includes(`f_notify_list_change('${family}')`),
    );
  return keptReadTables()
    .filter((read) => !notifies(read))
    .map(({ family, table }) => `${family}: ${table}`);
}

class RolledBack extends Error {}

describe('the change triggers of kept reads (ADR 0027, 0029)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('declares the families of migrations 0013, 0015 and 0016', () => {
    expect(keptReadTables().map(({ family, table }) => `${family}: ${table}`)).toEqual(
      expect.arrayContaining([
        'companies: companies',
        'documents: documents',
        'events: events',
        'portfolio: companies',
        'portfolio: financial_contributions',
        'portfolio: contribution_funds',
        'portfolio: statuses',
        'identity: users',
        'identity: sessions',
      ]),
    );
  });

  it('has a trigger notifying its family on every table a kept read reads', async () => {
    expect(await missingTriggers(t.database.db)).toEqual([]);
  });

  it('names the table whose trigger is gone (dropped in a transaction rolled back)', async () => {
    await expect(
      t.database.db.transaction(async (tx) => {
        await tx.execute(sql`DROP TRIGGER financial_contributions_portfolio_change ON financial_contributions`);
        await tx.execute(sql`DROP TRIGGER sessions_identity_change ON sessions`);
        expect(await missingTriggers(tx)).toEqual(['portfolio: financial_contributions', 'identity: sessions']);
        throw new RolledBack();
      }),
    ).rejects.toBeInstanceOf(RolledBack);
    expect(await missingTriggers(t.database.db)).toEqual([]);
  });

  it('does not count a trigger that notifies another family, or only on inserts', async () => {
    await expect(
      t.database.db.transaction(async (tx) => {
        await tx.execute(sql`DROP TRIGGER events_list_change ON events`);
        await tx.execute(sql`CREATE TRIGGER events_list_change AFTER INSERT OR UPDATE OR DELETE ON events
          FOR EACH STATEMENT EXECUTE FUNCTION f_notify_list_change('documents')`);
        await tx.execute(sql`DROP TRIGGER documents_list_change ON documents`);
        await tx.execute(sql`CREATE TRIGGER documents_list_change AFTER INSERT ON documents
          FOR EACH STATEMENT EXECUTE FUNCTION f_notify_list_change('documents')`);
        expect(await missingTriggers(tx)).toEqual(['documents: documents', 'events: events']);
        throw new RolledBack();
      }),
    ).rejects.toBeInstanceOf(RolledBack);
  });
});
