import type { Role } from './constants';

/**
 * Two-factor sign-in rules both sides read (docs/decisions/0035-two-factor-sign-in.md): who must have a second
 * factor, the shape of the codes, and what the account history records.
 */

/** The office's setting: a second factor required of nobody, of administrators, or of everyone. */
export const TWO_FACTOR_POLICIES = ['nobody', 'admins', 'everyone'] as const;
export type TwoFactorPolicy = (typeof TWO_FACTOR_POLICIES)[number];
export const DEFAULT_TWO_FACTOR_POLICY: TwoFactorPolicy = 'nobody';

/** Whether the setting requires a second factor of someone with this role. */
export function secondFactorRequiredOf(policy: TwoFactorPolicy, role: Role): boolean {
  return policy === 'everyone' || (policy === 'admins' && role === 'admin');
}

/** The ways to give a second factor at sign-in. */
export const SECOND_FACTOR_METHODS = ['totp', 'passkey', 'recovery_code'] as const;
export type SecondFactorMethod = (typeof SECOND_FACTOR_METHODS)[number];

/** RFC 6238 as every authenticator app reads an otpauth URI by default. */
export const TOTP_SETTINGS = { algorithm: 'SHA1', digits: 6, period: 30 } as const;
/** An authenticator-app code as typed: six digits, spaces allowed between them. */
export const TOTP_CODE = /^\d{6}$/;

export const RECOVERY_CODE_COUNT = 10;
/** Crockford's base32 letters and digits without 0 and 1 (read as O and I): 12 of them are ~59 random bits. */
export const RECOVERY_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTVWXYZ0123456789'.replace(/[01]/g, '');
export const RECOVERY_CODE_LENGTH = 12;

/** A recovery code as typed (spaces, dashes, any case) → as generated: `ABCD-EFGH-JKMN`. */
export function normalizeRecoveryCode(typed: string): string {
  const raw = typed.replace(/[\s-]/g, '').toUpperCase();
  return raw.match(/.{1,4}/g)?.join('-') ?? '';
}

/** The name a person gives a passkey ("Work laptop"): at most this long. */
export const PASSKEY_NAME_MAX_LENGTH = 60;

/** What the account history records; each is a catalog key `twoFactor.history.<code>`. */
export const ACCOUNT_EVENT_CODES = [
  'totpAdded',
  'totpRemoved',
  'passkeyAdded',
  'passkeyRemoved',
  'recoveryCodesGenerated',
  'recoveryCodeUsed',
  'twoFactorReset',
  // Two-person approval (docs/decisions/0067): an administrator marked or unmarked the user as an approver.
  'mayApproveGranted',
  'mayApproveRevoked',
] as const;
export type AccountEventCode = (typeof ACCOUNT_EVENT_CODES)[number];
