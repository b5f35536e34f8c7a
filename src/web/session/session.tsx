import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { STORAGE_KEYS } from '../../shared/constants';
import type { Account } from '../../shared/wire';
import { api, onUnauthorized } from '../api/client';
import { setLocale } from '../i18n';
import { readToken, subjectOf, tokenFromHeaders } from './token';

/**
 * docs/SPEC.md §4 "Session": authenticated only when a token and a user id exist and the authenticating flag
 * is off. The user is fetched whenever a token is stored; a failed fetch or a logout clears both.
 */
export interface Session {
  token: string | null;
  userId: string | null;
  user: Account | undefined;
  authenticating: boolean;
  authenticated: boolean;
  isAdmin: boolean;
  /** Establishes the session from the authorization header of a sign-in, reset or confirmation. */
  signIn(headers: Headers, user: Account): Promise<void>;
  /** Clears the session and every cached entity. */
  logout(): void;
  /** Ends the session on the server (ADR 0014), then clears it here, even when the server is not reached. */
  signOut(): Promise<void>;
}

const SessionContext = createContext<Session | null>(null);

/** The stored token, unless it cannot even be read, in which case it is cleared at once. */
function initialToken(): string | null {
  const token = readToken();
  if (token && !subjectOf(token)) {
    localStorage.removeItem(STORAGE_KEYS.token);
    return null;
  }
  return token;
}
export const USER_QUERY_KEY = ['session', 'user'] as const;

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [token, setToken] = useState<string | null>(initialToken);
  const userId = token ? (subjectOf(token) ?? null) : null;

  const userQuery = useQuery({
    queryKey: [...USER_QUERY_KEY, token],
    queryFn: async () => {
      try {
        return (await api<Account>('GET', '/user')).data;
      } catch (error) {
        // A token whose user cannot be fetched ends the session (docs/SPEC.md §4).
        if (localStorage.getItem(STORAGE_KEYS.token) === token) localStorage.removeItem(STORAGE_KEYS.token);
        throw error;
      }
    },
    enabled: Boolean(token && userId),
    retry: false,
    staleTime: Infinity,
  });

  const logout = useCallback(() => {
    localStorage.removeItem(STORAGE_KEYS.token);
    setToken(null);
    queryClient.clear();
  }, [queryClient]);
  useEffect(() => onUnauthorized(logout), [logout]);
  const signOut = useCallback(async () => {
    await api('POST', '/sign_out').catch(() => undefined);
    logout();
  }, [logout]);

  // After a failed user fetch the session reads as signed out at once; the token is already cleared.
  const activeToken = userQuery.isError ? null : token;

  const signIn = useCallback(
    async (headers: Headers, user: Account) => {
      const next = tokenFromHeaders(headers);
      if (!next) throw new Error('missing authorization header');
      localStorage.setItem(STORAGE_KEYS.token, next);
      queryClient.setQueryData([...USER_QUERY_KEY, next], user);
      await setLocale(user.locale);
      setToken(next);
    },
    [queryClient],
  );

  const value = useMemo<Session>(() => {
    const authenticating = Boolean(activeToken) && userQuery.isPending;
    const user = activeToken ? userQuery.data : undefined;
    return {
      token: activeToken,
      userId: activeToken ? userId : null,
      user,
      authenticating,
      authenticated: Boolean(activeToken && userId && !authenticating && user),
      isAdmin: user?.role === 'admin',
      signIn,
      logout,
      signOut,
    };
  }, [activeToken, userId, userQuery.isPending, userQuery.data, signIn, logout, signOut]);

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}
