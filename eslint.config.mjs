// ESLint over the three workspaces, their tests, benches and scripts: the recommended sets (eslint,
// typescript-eslint, react-hooks for the two SPAs, testing-library and jest-dom for the storefront's
// component tests) plus two type-aware promise rules. Formatting is Prettier's (.prettierrc.json), not ESLint's.
import js from '@eslint/js';
import jestDom from 'eslint-plugin-jest-dom';
import reactHooks from 'eslint-plugin-react-hooks';
import testingLibrary from 'eslint-plugin-testing-library';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'coverage/**', 'test-artifacts/**', '.data/**', '.test-data/**'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // `_name` marks a value left out on purpose (destructuring a field away, an unused callback argument).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // Misses uses inside parameter decorators (`@Body(new ZodPipe(schema))`) and calls those schemas useless.
      'no-useless-assignment': 'off',
    },
  },
  {
    // Type-aware: a promise nobody awaits loses its rejection (an unhandled rejection or a silent failure),
    // and a promise handed where a void callback is expected is never awaited by its caller. The server is
    // checked within test/tsconfig.json (which includes it), so one program serves both.
    // `void` marks a promise that cannot reject or whose failure is handled inside: react-router's
    // navigate (errors go to the route's error element) and handlers that catch and notify themselves.
    files: ['server/src/**/*.ts', 'test/**/*.ts', 'customer-web/src/**/*.{ts,tsx}', 'admin-web/src/**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        project: ['test/tsconfig.json', 'customer-web/tsconfig.json', 'admin-web/tsconfig.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: ['customer-web/src/**/*.{ts,tsx}', 'admin-web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    ...reactHooks.configs.flat.recommended,
  },
  {
    // A query key names the resource it caches (the API path first, then its parameters): two features once shared
    // a literal ['notices'] for two different answers. Keys are written only in the key factories
    // (customer-web: features/*/api/keys.ts and lib/query-keys.ts; admin-web: common/queryKeys.ts).
    files: ['customer-web/src/**/*.{ts,tsx}', 'admin-web/src/**/*.{ts,tsx}'],
    ignores: [
      'customer-web/src/features/*/api/keys.ts',
      'customer-web/src/lib/query-keys.ts',
      'admin-web/src/common/queryKeys.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          "Property[key.name='queryKey'] > ArrayExpression",
          "Property[key.name='queryKey'] > :matches(TSAsExpression, TSSatisfiesExpression) > ArrayExpression",
          'CallExpression[callee.property.name=/^(get|set)QueryData$/] > ArrayExpression:first-child',
        ].map((selector) => ({
          selector,
          message: "A query key comes from its feature's key factory, not a literal.",
        })),
      ],
    },
  },
  {
    files: ['customer-web/src/**/*.test.{ts,tsx}'],
    ...testingLibrary.configs['flat/react'],
  },
  {
    files: ['customer-web/src/**/*.test.{ts,tsx}'],
    ...jestDom.configs['flat/recommended'],
  },
  {
    files: ['**/*.{spec,test}.{ts,tsx}', 'test/**/*.ts', 'customer-web/src/testing/**'],
    languageOptions: { globals: { ...globals.jest } },
  },
  {
    // Modules reach each other through facades, ports bound at the root, events and commands: never by looking a
    // provider up at run time. ModuleRef belongs to the process's start (bootstrap.ts) alone.
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/bootstrap.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@nestjs/core',
              importNames: ['ModuleRef'],
              message:
                'No provider lookups between modules: use the facade, a port bound in app.module.ts, or an event.',
            },
          ],
        },
      ],
    },
  },
);
