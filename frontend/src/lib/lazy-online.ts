import { lazy } from 'react';

/** How long to wait before trying a failed load again while the browser believes it is online. */
const RETRY_AFTER_MS = 2000;
/** Loads tried in all before the error reaches the nearest error boundary. */
const ATTEMPTS = 4;

/**
 * `React.lazy` for the shell's own parts (footer, menus, header tools, toasts, the bell), whose
 * code may be fetched moments after the page: when the connection drops in between, the load
 * waits for it to come back and tries again, instead of rejecting, which would replace the
 * whole page with the router's error screen for want of a footer.
 */
export const lazyWhenOnline: typeof lazy = (load) => lazy(() => retryWhenOnline(load, ATTEMPTS));

export function retryWhenOnline<T>(load: () => Promise<T>, attempts: number): Promise<T> {
  return load().catch(async (error: unknown) => {
    if (attempts <= 1) throw error;
    await backOnline();
    return retryWhenOnline(load, attempts - 1);
  });
}

function backOnline(): Promise<void> {
  return new Promise((resolve) => {
    if (navigator.onLine) {
      setTimeout(resolve, RETRY_AFTER_MS);
      return;
    }
    window.addEventListener('online', () => resolve(), { once: true });
  });
}
