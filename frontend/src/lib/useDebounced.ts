import { useEffect, useState } from 'react';

/** Spec 2 §9: search waits 750 ms after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 750;

/** `value`, once it has stopped changing for `delay` ms (spec 2 §9: search waits 750 ms). */
export function useDebounced<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delay);
    return () => window.clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
