// One lint configuration for the workspace; zero warnings allowed (--max-warnings 0).
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.tools/**', 'data/**', '**/dev-dist/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'always', { null: 'ignore' }],
    },
  },
  {
    // kysely lives in repositories and the db layer only (migrations, seeds, plugin).
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/**/*.repo.ts', 'server/src/db/**', 'server/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'kysely', message: 'Only *.repo.ts and db/ may use kysely.' }] },
      ],
    },
  },
  {
    // Vite configs with a `test` block need vitest's type reference (TOOLCHAIN.md).
    files: ['**/vite.config.ts'],
    rules: { '@typescript-eslint/triple-slash-reference': 'off' },
  },
  {
    // Migrations are written against Kysely<any>, so later schema changes never break them.
    files: ['server/src/db/migrations/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // shared is pure: no DOM-only or Node-only modules.
    files: ['shared/src/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['node:*', 'react', 'react-dom'] }],
    },
  },
  {
    files: ['admin/src/**/*.{ts,tsx}', 'kiosk/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
