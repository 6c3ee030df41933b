// routes.json and the build's manifest, read together: which files a route's first load
// needs. Shared by the budget check and the preload table.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const dist = new URL('../dist/', import.meta.url).pathname;
export const table = JSON.parse(readFileSync(new URL('../routes.json', import.meta.url), 'utf8'));

const manifestPath = join(dist, '.vite/manifest.json');
if (!existsSync(manifestPath)) {
  console.error('no dist/.vite/manifest.json; run `vite build` first');
  process.exit(2);
}
export const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

/** The files a manifest entry loads before it runs: itself and its static imports. */
export function closure(key, into = new Set()) {
  const entry = manifest[key];
  if (!entry) throw new Error(`${key} is not in the build's manifest (renamed? update routes.json)`);
  if (into.has(entry.file)) return into;
  into.add(entry.file);
  for (const imported of entry.imports ?? []) closure(imported, into);
  return into;
}

/** The app the entry starts (src/start.tsx) and its static imports, beyond the entry's. */
export const entry = closure(table.entry);
export const startFiles = [...closure(table.start)].filter((file) => !entry.has(file));

/** What every page loads first: the entry, and the app it starts. */
export const initial = new Set([...entry, ...startFiles]);

/** A route's own files: what its screens load beyond the first load. */
export function routeFiles(route) {
  const files = new Set();
  for (const module of route.modules) closure(module, files);
  return [...files].filter((file) => !initial.has(file));
}
