import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { limitCounters } from '../../db/schema';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../test/harness';
import { liftAccountLimits } from './limits';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const post = (url: string, payload: object, remoteAddress: string) =>
  t.inject({ method: 'POST', url: `${url}?locale=en`, payload, remoteAddress });

describe('abuse limits', () => {
  it('slows one address guessing one account, without locking the owner out from another address', async () => {
    await t.createUser({ email: 'target@example.com' });
    for (let i = 0; i < 5; i += 1) {
      const res = await post('/api/sign_in', { email: 'target@example.com', password: 'guess' }, '10.0.0.1');
      expect(res.statusCode).toBe(401);
    }
    // The guessing address now waits, even with the right password…
    const blocked = await post('/api/sign_in', { email: 'TARGET@example.com', password: TEST_PASSWORD }, '10.0.0.1');
    expect(blocked.statusCode).toBe(429);
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(50);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(blocked.json().errors).toEqual({
      code: 'rate_limited',
      message: 'Too many attempts. Please try again in 1 minute.',
    });
    // …while the owner, elsewhere, signs in with it at once.
    const owner = await post('/api/sign_in', { email: 'target@example.com', password: TEST_PASSWORD }, '10.0.9.9');
    expect(owner.statusCode).toBe(200);
    expect(owner.headers['authorization']).toMatch(/^Bearer /);
  });

  it('doubles the delay with each further failure and says the wait in minutes, in French too', async () => {
    await t.createUser({ email: 'slow@example.com' });
    for (let i = 0; i < 5; i += 1) {
      await post('/api/sign_in', { email: 'slow@example.com', password: 'guess' }, '10.6.0.1');
    }
    // The minute is over (moved back on the database's clock, which every process reads).
    await t.database.db.update(limitCounters).set({ lastHitAt: sql`now() - interval '61 seconds'` });
    const sixth = await post('/api/sign_in', { email: 'slow@example.com', password: 'guess' }, '10.6.0.1');
    expect(sixth.statusCode).toBe(401);
    const res = await t.inject({
      method: 'POST',
      url: '/api/sign_in',
      payload: { email: 'slow@example.com', password: TEST_PASSWORD },
      remoteAddress: '10.6.0.1',
    });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(110);
    expect(res.json().errors.message).toBe('Trop de tentatives. Veuillez réessayer dans 2 minutes.');
  });

  it('forgets an address’s slips on the account once the right password comes from it', async () => {
    await t.createUser({ email: 'clumsy@example.com' });
    for (let round = 0; round < 3; round += 1) {
      for (let i = 0; i < 4; i += 1) {
        const res = await post('/api/sign_in', { email: 'clumsy@example.com', password: 'typo' }, '10.7.0.1');
        expect(res.statusCode).toBe(401);
      }
      const ok = await post('/api/sign_in', { email: 'clumsy@example.com', password: TEST_PASSWORD }, '10.7.0.1');
      expect(ok.statusCode).toBe(200);
    }
  });

  it('lifts an account’s limits for the admin command, and only that account’s', async () => {
    const locked = await t.createUser({ email: 'locked@example.com' });
    await t.createUser({ email: 'other@example.com' });
    for (let i = 0; i < 5; i += 1) {
      await post('/api/sign_in', { email: 'locked@example.com', password: 'guess' }, '10.8.0.1');
      await post('/api/sign_in', { email: 'other@example.com', password: 'guess' }, '10.8.0.2');
    }
    const blocked = { email: 'locked@example.com', password: TEST_PASSWORD };
    expect((await post('/api/sign_in', blocked, '10.8.0.1')).statusCode).toBe(429);
    expect(await liftAccountLimits(t.database.db, locked)).toEqual({ counters: 3, addresses: ['10.8.0.1'] });
    expect((await post('/api/sign_in', blocked, '10.8.0.1')).statusCode).toBe(200);
    const stillBlocked = { email: 'other@example.com', password: TEST_PASSWORD };
    expect((await post('/api/sign_in', stillBlocked, '10.8.0.2')).statusCode).toBe(429);
  });

  it('lets the account sign in at once after the admin command, the per-address cap included (third audit, finding 5)', async () => {
    const owner = await t.createUser({ email: 'owner@example.com' });
    // 21 failures from one address: 5 on the account, 16 on addresses that exist nowhere. The address is
    // over its cap (20 in 15 minutes) and the pair over its free guesses.
    for (let i = 0; i < 5; i += 1)
      await post('/api/sign_in', { email: 'owner@example.com', password: 'guess' }, '10.8.3.1');
    for (let i = 0; i < 16; i += 1)
      await post('/api/sign_in', { email: `n${i}@example.com`, password: 'x' }, '10.8.3.1');
    const right = { email: 'owner@example.com', password: TEST_PASSWORD };
    expect((await post('/api/sign_in', right, '10.8.3.1')).statusCode).toBe(429);
    const lifted = await liftAccountLimits(t.database.db, owner);
    expect(lifted.addresses).toEqual(['10.8.3.1']);
    // What the command says it does: the account signs in at once, from the address that was blocked.
    const res = await post('/api/sign_in', right, '10.8.3.1');
    expect(res.statusCode, res.body).toBe(200);
  });

  it('caps failed sign-ins from one address across accounts at 20 in 15 minutes', async () => {
    await t.createUser({ email: 'real@example.com' });
    for (let i = 0; i < 20; i += 1) {
      const res = await post('/api/sign_in', { email: `nobody${i}@example.com`, password: 'x' }, '10.8.0.1');
      expect(res.statusCode).toBe(401);
    }
    const blocked = await post('/api/sign_in', { email: 'real@example.com', password: TEST_PASSWORD }, '10.8.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(blocked.json().errors.message).toBe('Too many attempts. Please try again in 15 minutes.');
    const elsewhere = await post('/api/sign_in', { email: 'real@example.com', password: TEST_PASSWORD }, '10.8.0.2');
    expect(elsewhere.statusCode).toBe(200);
  });

  it('does not count successful sign-ins against the account', async () => {
    await t.createUser({ email: 'busy@example.com' });
    for (let i = 0; i < 15; i += 1) {
      const res = await post('/api/sign_in', { email: 'busy@example.com', password: TEST_PASSWORD }, `10.1.0.${i + 1}`);
      expect(res.statusCode).toBe(200);
    }
  });

  it('stops one address after 30 sign-in attempts a minute, not the others', async () => {
    await t.createUser({ email: 'often@example.com' });
    for (let i = 0; i < 30; i += 1) {
      const res = await post('/api/sign_in', { email: 'often@example.com', password: TEST_PASSWORD }, '10.2.0.1');
      expect(res.statusCode).toBe(200);
    }
    const blocked = await post('/api/sign_in', { email: 'often@example.com', password: TEST_PASSWORD }, '10.2.0.1');
    expect(blocked.statusCode).toBe(429);
    const elsewhere = await post('/api/sign_in', { email: 'often@example.com', password: TEST_PASSWORD }, '10.2.0.2');
    expect(elsewhere.statusCode).toBe(200);
  });

  it('keeps its counters in the database, and deletes the forgotten ones', async () => {
    await t.database.db.insert(limitCounters).values({
      key: 'sign-in-ip:10.9.9.9',
      hits: 3,
      lastHitAt: sql`now() - interval '2 hours'`,
      expiresAt: sql`now() - interval '1 hour'`,
    });
    await post('/api/sign_in', { email: 'nobody@example.com', password: 'x' }, '10.9.0.1');
    const keys = (await t.database.db.select({ key: limitCounters.key }).from(limitCounters)).map((r) => r.key);
    expect(keys).not.toContain('sign-in-ip:10.9.9.9');
    expect(keys).toEqual(
      expect.arrayContaining([
        'sign-in-ip:10.9.0.1',
        'sign-in-fail-ip:10.9.0.1',
        'sign-in-fail-account-ip:nobody@example.com|10.9.0.1',
      ]),
    );
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
