import type { DehydratedState } from '@tanstack/react-query';

/**
 * What the server wrote beside a page it rendered (crates/app/src/site/prerender.rs): the reads
 * the page was rendered from, as the query cache held them, so the browser's first render
 * is the server's (React takes the HTML over instead of building it again).
 */
export const SERVER_STATE_ID = 'cohort-rendered';

/** The server's reads when it rendered this page, or null when it did not. */
export function serverRenderedState(): DehydratedState | null {
  const element = typeof document === 'undefined' ? null : document.getElementById(SERVER_STATE_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as DehydratedState;
  } catch {
    return null;
  }
}
