import { Navigate, useSearchParams } from 'react-router';
import { rerouteTarget } from '@/lib/redirect';

/** /reroute?to=<path>&…: rebuilds the query string onto the path and goes there. */
export function ReroutePage() {
  const [params] = useSearchParams();
  return <Navigate to={rerouteTarget(params)} replace />;
}
