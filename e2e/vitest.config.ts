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
    // The longest scenario takes about 32 s on a quiet machine; a CI machine under load runs
    // twice as slow or worse, and a timeout there says nothing about the product.
    testTimeout: 150_000,
    hookTimeout: 120_000,
  },
});
