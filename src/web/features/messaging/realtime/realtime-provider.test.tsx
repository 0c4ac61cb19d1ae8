import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_STORAGE_KEY, UNREAD_POLL_MS } from '#shared/constants.ts';
import type { UnreadSummary } from '#shared/schemas/messages.ts';
import { AuthProvider, useAuth } from '#web/lib/auth.tsx';
import { createQueryClient } from '#web/lib/query-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { jsonResponse } from '#web/testing/render.tsx';
import { currentUserFixture } from '#web/testing/users.ts';
import { RealtimeProvider, usePollWhileSocketDown, useRealtimeStatus } from './realtime-provider.tsx';
import type { SocketLike } from './socket-client.ts';

class FakeSocket implements SocketLike {
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {}
  close(): void {
    this.closed = true;
  }
}

let sockets: FakeSocket[] = [];
const createSocket = (url: string) => {
  const socket = new FakeSocket(url);
  sockets.push(socket);
  return socket;
};

function Probe() {
  const status = useRealtimeStatus();
  const poll = usePollWhileSocketDown();
  const { logout } = useAuth();
  return (
    <div>
      <p>status:{status}</p>
      <p>poll:{String(poll)}</p>
      <button type="button" onClick={logout}>
        logout
      </button>
    </div>
  );
}

function renderProvider() {
  const queryClient = createQueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <RealtimeProvider createSocket={createSocket}>
          <Probe />
        </RealtimeProvider>
      </AuthProvider>
    </QueryClientProvider>,
  );
  return queryClient;
}

describe('RealtimeProvider', () => {
  beforeEach(() => {
    sockets = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url.startsWith('/api/v1/users/me')) return jsonResponse(200, currentUserFixture());
        if (url.startsWith('/api/v1/messages/unread')) return jsonResponse(200, { total: 1, conversations: 1 });
        return jsonResponse(404, { detail: 'Introuvable', code: 'NOT_FOUND' });
      }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('opens nothing for a visitor, whose status stays closed', async () => {
    renderProvider();
    expect(screen.getByText('status:closed')).toBeInTheDocument();
    expect(screen.getByText(`poll:${UNREAD_POLL_MS}`)).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sockets).toHaveLength(0);
  });

  it('opens one socket with the token once logged in, polls only while it is not open, closes it on logout', async () => {
    window.localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'jeton secret');
    const queryClient = renderProvider();
    await waitFor(() => expect(sockets).toHaveLength(1));
    const socket = sockets[0]!;
    expect(socket.url).toBe(`${window.location.origin.replace(/^http/, 'ws')}/api/v1/ws?token=jeton%20secret`);
    expect(screen.getByText('status:connecting')).toBeInTheDocument();
    expect(screen.getByText(`poll:${UNREAD_POLL_MS}`)).toBeInTheDocument();

    act(() => socket.onopen?.(new Event('open')));
    expect(screen.getByText('status:open')).toBeInTheDocument();
    expect(screen.getByText('poll:false')).toBeInTheDocument();

    // An event reaches the cache.
    queryClient.setQueryData<UnreadSummary>(queryKeys.messages.unread(), { total: 0, conversations: 0 });
    act(() =>
      socket.onmessage?.(new MessageEvent('message', { data: JSON.stringify({ type: 'hello', unread_total: 3 }) })),
    );
    expect(queryClient.getQueryData<UnreadSummary>(queryKeys.messages.unread())?.total).toBe(3);

    await userEvent.setup().click(screen.getByRole('button', { name: 'logout' }));
    expect(socket.closed).toBe(true);
    expect(screen.getByText('status:closed')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sockets).toHaveLength(1);
  });
});
