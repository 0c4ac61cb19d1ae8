import { decodeJwt } from 'jose';
import { SOCKETS_PER_USER_MAX } from '#shared/constants.ts';
import { ErrorCode } from '#shared/error-codes.ts';
import { apiErrors } from '#shared/messages/common.ts';
import { messaging } from '#shared/messages/messaging.ts';
import type { AppConfig } from '../../config.ts';
import type { AppContext } from '../../app-types.ts';
import type { UserRow } from '../../db/schema/users.ts';
import { AppError, forbidden, unauthorized } from '../../errors.ts';
import { userFromToken } from '../../plugins/auth.ts';
import { messagingFeed } from './messaging-feed.ts';
import { SocketHub, type SocketHubOptions } from './socket-hub.ts';

export { SocketHub, type SocketHubOptions } from './socket-hub.ts';

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The page origins allowed to open the app socket: PUBLIC_URL's. A browser always sends `Origin` on
 * a WebSocket handshake and cross-site pages can open sockets (no CORS on upgrades), so without this
 * any site could read a logged-in visitor's events with a token it got hold of. In development the
 * page may be opened as localhost or 127.0.0.1 on the Vite server's port (scripts/dev.mjs): both.
 */
export function allowedSocketOrigins(config: Pick<AppConfig, 'env' | 'publicUrl'>): Set<string> {
  const publicUrl = new URL(config.publicUrl);
  const origins = new Set([publicUrl.origin]);
  if (config.env === 'development' && LOOPBACK_HOSTS.includes(publicUrl.hostname)) {
    for (const host of LOOPBACK_HOSTS) {
      const url = new URL(publicUrl.origin);
      url.hostname = host;
      origins.add(url.origin);
    }
  }
  return origins;
}

/**
 * A handshake's Origin (when sent) must be one of ours: 403 SOCKET_ORIGIN_REFUSED before the upgrade.
 * The app socket and the live-chat socket (live-chat module) both check it here.
 */
export function assertSocketOrigin(origins: Set<string>, origin: string | undefined): void {
  if (origin !== undefined && !origins.has(origin)) {
    throw forbidden(ErrorCode.SOCKET_ORIGIN_REFUSED, messaging.socketOriginRefused);
  }
}

/** Who holds an accepted socket, and until when its token is valid (it is closed then, 4001). */
export type SocketHolder = { user: UserRow; tokenExpiresAt: number };

/**
 * Who opens a socket: the Origin (when sent) must be ours, the token the same access token as the
 * REST API's (checked the same way, token_version included), and the user below the socket cap of
 * this instance. Runs before the upgrade, so a refusal is a plain HTTP answer with {detail, code}.
 */
export async function authenticateSocket(
  ctx: AppContext,
  hub: SocketHub,
  origins: Set<string>,
  handshake: { origin: string | undefined; token: string | undefined },
): Promise<SocketHolder> {
  assertSocketOrigin(origins, handshake.origin);
  if (!handshake.token) throw unauthorized(ErrorCode.NOT_AUTHENTICATED, apiErrors.notAuthenticated);
  const user = await userFromToken(ctx, handshake.token);
  if (hub.socketCount(user.id) >= SOCKETS_PER_USER_MAX) {
    throw new AppError(ErrorCode.TOO_MANY_SOCKETS, 429, messaging.tooManySockets);
  }
  // Verified just above (signature, expiry): only its expiry is read here.
  const { exp } = decodeJwt(handshake.token);
  return { user, tokenExpiresAt: (exp ?? 0) * 1000 };
}

/** The socket hub of one app instance, reading through the messaging service. */
export function createSocketHub(ctx: AppContext, options: Partial<SocketHubOptions> = {}): SocketHub {
  return new SocketHub(ctx, messagingFeed(ctx), options);
}
