import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenService } from './tokens';

const SECRET = 'a-secret-of-enough-length-for-hs256-0123456789';
const claims = { sub: '0b7e8a52-1c1f-4a5e-9d2e-3f4a5b6c7d8e', ver: 3, sid: '7c9d1e2f-3a4b-4c5d-8e6f-7a8b9c0d1e2f' };

afterEach(() => vi.useRealTimers());

describe('session tokens, verified once and then kept (ADR 0029)', () => {
  it('answers the same claims on every request of a token', async () => {
    const tokens = createTokenService(SECRET, 60);
    const token = await tokens.sign(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    expect(await tokens.verify(token)).toEqual(claims);
  });

  it('refuses a kept token once it has expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T10:00:00Z'));
    const tokens = createTokenService(SECRET, 60);
    const token = await tokens.sign(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    vi.setSystemTime(new Date('2026-11-23T10:00:59Z'));
    expect(await tokens.verify(token)).toEqual(claims);
    vi.setSystemTime(new Date('2026-11-23T10:01:00Z'));
    expect(await tokens.verify(token)).toBeUndefined();
    expect(await tokens.verify(token)).toBeUndefined();
  });

  it('refuses a token signed with another secret, or altered, even after the genuine one was kept', async () => {
    const tokens = createTokenService(SECRET, 60);
    const genuine = await tokens.sign(claims);
    expect(await tokens.verify(genuine)).toEqual(claims);
    const foreign = await createTokenService(`${SECRET}-other`, 60).sign(claims);
    expect(await tokens.verify(foreign)).toBeUndefined();
    const [header, payload, signature] = genuine.split('.') as [string, string, string];
    const altered = `${header}.${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await tokens.verify(altered)).toBeUndefined();
    expect(await tokens.verify('not a token')).toBeUndefined();
  });
});
