import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TEST_PASSWORD, useTestApp } from '../../test/harness';

/**
 * Third audit, finding 8: answers carrying personal data had no Cache-Control, and the API reference's policy
 * let the page reach an outside validator host.
 */
const t = useTestApp();

describe('what caches may keep', () => {
  it('marks every answer of every signed-in route no-store, whatever its status', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const routes = t.app.routeTable.filter((route) => route.url.startsWith('/api/') && route.access !== 'public');
    expect(routes.length).toBeGreaterThan(30);
    const differing: string[] = [];
    const statuses = new Set<number>();
    for (const route of routes) {
      // An id that names nothing: reads answer 404, writes 404 or 422; lists and the rest 200 or 202.
      const url = route.url.replace(/:(\w+)/g, randomUUID());
      const write = ['POST', 'PATCH', 'PUT'].includes(route.method);
      for (const headers of [await t.authHeader(admin), {}]) {
        const res = await t.inject({
          method: route.method as 'GET',
          url: `${url}?locale=en`,
          headers,
          ...(write ? { payload: {} } : {}),
        });
        statuses.add(res.statusCode);
        if (res.headers['cache-control'] !== 'no-store') {
          differing.push(`${route.method} ${route.url} ${res.statusCode}: ${String(res.headers['cache-control'])}`);
        }
      }
    }
    await t.app.backups.idle();
    expect(differing).toEqual([]);
    // Successes, refusals and the signed-out 401 were all seen.
    expect([...statuses]).toEqual(expect.arrayContaining([200, 401, 404, 422]));
  }, 120_000);

  it('keeps the session token and the account of a sign-in out of caches too', async () => {
    const user = await t.createUser();
    const res = await t.inject({
      method: 'POST',
      url: '/api/sign_in',
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect((await t.inject({ method: 'GET', url: '/api/no/such/route' })).headers['cache-control']).toBe('no-store');
  });

  it('lets the reference page reach nothing outside the app', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    const policy = String(res.headers['content-security-policy']);
    const directives = policy
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter((parts) => parts[0]);
    expect(directives.map(([name]) => name)).toEqual(expect.arrayContaining(['default-src', 'img-src', 'script-src']));
    // Every source is the app itself, a keyword, a hash, or inline data: no host, no scheme such as https:.
    const outside = directives.flatMap(([name, ...sources]) =>
      sources.filter((source) => !/^'[^']+'$/.test(source) && source !== 'data:').map((source) => `${name} ${source}`),
    );
    expect(outside).toEqual([]);
  });
});
