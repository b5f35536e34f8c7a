import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { interfaceFont, precompress, preloadInterfaceFont } from './scripts/vite-plugins';

/** The SPA lives in src/web and is built to dist/web, which the API process serves. */
export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  // What the browser downloads (ADR 0018): the interface's font cut and preloaded, every text file
  // written once more as .br and .gz for the server to send as is.
  plugins: [react(), interfaceFont(), preloadInterfaceFont(), precompress()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    // Every browser the app supports preloads modules itself: the polyfill would be 1 kB of the first load.
    modulePreload: { polyfill: false },
    // The sign-in page's own modules in one chunk beside the entry, not the dozen small shared chunks the
    // bundler would cut them into: on HTTP/1.1 a browser opens six connections per host, so every request past
    // the sixth waits for a round trip (150 ms on the fast 3G profile, ADR 0018).
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'first-load', tags: ['$initial'] }] } } },
  },
  server: {
    port: Number(process.env['PORT'] ?? 3000),
    proxy: { '/api': `http://localhost:${process.env['API_PORT'] ?? 3001}` },
  },
});
