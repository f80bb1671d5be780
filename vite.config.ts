import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin';
import { VitePWA } from 'vite-plugin-pwa';
import { nightTheme } from './src/theme/theme.ts';
import { precompress } from './scripts/precompress.ts';
import { prerender } from './scripts/prerender.ts';
import { appChunks, loggedInMeta } from './scripts/chunks.ts';

export default defineConfig({
  plugins: [
    react(),
    lingui(),
    babel({ presets: [linguiTransformerBabelPreset()] }),
    // The logged-in half's file named in the page, for a kept login to preload it (before the prerender).
    loggedInMeta(),
    // login.html: the login screen painted in, so it shows before any script runs.
    prerender(),
    // Installable: a manifest, and a service worker that precaches the app shell only (the page
    // registers it after its first paint: src/app/serviceWorker.ts).
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      manifest: {
        name: 'Reelside',
        short_name: 'Reelside',
        description: 'Play real slot machines live, from your phone.',
        start_url: '/lobby',
        scope: '/',
        display: 'standalone',
        background_color: nightTheme.colors.background,
        theme_color: nightTheme.colors.background,
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The shell: scripts, styles, the page and its pictures (the machines' in their phone width,
        // not the dense screens' @800w). Never source maps.
        globPatterns: ['**/*.{js,css,html,svg,png,webp,woff2}'],
        globIgnores: ['**/*@800w.webp'],
        navigateFallback: '/index.html',
        // The operator's calls always go to the network: API, sockets, video, control, the IP
        // check and the settings are never answered from a cache (the one runtime route below is
        // the login page's, from the network).
        // /login is not the shell: the operator's server sends it painted in its language
        // (login*.html), so a returning player gets the same first paint as a new one. From the
        // network, then, with the shell as the fallback offline (it boots and says so).
        navigateFallbackDenylist: [/^\/(api|ws|whep|sim|check)(\/|$)/, /^\/Settings\.json$/, /\.html$/, /^\/login(\?|$)/],
        runtimeCaching: [
          {
            urlPattern: ({ request, url }) => request.mode === 'navigate' && url.pathname === '/login',
            handler: 'NetworkOnly',
            options: { precacheFallback: { fallbackURL: '/index.html' } },
          },
        ],
        cleanupOutdatedCaches: true,
      },
    }),
    // Last: a Brotli and a gzip twin of every text file, the service worker's too.
    precompress(),
  ],
  resolve: {
    alias: [
      // @xstate/react asks for the pre-React-18 shims of useSyncExternalStore (a fallback
      // implementation each, in /login's scripts); React 19 has it: the package's own React-18
      // entries use React's.
      { find: /^use-sync-external-store\/shim$/, replacement: 'use-sync-external-store' },
      { find: /^use-sync-external-store\/shim\/with-selector$/, replacement: 'use-sync-external-store/with-selector' },
    ],
  },
  build: {
    outDir: 'dist',
    modulePreload: {
      // The page's script starting the app (src/app/main.tsx → boot.tsx) lets the browser find
      // boot's imports itself: Vite's loader appended a <link> per file first, one long task
      // on a slow phone (and links in the page's head made its first paint wait for them).
      resolveDependencies: (_file, deps, { hostType, hostId }) => (hostType === 'js' && /^assets\/index-[\w-]+\.js$/.test(hostId) ? [] : deps),
    },
    sourcemap: true,
    // The benchmark reads which chunks each route loads from here.
    manifest: true,
    rolldownOptions: {
      // The boot, the router and the logged-in half a file each, not fifty: scripts/chunks.ts.
      output: { codeSplitting: { groups: [{ name: appChunks(), includeDependenciesRecursively: false }] } },
    },
  },
  server: {
    proxy: {
      '/api': 'http://localhost:8080',
      '/check': 'http://localhost:8080',
      '/Settings.json': 'http://localhost:8080',
      '/ws': { target: 'ws://localhost:8080', ws: true },
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/{machines,paths,simulator,project}/**/*.test.ts'],
          environment: 'node',
          // A hang's bound, not a timing goal: the simulator's tests hash passwords and PINs
          // (scrypt, PBKDF2) and start servers; on a busy 2-core machine one took 5.0 s.
          testTimeout: 20_000,
          setupFiles: ['tests/setup/conservation.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'views',
          include: ['tests/views/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['tests/views/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.e2e.ts'],
          environment: 'node',
          setupFiles: ['tests/setup/conservation.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // A page polled in a real browser on a busy 2-core machine: a second is not always enough
          // for a fetch and a render (CI saw the lobby's balance take longer after login).
          expect: { poll: { timeout: 5000 } },
          fileParallelism: false,
        },
      },
    ],
  },
});
