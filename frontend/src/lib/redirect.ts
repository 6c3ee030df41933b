/** Where a link or a query may send the user: only paths inside this app. */

const FALLBACK = '/dashboard';

/** An in-app path, or /dashboard for anything that could leave the site. */
export function safeRedirect(target: string | null): string {
  const inApp = target && target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/\\');
  return inApp ? target : FALLBACK;
}

/** Where a signed-out user is sent, remembering where they were going. */
export function loginPathFor(location: { pathname: string; search: string }): string {
  const target = `${location.pathname}${location.search}`;
  return `/login?redirect_to=${encodeURIComponent(target)}`;
}

/**
 * The /reroute helper (spec §2): `to` names the path, every other parameter is carried
 * over into the target's query string, after any it already has.
 */
export function rerouteTarget(params: URLSearchParams): string {
  const [path, existing = ''] = safeRedirect(params.get('to')).split('?', 2);
  const query = new URLSearchParams(existing);
  params.forEach((value, key) => {
    if (key !== 'to') query.append(key, value);
  });
  const rebuilt = query.toString();
  return rebuilt ? `${path}?${rebuilt}` : path;
}
