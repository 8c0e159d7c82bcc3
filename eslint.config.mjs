// ESLint over the three workspaces, their tests, benches and scripts: the recommended sets only
// (eslint, typescript-eslint, react-hooks for the two SPAs, testing-library and jest-dom for the
// storefront's component tests). Formatting is Prettier's (.prettierrc.json), not ESLint's.
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
    files: ['customer-web/src/**/*.{ts,tsx}', 'admin-web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    ...reactHooks.configs.flat.recommended,
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
);
