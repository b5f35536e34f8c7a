import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../test/harness';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const post = (url: string, payload: object, remoteAddress: string) =>
  t.inject({ method: 'POST', url: `${url}?locale=en`, payload, remoteAddress });

describe('abuse limits', () => {
  it('stops an account after 10 failed sign-ins, with Retry-After and a localized message, and only that account', async () => {
    await t.createUser({ email: 'target@example.com' });
    await t.createUser({ email: 'bystander@example.com' });
    for (let i = 0; i < 10; i += 1) {
      // Spread over addresses: the per-account counter must hold on its own.
      const res = await post('/api/sign_in', { email: 'target@example.com', password: 'guess' }, `10.0.0.${i + 1}`);
      expect(res.statusCode).toBe(401);
    }
    const blocked = await post('/api/sign_in', { email: 'TARGET@example.com', password: TEST_PASSWORD }, '10.0.1.1');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json().errors).toEqual({
      code: 'rate_limited',
      message: 'Too many attempts. Please wait a moment and try again.',
    });
    const other = await post('/api/sign_in', { email: 'bystander@example.com', password: TEST_PASSWORD }, '10.0.1.1');
    expect(other.statusCode).toBe(200);
  });

  it('does not count successful sign-ins against the account', async () => {
    await t.createUser({ email: 'busy@example.com' });
    for (let i = 0; i < 15; i += 1) {
      const res = await post('/api/sign_in', { email: 'busy@example.com', password: TEST_PASSWORD }, `10.1.0.${i + 1}`);
      expect(res.statusCode).toBe(200);
    }
  });

  it('stops one address after 30 sign-in attempts a minute, not the others', async () => {
    for (let i = 0; i < 30; i += 1) {
      const res = await post('/api/sign_in', { email: `nobody${i}@example.com`, password: 'x' }, '10.2.0.1');
      expect(res.statusCode).toBe(401);
    }
    const blocked = await post('/api/sign_in', { email: 'someone@example.com', password: 'x' }, '10.2.0.1');
    expect(blocked.statusCode).toBe(429);
    const elsewhere = await post('/api/sign_in', { email: 'someone@example.com', password: 'x' }, '10.2.0.2');
    expect(elsewhere.statusCode).toBe(401);
  });

  it('limits password-reset and invitation mails per account and per address, answering the same either way', async () => {
    for (let i = 0; i < 3; i += 1) {
      const res = await post('/api/passwords/forgot', { email: 'victim@example.com' }, `10.3.0.${i + 1}`);
      expect(res.statusCode).toBe(200);
    }
    const perAccount = await post('/api/invitations/resend', { email: 'victim@example.com' }, '10.3.1.1');
    expect(perAccount.statusCode).toBe(429);

    for (let i = 0; i < 10; i += 1) {
      const res = await post('/api/invitations/resend', { email: `person${i}@example.com` }, '10.4.0.1');
      expect(res.statusCode).toBe(200);
    }
    const perAddress = await post('/api/passwords/forgot', { email: 'fresh@example.com' }, '10.4.0.1');
    expect(perAddress.statusCode).toBe(429);
    expect(perAddress.headers['retry-after']).toBeDefined();
  });

  it('limits token guesses on confirm and reset per address', async () => {
    const body = { token: 'guess', password: 'long enough 1', password_confirmation: 'long enough 1' };
    for (let i = 0; i < 20; i += 1) {
      const url = i % 2 ? '/api/passwords/reset' : '/api/invitations/confirm';
      const res = await post(url, { ...body, first_name: 'A', last_name: 'B' }, '10.5.0.1');
      expect(res.statusCode).toBe(422);
    }
    const blocked = await post('/api/passwords/reset', body, '10.5.0.1');
    expect(blocked.statusCode).toBe(429);
  });
});
