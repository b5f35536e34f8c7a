import { beforeAll, describe, expect, it } from 'vitest';
import { createCompany } from '../../test/document-fixtures';
import { useAuthHeader, useTestApp } from '../../test/harness';

/**
 * Third audit, finding 9: malformed query parameters were silently ignored (`page=1` instead of
 * `page[number]`, `filter[search][x]`, array-shaped filters). docs/ARCHITECTURE.md §4: a 400 that names the parameter.
 * Every list route is found in the published document (a GET with page or filter parameters), so a new list
 * is checked too.
 */
let company: string;
const t = useTestApp();
const auth = useAuthHeader(t, { role: 'admin' });
beforeAll(async () => {
  company = await createCompany(t, auth, 'Paramètres inc.');
});

interface Parameter {
  name: string;
  in: string;
}

/** GET operations taking list-like parameters, with the names of their query parameters. */
async function listRoutes(): Promise<{ url: string; parameters: string[] }[]> {
  const document = (await t.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, { parameters?: Parameter[] }>>;
  };
  return Object.entries(document.paths).flatMap(([url, operations]) => {
    const parameters = (operations['get']?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
    const listLike = parameters.some((name) => name.startsWith('page[') || name.startsWith('filter[') || name === 'q');
    return listLike ? [{ url: url.replace(/\{\w+\}/g, company), parameters }] : [];
  });
}

const unknown = (name: string) => `This address takes no parameter “${name}”.`;
const badValue = (name: string) => `The parameter “${name}” has a value this address does not accept.`;

async function expectNamed(url: string, query: string, name: string, message: string) {
  const res = await t.inject({ method: 'GET', url: `${url}?locale=en&${query}`, headers: auth });
  expect(res.statusCode, `${url}?${query}: ${res.body}`).toBe(400);
  expect(res.json().errors, `${url}?${query}`).toEqual({ code: 'bad_request', message, detail: { [name]: [message] } });
}

describe('malformed query parameters on list routes', () => {
  it('finds the list routes to check', async () => {
    const urls = (await listRoutes()).map((route) => route.url.replace(company, '{id}'));
    expect(urls).toEqual(
      expect.arrayContaining([
        '/api/companies',
        '/api/users',
        '/api/users/options',
        '/api/companies/{id}/documents',
        '/api/companies/{id}/events',
        '/api/search',
      ]),
    );
  });

  it('answers 400 naming a parameter the route does not take: page=1, a misspelling, a nested filter', async () => {
    for (const { url, parameters } of await listRoutes()) {
      await expectNamed(url, 'page=1', 'page', unknown('page'));
      await expectNamed(url, 'pages[number]=1', 'pages[number]', unknown('pages[number]'));
      for (const filter of parameters.filter((name) => name.startsWith('filter['))) {
        const nested = `${filter.slice(0, -1)}][x]`;
        await expectNamed(url, `${encodeURI(nested)}=a`, nested, unknown(nested));
        await expectNamed(url, `${encodeURI(filter)}[]=a`, `${filter}[]`, unknown(`${filter}[]`));
      }
    }
  });

  it('answers 400 naming a parameter given twice (an array) or with a value it does not take', async () => {
    for (const { url, parameters } of await listRoutes()) {
      for (const name of parameters.filter((p) => p !== 'locale')) {
        await expectNamed(url, `${encodeURI(name)}=a&${encodeURI(name)}=b`, name, badValue(name));
      }
      if (parameters.includes('page[size]'))
        await expectNamed(url, 'page[size]=7', 'page[size]', badValue('page[size]'));
      if (parameters.includes('sort')) await expectNamed(url, 'sort=nonsense', 'sort', badValue('sort'));
    }
  });

  it('says it in French by default', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/companies?page=1', headers: auth });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.message).toBe('Cette adresse ne prend pas de paramètre « page ».');
  });

  /** What a route cannot answer without: the loans behind an aging cell name the cell. */
  const REQUIRED: Record<string, string> = {
    '/api/portfolio/arrears_aging/loans': '&filter[bucket]=days_91_180',
    '/api/portfolio/term_amendments/bulk': '&filter[fund_id]=00000000-0000-4000-8000-000000000000',
    // Month-end (docs/decisions/0070, 0071): a period, or a day.
    '/api/accounting/journal/preview': '&from=2026-01-01&to=2026-01-31',
    '/api/accounting/journal': '&from=2026-01-01&to=2026-01-31',
    '/api/accounting/accrued_interest': '&as_of=2026-01-31',
    '/api/accounting/accrued_interest.csv': '&as_of=2026-01-31',
  };

  it('still answers the well-formed ones', async () => {
    for (const { url, parameters } of await listRoutes()) {
      const query =
        (parameters.includes('page[number]')
          ? 'page[number]=1&page[size]=10'
          : parameters.includes('q')
            ? 'q=gagnon'
            : '') + (REQUIRED[url] ?? '');
      const res = await t.inject({ method: 'GET', url: `${url}?locale=en&${query}`, headers: auth });
      expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
    }
  });
});

describe('one message per mistake', () => {
  it('a lock_version of 1e20 is one message, not the same one twice', async () => {
    const user = await t.createUser();
    const res = await t.inject({
      method: 'POST',
      url: '/api/account?locale=en',
      headers: await t.authHeader(user),
      payload: { locale: 'en', email: user.email, first_name: 'Zoé', last_name: 'Roy', lock_version: 1e20 },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.detail).toEqual({ lock_version: ['Invalid value'] });
  });
});
