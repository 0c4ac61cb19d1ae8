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
  /** Each route's onSend hooks before the plugin adds its own: what is not in here is the plugin's. */
  const before = new WeakMap<object, Set<unknown>>();
  app.addHook('onRoute', (route) => {
    // An upgraded socket never sends an HTTP body; the health probe, see above.
    if (route.websocket === true || UNCOMPRESSED_ROUTES.has(route.url)) route.compress = false;
    before.set(route, new Set(hooksOf(route.onSend)));
  });
  await app.register(compress, {
    // Named, so Node's zstd (22.15+) does not slip in ahead of what the static files are built in.
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD_BYTES,
    globalDecompression: false,
  });
  // After the plugin's own onRoute hook: its onSend hook goes first through the size check.
  app.addHook('onRoute', (route) => {
    const known = before.get(route);
    if (!known || route.onSend === undefined) return;
    route.onSend = hooksOf(route.onSend).map((hook) => (known.has(hook) ? hook : sendSmallAsIs(hook)));
  });
}

type OnSend = (this: unknown, request: unknown, reply: unknown, payload: unknown, done: SendDone) => unknown;
type SendDone = (error: Error | null, payload?: unknown) => void;

function hooksOf<Hook>(hooks: Hook | Hook[] | undefined): Hook[] {
  if (hooks === undefined) return [];
  return Array.isArray(hooks) ? hooks : [hooks];
}

/**
 * The plugin's onSend hook, skipped for a body under the threshold: it would send it as is anyway,
 * but only after reading four headers, checking the type and parsing Accept-Encoding, on every
 * small JSON answer of the API (issue 11, section 3: the per-request cost of the pipeline).
 */
function sendSmallAsIs<Hook>(hook: Hook): Hook {
  const onSend = hook as OnSend;
  const wrapped: OnSend = function (request, reply, payload, done) {
    const size =
      typeof payload === 'string' ? Buffer.byteLength(payload) : Buffer.isBuffer(payload) ? payload.length : undefined;
    if (size !== undefined && size < COMPRESSION_THRESHOLD_BYTES) {
      done(null, payload);
      return;
    }
    return onSend.call(this, request, reply, payload, done);
  };
  return wrapped as Hook;
}
