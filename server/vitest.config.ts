import { configDefaults, defineConfig } from 'vitest/config';

// Unit tests (*.test.ts) run without a database; API tests (*.int.test.ts) open their own
// database: embedded PGlite, or a fresh database on TEST_DATABASE_URL's server. Tests of a
// PostgreSQL server's faults (*.pg.int.test.ts) run only where TEST_DATABASE_URL names one.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...(process.env.TEST_DATABASE_URL ? [] : ['**/*.pg.int.test.ts'])],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
