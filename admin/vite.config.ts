/// <reference types="vitest/config" />
import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompress } from '@vestibule/build-tools';

// The product version comes from the root package.json: the footer shows it and the
// app-update check compares it with /version.json.
const rootPackage = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string;
};
const version = rootPackage.version;
const backend = 'http://localhost:3000';
const proxy = { '/service': backend, '/version.json': backend };

/** Writes dist/version.json so that open tabs notice a newer deployment and reload. */
function versionFile(): Plugin {
  return {
    name: 'vestibule-version-file',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'version.json', source: `${JSON.stringify({ version })}\n` });
    },
  };
}

export default defineConfig({
  base: '/',
  plugins: [react(), versionFile(), precompress()],
  define: { __APP_VERSION__: JSON.stringify(version) },
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // React changes less often than the app: its own file stays cached across releases. The
        // rest is split by the screens that use it (each screen is fetched on first visit), so
        // the sign-in page loads only what it shows (no Mantine: see docs/architecture.md).
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            // Mantine and what it draws with, in a file of its own that the screens share: left to
            // itself the bundler merges it with the sign-in page's modules, which use none of it.
            {
              name: 'mantine',
              test: /node_modules[\\/](@mantine|@floating-ui|react-remove-scroll(-bar)?|use-sidecar|use-callback-ref|react-style-singleton|get-nonce|detect-node-es|react-number-format|react-textarea-autosize|use-composed-ref|use-isomorphic-layout-effect|use-latest)[\\/]/,
            },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    // jsdom with axe scans is slow on a 2-core machine that is also type-checking: a dialog's
    // scan took 22 s there while another suite ran.
    testTimeout: 60_000,
  },
});
