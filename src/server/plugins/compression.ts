import compress from '@fastify/compress';
import { API_BASE_PATH } from '#shared/constants.ts';
import type { App } from '../app-types.ts';

/**
 * Below this many bytes an answer goes out as is: a gzip or brotli frame saves next to nothing
 * on a packet that small, and the work would be paid on every poll of tiny answers.
 */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Routes left out of the compression hooks entirely. The health probe is polled constantly by load
 * balancers and answers a few dozen bytes: even the hooks' per-request checks are a cost it
 * never repays.
 */
const UNCOMPRESSED_ROUTES = new Set([`${API_BASE_PATH}/health`]);

/**
 * Brotli or gzip, as the client's Accept-Encoding allows, on every text answer of at least
 * COMPRESSION_THRESHOLD_BYTES (JSON, HTML, calendars, exports); images and PDFs go out as they are
 * (not text types), and so do the web app's files, which @fastify/static serves precompressed at
 * build (plugins/spa.ts: they already carry their Content-Encoding, so they are not compressed twice).
 *
 * Must be registered before any route, @fastify/static's included: the plugin wires itself into
 * each route as it is declared. Request bodies are never decompressed: no client of ours sends
 * them compressed, and the payment webhook must verify its signature on the bytes as received.
 */
export async function registerCompression(app: App): Promise<void> {
  app.addHook('onRoute', (route) => {
    // An upgraded socket never sends an HTTP body; the health probe, see above.
    if (route.websocket === true || UNCOMPRESSED_ROUTES.has(route.url)) route.compress = false;
  });
  await app.register(compress, {
    // Named, so Node's zstd (22.15+) does not slip in ahead of what the static files are built in.
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD_BYTES,
    globalDecompression: false,
  });
}
