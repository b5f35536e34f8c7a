import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A WebAuthn authenticator in software, for the API tests (the browser story uses Chromium's virtual one): an
 * ES256 key pair, "none" attestation, and assertions signed over authenticator data and the client data hash as
 * the W3C specification lays them out. Answers are the JSON `@simplewebauthn/browser` sends.
 */
export function softwareAuthenticator(options: { origin: string; rpId: string }) {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const rawId = randomBytes(16);
  const id = rawId.toString('base64url');
  let counter = 0;
  const cosePublicKey = new Map<number, number | Uint8Array>([
    [1, 2], // kty: EC2
    [3, -7], // alg: ES256
    [-1, 1], // crv: P-256
    [-2, Buffer.from(jwk.x!, 'base64url')],
    [-3, Buffer.from(jwk.y!, 'base64url')],
  ]);
  const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
  const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest();

  function authenticatorData(attested: boolean, rpId = options.rpId): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    // Flags: user present (0x01), and attested credential data (0x40) when registering.
    const parts = [sha256(rpId), Buffer.from([attested ? 0x41 : 0x01]), count];
    if (attested) {
      const length = Buffer.alloc(2);
      length.writeUInt16BE(rawId.length);
      parts.push(Buffer.alloc(16), length, rawId, Buffer.from(isoCBOR.encode(cosePublicKey)));
    }
    return Buffer.concat(parts);
  }
  const clientData = (type: string, challenge: string, origin = options.origin) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

  return {
    id,
    /** The answer to `navigator.credentials.create` with these options. */
    register(creation: { challenge: string }) {
      const attestationObject = isoCBOR.encode(
        new Map<string, unknown>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authenticatorData(true)],
        ]) as never,
      );
      return {
        id,
        rawId: id,
        type: 'public-key',
        response: {
          clientDataJSON: b64(clientData('webauthn.create', creation.challenge)),
          attestationObject: b64(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
      };
    },
    /** The answer to `navigator.credentials.get`; `origin` other than the app's plays a phishing site. */
    authenticate(request: { challenge: string }, forged: { origin?: string } = {}) {
      counter += 1;
      const data = authenticatorData(false);
      const client = clientData('webauthn.get', request.challenge, forged.origin);
      const signature = sign('sha256', Buffer.concat([data, sha256(client)]), privateKey);
      return {
        id,
        rawId: id,
        type: 'public-key',
        response: {
          clientDataJSON: b64(client),
          authenticatorData: b64(data),
          signature: b64(signature),
        },
        clientExtensionResults: {},
      };
    },
  };
}
