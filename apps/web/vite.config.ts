import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { prerenderShell } from './build/prerender-shell.ts';

export default defineConfig({
  plugins: [react(), tailwindcss(), prerenderShell()],
  build: {
    target: 'es2022',
    sourcemap: false,
    // Stable, content-hashed names under /assets: the server caches them for a year.
    assetsDir: 'assets',
  },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
      '/socket': { target: 'ws://localhost:3000', ws: true },
      '/rpc': { target: 'http://localhost:3000', ws: true },
    },
  },
});
