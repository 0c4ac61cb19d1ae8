import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const API_TARGET = 'http://127.0.0.1:3000';
const OUT_DIR = path.resolve(import.meta.dirname, 'dist/web');
/** The server-side renderer of the public pages, loaded by src/server/plugins/ssr.ts (issue 11 section 2). */
const SSR_OUT_DIR = path.resolve(import.meta.dirname, 'dist/ssr');

// The web app lives in src/web and builds into dist/web, which the Fastify server serves
// (plugins/spa.ts). `npm run build` then builds entry-server.tsx for Node into dist/ssr
// (`vite build --ssr`), with which the server renders the public pages at each request.
// In development Vite proxies the API, uploads and WebSockets to the API process.
export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/web',
  publicDir: false,
  plugins: [react(), tailwindcss()],
  build: isSsrBuild
    ? {
        outDir: SSR_OUT_DIR,
        emptyOutDir: true,
        sourcemap: false,
        rollupOptions: { input: path.resolve(import.meta.dirname, 'src/web/entry-server.tsx') },
      }
    : {
        outDir: OUT_DIR,
        emptyOutDir: true,
        sourcemap: false,
        rolldownOptions: {
          output: {
            advancedChunks: {
              // zod, and the module that sets it jitless, in one chunk: every chunk that builds a schema
              // imports this one, so `jitless` is set before the first schema, whatever chunk the entry
              // lands in. Otherwise a schema built earlier makes zod probe `new Function`, which the
              // strict CSP blocks and Chrome reports (e2e/csp.spec.ts, Lighthouse best practices 96).
              groups: [{ name: 'zod', test: /node_modules[\\/]zod[\\/]|src[\\/]web[\\/]zod-setup\.ts|zod-locale\.ts/ }],
            },
          },
        },
      },
  server: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true, ws: true },
      '/uploads': { target: API_TARGET, changeOrigin: true },
    },
  },
}));
