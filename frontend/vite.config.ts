import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import type { BuildOptions } from 'vite';
import { defineConfig } from 'vitest/config';

// The API runs on the Rust server; `just dev` proxies /api and /media to it.
const backend = process.env.COHORT_BACKEND ?? 'http://127.0.0.1:8080';

// `vite build --ssr` makes the server's bundle (src/entry-server.tsx, run by the server's
// embedded JavaScript engine): one self-contained script, every import inside it.
export default defineConfig(({ isSsrBuild, mode }) => ({
  plugins: [react()],
  // The server's bundle is code only: the static files are the browser build's.
  publicDir: isSsrBuild ? false : 'public',
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      // The server renders with React's string renderer alone: its streaming one, which
      // `react-dom/server` bundles beside it, needs a browser's channels and encoders.
      ...(isSsrBuild && {
        'react-dom/server': fileURLToPath(
          new URL(`./node_modules/react-dom/cjs/react-dom-server-legacy.browser.${mode === 'development' ? 'development' : 'production'}.js`, import.meta.url),
        ),
      }),
    },
  },
  server: {
    proxy: {
      '/api': backend,
      '/media': backend,
    },
  },
  // The server's bundle takes its packages' builds for a browser or a worker (QuickJS is no
  // Node.js and has no DOM), in the form the browser's build takes.
  ssr: {
    noExternal: true,
    target: 'webworker',
    resolve: { conditions: ['worker', 'browser', mode === 'development' ? 'development' : 'production', 'module'] },
  },
  build: isSsrBuild ? serverBuild : browserBuild,
  test: {
    globals: true,
    environment: 'jsdom',
    // Worker threads, not processes: 59 s instead of 73 for the 49 files on two cores.
    pool: 'threads',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
  },
}));

const browserBuild: BuildOptions = {
  // scripts/budget.mjs reads which chunks each route loads from the manifest.
  manifest: true,
  rolldownOptions: {
    // The app the page's entry starts is an entry of its own: what it needs before it runs
    // is then `$initial` (below), as the entry's own imports are.
    input: { index: fileURLToPath(new URL('./index.html', import.meta.url)), start: fileURLToPath(new URL('./src/start.tsx', import.meta.url)) },
    output: {
      codeSplitting: {
        groups: [
          // Framework code changes rarely; its own chunk stays cached across deploys.
          { name: 'framework', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 3 },
          // What the app needs before it runs (the shell, the theme, the query client),
          // beyond the page's small entry (src/main.tsx, which starts it once a page
          // the server rendered is shown): one request instead of dozens.
          { name: 'shell', tags: ['$initial'], test: (id) => !ENTRY_MODULES.test(id), priority: 2 },
          // What the entry and the app both use (Vite's helper that preloads a dynamic
          // import's files, the session token's key): on its own, or it would land in the
          // app and the entry import the app with it.
          { name: 'entry-shared', test: /^\0vite[\\/]preload-helper|[\\/]src[\\/]lib[\\/]token-key\.ts$/, priority: 4 },
        ],
      },
    },
  },
};

/** The page's entry (src/main.tsx) and what it imports: kept out of the app's shell, so
 * the entry stays the few hundred bytes the page fetches at once (scripts/budget.mjs holds
 * it to routes.json's entryKb). */
const ENTRY_MODULES = /[\\/](index\.html|src[\\/](main\.tsx|lib[\\/]first-view\.ts))$|^\0vite[\\/]/;

const serverBuild: BuildOptions = {
  // crates/app/src/site/prerender.rs reads it from there; the server serves no hidden folder.
  outDir: 'dist/.server',
  emptyOutDir: true,
  // Smaller to load and parse when the server starts.
  minify: true,
  // QuickJS runs ES2023; what it lacks of the browser, src/ssr-globals.ts gives.
  target: 'es2022',
  rolldownOptions: {
    output: { format: 'iife', name: 'CohortServer', codeSplitting: false, entryFileNames: 'render.js' },
  },
};
