#!/usr/bin/env node
// Writes dist/preloads.json from routes.json and the build's manifest: for each public
// page, the files of its screen (and the app's every page needs) and the API reads it starts
// with. The server adds them to the page as preload links (crates/app/src/site/preloads.rs), or,
// on a page it rendered, lists them for the entry to ask for after the page's picture
// (src/main.tsx), so they download together instead of one after another.
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { dist, routeFiles, startFiles, table } from './route-table.mjs';

const { $comment: _, ...pageCookies } = JSON.parse(readFileSync(new URL('../src/lib/page-cookies.json', import.meta.url), 'utf8'));

const preloads = {
  // The app's files every page needs, beside the entry the page names.
  everyPage: { fetch: table.everyPage.fetch, modules: startFiles.map((file) => `/${file}`) },
  // The cookies a rendered page depends on (src/lib/page-cookies.json).
  cookies: Object.values(pageCookies),
  routes: table.routes
    .filter((route) => route.path)
    .map((route) => ({
      path: route.path,
      except: route.except ?? [],
      modules: routeFiles(route).map((file) => `/${file}`),
      fetch: route.fetch ?? [],
      // The server renders it (crates/app/src/site/prerender.rs) from its reads.
      render: route.render === true,
      ...(route.lcpImage ? { lcpImage: route.lcpImage } : {}),
    })),
};
writeFileSync(join(dist, 'preloads.json'), `${JSON.stringify(preloads, null, 2)}\n`);
console.log(`preloads for ${preloads.routes.length} pages written to dist/preloads.json`);

// The router's pages, for the server's 404 status on any other path.
copyFileSync(new URL('../src/app/paths.json', import.meta.url), join(dist, 'paths.json'));
console.log('the router\'s pages written to dist/paths.json');
