import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuth } from '@/app/auth';

/** Where a signed-out user is sent, remembering where they were going. */
export function loginPathFor(location: { pathname: string; search: string }): string {
  const target = `${location.pathname}${location.search}`;
  return `/login?redirect_to=${encodeURIComponent(target)}`;
}

/** Private routes: signed-out users go to /login with `redirect_to`. */
export function PrivateRoute() {
  const { isSignedIn } = useAuth();
  const location = useLocation();
  if (!isSignedIn) return <Navigate to={loginPathFor(location)} replace />;
  return <Outlet />;
}

/** Public-only routes (sign-in, sign-up, resets): signed-in users go to /dashboard. */
export function PublicOnlyRoute() {
  const { isSignedIn } = useAuth();
  if (isSignedIn) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}
