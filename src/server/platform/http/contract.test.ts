import { validate } from '@readme/openapi-parser';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness';

const t = useTestApp();

async function openApi(): Promise<Record<string, unknown> & { paths: Record<string, Record<string, unknown>> }> {
  const res = await t.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('the published API contract', () => {
  it('is a valid OpenAPI 3.1 document, public', async () => {
    const document = await openApi();
    expect(document['openapi']).toBe('3.1.0');
    const result = await validate(structuredClone(document) as never);
    expect(result.valid ? [] : result.errors).toEqual([]);
  });

  it("is the document the reference page reads, with OpenAPI's own keys (not the wire's snake_case)", async () => {
    const document = await openApi();
    const page = await t.inject({ method: 'GET', url: '/api/docs/json' });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toEqual(document);
    const signIn = document.paths['/api/sign_in']!['post'] as Record<string, unknown>;
    expect(signIn).toHaveProperty('requestBody');
    expect(signIn).not.toHaveProperty('request_body');
  });

  it('declares the body of every write that takes one', async () => {
    const document = await openApi();
    const withoutBody = Object.entries(document.paths).flatMap(([url, operations]) =>
      Object.entries(operations)
        .filter(
          ([method, operation]) => ['post', 'patch'].includes(method) && !('requestBody' in (operation as object)),
        )
        .map(([method]) => `${method.toUpperCase()} ${url}`),
    );
    // These act on the record the address names (or on the signed-in account); they take no body.
    expect(withoutBody.sort()).toEqual([
      'POST /api/account/passkeys/options',
      'POST /api/account/two_factor/recovery_codes',
      'POST /api/account/two_factor/totp',
      'POST /api/approvals/{id}/approve',
      'POST /api/approvals/{id}/cancel',
      'POST /api/backups',
      'POST /api/companies/{companyId}/letters/{id}/sent',
      'POST /api/companies/{id}/restore',
      'POST /api/sign_out',
      'POST /api/users/{id}/reinvite',
      'POST /api/users/{id}/restore',
      'POST /api/users/{id}/two_factor/reset',
    ]);
  });

  it('documents every route the API serves, with its answers and their error envelope', async () => {
    const document = await openApi();
    const documented = new Set(
      Object.entries(document.paths).flatMap(([url, operations]) =>
        Object.keys(operations).map((method) => `${method.toUpperCase()} ${url}`),
      ),
    );
    const served = t.app.routeTable
      .filter((route) => route.url.startsWith('/api/') && !route.url.startsWith('/api/docs'))
      .filter((route) => route.url !== '/api/openapi.json')
      .map((route) => `${route.method} ${route.url.replace(/:(\w+)/g, '{$1}')}`);
    const missing = served.filter((route) => !documented.has(route));
    expect(missing).toEqual([]);
    for (const operations of Object.values(document.paths)) {
      for (const operation of Object.values(operations) as { responses: Record<string, unknown> }[]) {
        const statuses = Object.keys(operation.responses);
        // A route kept only to refuse a method with its reason (405: the incident register is never deleted from).
        expect(statuses.some((status) => /^2\d\d$/.test(status) || status === '405')).toBe(true);
        expect(statuses).toEqual(expect.arrayContaining(['400', '401', '404', '422', '503']));
      }
    }
  });

  it('says of each operation what its route really requires: nothing, a user, an administrator, a user or a password step', async () => {
    const document = await openApi();
    // OpenAPI 3.1: for an http scheme, the array of a requirement lists role names. The set-up of a second factor
    // takes a session or the proof of a password step (ADR 0035): either requirement is enough.
    const requirement = {
      public: [],
      user: [{ bearer: [] }],
      admin: [{ bearer: ['admin'] }],
      enrolment: [{ bearer: [] }, { enrolment_proof: [] }],
    };
    const routes = t.app.routeTable.filter(
      (route) =>
        route.url.startsWith('/api/') && !route.url.startsWith('/api/docs') && route.url !== '/api/openapi.json',
    );
    const differing = routes.flatMap((route) => {
      const url = route.url.replace(/:(\w+)/g, '{$1}');
      const operation = document.paths[url]?.[route.method.toLowerCase()] as { security?: unknown } | undefined;
      const documented = operation?.security ?? document['security'];
      return JSON.stringify(documented) === JSON.stringify(requirement[route.access])
        ? []
        : [`${route.method} ${url}: requires ${route.access}, documented ${JSON.stringify(documented)}`];
    });
    expect(differing).toEqual([]);
    // Each kind is there: the test would prove nothing if every route had the same access.
    expect(new Set(routes.map((route) => route.access))).toEqual(new Set(['public', 'user', 'admin', 'enrolment']));
    const securityOf = (url: string, method: string) =>
      (document.paths[url]?.[method] as { security?: unknown } | undefined)?.security;
    expect(securityOf('/api/sign_in', 'post')).toEqual([]);
    // Two-factor sign-in: the second step is public, the account's own factors a user's, a reset an administrator's.
    expect(securityOf('/api/sign_in/second_factor', 'post')).toEqual([]);
    expect(securityOf('/api/account/two_factor', 'get')).toEqual([{ bearer: [] }]);
    expect(securityOf('/api/account/two_factor/totp', 'delete')).toEqual([{ bearer: [] }]);
    expect(securityOf('/api/account/passkeys/{id}', 'delete')).toEqual([{ bearer: [] }]);
    expect(securityOf('/api/account/two_factor/totp', 'post')).toEqual([{ bearer: [] }, { enrolment_proof: [] }]);
    expect(securityOf('/api/account/passkeys', 'post')).toEqual([{ bearer: [] }, { enrolment_proof: [] }]);
    expect(securityOf('/api/users/{id}/two_factor/reset', 'post')).toEqual([{ bearer: ['admin'] }]);
    expect(securityOf('/api/settings/security', 'patch')).toEqual([{ bearer: ['admin'] }]);
    const components = document['components'] as { securitySchemes: Record<string, unknown> };
    expect(Object.keys(components.securitySchemes)).toEqual(['bearer', 'enrolment_proof']);
  });

  it('spells bodies and answers as they travel: snake_case keys', async () => {
    const document = await openApi();
    const text = JSON.stringify(document.paths['/api/municipalities']);
    expect(text).toContain('default_zip_code');
    expect(text).not.toContain('defaultZipCode');
  });

  it('serves the reference page from the app itself', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).not.toMatch(/https?:\/\/(?!localhost)[^"']*\.(js|css)/);
  });
});
