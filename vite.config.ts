import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** The SPA lives in src/web and is built to dist/web, which the API process serves. */
export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react()],
  build: { outDir: '../../dist/web', emptyOutDir: true, sourcemap: false, manifest: true },
  server: {
    port: Number(process.env['PORT'] ?? 3000),
    proxy: { '/api': `http://localhost:${process.env['API_PORT'] ?? 3001}` },
  },
});
