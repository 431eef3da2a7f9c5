// The browser client's build: root web-client/, output web-client/dist (served by the server at /).
// `npm run build:client`; during development `npx vite --config web-client/vite.config.ts` serves it with
// /api and /ws proxied to a server on localhost:3000.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig(({ mode }) => ({
  root,
  base: '/',
  plugins: [react()],
  define: {
    // The end-to-end tests build with `--mode test` to expose the store on window (never in production).
    __TITAN_TEST_HOOKS__: JSON.stringify(mode === 'test'),
  },
  build: {
    outDir: path.join(root, 'dist'),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // Test builds bundle React's development build (clearer errors in the end-to-end tests).
    chunkSizeWarningLimit: mode === 'test' ? 2000 : 400,
  },
  server: {
    fs: { allow: [path.join(root, '..')] },
    proxy: {
      '/api': 'http://localhost:3000',
      '/ws': { target: 'ws://localhost:3000', ws: true },
      '/health': 'http://localhost:3000',
    },
  },
}));
