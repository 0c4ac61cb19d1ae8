import websocket from '@fastify/websocket';
import { SOCKET_MAX_PAYLOAD_BYTES } from '#shared/constants.ts';
import { ErrorCode } from '#shared/error-codes.ts';
import { apiErrors } from '#shared/messages/common.ts';
import type { App } from '../app-types.ts';

/**
 * @fastify/websocket upgrades a connection on ANY GET route and then closes it when the route has no
 * socket handler: a client gets "101 Switching Protocols" from /api/v1/health. Only the routes
 * declared with `websocket: true` (or a `wsHandler`) may upgrade; every other upgrade request gets a
 * French 404 before any handler runs, so nothing but a socket endpoint ever speaks WebSocket.
 */
export async function registerWebsocket(app: App): Promise<void> {
  // Routes are keyed by pattern: the router gives the matched pattern in `routeOptions.url`.
  const socketRoutes = new Set<string>();
  app.addHook('onRoute', (route) => {
    if (route.websocket || route.wsHandler) socketRoutes.add(route.url);
  });
  await app.register(websocket, { options: { maxPayload: SOCKET_MAX_PAYLOAD_BYTES } });
  // After the plugin's own onRequest hook, which sets `request.ws` for an upgrade request. Callback
  // style, not async: it runs on every request, and a promise per request shows in the bench.
  app.addHook('onRequest', (request, reply, done) => {
    const pattern = request.routeOptions.url;
    if (!request.ws || (pattern !== undefined && socketRoutes.has(pattern))) {
      done();
      return;
    }
    request.log.warn({ url: pattern ?? null }, 'websocket upgrade refused outside a socket endpoint');
    // Answering without calling done() ends the request here (Fastify's early response from a hook).
    void reply.code(404).send({ detail: apiErrors.websocketNotHere, code: ErrorCode.WEBSOCKET_NOT_HERE });
  });
}
