import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/*
 * The house's lint rule that keeps SQL out of route files (docs/decisions/0061), run through ESLint's Node API
 * with the repository's own eslint.config.js on snippets linted as if they were route files.
 */

const eslint = new ESLint({ cwd: process.cwd() });

/** The messages of the rule on `code`, linted as the file at `path`. */
async function sqlMessages(code: string, path: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path });
  return result!.messages
    .filter((message) => message.ruleId === 'no-restricted-syntax' && message.message.includes('No SQL'))
    .map((message) => code.split('\n')[message.line - 1]!.trim());
}

const ROUTE = 'src/server/servicing/example-routes.ts';

const clean = `import type { FeatureRoutes } from '../platform/route-deps';
import { recordRepayment } from './actions/record-repayment';

export const exampleRoutes: FeatureRoutes = async (app, { database }) => {
  const seen = new Set<string>();
  app.delete('/example/:id', async (request) => {
    seen.delete(request.url);
    return recordRepayment(database.db, { companyId: 'c', id: 'l' }, request.body as never, { authorId: 'a', locale: 'fr' });
  });
};
`;

const withSql = `import { sql } from 'drizzle-orm';
import type { FeatureRoutes } from '../platform/route-deps';
import { companies } from '../db/schema';

export const exampleRoutes: FeatureRoutes = async (app, { database }) => {
  const { db } = database;
  app.post('/example', async () => {
    await db.execute(sql\`SELECT 1\`);
    await db.transaction(async (tx) => {
      await tx.insert(companies).values({});
      await tx.update(companies).set({});
      await tx.delete(companies);
      await tx.select().from(companies);
    });
    return sql.raw('1');
  });
};
`;

// The first lint loads the whole configuration and its resolvers: seconds on a busy machine.
describe('no SQL in route files', { timeout: 60_000 }, () => {
  it('refuses every SQL builder in a route file, naming each line', async () => {
    expect(await sqlMessages(withSql, ROUTE)).toEqual([
      'await db.execute(sql`SELECT 1`);',
      'await db.execute(sql`SELECT 1`);',
      'await db.transaction(async (tx) => {',
      'await tx.insert(companies).values({});',
      'await tx.update(companies).set({});',
      'await tx.delete(companies);',
      'await tx.select().from(companies);',
      "return sql.raw('1');",
    ]);
  });

  it('passes a route file that calls an action, a Set’s delete and a route’s verb', async () => {
    expect(await sqlMessages(clean, ROUTE)).toEqual([]);
  });

  it('applies to route files only: a store or an action may build SQL', async () => {
    expect(await sqlMessages(withSql, 'src/server/servicing/store.ts')).toEqual([]);
    expect(await sqlMessages(withSql, 'src/server/servicing/actions/example.ts')).toEqual([]);
  });

  it('exempts no route file, whatever its domain or name', async () => {
    const refused = await sqlMessages(withSql, ROUTE);
    expect(refused).toHaveLength(8);
    for (const path of [
      'src/server/events/routes.ts',
      'src/server/portfolio/figures-routes.ts',
      'src/server/tasks/reminders-routes.ts',
      'src/server/tasks/routes.ts',
    ]) {
      expect(await sqlMessages(withSql, path)).toEqual(refused);
    }
  });

  it('holds on the route files as they are', async () => {
    const results = await eslint.lintFiles([
      'src/server/servicing/routes.ts',
      'src/server/events/routes.ts',
      'src/server/portfolio/figures-routes.ts',
      'src/server/tasks/reminders-routes.ts',
      'src/server/tasks/routes.ts',
    ]);
    expect(results.flatMap((result) => result.messages.map((message) => message.message))).toEqual([]);
  });
});
