import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { COMPILE_HINT, startupChunks } from './scripts/compile-hints.ts';

const API_TARGET = 'http://127.0.0.1:3000';
/**
 * React Router's production build, for the browser's build. Its package.json sends every import
 * condition to dist/development (remix-run/react-router#12532, #14102), so without this alias the
 * browser runs its development checks and warnings. Not for the server's build: aliased, React Router
 * would be bundled into dist/ssr while its own dependencies (cookie, set-cookie-parser) resolved to
 * the project's other versions of them. The dev server and the tests keep the development build.
 */
const REACT_ROUTER_PRODUCTION = path.resolve(
  import.meta.dirname,
  'node_modules/react-router/dist/production/index.mjs',
);
const OUT_DIR = path.resolve(import.meta.dirname, 'dist/web');
/** The server-side renderer of the public pages, loaded by src/server/plugins/ssr.ts (issue 11 section 2). */
const SSR_OUT_DIR = path.resolve(import.meta.dirname, 'dist/ssr');

/** Files the server sends compressed: everything textual the build writes. */
const TEXT_FILE = /\.(?:js|mjs|css|html|json|svg|txt|xml|map)$/;
/** Below this, a compressed copy saves less than a packet: the server sends the file as is. */
const PRECOMPRESS_MIN_BYTES = 512;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes `x.br` (brotli, maximum quality) and `x.gz` (gzip level 9) next to each text file of
 * dist/web, once at build, so the server never compresses a static file per request
 * (plugins/spa.ts serves them with @fastify/static's `preCompressed`). A copy that would not be
 * smaller is not written: the server then sends the file itself.
 * Runs after every other plugin's closeBundle, once index.html is written.
 */
function precompress(): Plugin {
  return {
    name: 'appui-precompress',
    apply: 'build',
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const files = await readdir(OUT_DIR, { recursive: true });
        await Promise.all(
          files
            .filter((file) => TEXT_FILE.test(file))
            .map(async (file) => {
              const filePath = path.join(OUT_DIR, file);
              const content = await readFile(filePath);
              if (content.length < PRECOMPRESS_MIN_BYTES) return;
              const [br, gz] = await Promise.all([
                brotli(content, {
                  params: {
                    [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
                    [zlibConstants.BROTLI_PARAM_SIZE_HINT]: content.length,
                  },
                }),
                gzipAsync(content, { level: zlibConstants.Z_BEST_COMPRESSION }),
              ]);
              if (br.length < content.length) await writeFile(`${filePath}.br`, br);
              if (gz.length < content.length) await writeFile(`${filePath}.gz`, gz);
            }),
        );
      },
    },
  };
}

/**
 * Puts V8's compile hint on the first line of each chunk a page needs to start (scripts/compile-hints.ts),
 * so that Chromium compiles them while they download instead of function by function on the main
 * thread as the app starts.
 */
function compileHints(): Plugin {
  return {
    name: 'appui-compile-hints',
    apply: 'build',
    // After Vite's own generateBundle, which writes its dependency map (`const __vite__mapDeps=…`)
    // at the top of the chunks that import CSS dynamically: the hint is then the first line of
    // every startup chunk, where V8 reads it before any function.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of startupChunks(bundle)) chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
      },
    },
  };
}

/** The Inter subset every French page uses (the others load only if a character needs them). */
const PRELOADED_FONT = /\/inter-latin-wght-normal-[\w-]+\.woff2$/;

/**
 * Preloads the Latin Inter file from index.html, so the browser fetches it with the CSS instead of
 * after it (the file name is hashed: known only once the bundle is written).
 */
function preloadFont(): Plugin {
  return {
    name: 'appui-preload-font',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const font = Object.keys(context.bundle ?? {}).find((file) => PRELOADED_FONT.test(`/${file}`));
        if (!font) throw new Error('The Latin Inter font is missing from the bundle (styles/fonts.css)');
        return [
          {
            tag: 'link',
            attrs: { rel: 'preload', href: `/${font}`, as: 'font', type: 'font/woff2', crossorigin: '' },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}

// The web app lives in src/web and builds into dist/web, which the Fastify server serves
// (plugins/spa.ts). `npm run build` then builds entry-server.tsx for Node into dist/ssr
// (`vite build --ssr`), with which the server renders the public pages at each request.
// In development Vite proxies the API, uploads and WebSockets to the API process.
export default defineConfig(({ isSsrBuild, mode }) => {
  const isProduction = mode === 'production';
  return {
    root: 'src/web',
    publicDir: false,
    resolve:
      isProduction && !isSsrBuild ? { alias: [{ find: /^react-router$/, replacement: REACT_ROUTER_PRODUCTION }] } : {},
    plugins: isSsrBuild
      ? [react(), tailwindcss()]
      : [react(), tailwindcss(), preloadFont(), compileHints(), precompress()],
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
          // No <link rel="modulepreload"> per dependency at each dynamic import: a CPU profile of the
          // booking page's load (Chromium) spent 160-250 ms of 650 in the appendChild of those links
          // (one per chunk, about 65 on that page), against 290-390 ms for the whole load without them.
          // The browser still fetches each chunk's static imports in parallel as it parses it.
          modulePreload: false,
          // No manifest: the server would publish it. bench/web.ts asks for one in its own build.
        },
    server: {
      proxy: {
        '/api': { target: API_TARGET, changeOrigin: true, ws: true },
        '/uploads': { target: API_TARGET, changeOrigin: true },
      },
    },
  };
});
