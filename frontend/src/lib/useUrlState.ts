import { useCallback, useEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { useDebounced } from '@/lib/useDebounced';

/*
 * A list's search, filters, sort and page live in the address (`?search=stroke&tag=3&page=2`),
 * so a list can be shared, survives a reload, and Back returns to the same results. Changes
 * replace the current history entry: typing a search is not a trail of pages to go back
 * through.
 */

/**
 * The address a write asked for that the page has not rendered yet. react-router hands a
 * setter the parameters of the render it was made in, so a second write before the next
 * render (a filter chosen, then a search typed at once) would undo the first: a write
 * builds on this one instead while the page still shows what it was made from.
 */
let pending: { from: string; to: string } | null = null;

/** One query-string value: `fallback` when absent; setting `fallback` removes it. */
export function useUrlParam(name: string, fallback = ''): [string, (next: string) => void] {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const value = params.get(name) ?? fallback;
  const shown = `${pathname}?${params.toString()}`;
  useEffect(() => {
    if (pending?.to === shown) pending = null;
  }, [shown]);
  const set = useCallback(
    (next: string) =>
      setParams(
        (snapshot) => {
          const from = `${pathname}?${snapshot.toString()}`;
          const current = new URLSearchParams(pending?.from === from ? pending.to.split('?')[1] : snapshot);
          if (next === fallback || next === '') current.delete(name);
          else current.set(name, next);
          // A new filter starts from the first page.
          if (name !== 'page') current.delete('page');
          pending = { from, to: `${pathname}?${current.toString()}` };
          return current;
        },
        { replace: true },
      ),
    [name, fallback, pathname, setParams],
  );
  return [value, set];
}

/**
 * One of a fixed set of values (a tab, a status filter) in the address: `fallback` when
 * absent or not one of `choices` (an old or edited link).
 */
export function useUrlChoice<T extends string>(name: string, choices: readonly T[], fallback: T): [T, (next: T) => void] {
  const [raw, set] = useUrlParam(name, fallback);
  const value = (choices as readonly string[]).includes(raw) ? (raw as T) : fallback;
  return [value, set];
}

/** The page number in the address (1 when absent or not a page). */
export function useUrlPage(): [number, (page: number) => void] {
  const [raw, set] = useUrlParam('page', '1');
  const page = Number(raw);
  return [Number.isInteger(page) && page > 0 ? page : 1, (next: number) => set(String(next))];
}

/**
 * A search box kept in the address: what is typed shows at once and is written to the
 * address as it is typed (never later, so a write cannot pull back a user who has already
 * opened a result); the list follows once it has settled for `delay` ms. Back or a shared
 * link sets the box.
 */
export function useUrlSearch(delay: number, name = 'search'): { text: string; setText: (next: string) => void; settled: string } {
  const [stored, store] = useUrlParam(name);
  const [text, setTyped] = useState(stored);
  const [seen, setSeen] = useState(stored);
  // The address changed under the box (Back, a link): the box follows it.
  if (stored !== seen) {
    setSeen(stored);
    if (stored !== text.trim()) setTyped(stored);
  }
  const setText = (next: string) => {
    setTyped(next);
    if (next.trim() !== stored) store(next.trim());
  };
  const settled = useDebounced(stored, delay);
  return { text, setText, settled };
}
