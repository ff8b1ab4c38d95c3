// One lint configuration for the workspace; zero warnings allowed (--max-warnings 0).
import js from '@eslint/js';
import vitest from '@vitest/eslint-plugin';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { featureEntry } from './scripts/eslint/featureEntry.js';

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
    // No import cycles: a cycle makes module order matter and hides a layer that
    // should be split. Imports are relative with their extension, so Node's resolution suffices.
    files: ['{shared,ui,server,admin,kiosk,scripts,e2e}/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // Feature folders are used through their public entry: scripts/eslint/featureEntry.js.
    files: ['{admin,kiosk}/src/**/*.{ts,tsx}'],
    plugins: { vestibule: { rules: { 'feature-entry': featureEntry } } },
    rules: { 'vestibule/feature-entry': 'error' },
  },
  {
    // One layer per job: routes speak HTTP and call services; only services and
    // other repositories reach a repository.
    files: ['server/src/**/*.routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'kysely', message: 'Only *.repo.ts and db/ may use kysely.' }],
          patterns: [
            { group: ['**/*.repo.ts'], message: 'A route calls its service; the service calls the repository.' },
          ],
        },
      ],
    },
  },
  {
    // Vite configs with a `test` block start with a triple-slash reference to vitest's types.
    files: ['**/vite.config.ts'],
    rules: { '@typescript-eslint/triple-slash-reference': 'off' },
  },
  {
    // Migrations are written against Kysely<any>, so later schema changes never break them.
    files: ['server/src/db/migrations/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // shared is pure: no DOM-only or Node-only modules, and no React (components live in ui).
    files: ['shared/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['node:*', 'react', 'react-dom'] }],
    },
  },
  {
    files: ['admin/src/**/*.{ts,tsx}', 'kiosk/src/**/*.{ts,tsx}', 'ui/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Tests that assert: every expect is awaited or called, none sits in a branch that
    // may not run, and none reads through an optional chain (`expect(x?.y).not.toBeNull()`
    // passes when x is missing).
    files: ['**/*.test.{ts,tsx}'],
    plugins: { vitest },
    rules: {
      'vitest/valid-expect': ['error', { maxArgs: 2 }],
      'vitest/no-conditional-expect': 'error',
      'vitest/no-standalone-expect': 'error',
      'vitest/no-identical-title': 'error',
      'vitest/no-disabled-tests': 'error',
      'vitest/no-focused-tests': 'error',
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.name='expect'] > ChainExpression",
          message: 'An optional chain inside expect() passes when the object is missing: assert the object first.',
        },
        {
          selector: "CallExpression[callee.name='expect'] > TSNonNullExpression > ChainExpression",
          message: 'An optional chain inside expect() passes when the object is missing: assert the object first.',
        },
      ],
    },
  },
);
