// ESLint flat config (docs/decisions/009-lint-format-and-boundaries.md). Code rules only: typescript-eslint's recommended set WITHOUT
// type information (fast: no TypeScript program is built; `tsc` already checks types) and React's
// hooks rules for the web. Formatting is Prettier's job (eslint-config-prettier turns off every rule
// it would fight). Import boundaries and cycles are dependency-cruiser's (.dependency-cruiser.cjs,
// decision 009): the same `npm run lint` runs both.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  globalIgnores([
    '**/node_modules/',
    '**/dist/',
    'apps/server/drizzle/',
    'test-results/',
    'playwright-report/',
    'data/',
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `_`-prefixed names are deliberately unused (placeholders in destructuring and callbacks).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // One style for type-only imports keeps what is erased at runtime visible (`typeof import('x')`
      // stays allowed: lazily loaded SDKs are typed that way).
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // The service worker (docs/decisions/067-web-push.md): plain JavaScript in the worker's scope.
    files: ['apps/web/public/sw.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.serviceworker } },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      // The two classic hooks rules. The plugin's React Compiler rules (set-state-in-effect, refs,
      // immutability…) are not on yet: they flag 11 effects today, in files being reworked (decision 009).
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // One cache entry per resource (decision 024): query keys come from a key factory
      // (lib/api/query-keys.ts, or a feature's api/query-keys.ts), never an inline array.
      'no-restricted-syntax': [
        'error',
        {
          selector: "Property[key.name='queryKey'] > ArrayExpression",
          message:
            'Take the query key from a key factory (lib/api/query-keys.ts or the feature api/query-keys.ts), not an array literal.',
        },
        {
          selector:
            'CallExpression[callee.property.name=/^(get|set)Query(Data|State)$/] > ArrayExpression.arguments:first-child',
          message:
            'Take the query key from a key factory (lib/api/query-keys.ts or the feature api/query-keys.ts), not an array literal.',
        },
      ],
    },
  },
  {
    // Scripts, benches and tests talk to the terminal.
    files: [
      'apps/server/bench/**',
      'apps/server/scripts/**',
      'apps/web/bench/**',
      'apps/web/scripts/**',
      '**/*.test.{ts,tsx}',
      'e2e/**',
      'scripts/**',
    ],
    rules: {
      'no-console': 'off',
      // Tests reach into arbitrary JSON payloads.
      '@typescript-eslint/no-explicit-any': 'off',
      // Playwright fixtures: `async ({}, testInfo) => …` is its documented form.
      'no-empty-pattern': ['error', { allowObjectPatternsAsParameters: true }],
    },
  },
  {
    // Smaller rooms (docs/decisions/009-lint-format-and-boundaries.md): a source file one person can hold in mind. Tests, prompt/legal text and
    // generated migrations are exempt; comments and blank lines do not count.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', 'apps/web/src/features/legal/content/**'],
    rules: { 'max-lines': ['error', { max: 300, skipBlankLines: true, skipComments: true }] },
  },
  {
    // Functions one can read at once (decision 023): the conversation engine holds to 80 lines per
    // function (comments and blank lines not counted). Not yet elsewhere: some route registrations
    // and factories outside the engine are longer (docs/decisions/009-lint-format-and-boundaries.md).
    files: ['apps/server/src/modules/conversation-engine/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }] },
  },
  {
    // One door out (docs/decisions/046-one-door-out.md): every message to a customer or to the owner's
    // phone goes through domain/outbound, which applies its origin's rules and sends it exactly once.
    // The gateway is an injected port (app.deps.gateway), so an import rule cannot see its calls: this
    // one names them. The gateway's own adapters and the simulator implement them.
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      '**/*.test.ts',
      'apps/server/src/domain/outbound/**',
      'apps/server/src/integrations/gateway/**',
      'apps/server/src/simulator/**',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.property.name=/^send(Text|Media|Template)$/]',
          message:
            'Messages go out through the one door: sendOutbound / sendOutboundTemplate in domain/outbound (docs/decisions/046-one-door-out.md).',
        },
      ],
    },
  },
  {
    // The local Stripe stand-in reads Stripe's untyped form bodies, like the tests read payloads.
    files: ['packages/payments-standin/src/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  prettier,
);
