/**
 * The public pages rendered on the server: the server's embedded JavaScript engine runs this
 * bundle (crates/app/src/site/prerender.rs), so a visitor's first paint, a crawler and a link
 * preview get the page's content in its HTML, from the same components the browser runs.
 * The browser then takes the HTML over (src/start.tsx) from the reads written beside it.
 */
import './ssr-globals';
import { partsLeft } from './ssr-lazy';
import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { dehydrate, type Query } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router';
import { App } from '@/app/App';
import { loadScreensOf } from '@/app/lazy-matches';
import { createQueryClient } from '@/app/query-client';
import { routes } from '@/app/router';
import { givePageCookies } from '@/lib/cookies';
import { givePreloaded } from '@/lib/preloaded';
import { followingTheSystem } from '@/lib/system-scheme';

/** Renders that find a read they were not given stop here: reads lead to reads at most this deep. */
const MAX_PASSES = 4;
/** React's mark of a part of the page it left for the browser to render. */
const LEFT_TO_THE_BROWSER = '<!--$!-->';

/** What the server writes into the page: the markup, its styles, and the reads behind it. */
export interface Rendered {
  html: string;
  /** The page's global styles (the theme's variables, the baseline), each by its emotion
   * name: the browser's `<Global>` takes over an element written for it instead of writing
   * its styles again (and restyling the whole page). */
  globals: { name: string; css: string }[];
  /** The emotion ids of the other styles, as emotion's `data-emotion` attribute names them. */
  styleIds: string[];
  css: string;
  state: unknown;
}

/**
 * The page at `path` rendered from `reads` (the public reads it opens with, by address) and
 * the request's `cookies` that change a page (src/lib/page-cookies.json), or null when it
 * needs a read it was not given or a part of it failed (the browser then builds it).
 */
export async function render(path: string, reads: Record<string, unknown>, cookies: string): Promise<Rendered | null> {
  givePreloaded(reads);
  givePageCookies(cookies);
  await loadScreensOf(routes, path);
  const queryClient = createQueryClient();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  for (let pass = 0; pass < MAX_PASSES; pass += 1) {
    // Emotion keeps the styles a render used in its cache instead of writing them inline.
    const cache = createCache({ key: 'css' });
    cache.compat = true;
    const globals = globalsOf(cache);
    partsLeft.count = 0;
    const html = renderToString(
      <CacheProvider value={cache}>
        <App router={router} queryClient={queryClient} />
      </CacheProvider>,
    );
    // The reads the page asked for and has not got; a disabled one (the member's own, for a
    // visitor) is not asked.
    const waiting = queryClient
      .getQueryCache()
      .getAll()
      .filter((query) => query.state.status === 'pending' && wanted(query));
    // React leaves a part that failed to render to the browser, as it does a part whose
    // code loads later, and says nothing: more parts left than were lazy means one failed,
    // and the page is not written half-rendered.
    if (html.split(LEFT_TO_THE_BROWSER).length - 1 > partsLeft.count) return unrendered(['a part of the page failed to render']);
    if (waiting.length === 0) {
      const failed = queryClient.getQueryCache().getAll().filter((query) => query.state.status === 'error');
      if (failed.length > 0) return unrendered(['reads not given:', ...failed.map((query) => query.queryHash)]);
      const inserted = Object.entries(cache.inserted).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
      const scoped = inserted.filter(([id]) => !globals.has(id));
      return {
        html,
        globals: inserted
          .filter(([id]) => globals.has(id))
          .map(([id, rules]) => ({ name: id.split(' ')[0], css: followingTheSystem(rules) })),
        styleIds: scoped.map(([id]) => id),
        css: scoped.map(([, rules]) => rules).join(''),
        state: dehydrate(queryClient),
      };
    }
    await Promise.all(waiting.map((query) => query.fetch().catch(() => undefined)));
  }
  return unrendered(['reads lead to reads too deep']);
}

/**
 * The names under which `cache` keeps global styles: emotion's `<Global>` inserts its rules
 * with no selector, as keyframes (named `animation-…`) are; a component's styles have their
 * class as selector. (A global with keyframes inside is kept under its names joined by spaces,
 * its own first.)
 */
function globalsOf(cache: EmotionCache): Set<string> {
  const names = new Set<string>();
  const insert = cache.insert.bind(cache);
  cache.insert = (selector, serialized, sheet, shouldCache) => {
    if (selector === '' && !serialized.name.startsWith('animation-')) names.add(serialized.name);
    return insert(selector, serialized, sheet, shouldCache);
  };
  return names;
}

function wanted(query: Query): boolean {
  const { enabled } = query.options as { enabled?: boolean | ((query: Query) => boolean) };
  return typeof enabled === 'function' ? enabled(query) : enabled !== false;
}

/** No rendering, and why (the reads it lacked), for the server's log. */
function unrendered(why: string[]): null {
  (globalThis as { __cohortUnrendered?: string }).__cohortUnrendered = why.join(', ');
  return null;
}

/**
 * `render` for the server's engine, which passes and takes strings: the page's rendering as
 * JSON (or `null`) is left in `globalThis.__cohortRendered` once the engine has run its jobs;
 * a failure leaves the error's text in `__cohortFailed`.
 */
export function renderInto(path: string, readsJson: string, cookies: string): void {
  const slots = globalThis as { __cohortRendered?: string | null; __cohortFailed?: string; __cohortUnrendered?: string };
  slots.__cohortRendered = undefined;
  slots.__cohortFailed = undefined;
  slots.__cohortUnrendered = undefined;
  render(path, JSON.parse(readsJson) as Record<string, unknown>, cookies).then(
    (rendered) => {
      slots.__cohortRendered = JSON.stringify(rendered);
    },
    (error: unknown) => {
      slots.__cohortFailed = error instanceof Error ? `${error.message}\n${error.stack ?? ''}` : String(error);
    },
  );
}
