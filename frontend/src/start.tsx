/**
 * The app, started by the entry (src/main.tsx) once the page has what it needs first.
 */
import { StrictMode, startTransition, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
import { createBrowserRouter } from 'react-router';
import { App } from '@/app/App';
import { loadScreensOf } from '@/app/lazy-matches';
import { createQueryClient } from '@/app/query-client';
import { routes } from '@/app/router';
import { getToken } from '@/lib/auth-token';
import { apiBaseUrl } from '@/lib/env';
import { serverRenderedState } from '@/lib/server-rendered';

/**
 * React's word for a part the server left to the browser (a part whose code loads later:
 * src/ssr-lazy.ts), which it then renders here: expected, not a fault. (#419 is its code in
 * React's production build.)
 */
const LEFT_TO_THE_BROWSER = /could not finish this Suspense boundary|server rendering aborted|#419/;

function onRecoverableError(error: unknown) {
  const message = error instanceof Error ? error.message : String(error);
  if (!LEFT_TO_THE_BROWSER.test(message)) reportError(error);
}
/** The app in `element` (`#root`): a page the server rendered taken over, any other built.
 * Settles once the app answers (its first render committed, its effects run). */
export async function start(element: HTMLElement): Promise<void> {
  // Fail at start-up, visibly, when the API address is not configured.
  apiBaseUrl();
  const queryClient = createQueryClient();
  // A page the server rendered for a visitor is taken over as it stands: its screen's code
  // and its reads are in hand before the first render, which then matches the HTML. A
  // member's page differs from the visitor's (their menu, their answers): it is rendered
  // afresh over the server's, which they see meanwhile.
  const state = serverRenderedState();
  const takeOver = state !== null && getToken() === null;
  if (takeOver) {
    hydrate(queryClient, state);
    await loadScreensOf(routes, window.location.pathname);
  }
  let answering = () => {};
  const answers = new Promise<void>((resolve) => (answering = resolve));
  const app = (
    <StrictMode>
      <Started onStarted={answering}>
        <App router={createBrowserRouter(routes)} queryClient={queryClient} />
      </Started>
    </StrictMode>
  );
  // A transition renders in slices that yield to the browser, so the first render never
  // holds the main thread for long (a phone stays responsive while the page builds).
  startTransition(() => {
    if (takeOver) hydrateRoot(element, app, { onRecoverableError });
    else createRoot(element).render(app);
  });
  return answers;
}

/**
 * Marks the document once the app has committed its first render and its effects have run
 * (a child's effects run before its parent's): the app answers from here on, its listeners
 * in place (a page from the server was readable before).
 */
function Started({ children, onStarted }: { children: ReactNode; onStarted: () => void }) {
  useEffect(() => {
    document.documentElement.dataset.app = 'started';
    onStarted();
  }, [onStarted]);
  return children;
}
