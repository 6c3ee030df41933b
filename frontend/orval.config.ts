import { defineConfig } from 'orval';

// `npm run client` writes here; `npm run client:check` writes to a temp dir and compares.
const out = process.env.COHORT_CLIENT_OUT ?? 'src/api';
const spec = process.env.COHORT_OPENAPI ?? '../openapi.yaml';

export default defineConfig({
  cohort: {
    input: { target: spec },
    output: {
      mode: 'tags-split',
      target: `${out}/endpoints`,
      schemas: `${out}/model`,
      client: 'react-query',
      httpClient: 'fetch',
      clean: true,
      prettier: false,
      override: {
        mutator: { path: './src/lib/api-client.ts', name: 'apiFetch' },
        query: { useQuery: true, signal: false },
        // Hooks resolve to the response body; failures throw ApiError instead.
        fetch: { includeHttpResponseReturnType: false },
      },
    },
  },
  cohortZod: {
    input: { target: spec },
    output: {
      mode: 'tags-split',
      target: `${out}/zod`,
      client: 'zod',
      fileExtension: '.zod.ts',
      clean: true,
      prettier: false,
    },
  },
});
