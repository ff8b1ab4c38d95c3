/// <reference types="vitest/config" />
import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { publicPagePrefixes } from '@vestibule/shared';
import { precompress } from '@vestibule/build-tools';

// The kiosk app serves every public page (check-in wizard, kiosk, check-out...). Its assets
// live under /kiosk/; the server answers the public pages' paths with its index.html.

// The product version (root package.json), as in the admin app: the kiosk shows it and the
// update check tells a new build from the running one.
const rootPackage = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

// The colours of kiosk/index.html (theme-color) and kiosk/src/styles.css (--primary, --background).
const themeColor = '#1d4ed8';
const backgroundColor = '#f3f4f6';

/** Navigations the service worker answers with the kiosk's index.html when offline. */
const kioskNavigations = [
  new RegExp(`^/(${publicPagePrefixes.map((prefix) => prefix.slice(1)).join('|')})/`),
  /^\/kiosk\//,
];

export default defineConfig(({ command }) => ({
  base: '/kiosk/',
  define: {
    __APP_VERSION__: JSON.stringify(rootPackage.version),
    // Read by src/offline/appVersion.ts (reported with each push, shown on the staff screen).
    'import.meta.env.VITE_APP_VERSION': JSON.stringify(rootPackage.version),
  },
  plugins: [
    react(),
    // An installable kiosk that starts and checks people in without the network (docs/kiosk.md, "The service worker").
    // The worker is served at /kiosk/sw.js but controls the site root, where the public pages
    // live (the server sends Service-Worker-Allowed: /). It caches the app, never the API:
    // the page keeps its data in IndexedDB and does its own syncing.
    VitePWA({
      strategies: 'generateSW',
      // A new version waits until the kiosk is idle on its welcome screen (src/pwa/appUpdate.ts).
      registerType: 'prompt',
      injectRegister: false,
      filename: 'sw.js',
      scope: '/',
      manifest: {
        id: '/kiosk/',
        name: 'Vestibule kiosk',
        short_name: 'Vestibule',
        description: 'Visitor check-in and check-out for a building lobby.',
        start_url: '/kiosk/',
        scope: '/',
        display: 'fullscreen',
        display_override: ['fullscreen', 'standalone'],
        orientation: 'any',
        theme_color: themeColor,
        background_color: backgroundColor,
        icons: [
          { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: 'icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      includeAssets: ['icons/apple-touch-icon-180.png', 'icons/icon.svg'],
      workbox: {
        // The app shell: index.html, every chunk (lazy pages and every language's catalogue, so
        // switching language works offline) and the stylesheet; the plugin adds the manifest,
        // its icons and includeAssets.
        globPatterns: ['**/*.{html,js,css}'],
        cleanupOutdatedCaches: true,
        // The first worker takes control of the page that installed it (a freshly provisioned
        // kiosk), so the next build waits for it and is switched to only while idle.
        clientsClaim: true,
        // One script: its SKIP_WAITING message listener is registered on the worker's first
        // evaluation (with the runtime in a second file, loaded asynchronously, a message that
        // wakes a stopped worker could arrive before the listener exists and be lost).
        inlineWorkboxRuntime: true,
        navigateFallback: '/kiosk/index.html',
        // Only the public pages and /kiosk/ (the start URL): the admin app, served at / by the
        // same server, and the API are never answered by the kiosk.
        navigateFallbackAllowlist: kioskNavigations,
        navigateFallbackDenylist: [/^\/service(\/|$)/, /^\/assets\//, /^\/version\.json$/],
        runtimeCaching: [
          {
            // Building logos: the URL carries the logo's version, so a cached answer never goes stale.
            urlPattern: ({ url, sameOrigin }) =>
              sameOrigin && /^\/service\/public\/buildings\/[^/]+\/checkInLogoImage\/\d+$/.test(url.pathname),
            handler: 'CacheFirst',
            options: {
              cacheName: 'vestibule-building-logos',
              expiration: { maxEntries: 20, maxAgeSeconds: 60 * 60 * 24 * 90 },
              cacheableResponse: { statuses: [200] },
            },
          },
        ],
      },
    }),
    // Brotli and gzip copies of every text asset, sent as the browser accepts.
    precompress(),
  ],
  // Dexie's ES2018 build instead of its ES5 one (same version, same code: 1.7 KB less gzip on the
  // first screen), in the build only. Tests and the dev server keep the package's own entry,
  // which dexie-react-hooks also loads there: two copies of Dexie would not share live queries.
  resolve: command === 'build' ? { alias: [{ find: /^dexie$/, replacement: 'dexie/dist/modern/dexie.mjs' }] } : {},
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The libraries every first screen needs, in one file that stays cached across releases:
          // one request instead of three, and one compressed stream (0.7 KB less gzip).
          groups: [
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|i18next|react-i18next|dexie|dexie-react-hooks)[\\/]/,
              priority: 1,
            },
            // The app's own first-screen code (everything the entry imports statically) in one
            // file too: left to itself the bundler cuts it into a dozen chunks, one for each set
            // of lazy pages that shares a module, and each compresses alone (5.2 KB more gzip).
            { name: 'index', tags: ['$initial'] },
          ],
        },
      },
    },
  },
  server: { proxy: { '/service': 'http://localhost:3000', '/version.json': 'http://localhost:3000' } },
  test: {
    environment: 'jsdom',
    testTimeout: 30_000,
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
  },
}));
