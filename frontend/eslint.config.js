import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist', 'src/api', 'test-results', 'playwright-report'] },
  {
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Features never import each other; shared code lives in src/ui and src/lib.
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['@/features/*/*'], message: 'Features do not import each other; move shared code to src/ui or src/lib.' }],
          paths: [
            { name: 'zod', message: "Import z from '@/lib/zod': it installs the spec's texts." },
            { name: '@hookform/resolvers/zod', message: "Import zodResolver from '@/lib/zod': it installs the spec's texts." },
          ],
        },
      ],
    },
  },
  {
    // Features, shared UI and the library never reach into the app shell (it imports them).
    files: ['src/features/**/*.{ts,tsx}', 'src/ui/**/*.{ts,tsx}', 'src/lib/**/*.{ts,tsx}'],
    ignores: ['src/lib/zod.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@/features/*/*'], message: 'Features do not import each other; move shared code to src/ui or src/lib.' },
            { group: ['@/app', '@/app/*', '@/app/**'], message: 'The app shell imports features, never the other way round; move shared code to src/lib.' },
          ],
          paths: [
            { name: 'zod', message: "Import z from '@/lib/zod': it installs the spec's texts." },
            { name: '@hookform/resolvers/zod', message: "Import zodResolver from '@/lib/zod': it installs the spec's texts." },
          ],
        },
      ],
    },
  },
  {
    // The one module that loads zod for the forms.
    files: ['src/lib/zod.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // The router is the one place that loads every feature.
    files: ['src/app/router.tsx'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
