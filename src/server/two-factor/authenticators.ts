import { Secret, TOTP } from 'otpauth';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { TOTP_SETTINGS } from '../../shared/two-factor';
import type { PasskeyRow } from './store';

/**
 * The two libraries of two-factor sign-in, each behind a few functions: otpauth for authenticator-app codes
 * (RFC 6238; the API tests compute their codes with it too) and @simplewebauthn/server for passkeys.
 */

/** Shown by the authenticator app above the code, and the relying party's name a passkey prompt shows. */
export const ISSUER = 'Atrium';

export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

const totpOf = (secret: string, label = '') =>
  new TOTP({ issuer: ISSUER, label, secret: Secret.fromBase32(secret), ...TOTP_SETTINGS });

/** The otpauth:// URI an app reads from the QR code. */
export const otpauthUri = (secret: string, email: string): string => totpOf(secret, email).toString();

/**
 * The 30-second step whose code this is, when it is the current step's, the previous one's (typed just as it
 * changed) or the next one's (a phone a little ahead); undefined otherwise.
 */
export function totpStepOf(secret: string, code: string, now = Date.now()): number | undefined {
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? undefined : TOTP.counter({ period: TOTP_SETTINGS.period, timestamp: now }) + delta;
}

/** Where the app is reached: a passkey is bound to this host name and only answers on this origin. */
export interface RelyingParty {
  id: string;
  origin: string;
}

export function relyingPartyOf(publicUrl: string): RelyingParty {
  const url = new URL(publicUrl);
  return { id: url.hostname, origin: url.origin };
}

const descriptorOf = (passkey: PasskeyRow) => ({
  id: passkey.credentialId,
  transports: passkey.transports as AuthenticatorTransport[],
});

/** Options of `navigator.credentials.create`: a second factor, so user verification is welcome, not required. */
export function registrationOptions(
  rp: RelyingParty,
  user: { id: string; email: string; displayName: string },
  existing: PasskeyRow[],
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  return generateRegistrationOptions({
    rpName: ISSUER,
    rpID: rp.id,
    userName: user.email,
    userID: new TextEncoder().encode(user.id),
    userDisplayName: user.displayName,
    attestationType: 'none',
    excludeCredentials: existing.map(descriptorOf),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
}

/** What an authenticator's answer must hold to: this challenge, this origin and host; a second factor, so no UV. */
const expectations = (rp: RelyingParty, expectedChallenge: string) => ({
  expectedChallenge,
  expectedOrigin: rp.origin,
  expectedRPID: rp.id,
  requireUserVerification: false,
});

/** The new credential when the authenticator's answer holds for this challenge, else undefined. */
export async function verifyRegistration(rp: RelyingParty, response: unknown, expectedChallenge: string) {
  try {
    const result = await verifyRegistrationResponse({
      response: response as RegistrationResponseJSON,
      ...expectations(rp, expectedChallenge),
    });
    if (!result.verified) return undefined;
    const { credential, credentialBackedUp } = result.registrationInfo;
    return {
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports ?? [],
      backedUp: credentialBackedUp,
    };
  } catch {
    // A malformed or forged answer: the library throws; to the person it is simply not accepted.
    return undefined;
  }
}

/** Options of `navigator.credentials.get` for a sign-in's second step: the user's own passkeys only. */
export function authenticationOptions(
  rp: RelyingParty,
  existing: PasskeyRow[],
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  return generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: existing.map(descriptorOf),
    userVerification: 'preferred',
  });
}

/** The authenticator's new counter when its signature holds for this challenge and passkey, else undefined. */
export async function verifyAuthentication(
  rp: RelyingParty,
  response: unknown,
  expectedChallenge: string,
  passkey: PasskeyRow,
): Promise<number | undefined> {
  try {
    const result = await verifyAuthenticationResponse({
      response: response as AuthenticationResponseJSON,
      ...expectations(rp, expectedChallenge),
      credential: {
        id: passkey.credentialId,
        publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
        counter: passkey.counter,
        transports: passkey.transports as AuthenticatorTransport[],
      },
    });
    return result.verified ? result.authenticationInfo.newCounter : undefined;
  } catch {
    return undefined;
  }
}
