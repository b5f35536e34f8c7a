import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/harness';

let t: TestApp;
beforeAll(async () => {
  // A stand-in for the built SPA, so that this test does not depend on `vite build`.
  const dist = path.join(process.env['TMPDIR'] ?? '/tmp', `atrium-spa-${process.pid}-${Date.now()}`);
  await mkdir(path.join(dist, 'assets'), { recursive: true });
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  await writeFile(path.join(dist, 'assets', 'app-123.js'), 'console.log(1)');
  await writeFile(path.join(dist, 'favicon.svg'), '<svg/>');
  t = await createTestApp({ WEB_DIST: dist });
});
afterAll(() => t.close());

describe('serving the SPA', () => {
  it('serves hashed assets to anyone, with a long cache', async () => {
    const res = await t.inject({ method: 'GET', url: '/assets/app-123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('answers index.html for client routes, whatever their case', async () => {
    for (const url of ['/', '/login', '/Companies', '/users/123?x=1']) {
      const res = await t.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves top-level files and never lets a path climb out of the folder', async () => {
    expect((await t.inject({ method: 'GET', url: '/favicon.svg' })).body).toBe('<svg/>');
    const climb = await t.inject({ method: 'GET', url: '/..%2f..%2fetc%2fpasswd' });
    expect(climb.body).not.toContain('root:');
  });

  it('keeps unknown API paths as JSON 404s', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/unknown' });
    expect(res.statusCode).toBe(404);
    expect(res.json().errors.code).toBe('route_not_found');
  });
});
