import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type CurrentUser, isApiError } from '@whisp/api-client';
import { useLogout, userQueries } from '@whisp/api-client/react';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useDeferredValue,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { client } from '../client';

export type SessionStatus = 'checking' | 'signed-in' | 'signed-out' | 'error';

interface SessionContextValue {
  status: SessionStatus;
  user: CurrentUser | undefined;
  /** After login or sign-up stored the token (the mutation already cached the member). */
  signedIn: () => void;
  /** Product-spec section 4: clears the token and every cached state. */
  signOut: () => Promise<void>;
  retry: () => void;
}

const SessionContext = createContext<SessionContextValue | null>(null);

/** The token check at start (product-spec section 4) and the signed-in member for every screen. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [hasToken, setHasToken] = useState(() => client.tokenStore.get() !== null);
  const me = useQuery({ ...userQueries.me(client), enabled: hasToken, staleTime: 60_000 });
  const logout = useLogout();

  const tokenRejected = isApiError(me.error) && me.error.status === 401;
  useEffect(() => {
    // An invalid or expired token is removed and the member signed out.
    if (!tokenRejected) return;
    client.tokenStore.clear();
    queryClient.clear();
    setHasToken(false);
  }, [tokenRejected, queryClient]);

  const signedIn = useCallback(() => setHasToken(true), []);
  const signOut = useCallback(async () => {
    try {
      await logout.mutateAsync();
    } catch {
      // The client forgets the token even when the server cannot be reached.
    }
    queryClient.clear();
    setHasToken(false);
  }, [logout, queryClient]);

  const status: SessionStatus = !hasToken
    ? 'signed-out'
    : me.data
      ? 'signed-in'
      : me.isError && !tokenRejected
        ? 'error'
        : 'checking';
  const refetch = me.refetch;
  const value = useMemo<SessionContextValue>(
    () => ({ status, user: me.data, signedIn, signOut, retry: () => void refetch() }),
    [status, me.data, signedIn, signOut, refetch],
  );
  // Leaving 'checking' opens the whole app, the biggest render of the start: deferred, it is
  // done in slices a slow phone can answer input between. Every other change (signing out, a
  // rejected token) is passed on at once.
  const settled = useDeferredValue(value);
  const provided = settled.status === 'checking' ? settled : value;
  return <SessionContext.Provider value={provided}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession needs a <SessionProvider> above it.');
  return value;
}

/** The signed-in member, on screens that only render once the session is known. */
export function useCurrentUser(): CurrentUser {
  const { user } = useSession();
  if (!user) throw new Error('useCurrentUser is only for screens behind <RequireAuth>.');
  return user;
}
