// One lint configuration for the workspace; zero warnings allowed (--max-warnings 0).
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import vitest from '@vitest/eslint-plugin';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { featureEntry } from './scripts/eslint/featureEntry.js';
import { moduleCycle } from './scripts/eslint/moduleCycle.js';
import { packageEntry } from './scripts/eslint/packageEntry.js';
import { queriesInRepositories } from './scripts/eslint/queriesInRepositories.js';

// The workspace's own rules (scripts/eslint, each with its test beside it).
const vestibule = {
  rules: {
    'feature-entry': featureEntry,
    'module-cycle': moduleCycle,
    'package-entry': packageEntry,
    'queries-in-repositories': queriesInRepositories,
  },
};

// Where the server may build queries and import kysely: repositories, the db layer (migrations,
// seeds, the plugin), tests and test support.
const queryFiles = [
  'server/src/**/*.repo.ts',
  'server/src/db/**',
  'server/src/**/*.test.ts',
  'server/src/**/*.test-fixtures.ts',
];

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
    // Queries live in repositories and the db layer: elsewhere the server neither imports kysely
    // nor calls the query builder (ctx.db.selectFrom...); a service calls a repository's function
    // and may open ctx.db.transaction() to hand the transaction on.
    files: ['server/src/**/*.ts'],
    ignores: queryFiles,
    plugins: { vestibule },
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'kysely', message: 'Only *.repo.ts and db/ may use kysely.' }] },
      ],
      'vestibule/queries-in-repositories': 'error',
    },
  },
  {
    // A package is used through its entries (package.json "exports"), never by a path into its
    // folder: its files are its own to move, its entries are what it promises the others.
    files: ['*/**/*.{ts,tsx,js,mjs}'],
    plugins: { vestibule },
    rules: { 'vestibule/package-entry': ['error', { root: import.meta.dirname }] },
  },
  {
    // The server's modules depend on each other one way (auth below users below account...):
    // import-x/no-cycle sees file cycles only, this sees a cycle between modules through any files.
    files: ['server/src/modules/**/*.ts'],
    plugins: { vestibule },
    rules: {
      'vestibule/module-cycle': ['error', { modulesDir: `${import.meta.dirname}/server/src/modules` }],
    },
  },
  {
    // No import cycles: a cycle makes module order matter and hides a layer that should be split.
    // Imports are relative with their extension, so Node's resolution suffices.
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
    // Feature folders are used through their public entry, so a feature's other files are its
    // own to change.
    files: ['{admin,kiosk}/src/**/*.{ts,tsx}'],
    plugins: { vestibule },
    rules: { 'vestibule/feature-entry': 'error' },
  },
  {
    // One layer per job: routes speak HTTP and call services; only services and other
    // repositories reach a repository.
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
    // A Vite config with a `test` block types it through `/// <reference types="vitest/config" />`.
    files: ['**/vite.config.ts'],
    rules: { '@typescript-eslint/triple-slash-reference': 'off' },
  },
  {
    // Migrations are written against Kysely<any>, so later schema changes never break them.
    files: ['server/src/db/migrations/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // shared is pure: it runs unchanged in the server, the browser apps and the kiosk's worker,
    // so no Node-only module and no React (components live in the apps and the ui package).
    files: ['shared/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: builtinModules.map((name) => ({ name, message: 'shared runs in browsers too: no Node module.' })),
          patterns: [
            { group: ['node:*'], message: 'shared runs in browsers too: no Node module.' },
            {
              group: ['react', 'react/*', 'react-dom', 'react-dom/*', 'react-markdown'],
              message: 'shared has no React.',
            },
          ],
        },
      ],
    },
  },
  {
    // ...nor components: JSX needs React even without an import line (the automatic runtime).
    files: ['shared/src/**/*.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'Program', message: 'shared has no React: components live in an app or the ui package.' },
      ],
    },
  },
  {
    files: ['admin/src/**/*.{ts,tsx}', 'kiosk/src/**/*.{ts,tsx}', 'ui/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Tests that assert: every expect is awaited or called, none sits in a branch that may not
    // run, and none reads through an optional chain (`expect(x?.y).not.toBeNull()` passes when x
    // is missing).
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
