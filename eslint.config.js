// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/', 'reports/', 'test-results/', 'blob-report/', 'src/catalogue/openapi.gen.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  // The dependency-cruiser configuration is CommonJS, the form its loader reads.
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly' } },
  },
  // Playwright fixtures that depend on nothing are written `async ({}, use) => …`.
  { files: ['**/*fixtures.ts', 'src/testing/**/*.ts', '**/*.test.ts'], rules: { 'no-empty-pattern': 'off' } },
  // Playwright gives each set of worker fixtures workers of its own: a test file on plain @playwright/test beside
  // the others restarts both workers in the middle of the tier.
  {
    files: ['src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test'],
              message: 'import test from src/testing/fixtures.ts: one set of worker fixtures, no worker restarts.',
            },
          ],
        },
      ],
    },
  },
);
