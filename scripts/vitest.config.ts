import { defineConfig } from 'vitest/config';

// The workspace's own lint rules (eslint/) and the test runner's helpers (src/lib), each with its test beside it. The configuration's
// test loads ESLint with every plugin once: generous on a busy 2-core machine.
export default defineConfig({
  test: { include: ['eslint/**/*.test.ts', 'src/**/*.test.ts'], testTimeout: 30_000 },
});
