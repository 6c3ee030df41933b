import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The contract's status fields that are not simply `status`, `state` or `role`. */
const STATUS_FIELDS = ['approved_status', 'active_status', 'affiliation_status', 'affiliation_progress', 'funding_state'].join('|');
/** An equality test, but not against a number (an HTTP status) or null. */
const COMPARISON = "BinaryExpression[operator=/^[!=]==?$/]:not([right.type='Literal'][right.raw=/^([0-9]+|null)$/])";
/** A status-like property, but not the router's or the query cache's own state. */
const STATUS_MEMBER = `[property.name=/^(status|state|role|${STATUS_FIELDS})$/]:not([object.name=/^(navigation|blocker|fetcher)$/]):not([object.property.name='state'])`;

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
    // Issue 48 §6: what a status, state or role allows is the server's decision (abilities such
    // as `can_join`, a group's `standing`); screens read it, and show statuses through maps
    // keyed by the generated enumeration (labels, colours), never by comparing them. The
    // router's and the query cache's own states are theirs, and HTTP status codes are numbers.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: `${COMPARISON} > MemberExpression${STATUS_MEMBER}`,
          message: 'Compare no status, state or role here: read the ability or standing the server sends, or key a map by the enumeration.',
        },
        {
          selector: `${COMPARISON} > ChainExpression > MemberExpression${STATUS_MEMBER}`,
          message: 'Compare no status, state or role here: read the ability or standing the server sends, or key a map by the enumeration.',
        },
        {
          selector: `${COMPARISON} > Identifier[name=/^(status|state|role|${STATUS_FIELDS})$/]`,
          message: 'Compare no status, state or role here: read the ability or standing the server sends, or key a map by the enumeration.',
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
    // The router and the staff console's route are the places that load every feature.
    files: ['src/app/router.tsx', 'src/app/routes/console.tsx'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
