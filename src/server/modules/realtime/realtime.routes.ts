import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { SOCKET_CONNECTS_PER_MINUTE } from '#shared/constants.ts';
import { isAdminRole } from '#shared/rules/roles.ts';
import type { App, AppContext } from '../../app-types.ts';
import { allowedSocketOrigins, authenticateSocket, type SocketHolder, type SocketHub } from './realtime.service.ts';

/** `?token=`: a browser cannot set headers on a WebSocket handshake. Checked in preValidation. */
const SocketQuerySchema = z.object({ token: z.string().optional() });

/**
 * The app socket `/api/v1/ws?token=<access token>` (DESIGN.md section 10): one-way, server to
 * client, frames of SocketEventSchema. Refusals happen before the upgrade, as HTTP answers
 * {detail, code}: 403 foreign Origin, 401 missing or bad token, 429 too many attempts or sockets.
 */
export async function realtimeRoutes(app: App, { ctx, hub }: { ctx: AppContext; hub: SocketHub }): Promise<void> {
  const origins = allowedSocketOrigins(ctx.config);
  // From the check before the upgrade to the handler after it.
  const holders = new WeakMap<FastifyRequest, SocketHolder>();
  app.get(
    '/ws',
    {
      websocket: true,
      // Per client address, before anything else: a reconnecting client backs off well below this.
      config: { rateLimit: { max: SOCKET_CONNECTS_PER_MINUTE, timeWindow: '1 minute' } },
      schema: {
        tags: ['realtime'],
        summary: 'Socket de l’application (événements en temps réel)',
        querystring: SocketQuerySchema,
      },
      preValidation: async (request) => {
        const { token } = request.query as { token?: unknown };
        const holder = await authenticateSocket(ctx, hub, origins, {
          origin: request.headers.origin,
          token: typeof token === 'string' ? token : undefined,
        });
        request.user = holder.user;
        holders.set(request, holder);
      },
    },
    (socket, request) => {
      const holder = holders.get(request);
      if (!holder) throw new Error('socket handler reached without its holder');
      hub.add(socket, {
        id: holder.user.id,
        tokenVersion: holder.user.tokenVersion,
        tokenExpiresAt: holder.tokenExpiresAt,
        admin: isAdminRole(holder.user.role),
      });
    },
  );
}
