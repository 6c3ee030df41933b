// Generates the typed API client from ../openapi.yaml:
//   src/api/endpoints/    react-query hooks (orval)
//   src/api/model/        request and response types (orval)
//   src/api/zod/          zod schemas for forms (orval)
// With --check it fails when the committed client differs from what the contract gives,
// so server and client cannot drift.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const apiDir = join(root, 'src/api');
const check = process.argv.includes('--check');

function snapshot(dir) {
  const files = new Map();
  if (!existsSync(dir)) return files;
  const walk = (d) => {
    for (const name of readdirSync(d)) {
      const path = join(d, name);
      if (statSync(path).isDirectory()) walk(path);
      else files.set(relative(dir, path), readFileSync(path, 'utf8'));
    }
  };
  walk(dir);
  return files;
}

const before = snapshot(apiDir);
const bin = (name) => join(root, 'node_modules/.bin', name);
execFileSync(bin('orval'), ['--config', 'orval.config.ts'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
});

if (check) {
  const after = snapshot(apiDir);
  const changed = [...new Set([...before.keys(), ...after.keys()])].filter(
    (file) => before.get(file) !== after.get(file),
  );
  if (changed.length > 0) {
    console.error('The generated API client was stale (now regenerated; commit it):');
    for (const file of changed.sort()) console.error(`  src/api/${file}`);
    process.exit(1);
  }
  console.log('API client is up to date with openapi.yaml.');
}
