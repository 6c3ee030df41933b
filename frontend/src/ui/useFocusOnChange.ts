import { useEffect, useRef } from 'react';

/**
 * For a screen that changes in place (a wizard's step, a form's answer): once `key` changes,
 * the window goes back to the top and focus moves to the element the ref is on (a heading),
 * so sighted users see the new step from its start, under the sticky header, and screen
 * readers hear where they are. Nothing moves on the first render. The heading is focusable
 * only while it holds focus: a heading that stays focusable reads as a control (a touch
 * target too small for axe's target-size rule).
 */
export function useFocusOnChange<T extends HTMLElement>(key: unknown) {
  const target = useRef<T>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    window.scrollTo({ top: 0 });
    const heading = target.current;
    if (!heading) return;
    heading.setAttribute('tabindex', '-1');
    heading.addEventListener('blur', () => heading.removeAttribute('tabindex'), { once: true });
    heading.focus({ preventScroll: true });
  }, [key]);
  return target;
}
