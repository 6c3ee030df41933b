import { useRouteError } from 'react-router';
import { ErrorFallback } from '@/ui/ErrorFallback';

/** Shown when a route fails to load or render; "Try again" reloads the page. */
export function RouteErrorPage() {
  const error = useRouteError();
  console.error(error);
  return <ErrorFallback onReset={() => window.location.reload()} />;
}
