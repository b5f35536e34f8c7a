import { useQuery } from '@tanstack/react-query';
import type { Passkey, TotpSetup, TwoFactorChange, TwoFactorStatus } from '../../shared/schemas/two-factor';
import { api } from '../api/client';
import { queryKeys } from '../api/query-keys';

/**
 * The calls of my second factors (docs/decisions/0035-two-factor-sign-in.md). The set-up calls take `token`: the
 * proof of a password step while setting up a required factor at sign-in, instead of the session.
 */
export function useTwoFactorStatus() {
  return useQuery({
    queryKey: queryKeys.twoFactor,
    queryFn: async () => (await api<TwoFactorStatus>('GET', '/account/two_factor')).data,
  });
}

export const startTotp = async (token?: string) =>
  (await api<TotpSetup>('POST', '/account/two_factor/totp', { token })).data;

/** The answer's headers carry the session when this completed a sign-in. */
export const confirmTotp = (code: string, token?: string) =>
  api<TwoFactorChange>('POST', '/account/two_factor/totp/confirm', { body: { code }, token });

export const removeTotp = async () => (await api<TwoFactorStatus>('DELETE', '/account/two_factor/totp')).data;

export const regenerateRecoveryCodes = async () =>
  (await api<TwoFactorChange>('POST', '/account/two_factor/recovery_codes')).data;

export const passkeyCreationOptions = async (token?: string) =>
  (await api<{ options: Record<string, unknown> }>('POST', '/account/passkeys/options', { token })).data.options;

export const addPasskey = (name: string, credential: unknown, token?: string) =>
  api<TwoFactorChange>('POST', '/account/passkeys', { body: { name, credential }, token });

export const removePasskey = async (passkey: Passkey) =>
  (await api<TwoFactorStatus>('DELETE', `/account/passkeys/${passkey.id}`)).data;
