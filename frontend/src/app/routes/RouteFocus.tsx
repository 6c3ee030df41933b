import { Box } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';

/** How long a new screen's heading is waited for (its code may still be loading). */
const HEADING_WAIT_MS = 4000;
/** The page sets its title in an effect that runs after its heading is in the document: the
 * title is read once that effect has run, or the previous page's would be announced. */
const TITLE_SETTLE_MS = 150;

/**
 * Focus is moved only from where a route change leaves it (the page, or the header link
 * that was followed): never out of a field the user is already in, or an open dialog.
 */
function focusIsLeftBehind(main: HTMLElement): boolean {
  const active = document.activeElement;
  return !active || active === document.body || active === main || active.closest('header, footer') !== null;
}

/**
 * After a route change (not the first load), focus moves to the new screen's main
 * heading, so a keyboard or screen-reader user starts reading the new page where a page
 * load would start them, and the new page's title is announced. The heading appears when
 * the screen's code and data have; until then, it is waited for.
 */
export function RouteFocus({ mainId }: { mainId: string }) {
  const { pathname } = useLocation();
  const first = useRef(true);
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const main = document.getElementById(mainId);
    if (!main) return;
    let announce: number | undefined;
    const announceTitle = () => {
      window.clearTimeout(announce);
      announce = window.setTimeout(() => setAnnouncement(document.title), TITLE_SETTLE_MS);
    };
    const settle = () => {
      const heading = main.querySelector<HTMLElement>('h1');
      if (!heading) return false;
      if (focusIsLeftBehind(main)) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus({ preventScroll: true });
      }
      announceTitle();
      return true;
    };
    if (settle()) return () => window.clearTimeout(announce);
    const observer = new MutationObserver(() => {
      if (settle()) observer.disconnect();
    });
    observer.observe(main, { childList: true, subtree: true });
    const giveUp = window.setTimeout(() => {
      observer.disconnect();
      // No heading came: the main region itself takes focus.
      if (focusIsLeftBehind(main)) main.focus({ preventScroll: true });
      announceTitle();
    }, HEADING_WAIT_MS);
    return () => {
      observer.disconnect();
      window.clearTimeout(giveUp);
      window.clearTimeout(announce);
    };
  }, [pathname, mainId]);

  return (
    <Box
      role="status"
      aria-live="polite"
      aria-atomic="true"
      sx={{ position: 'absolute', width: 1, height: 1, p: 0, m: -0.125, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap', border: 0 }}
    >
      {announcement}
    </Box>
  );
}
