import { useQueryClient } from '@tanstack/react-query';
import { createContext, use, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { UNREAD_POLL_MS } from '#shared/constants.ts';
import { useAuth } from '#web/lib/auth.tsx';
import type { RealtimeStatus, SocketLike } from './socket-client.ts';

/**
 * Mounts the app socket once for a logged-in user (closed on logout, reopened with a new token) and
 * tells the rest of the app whether it is up. The client code is loaded only after login, so a
 * visitor's pages do not carry it.
 */

const RealtimeStatusContext = createContext<RealtimeStatus>('closed');

export function RealtimeProvider({
  children,
  createSocket,
}: {
  children: ReactNode;
  /** Tests inject a fake WebSocket; the browser's is used otherwise. */
  createSocket?: (url: string) => SocketLike;
}) {
  const { token, user } = useAuth();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<RealtimeStatus>('closed');
  // Only once the server accepted the token (GET /users/me): a stale stored token opens nothing.
  const activeToken = user !== null ? token : null;

  useEffect(() => {
    if (activeToken === null) return;
    let cancelled = false;
    let stop: (() => void) | null = null;
    void import('./connect.ts').then(({ connectRealtime }) => {
      if (cancelled) return;
      stop = connectRealtime({ queryClient, token: activeToken, onStatus: setStatus, createSocket });
    });
    return () => {
      cancelled = true;
      stop?.();
      setStatus('closed');
    };
  }, [activeToken, queryClient, createSocket]);

  return <RealtimeStatusContext value={status}>{children}</RealtimeStatusContext>;
}

/** 'open' while the app socket delivers events; 'closed' for visitors and while it is down. */
export function useRealtimeStatus(): RealtimeStatus {
  return use(RealtimeStatusContext);
}

function subscribeToVisibility(onChange: () => void): () => void {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}

/** Whether the page is shown (false in a background tab). */
export function usePageVisible(): boolean {
  return useSyncExternalStore(
    subscribeToVisibility,
    () => document.visibilityState !== 'hidden',
    () => true,
  );
}

/**
 * The `refetchInterval` of the messaging queries: the spec's 8 s poll (spec 2 section 9), but only
 * while the socket is down and the page is visible (issue 10 section 3); false otherwise.
 */
export function usePollWhileSocketDown(): number | false {
  const status = useRealtimeStatus();
  const visible = usePageVisible();
  return status !== 'open' && visible ? UNREAD_POLL_MS : false;
}
