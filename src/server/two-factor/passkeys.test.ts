import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { snakeKeys } from '../../shared/case';
import { accountEvents, securitySettings } from '../db/schema';
import { TEST_PASSWORD, useTestApp } from '../test/harness';
import { softwareAuthenticator } from '../test/software-authenticator';
import type { UserRow } from '../users/store';

/**
 * Passkeys through the real API and @simplewebauthn/server, with a software authenticator answering as a browser
 * would (docs/decisions/0035-two-factor-sign-in.md). Bodies travel snake_case, as the SPA sends them.
 */
const t = useTestApp();

/** The harness's PUBLIC_URL: the relying party is its host name, the only origin accepted is its origin. */
const party = { origin: 'http://atrium.test', rpId: 'atrium.test' };

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.inject({ method: 'POST', url, payload: snakeKeys(payload) as object, headers });

/** Options, then the authenticator's answer: the whole answer of `POST /account/passkeys`. */
async function addPasskey(headers: Record<string, string>, name: string, authenticator = softwareAuthenticator(party)) {
  const options = await post('/api/account/passkeys/options', {}, headers);
  expect(options.statusCode).toBe(200);
  const creation = options.json().data.options;
  expect(creation).toMatchObject({ rp: { id: 'atrium.test', name: 'Atrium' }, attestation: 'none' });
  const res = await post(
    '/api/account/passkeys?locale=en',
    { name, credential: authenticator.register(creation) },
    headers,
  );
  return { res, authenticator };
}

async function challengeFor(user: UserRow) {
  const res = await t.inject({
    method: 'POST',
    url: '/api/sign_in',
    payload: { email: user.email, password: TEST_PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers['authorization']).toBeUndefined();
  return res.json().data;
}

describe('passkeys', () => {
  it('are added with a name, bring recovery codes the first time, and sign in as the second factor', async () => {
    const user = await t.createUser();
    const headers = await t.authHeader(user);
    const { res, authenticator } = await addPasskey(headers, 'Portable du bureau');
    expect(res.statusCode).toBe(201);
    expect(res.json().data.recovery_codes).toHaveLength(10);
    expect(res.json().data.status).toMatchObject({
      enabled: true,
      totp: false,
      passkeys: [{ name: 'Portable du bureau', last_used_at: null }],
    });
    // A second one brings no new codes.
    const second = await addPasskey(headers, 'Clé de sécurité');
    expect(second.res.statusCode).toBe(201);
    expect(second.res.json().data.recovery_codes).toBeNull();

    const challenge = await challengeFor(user);
    expect(challenge.methods).toEqual(['passkey', 'recovery_code']);
    expect(challenge.passkey_options.allow_credentials.map((c: { id: string }) => c.id).sort()).toEqual(
      [authenticator.id, second.authenticator.id].sort(),
    );
    const answer = authenticator.authenticate({ challenge: challenge.passkey_options.challenge });
    const signedIn = await post('/api/sign_in/second_factor', { proof: challenge.proof, credential: answer });
    expect(signedIn.statusCode).toBe(200);
    expect(String(signedIn.headers['authorization'])).toMatch(/^Bearer /);
    const status = await t.inject({ method: 'GET', url: '/api/account/two_factor', headers });
    expect(
      status.json().data.passkeys.find((p: { name: string }) => p.name === 'Portable du bureau').last_used_at,
    ).not.toBeNull();

    // The same answer again: its proof is used, and a new sign-in has a new challenge it does not sign.
    expect((await post('/api/sign_in/second_factor', { proof: challenge.proof, credential: answer })).statusCode).toBe(
      401,
    );
    const next = await challengeFor(user);
    const replayed = await post('/api/sign_in/second_factor?locale=en', { proof: next.proof, credential: answer });
    expect(replayed.statusCode).toBe(422);
    expect(replayed.json().errors.detail).toEqual({
      credential: ['This passkey was not accepted. Try again, or use another way.'],
    });
  });

  it('refuse an answer from another origin, another key, or a passkey of someone else', async () => {
    const user = await t.createUser();
    const { authenticator } = await addPasskey(await t.authHeader(user), 'Téléphone');
    const stranger = await t.createUser();
    const { authenticator: strangers } = await addPasskey(await t.authHeader(stranger), 'Le sien');

    const challenge = await challengeFor(user);
    const { challenge: nonce } = challenge.passkey_options;
    const phished = authenticator.authenticate({ challenge: nonce }, { origin: 'https://atrium.test.evil.example' });
    expect((await post('/api/sign_in/second_factor', { proof: challenge.proof, credential: phished })).statusCode).toBe(
      422,
    );
    const forged = { ...authenticator.authenticate({ challenge: nonce }) };
    forged.response = {
      ...forged.response,
      signature: softwareAuthenticator(party).authenticate({ challenge: nonce }).response.signature,
    };
    expect((await post('/api/sign_in/second_factor', { proof: challenge.proof, credential: forged })).statusCode).toBe(
      422,
    );
    const theirs = strangers.authenticate({ challenge: nonce });
    expect((await post('/api/sign_in/second_factor', { proof: challenge.proof, credential: theirs })).statusCode).toBe(
      422,
    );
    const malformed = { id: authenticator.id, raw_id: authenticator.id, type: 'public-key', response: {} };
    expect(
      (
        await t.inject({
          method: 'POST',
          url: '/api/sign_in/second_factor',
          payload: { proof: challenge.proof, credential: malformed },
        })
      ).statusCode,
    ).toBe(422);
    // After all that, the right answer still signs in: refusals do not use the proof up.
    const right = authenticator.authenticate({ challenge: nonce });
    expect((await post('/api/sign_in/second_factor', { proof: challenge.proof, credential: right })).statusCode).toBe(
      200,
    );
  });

  it('refuse a registration for another challenge, without a name, or twice the same credential', async () => {
    const user = await t.createUser();
    const headers = await t.authHeader(user);
    const authenticator = softwareAuthenticator(party);
    await post('/api/account/passkeys/options', {}, headers);
    const wrongChallenge = await post(
      '/api/account/passkeys?locale=en',
      { name: 'Clé', credential: authenticator.register({ challenge: 'bm90LXRoZS1jaGFsbGVuZ2U' }) },
      headers,
    );
    expect(wrongChallenge.statusCode).toBe(422);
    expect(wrongChallenge.json().errors.code).toBe('invalid_second_factor');
    const options = (await post('/api/account/passkeys/options', {}, headers)).json().data.options;
    const nameless = await post(
      '/api/account/passkeys?locale=en',
      { name: '  ', credential: authenticator.register(options) },
      headers,
    );
    expect(nameless.statusCode).toBe(422);
    expect(nameless.json().errors.detail).toEqual({ name: ['Field is required'] });
    expect(
      (await post('/api/account/passkeys', { name: 'Clé', credential: authenticator.register(options) }, headers))
        .statusCode,
    ).toBe(201);
    const twice = await addPasskey(headers, 'Encore', authenticator);
    expect(twice.res.statusCode).toBe(409);
    expect(twice.res.json().errors.code).toBe('passkey_exists');
  });

  it('are removed by their owner only, and the history names them', async () => {
    const user = await t.createUser();
    const headers = await t.authHeader(user);
    const { res } = await addPasskey(headers, 'Ancien téléphone');
    const id = res.json().data.status.passkeys[0].id;
    const other = await t.createUser();
    const notTheirs = await t.inject({
      method: 'DELETE',
      url: `/api/account/passkeys/${id}`,
      headers: await t.authHeader(other),
    });
    expect(notTheirs.statusCode).toBe(404);
    const removed = await t.inject({ method: 'DELETE', url: `/api/account/passkeys/${id}`, headers });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data).toMatchObject({ enabled: false, passkeys: [], recovery_codes_left: 0 });
    const events = await t.database.db.select().from(accountEvents).where(eq(accountEvents.userId, user.id));
    expect(events.map((e) => [e.code, e.params])).toEqual(
      expect.arrayContaining([
        ['passkeyAdded', { name: 'Ancien téléphone' }],
        ['passkeyRemoved', { name: 'Ancien téléphone' }],
      ]),
    );
  });

  it('can be the factor a required enrolment sets up, which signs the person in', async () => {
    await t.database.db.insert(securitySettings).values({ id: 1, twoFactorRequired: 'everyone' });
    try {
      const user = await t.createUser();
      const challenge = await challengeFor(user);
      expect(challenge.enrolment_required).toBe(true);
      const { res } = await addPasskey({ authorization: `Bearer ${challenge.proof}` }, 'Mon portable');
      expect(res.statusCode).toBe(201);
      expect(String(res.headers['authorization'])).toMatch(/^Bearer /);
      expect(res.json().data.recovery_codes).toHaveLength(10);
      const me = await t.inject({
        method: 'GET',
        url: '/api/user',
        headers: { authorization: String(res.headers['authorization']) },
      });
      expect(me.json().data.id).toBe(user.id);
    } finally {
      await t.database.db.delete(securitySettings);
    }
  });
});
