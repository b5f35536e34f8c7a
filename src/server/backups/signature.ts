import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * Archives are signed (ADR 0034 §4): a checksum only says an archive is whole, and someone able to edit one
 * (make a user an administrator) can recompute every checksum. The signature is an HMAC of the manifest, which
 * holds every entry's SHA-256, with a key derived from the app's secret (JWT_SECRET, or DATA_DIR/secret) for
 * this use alone: knowing the archive key gives nothing to sign sessions with, and the reverse.
 */
export interface ArchiveKey {
  /** Names the key without revealing it, so that a restore can tell "another installation" from "edited". */
  id: string;
  key: Buffer;
}

export interface ArchiveSignature {
  algorithm: 'HMAC-SHA256';
  keyId: string;
  /** Hex HMAC-SHA256 of the manifest's bytes. */
  signature: string;
}

const INFO = 'atrium backup archive signature v1';

export function archiveKey(secret: string): ArchiveKey {
  const key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), INFO, 32));
  return { id: createHmac('sha256', key).update('key id').digest('hex').slice(0, 16), key };
}

export function signManifest(key: ArchiveKey, manifest: Buffer): ArchiveSignature {
  return {
    algorithm: 'HMAC-SHA256',
    keyId: key.id,
    signature: createHmac('sha256', key.key).update(manifest).digest('hex'),
  };
}

/**
 * - `valid`: made by this installation (or one sharing its secret), unchanged since;
 * - `unsigned`: no signature (an archive of a version before signatures, or not ours);
 * - `other-key`: signed with another secret: another installation, or this one before its secret changed;
 * - `no-key`: this installation has no secret to check with yet;
 * - `forged`: signed with this installation's key, and changed since.
 */
export type SignatureVerdict = 'valid' | 'unsigned' | 'other-key' | 'no-key' | 'forged';

export function verifyManifest(
  key: ArchiveKey | undefined,
  manifest: Buffer,
  signature: ArchiveSignature | undefined,
): SignatureVerdict {
  if (!signature) return 'unsigned';
  if (!key) return 'no-key';
  if (signature.keyId !== key.id) return 'other-key';
  const expected = Buffer.from(signManifest(key, manifest).signature, 'hex');
  const given = Buffer.from(String(signature.signature), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected) ? 'valid' : 'forged';
}
