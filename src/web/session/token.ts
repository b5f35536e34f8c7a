import { STORAGE_KEYS } from '../../shared/constants';

/** The user id is the token's subject claim (docs/SPEC.md §3 auth state). Undefined for anything unreadable. */
export function subjectOf(token: string): string | undefined {
  const part = token.split('.')[1];
  if (!part) return undefined;
  try {
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    const sub = (JSON.parse(json) as { sub?: unknown }).sub;
    return typeof sub === 'string' ? sub : undefined;
  } catch {
    return undefined;
  }
}

export const readToken = (): string | null => localStorage.getItem(STORAGE_KEYS.token);

/** `authorization: Bearer <jwt>` from a sign-in, reset or confirmation response. */
export function tokenFromHeaders(headers: Headers): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(headers.get('authorization') ?? '');
  return match?.[1];
}
