/**
 * Who is signed in, as far as the browser knows: the session token in local storage.
 * The server stays the judge: any 401 clears the token (lib/api-client).
 */
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { getToken, setToken, subscribeToken } from '@/lib/auth-token';

interface AuthState {
  token: string | null;
  isSignedIn: boolean;
  signIn: (token: string) => void;
  signOut: () => void;
}

const AuthContext = createContext<AuthState | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [token, setTokenState] = useState<string | null>(getToken);
  const queryClient = useQueryClient();

  useEffect(
    () =>
      subscribeToken((next) => {
        setTokenState(next);
        // Nothing cached for one user may be shown to the next.
        if (next === null) queryClient.clear();
      }),
    [queryClient],
  );

  const signIn = useCallback((next: string) => setToken(next), []);
  const signOut = useCallback(() => setToken(null), []);
  const value = useMemo(
    () => ({ token, isSignedIn: token !== null, signIn, signOut }),
    [token, signIn, signOut],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error('useAuth must be used inside <AuthProvider>');
  return state;
}
