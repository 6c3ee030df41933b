import { matchRoutes, type RouteObject } from 'react-router';

/**
 * Loads the screens a path opens with before the router is made, so its first render is
 * the page itself rather than a wait for the screen's code: the server renders the page
 * that way (src/entry-server.tsx), and the browser must render the same to take the
 * server's HTML over without a change (hydration).
 */
export async function loadScreensOf(routes: RouteObject[], path: string): Promise<void> {
  const matches = matchRoutes(routes, path) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
}
