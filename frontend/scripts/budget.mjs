#!/usr/bin/env node
// The JavaScript budget: how much each route makes the browser download, compressed as the
// server sends it (brotli; gzip is shown too), read from the production build's manifest.
// Fails when the first load or a route grows past its budget in routes.json, or when a
// route pulls code it does not use (the editor on a page that only shows text).
//
//   node scripts/budget.mjs           check dist/ against routes.json
//   node scripts/budget.mjs --report  list every route's files as well
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { closure, dist, entry, initial, routeFiles, table } from './route-table.mjs';

const report = process.argv.includes('--report');
const sizes = new Map();

/** Brotli (quality 11, as precompressed) and gzip sizes of one built file, in bytes. */
function compressed(file) {
  if (!sizes.has(file)) {
    const bytes = readFileSync(join(dist, file));
    sizes.set(file, {
      brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
      gzip: gzipSync(bytes, { level: 9 }).length,
    });
  }
  return sizes.get(file);
}

function total(files) {
  const sum = { brotli: 0, gzip: 0 };
  for (const file of files) {
    sum.brotli += compressed(file).brotli;
    sum.gzip += compressed(file).gzip;
  }
  return sum;
}

const kb = (bytes) => (bytes / 1024).toFixed(1);
const describe = (size) => `${kb(size.brotli)} KB (${kb(size.gzip)} KB gzip)`;
const list = (files) => {
  if (report) for (const file of files) console.log(`    ${file} ${kb(compressed(file).brotli)} KB`);
};
const problems = [];

// The page's entry, fetched with every page (the app it starts waits on a page the server
// rendered until the page is shown: src/main.tsx).
const own = total(entry);
console.log(`the page's entry: ${describe(own)}; budget ${table.entryKb} KB`);
list(entry);
if (own.brotli > table.entryKb * 1024) {
  problems.push(`the page's entry is ${kb(own.brotli)} KB, over its ${table.entryKb} KB budget`);
}

const first = total(initial);
console.log(`every page first loads ${describe(first)}; budget ${table.initialKb} KB`);
list(initial);
if (first.brotli > table.initialKb * 1024) {
  problems.push(`the first load is ${kb(first.brotli)} KB, over its ${table.initialKb} KB budget`);
}

for (const route of table.routes) {
  const own = routeFiles(route);
  const size = total(own);
  console.log(`${route.name}: +${describe(size)}; budget ${route.kb} KB`);
  list(own);
  if (size.brotli > route.kb * 1024) {
    problems.push(`${route.name} adds ${kb(size.brotli)} KB, over its ${route.kb} KB budget`);
  }
  if (route.firstLoadKb !== undefined) {
    const whole = first.brotli + size.brotli;
    console.log(`  ${route.name} before it is interactive: ${kb(whole)} KB; budget ${route.firstLoadKb} KB`);
    if (whole > route.firstLoadKb * 1024) {
      problems.push(`${route.name} needs ${kb(whole)} KB before it is interactive, over its ${route.firstLoadKb} KB`);
    }
  }
  const loaded = new Set([...own, ...initial]);
  for (const unused of route.never ?? []) {
    const [file] = closure(unused);
    if (loaded.has(file)) {
      problems.push(`${route.name} loads ${unused}, which it does not use`);
    }
  }
}

if (problems.length) {
  console.error(`\nJavaScript budget exceeded:\n- ${problems.join('\n- ')}`);
  process.exit(1);
}
console.log('\nJavaScript budget: every route within its budget.');
