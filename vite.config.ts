import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { createServer, defineConfig, type Plugin } from 'vite';

const API_TARGET = 'http://127.0.0.1:3000';
const WEB_ROOT = path.resolve(import.meta.dirname, 'src/web');
const OUT_DIR = path.resolve(import.meta.dirname, 'dist/web');
const APP_HTML_MARKER = '<!--app-html-->';

/**
 * Pre-renders the landing page into dist/web/index.html after the client build, so its first paint
 * needs no JavaScript (DESIGN.md section 9); main.tsx then hydrates it. dist/web/app.html keeps the
 * empty shell for every other path, so they never flash the landing page before their own.
 */
function prerenderLanding(): Plugin {
  return {
    name: 'appui-prerender-landing',
    apply: 'build',
    async closeBundle() {
      const indexPath = path.join(OUT_DIR, 'index.html');
      const shell = await readFile(indexPath, 'utf8');
      if (!shell.includes(APP_HTML_MARKER)) throw new Error('index.html lost its <!--app-html--> marker');
      const server = await createServer({
        configFile: false,
        root: WEB_ROOT,
        logLevel: 'error',
        plugins: [react()],
        server: { middlewareMode: true, hmr: false, ws: false },
        appType: 'custom',
      });
      try {
        const entry = (await server.ssrLoadModule('/entry-server.tsx')) as { render: (url: string) => Promise<string> };
        const html = await entry.render('/');
        await writeFile(path.join(OUT_DIR, 'app.html'), shell.replace(APP_HTML_MARKER, ''));
        await writeFile(indexPath, shell.replace(APP_HTML_MARKER, html));
      } finally {
        await server.close();
      }
    },
  };
}

// The web app lives in src/web and builds into dist/web, which the Fastify server serves
// (plugins/spa.ts). In development Vite proxies the API, uploads and WebSockets to the API process.
export default defineConfig({
  root: 'src/web',
  publicDir: false,
  plugins: [react(), tailwindcss(), prerenderLanding()],
  build: {
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
});
