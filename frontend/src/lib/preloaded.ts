/**
 * Reads the server wrote into the page (crates/app/src/site/preloads.rs): the public answers a
 * visitor's first page opens with, taken once each, so the page shows them without
 * asking the server again. Only for visitors: a member's answers differ.
 */
const ELEMENT_ID = 'cohort-preloaded';

let preloaded: Map<string, unknown> | null = null;

function readPage(): Map<string, unknown> {
  const element = typeof document === 'undefined' ? null : document.getElementById(ELEMENT_ID);
  if (!element?.textContent) return new Map();
  try {
    return new Map(Object.entries(JSON.parse(element.textContent) as Record<string, unknown>));
  } catch {
    return new Map();
  }
}

/** The reads a page is rendered from on the server (src/entry-server.tsx), in place of the page's. */
export function givePreloaded(reads: Record<string, unknown>): void {
  preloaded = new Map(Object.entries(reads));
}

/** The written-in answer for `url` (path and query), once; later calls ask the server. */
export function takePreloaded(url: string): unknown {
  preloaded ??= readPage();
  const body = preloaded.get(url);
  preloaded.delete(url);
  return body;
}
