import { count } from 'drizzle-orm';
import { expect } from 'vitest';
import { events } from '../db/schema';
import type { TestApp } from './harness';

/** Test helpers of the history suites: what a company's history holds, read as a user sees it. */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Every event of every company: "nothing written" is this not changing. */
export async function eventCount(t: TestApp): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(events);
  return row!.n;
}

/** A company's system events, newest first, as [code, title in `locale`, author]; `pageSize` when given. */
export async function systemHistory(
  t: TestApp,
  auth: { authorization: string },
  companyId: string,
  locale = 'en',
  pageSize?: number,
): Promise<Array<[string, string, string | null]>> {
  const page = pageSize === undefined ? '' : `&page[size]=${pageSize}`;
  const res = await t.inject({
    method: 'GET',
    url: `/api/companies/${companyId}/events?locale=${locale}${page}&filter[category_slug]=system`,
    headers: auth,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as Json[]).map((e) => [e.code, e.title, e.author_name]);
}
