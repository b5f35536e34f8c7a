import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness';

const t = useTestApp();

describe('the wire contract on failures', () => {
  it('answers an unknown API route with a localized JSON 404, signed in or not', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/no/such/route?locale=en' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toEqual({
      errors: { code: 'route_not_found', message: 'There is no such address in the API.' },
    });
    const fr = await t.inject({ method: 'POST', url: '/api/nowhere', payload: {} });
    expect(fr.json().errors.message).toBe('Cette adresse n’existe pas dans l’API.');
  });

  it('answers a body over 1 MB with 413 and no stack trace', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/sign_in?locale=en',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.cc', password: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ errors: { code: 'payload_too_large', message: 'The request is too large.' } });
    expect(res.body).not.toMatch(/at .*\.ts|node_modules/);
  });

  it('never leaks internals: a body of the wrong media type is a plain 4xx envelope', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/sign_in',
      headers: { 'content-type': 'application/xml' },
      payload: '<x/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().errors.code).toBe('bad_request');
  });

  it('reports health with the database kind', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ status: 'ok', database: t.database.kind });
  });

  it('sets the security headers on API answers', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });
});

describe('content security policy with S3 storage', () => {
  it('lets the browser upload to and read from the bucket, and nothing else', async () => {
    const { storageOrigins } = await import('../../app');
    const { loadConfig } = await import('../../config');
    const pathStyle = loadConfig({
      S3_BUCKET: 'docs',
      S3_ENDPOINT: 'http://127.0.0.1:4569',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(storageOrigins(pathStyle)).toEqual(['http://127.0.0.1:4569']);
    const aws = loadConfig({ S3_BUCKET: 'docs', S3_REGION: 'ca-central-1' });
    expect(storageOrigins(aws)).toContain('https://docs.s3.ca-central-1.amazonaws.com');
    expect(storageOrigins(loadConfig({}))).toEqual([]);
  });
});
