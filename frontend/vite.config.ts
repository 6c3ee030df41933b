import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// The API runs on the Rust server; `just dev` proxies /api and /media to it.
const backend = process.env.COHORT_BACKEND ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: {
      '/api': backend,
      '/media': backend,
    },
  },
  build: {
    // scripts/budget.mjs reads which chunks each route loads from the manifest.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Framework code changes rarely; its own chunk stays cached across deploys.
            { name: 'framework', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 3 },
            // What every page needs before it runs (the shell, the theme, the query
            // client): one request instead of dozens.
            { name: 'shell', tags: ['$initial'], priority: 2 },
          ],
        },
      },
    },
  },
  test: {
    globals: true,
    environment: 'jsdom',
    // Worker threads, not processes: 59 s instead of 73 for the 49 files on two cores.
    pool: 'threads',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
  },
});
