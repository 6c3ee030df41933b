#!/usr/bin/env node
// Leaves a brotli (.br) and a gzip (.gz) copy beside every text asset of the build that is
// worth compressing, at the highest levels: the server sends the one the browser accepts
// (see crates/app/src/site/spa.rs) and never compresses the same file twice.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, extname } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = new Set(['.js', '.mjs', '.css', '.svg', '.json', '.html', '.txt', '.webmanifest']);
/** Below this the server sends the file as it is (crates/app/src/http/compression.rs). */
const MIN_BYTES = 1024;

const root = new URL('../dist/assets/', import.meta.url).pathname;
let files = 0;
let before = 0;
let after = 0;
for (const name of readdirSync(root)) {
  const path = join(root, name);
  if (!TEXT.has(extname(name)) || statSync(path).size < MIN_BYTES) continue;
  const bytes = readFileSync(path);
  const brotli = brotliCompressSync(bytes, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  });
  writeFileSync(`${path}.br`, brotli);
  writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }));
  files += 1;
  before += bytes.length;
  after += brotli.length;
}
console.log(`precompressed ${files} assets: ${(before / 1024).toFixed(0)} KB -> ${(after / 1024).toFixed(0)} KB brotli`);
