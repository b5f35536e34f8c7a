import type { WebCatalogKey } from '../i18n/keys';
import { z } from 'zod';
import {
  PASSKEY_NAME_MAX_LENGTH,
  RECOVERY_CODE_LENGTH,
  SECOND_FACTOR_METHODS,
  TOTP_CODE,
  TWO_FACTOR_POLICIES,
  ACCOUNT_EVENT_CODES,
  normalizeRecoveryCode,
} from '../two-factor';
import { accountAnswerSchema } from './users-answers';
import { V, lockVersion, requiredText, wrongValue } from './common';

/** Inputs and answers of two-factor sign-in (docs/decisions/0035-two-factor-sign-in.md). */

const E = {
  code: 'twoFactor.errors.codeFormat',
  recoveryCode: 'twoFactor.errors.recoveryCodeFormat',
  oneMethod: 'twoFactor.errors.oneMethod',
} as const satisfies Record<string, WebCatalogKey>;

/** An authenticator-app code as typed: six digits, spaces between them ignored. */
export const totpCode = () =>
  z
    .string({ error: wrongValue })
    .transform((value) => value.replace(/\s/g, ''))
    .pipe(z.string().min(1, { error: V.required }).regex(TOTP_CODE, { error: E.code }));

/** A recovery code as typed: dashes, spaces and case do not matter. */
export const recoveryCode = () =>
  z
    .string({ error: wrongValue })
    .max(40, { error: E.recoveryCode })
    .transform(normalizeRecoveryCode)
    .pipe(
      z
        .string()
        .min(1, { error: V.required })
        .refine((code) => code.replace(/-/g, '').length === RECOVERY_CODE_LENGTH, { error: E.recoveryCode }),
    );

const base64url = (max: number) =>
  z
    .string({ error: wrongValue })
    .max(max, { error: V.invalid })
    .regex(/^[A-Za-z0-9_-]*$/, { error: V.invalid });

/**
 * What `@simplewebauthn/browser` hands over (W3C PublicKeyCredential JSON). Its keys travel snake_case like every
 * key of the API (`client_data_j_s_o_n`); the server's conversion gives them back exactly, and also accepts the
 * W3C spelling. Checked in depth by the WebAuthn library; here only its size and outline.
 */
const credentialOutline = (response: z.ZodObject) =>
  z.looseObject({
    id: base64url(1400),
    rawId: base64url(1400),
    type: z.literal('public-key', { error: V.invalid }),
    response,
    clientExtensionResults: z.looseObject({}).default({}),
    authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  });
export const registrationCredential = () =>
  credentialOutline(
    z.looseObject({
      clientDataJSON: base64url(4000),
      attestationObject: base64url(20_000),
      transports: z.array(z.string().max(40)).max(10).optional(),
    }),
  );
export const authenticationCredential = () =>
  credentialOutline(
    z.looseObject({
      clientDataJSON: base64url(4000),
      authenticatorData: base64url(4000),
      signature: base64url(2000),
      userHandle: base64url(200).optional(),
    }),
  );

/** The proof of the password step, as the sign-in answer gave it. */
const proof = () => z.string({ error: wrongValue }).min(1, { error: V.required }).max(100, { error: V.invalid });

/** `POST /sign_in/second_factor`: the proof and exactly one of a code, a recovery code or a passkey's answer. */
export const secondFactorSchema = z
  .object({
    proof: proof(),
    code: totpCode().optional(),
    recoveryCode: recoveryCode().optional(),
    credential: authenticationCredential().optional(),
  })
  .refine((input) => [input.code, input.recoveryCode, input.credential].filter(Boolean).length === 1, {
    error: E.oneMethod,
    path: ['code'],
  });
export type SecondFactorInput = z.input<typeof secondFactorSchema>;

/** The second step's recovery-code form. */
export const recoveryCodeFormSchema = z.object({ recoveryCode: recoveryCode() });
export type RecoveryCodeFormInput = z.input<typeof recoveryCodeFormSchema>;

/** `POST /account/two_factor/totp/confirm`: the first code of the new app (also the second step's code form). */
export const confirmTotpSchema = z.object({ code: totpCode() });
export type ConfirmTotpInput = z.input<typeof confirmTotpSchema>;

/** `POST /account/passkeys`: the name the person gives it, and the authenticator's answer. */
export const passkeyNameSchema = z.object({ name: requiredText(PASSKEY_NAME_MAX_LENGTH) });
export type PasskeyNameInput = z.input<typeof passkeyNameSchema>;
export const registerPasskeySchema = passkeyNameSchema.extend({ credential: registrationCredential() });

/** `PATCH /settings/security`: the enforcement setting, with the version the form read. */
export const securitySettingsSchema = z.object({
  twoFactorRequired: z.enum(TWO_FACTOR_POLICIES, { error: wrongValue }),
  lockVersion: lockVersion(),
});
export type SecuritySettingsInput = z.input<typeof securitySettingsSchema>;

// ---- answers ----

/**
 * The answer of a right password (sign-in, password reset, invitation) for an account that must give a second
 * factor, or set one up first (`enrolmentRequired`): no session yet, a proof of the password step instead.
 */
export const secondFactorChallengeSchema = z.object({
  secondFactorRequired: z.literal(true),
  enrolmentRequired: z.boolean().describe('no second factor yet, and the office requires one: set one up now'),
  proof: z.string().describe('sent back with the second factor (or, while enrolling, as the bearer token)'),
  expiresAt: z.string().describe('ISO 8601: after this, sign in again'),
  methods: z.array(z.enum(SECOND_FACTOR_METHODS)),
  passkeyOptions: z
    .looseObject({ challenge: z.string() })
    .nullable()
    .describe('WebAuthn request options (PublicKeyCredentialRequestOptionsJSON) when the account has passkeys'),
});
export type SecondFactorChallenge = z.infer<typeof secondFactorChallengeSchema>;

/** Sign-in, reset and invitation answers: the account (signed in) or the second-factor challenge. */
export const signedInOrChallengeSchema = z.union([accountAnswerSchema, secondFactorChallengeSchema]);

export const passkeyAnswerSchema = z.object({
  id: z.string(),
  name: z.string(),
  insertedAt: z.string().describe('ISO 8601'),
  lastUsedAt: z.string().nullable().describe('ISO 8601'),
});
export type Passkey = z.infer<typeof passkeyAnswerSchema>;

/** Where an account stands: what it has, and whether the office requires a second factor of it. */
export const twoFactorStatusSchema = z.object({
  required: z.boolean(),
  enabled: z.boolean().describe('has an authenticator app or a passkey'),
  totp: z.boolean(),
  passkeys: z.array(passkeyAnswerSchema),
  recoveryCodesLeft: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** A change of factors: the new status, and the recovery codes when this change created them (shown once). */
export const twoFactorChangeSchema = z.object({
  status: twoFactorStatusSchema,
  recoveryCodes: z.array(z.string()).nullable(),
});
export type TwoFactorChange = z.infer<typeof twoFactorChangeSchema>;

export const totpSetupSchema = z.object({
  secret: z.string().describe('base32, for typing into the app by hand'),
  uri: z.string().describe('otpauth:// URI, for the QR code'),
});
export type TotpSetup = z.infer<typeof totpSetupSchema>;

/** One line of an account's history, written out in the request's language. */
export const accountEventSchema = z.object({
  id: z.string(),
  code: z.enum(ACCOUNT_EVENT_CODES),
  description: z.string(),
  actorName: z.string().nullable(),
  insertedAt: z.string().describe('ISO 8601'),
});
export type AccountEvent = z.infer<typeof accountEventSchema>;

/** `GET /users/{id}/two_factor`: what an administrator sees of someone's second factors. */
export const userTwoFactorSchema = twoFactorStatusSchema.extend({ history: z.array(accountEventSchema) });
export type UserTwoFactor = z.infer<typeof userTwoFactorSchema>;

export const securitySettingsAnswerSchema = z.object({
  twoFactorRequired: z.enum(TWO_FACTOR_POLICIES),
  lockVersion: z.number().int(),
  updatedAt: z.string().nullable().describe('ISO 8601; null until first saved'),
  updatedByName: z.string().nullable(),
});
export type SecuritySettings = z.infer<typeof securitySettingsAnswerSchema>;
