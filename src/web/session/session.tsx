import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { STORAGE_KEYS } from '../../shared/constants';
import type { Account } from '../../shared/wire';
import { api, onUnauthorized } from '../api/client';
import { setLocale } from '../i18n';
import { readToken, subjectOf, tokenFromHeaders } from './token';

/**
 * SPEC §4 "Session": authenticated only when a token and a user id exist and the authenticating flag
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
}

const SessionContext = createContext<Session | null>(null);
export const USER_QUERY_KEY = ['session', 'user'] as const;

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [token, setToken] = useState<string | null>(readToken);
  const userId = token ? (subjectOf(token) ?? null) : null;

  const userQuery = useQuery({
    queryKey: [...USER_QUERY_KEY, token],
    queryFn: async () => (await api<Account>('GET', '/user')).data,
    enabled: Boolean(token && userId),
    retry: false,
    staleTime: Infinity,
  });

  const logout = useCallback(() => {
    localStorage.removeItem(STORAGE_KEYS.token);
    setToken(null);
    queryClient.clear();
  }, [queryClient]);

  // A token that cannot be read, or whose user cannot be fetched, ends the session.
  const failed = Boolean(token) && (!userId || userQuery.isError);
  useEffect(() => {
    if (failed) logout();
  }, [failed, logout]);
  useEffect(() => onUnauthorized(logout), [logout]);

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
    const authenticating = Boolean(token) && userQuery.isPending;
    const user = userQuery.data;
    return {
      token,
      userId,
      user,
      authenticating,
      authenticated: Boolean(token && userId && !authenticating && user),
      isAdmin: user?.role === 'admin',
      signIn,
      logout,
    };
  }, [token, userId, userQuery.isPending, userQuery.data, signIn, logout]);

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}
