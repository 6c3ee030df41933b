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
  /**
   * The user signed out with the sign-out button (not a lost session): private pages then
   * send them to plain /login, not back to where they were.
   */
  signedOutOnPurpose: boolean;
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

  const [signedOutOnPurpose, setSignedOutOnPurpose] = useState(false);
  const signIn = useCallback((next: string) => {
    setSignedOutOnPurpose(false);
    setToken(next);
  }, []);
  const signOut = useCallback(() => {
    setSignedOutOnPurpose(true);
    setToken(null);
  }, []);
  const value = useMemo(
    () => ({ token, isSignedIn: token !== null, signIn, signOut, signedOutOnPurpose }),
    [token, signIn, signOut, signedOutOnPurpose],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error('useAuth must be used inside <AuthProvider>');
  return state;
}
