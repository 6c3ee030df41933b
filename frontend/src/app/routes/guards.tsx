import { Navigate, Outlet, useLocation, useMatches, useNavigation, useSearchParams } from 'react-router';
import { useGetMe } from '@/api/endpoints/auth/auth';
import { useAuth } from '@/lib/auth';
import { loginPathFor, safeRedirect } from '@/lib/redirect';

/*
 * Both guards hold still while a navigation is under way: signing in or out and then
 * leaving the page happen together, and the page being left must not redirect first.
 * Meanwhile they render nothing: a private page never shows to a signed-out visitor.
 */

/**
 * Private routes: signed-out users go to /login with `redirect_to`; after the sign-out
 * button, to plain /login (whichever of the sign-out and its navigation renders first).
 */
export function PrivateRoute() {
  const { isSignedIn, signedOutOnPurpose } = useAuth();
  const location = useLocation();
  const navigation = useNavigation();
  if (!isSignedIn) {
    if (navigation.state !== 'idle') return null;
    return <Navigate to={signedOutOnPurpose ? '/login' : loginPathFor(location)} replace />;
  }
  return <Outlet />;
}

/**
 * Public-only routes (sign-in, sign-up, resets): signed-in users go to /dashboard, or to
 * the page they were signing in for (`redirect_to`), so the guard and a sign-in that is
 * just completing agree on where to go whichever runs first.
 */
export function PublicOnlyRoute() {
  const { isSignedIn } = useAuth();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  if (isSignedIn) {
    return navigation.state === 'idle' ? <Navigate to={safeRedirect(params.get('redirect_to'))} replace /> : null;
  }
  return <Outlet />;
}

/** The route handle that marks the public-only pages (see `PublicOnlyRoute`). */
export const PUBLIC_ONLY_HANDLE = { publicOnly: true } as const;

function onPublicOnlyPage(matches: ReturnType<typeof useMatches>): boolean {
  return matches.some((m) => (m.handle as { publicOnly?: boolean } | undefined)?.publicOnly === true);
}

/** Where an account that must choose a new password is held until it has. */
export const CHOOSE_PASSWORD_PATH = '/choose-password';

/**
 * Sends a signed-in account that must choose a new password (the server's
 * `password_change_required`) to /choose-password from any page, remembering where it was
 * going; the server refuses its other calls meanwhile.
 */
export function PasswordChangeGate() {
  const { isSignedIn } = useAuth();
  const location = useLocation();
  const navigation = useNavigation();
  const matches = useMatches();
  const me = useGetMe({ query: { enabled: isSignedIn } });
  const held = isSignedIn && me.data?.data.password_change_required === true;
  // Like the guards, it waits for a navigation under way, and it leaves a public-only page
  // (the sign-in page) to its own guard, which sends the account on to the page it was
  // opened for: the gate then holds it there and remembers that page, not the sign-in page,
  // whichever of the sign-in's answer and its navigation arrives first.
  if (!held || location.pathname === CHOOSE_PASSWORD_PATH || navigation.state !== 'idle') return null;
  if (onPublicOnlyPage(matches)) return null;
  const target = `${location.pathname}${location.search}`;
  return <Navigate to={`${CHOOSE_PASSWORD_PATH}?redirect_to=${encodeURIComponent(target)}`} replace />;
}
