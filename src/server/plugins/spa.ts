import { existsSync, mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyRequest } from 'fastify';
import { SSR_RENDER_TIMEOUT_MS } from '#shared/constants.ts';
import { ErrorCode } from '#shared/error-codes.ts';
import { apiErrors } from '#shared/messages/common.ts';
import { isPagePath } from '#shared/page-routes.ts';
import type { App } from '../app-types.ts';
import { DEFAULT_PUBLIC_CONFIG, type PublicConfig } from '#shared/schemas/public-config.ts';
import { fillTemplate, withPublicConfig, type PageRenderer } from './ssr.ts';

export const WEB_DIST_DIR = path.resolve(import.meta.dirname, '../../../dist/web');

/**
 * Serves the built SPA: hashed assets cached for a year, index.html never cached (revalidated on
 * every visit, so a deploy is seen at once), each text file in the brotli or gzip copy written next
 * to it at build (vite.config.ts) as the request's Accept-Encoding allows, and the history
 * fallback: a non-API GET gets a public page rendered on the server (`renderPage`, plugins/ssr.ts)
 * with its own status, else the app's empty shell, with 200 at the path of a page of the web router
 * (src/shared/page-routes.ts) and 404 elsewhere (the app then shows "Page non trouvée"). Every page
 * sent carries the browser's public configuration (ssr.ts withPublicConfig), so the shell is filled
 * and compressed per answer instead of sent from the build's compressed copies.
 * Uploads are served from DATA_DIR.
 */
export async function registerSpa(
  app: App,
  options: {
    dataDir: string;
    webDir?: string;
    renderPage?: PageRenderer | null;
    renderTimeoutMs?: number;
    /** Written into every page sent (ssr.ts withPublicConfig). */
    publicConfig?: PublicConfig;
  },
): Promise<void> {
  const publicConfig = options.publicConfig ?? DEFAULT_PUBLIC_CONFIG;
  const uploadsDir = path.join(options.dataDir, 'uploads');
  mkdirSync(uploadsDir, { recursive: true }); // @fastify/static wants its root to exist at start
  await app.register(fastifyStatic, {
    root: uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    maxAge: '1h',
  });
  const webDir = options.webDir ?? WEB_DIST_DIR;
  const hasWeb = existsSync(path.join(webDir, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDir,
      prefix: '/',
      // Files are looked up per request (not listed at start), so a rebuilt dist/web is served as is.
      wildcard: true,
      index: false,
      // A folder ("/" above all) would get a 403 from send; the not-found handler below answers it instead.
      allowedPath: (pathname) => !pathname.endsWith('/'),
      // `x.js.br` / `x.js.gz` when accepted, else `x.js`; always with `Vary: Accept-Encoding`. The
      // copies carry their Content-Encoding, so @fastify/compress leaves them alone.
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          reply.header('Cache-Control', 'public, max-age=31536000, immutable');
        } else {
          reply.header('Cache-Control', 'no-cache');
        }
      },
    });
  }
  const renderPage = hasWeb ? (options.renderPage ?? null) : null;
  const renderTimeoutMs = options.renderTimeoutMs ?? SSR_RENDER_TIMEOUT_MS;
  app.setNotFoundHandler(async (request, reply) => {
    const isApi = request.url.startsWith('/api/') || request.url === '/api';
    // A missing script or image must be a 404, never the HTML page (the browser would report a MIME error).
    const pathname = request.url.split('?')[0] ?? '/';
    const isFile = pathname.startsWith('/assets/') || /\.[a-z0-9]{2,5}$/i.test(pathname);
    if (!isApi && !isFile && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      // A public page comes rendered (plugins/ssr.ts); any other gets the empty shell.
      const rendered = renderPage
        ? await renderOrShell(request, renderPage, webDir, renderTimeoutMs, publicConfig)
        : null;
      if (rendered) {
        return reply
          .code(rendered.status)
          .header('Cache-Control', 'no-cache')
          .type('text/html; charset=utf-8')
          .send(rendered.body);
      }
      const shell = await readFile(path.join(webDir, 'index.html'), 'utf8');
      return reply
        .code(isPagePath(pathname) ? 200 : 404)
        .header('Cache-Control', 'no-cache')
        // Compressed or not as the request accepts (plugins/compression.ts): a cache must tell them apart.
        .header('Vary', 'Accept-Encoding')
        .type('text/html; charset=utf-8')
        .send(withPublicConfig(shell, publicConfig));
    }
    const detail = isApi ? apiErrors.routeNotFound : apiErrors.notFound;
    return reply.code(404).send({ detail, code: isApi ? ErrorCode.ROUTE_NOT_FOUND : ErrorCode.NOT_FOUND });
  });
}

/**
 * The server-rendered page, or null for the shell: a page the renderer does not render, or one whose
 * rendering failed (logged; the browser then renders it and shows its own error if the API is down).
 */
const TIMED_OUT = Symbol('timed out');

/**
 * `work`'s result, or TIMED_OUT once `ms` have passed. The work is then told by its signal, so that
 * it can stop before what is left (the render of a page whose data came too late): it would be
 * paid for nothing, and a timeout is likeliest when the server is already overloaded. A late failure
 * is ignored.
 */
async function withTimeout<T>(work: (signal: AbortSignal) => Promise<T>, ms: number): Promise<T | typeof TIMED_OUT> {
  const controller = new AbortController();
  // Started before the timer: work that throws at once leaves no timer behind.
  const working = work(controller.signal);
  working.catch(() => undefined);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve(TIMED_OUT);
    }, ms);
  });
  try {
    return await Promise.race([working, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function renderOrShell(
  request: FastifyRequest,
  renderPage: PageRenderer,
  webDir: string,
  timeoutMs: number,
  publicConfig: PublicConfig,
): Promise<{ status: number; body: string } | null> {
  try {
    const page = await withTimeout((signal) => renderPage(request.url, signal), timeoutMs);
    if (page === TIMED_OUT) {
      request.log.warn({ timeoutMs }, 'server-side rendering took too long; the app shell is sent instead');
      return null;
    }
    if (!page) return null;
    const template = await readFile(path.join(webDir, 'index.html'), 'utf8');
    return { status: page.status, body: fillTemplate(withPublicConfig(template, publicConfig), page) };
  } catch (error) {
    request.log.error({ err: error }, 'server-side rendering failed; the app shell is sent instead');
    return null;
  }
}
