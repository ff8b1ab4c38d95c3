import { defineConfig } from 'vitest/config';

// The components' tests run in jsdom, as the apps' do.
export default defineConfig({
  test: {
    environment: 'jsdom',
    testTimeout: 30_000,
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
  },
});
