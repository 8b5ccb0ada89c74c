import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { prerenderShell } from './build/prerender-shell.ts';

const FEATURE_FACE = /\/src\/features\/[^/]+\/index\.ts$/;

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    prerenderShell(),
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
    // Small chunks shared by the entry and the lazy pages go into the chunks that use them:
    // each is a request before the first paint on a slow network (Lighthouse, docs/benchmarks-history.md).
    // 20 KB rather than 16: at 16 the entry came out as a stub plus separate chunks for the app,
    // the post card and the error catalogue, and `/` loaded 12 files, 2.4 KB more gzipped
    // (decision 011). The limit is touchy: 17 KB gave 11 files, 32 KB 151.5 KB; measure a change.
    rolldownOptions: {
      // A feature's face (features/<name>/index.ts) only re-exports: importing it for one name
      // must not pull the feature's other modules into the importer's chunk.
      treeshake: { moduleSideEffects: (id: string) => !FEATURE_FACE.test(id) },
      output: { codeSplitting: { experimentalInlineCommonChunks: { maxSize: 20000 } } },
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
