import { defineConfig } from 'vitest/config';

// Browser scenarios against one real server (started by the global setup) and the system
// Chromium. One file at a time: the machine has 2 cores and the server needs one of them.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.e2e.test.ts'],
    globalSetup: ['src/harness/global-setup.ts'],
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
