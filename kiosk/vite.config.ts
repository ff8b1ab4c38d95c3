/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The kiosk app serves every public page (check-in wizard, kiosk, check-out...). Its assets
// live under /kiosk/; the server answers the spec's public paths with its index.html.
export default defineConfig({
  base: '/kiosk/',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true },
  server: { proxy: { '/service': 'http://localhost:3000', '/version.json': 'http://localhost:3000' } },
  test: { environment: 'jsdom', testTimeout: 30_000, include: ['src/**/*.test.{ts,tsx}'] },
});
