import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '#web/lib/query-keys.ts';
import { applySocketEvent } from './apply-event.ts';
import { RealtimeClient, socketUrl, type RealtimeStatus, type SocketLike } from './socket-client.ts';

/**
 * Opens the app socket for `token` and feeds its events into the query cache; returns the function
 * that closes it. Loaded lazily by RealtimeProvider once a user is logged in.
 */
export function connectRealtime(options: {
  queryClient: QueryClient;
  token: string;
  onStatus: (status: RealtimeStatus) => void;
  createSocket?: (url: string) => SocketLike;
}): () => void {
  const { queryClient } = options;
  const client = new RealtimeClient({
    url: socketUrl(window.location.origin, options.token),
    onEvent: (event) => {
      // A failed catch-up read is retried by the next (re)connection or the fallback poll.
      applySocketEvent(queryClient, event).catch(() => undefined);
    },
    onStatus: options.onStatus,
    // The server refused the token (revoked, expired): ask /users/me, whose 401 ends the session
    // through the API client; a new login then opens a new socket.
    onRefused: () => void queryClient.invalidateQueries({ queryKey: queryKeys.currentUser }),
    // Refused before the upgrade again and again (a 401 the browser reads as 1006): the same check.
    onUnopened: () => void queryClient.invalidateQueries({ queryKey: queryKeys.currentUser }),
    createSocket: options.createSocket,
  });
  client.start();
  return () => client.stop();
}
