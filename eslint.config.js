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
);
