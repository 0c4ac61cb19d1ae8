import type { IncomingMessage } from 'node:http';
import websocket, { type WebsocketPluginOptions } from '@fastify/websocket';
import { SOCKET_MAX_PAYLOAD_BYTES } from '#shared/constants.ts';
import { ErrorCode } from '#shared/error-codes.ts';
import { apiErrors } from '#shared/messages/common.ts';
import type { App } from '../app-types.ts';

/** Set on the raw request of every upgrade attempt, before @fastify/websocket routes it. */
const UPGRADE = Symbol('websocket upgrade');
type MaybeUpgrade = IncomingMessage & { [UPGRADE]?: true };

/**
 * @fastify/websocket upgrades a connection on ANY GET route of its scope and then closes it when the
 * route has no socket handler: a client gets "101 Switching Protocols" from /api/v1/health. Only the
 * routes declared with `websocket: true` (or a `wsHandler`) may upgrade; every other upgrade request
 * gets a French 404 before any handler runs, so nothing but a socket endpoint ever speaks WebSocket.
 *
 * Registered on the root, before any route: the refusal must cover every route and the not-found
 * handler. The plugin itself is registered apart, in the socket endpoints' own scope
 * (registerWebsocketServer): its hooks (an onRequest, an onResponse that makes Fastify follow every
 * response's end, and a wrapper around every GET handler) then run only for those routes, not for
 * each plain HTTP request of the app (issue 11, section 3).
 */
export function registerWebsocketGuard(app: App): void {
  // Routes are keyed by pattern: the router gives the matched pattern in `routeOptions.url`.
  const socketRoutes = new Set<string>();
  app.addHook('onRoute', (route) => {
    if (route.websocket || route.wsHandler) socketRoutes.add(route.url);
  });
  // Before the plugin's own 'upgrade' listener (added later), which routes the request through Fastify.
  app.server.on('upgrade', (request: MaybeUpgrade) => {
    request[UPGRADE] = true;
  });
  // Callback style, not async: it runs on every request, and a promise per request shows in the bench.
  app.addHook('onRequest', (request, reply, done) => {
    const raw: MaybeUpgrade = request.raw;
    if (raw[UPGRADE] !== true) {
      done();
      return;
    }
    // Read only for upgrades: Fastify builds a new object at each read of `routeOptions`.
    const pattern = request.routeOptions.url;
    if (pattern !== undefined && socketRoutes.has(pattern)) {
      done();
      return;
    }
    request.log.warn({ url: pattern ?? null }, 'websocket upgrade refused outside a socket endpoint');
    // The connection left Node's HTTP server when it asked to upgrade: once this answer is out,
    // nothing else will be read on it (what the plugin's onResponse hook does in its scope).
    const socket = raw.socket;
    reply.raw.once('finish', () => socket.destroy());
    // Answering without calling done() ends the request here (Fastify's early response from a hook).
    void reply.code(404).send({ detail: apiErrors.websocketNotHere, code: ErrorCode.WEBSOCKET_NOT_HERE });
  });
}

/**
 * @fastify/websocket, in the scope of the socket endpoints (app.ts): register it once, in a scope
 * holding those routes, after registerWebsocketGuard on the root.
 */
export async function registerWebsocketServer(scope: App): Promise<void> {
  await scope.register(websocket, { options: { maxPayload: SOCKET_MAX_PAYLOAD_BYTES }, errorHandler: onSocketError });
}

/**
 * A frame `ws` refused: its error has a `WS_ERR_…` code and carries the close code `ws` sent (1009 for
 * one over maxPayload) under its `status-code` symbol (ws/lib/constants.js). Null for any other error.
 */
function refusedFrame(error: Error): { wsError: string; closeCode: number | null } | null {
  const code = (error as Error & { code?: unknown }).code;
  if (typeof code !== 'string' || !code.startsWith('WS_ERR_')) return null;
  const symbol = Object.getOwnPropertySymbols(error).find((key) => key.description === 'status-code');
  const closeCode: unknown = symbol ? (error as unknown as Record<symbol, unknown>)[symbol] : undefined;
  return { wsError: code, closeCode: typeof closeCode === 'number' ? closeCode : null };
}

/**
 * A frame `ws` refuses (over SOCKET_MAX_PAYLOAD_BYTES, or not valid WebSocket) is the client's fault,
 * not ours: one warn line with its code and the close code, without a stack, as a 4xx is logged. `ws`
 * has already sent that close code and ends the connection once the frame is out, so the socket is
 * left to it (a terminate here could cut the close frame off). Any other error keeps the plugin's
 * default: logged as an error, socket terminated.
 */
const onSocketError: NonNullable<WebsocketPluginOptions['errorHandler']> = (error, socket, request) => {
  const refused = refusedFrame(error);
  if (refused) {
    request.log.warn(refused, 'websocket frame refused');
    return;
  }
  request.log.error({ err: error }, 'websocket error');
  socket.terminate();
};
