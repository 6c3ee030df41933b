import { startTransition, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';

/** At the latest, what waits below the fold is rendered this long after the page. */
const IDLE_WAIT_MS = 2000;

/**
 * Renders `children` (typically a `lazy` component) once its place comes near the
 * viewport or the browser has nothing else to do, whichever is first: what sits below the
 * fold is not part of a page's first load, yet is on the page (for find-in-page and
 * assistive technology) moments after it. `minHeight` holds the place meanwhile, so
 * nothing below moves when it arrives.
 */
export function LazyWhenNear({
  children,
  minHeight,
  eager = false,
  id,
  fallback = null,
}: {
  children: ReactNode;
  minHeight: number;
  /** Render at once (the page was opened to show this part). */
  eager?: boolean;
  /** The place's id, for links and buttons that scroll to it before it has loaded. */
  id?: string;
  /** Shown while the part's code loads once it is near. */
  fallback?: ReactNode;
}) {
  const place = useRef<HTMLDivElement>(null);
  // Not near on the server, nor on the browser's first render over the server's page.
  const [near, setNear] = useState(eager);
  useEffect(() => {
    const element = place.current;
    if (near || !element) return;
    // Without an observer (an old browser), the idle wait below alone brings it.
    const observer =
      typeof IntersectionObserver === 'undefined'
        ? null
        : new IntersectionObserver(
            (entries) => {
              if (entries.some((entry) => entry.isIntersecting)) setNear(true);
            },
            { rootMargin: '400px 0px' },
          );
    observer?.observe(element);
    // Unasked, it renders as a transition: React yields to the browser every few
    // milliseconds, so a long part (a discussion's topics and replies) does not hold the
    // main thread in one long task while the page is still settling.
    const later = () => startTransition(() => setNear(true));
    const idle =
      typeof requestIdleCallback === 'function'
        ? requestIdleCallback(later, { timeout: IDLE_WAIT_MS })
        : window.setTimeout(later, IDLE_WAIT_MS);
    return () => {
      observer?.disconnect();
      if (typeof cancelIdleCallback === 'function') cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, [near]);
  return (
    <div ref={place} id={id} style={{ minHeight }}>
      {near && <Suspense fallback={fallback}>{children}</Suspense>}
    </div>
  );
}
