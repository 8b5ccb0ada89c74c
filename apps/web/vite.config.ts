import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { linguiPlugins } from './build/lingui-plugins.ts';
import { prerenderShell } from './build/prerender-shell.ts';

const FEATURE_FACE = /\/src\/features\/[^/]+\/index\.ts$/;

/** The app's background (index.css `--color-background`): the splash screen and the title bar. */
const BACKGROUND = '#0b0a12';

export default defineConfig({
  plugins: [
    // Before React's plugin: the macros become plain calls before JSX is compiled.
    ...linguiPlugins(),
    react(),
    tailwindcss(),
    prerenderShell(),
    // The installable app: manifest.webmanifest (linked from index.html) and /sw.js, built from
    // src/sw/sw.ts with the list of built files to precache injected (decision 019). The page
    // registers it itself (features/pwa), after load.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      injectRegister: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html}'],
      },
      // Precached beside the manifest's icons: the tab's mark and the icon Safari puts on the
      // home screen.
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
      manifest: {
        id: '/',
        name: 'Dum Club',
        short_name: 'Dum Club',
        description: 'Earn DUM through engagement, not electricity. Social Mining, Proof of Vibe.',
        lang: 'en',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: BACKGROUND,
        theme_color: BACKGROUND,
        categories: ['social'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          {
            src: '/icons/icon-maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
        shortcuts: [
          {
            name: 'Create',
            short_name: 'Create',
            description: 'Post, start a vault or a time capsule',
            url: '/create',
            icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
          },
          {
            name: 'Messages',
            short_name: 'Messages',
            description: 'Your conversations',
            url: '/messages',
            icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
          },
        ],
      },
    }),
    // Brotli and gzip copies of every text file (index.html with its prerendered shell too),
    // made once at build time; the server sends the one the browser accepts (apps/server's
    // http/spa.ts, `preCompressed`), so no request pays for compressing.
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 }),
  ],
  build: {
    target: 'es2022',
    sourcemap: false,
    // Stable, content-hashed names under /assets: the server caches them for a year.
    assetsDir: 'assets',
    // Everything the entry imports statically (the shell and the feed page, rolldown's `$initial`
    // tag) is one chunk, which the lazy pages import from: `/` loads one file, and no module is
    // wrapped for strict execution order (decision 011; docs/benchmarks-history.md "bench:web").
    rolldownOptions: {
      // A feature's face (features/<name>/index.ts) only re-exports: importing it for one name
      // must not pull the feature's other modules into the importer's chunk.
      treeshake: { moduleSideEffects: (id: string) => !FEATURE_FACE.test(id) },
      output: { codeSplitting: { groups: [{ name: 'initial', tags: ['$initial'] }] } },
    },
  },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
      '/socket': { target: 'ws://localhost:3000', ws: true },
      '/rpc': { target: 'http://localhost:3000', ws: true },
    },
  },
});
