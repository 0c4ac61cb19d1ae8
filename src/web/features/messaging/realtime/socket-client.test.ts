import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SOCKET_RECONNECT_BASE_MS, SOCKET_RECONNECT_MAX_MS } from '#shared/constants.ts';
import type { SocketEvent } from '#shared/schemas/realtime.ts';
import {
  parseSocketFrame,
  RealtimeClient,
  reconnectDelay,
  socketUrl,
  type PageSignals,
  type RealtimeStatus,
  type SocketLike,
} from './socket-client.ts';

/** A WebSocket stand-in the test drives: open it, send it frames, close it with a code. */
class FakeSocket implements SocketLike {
  static instances: FakeSocket[] = [];
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closedWith: number | undefined | null = null;
  readonly url: string;

  constructor(url: string) {
    this.url = url;
    FakeSocket.instances.push(this);
  }

  close(code?: number): void {
    this.closedWith = code;
  }

  open(): void {
    this.onopen?.(new Event('open'));
  }

  receive(data: unknown): void {
    this.onmessage?.(new MessageEvent('message', { data: typeof data === 'string' ? data : JSON.stringify(data) }));
  }

  serverClose(code: number): void {
    this.onerror?.(new Event('error'));
    this.onclose?.(new CloseEvent('close', { code }));
  }
}

const latest = () => {
  const socket = FakeSocket.instances.at(-1);
  if (!socket) throw new Error('no socket opened');
  return socket;
};

function fakePage(visible = true) {
  const state = { visible, wake: null as (() => void) | null };
  const page: PageSignals = {
    isVisible: () => state.visible,
    onWake: (listener) => {
      state.wake = listener;
      return () => {
        state.wake = null;
      };
    },
  };
  return { state, page };
}

const conversationId = '7d1c2d3e-4a5b-4c6d-8e7f-901234567890';
const message = {
  id: '8e1c2d3e-4a5b-4c6d-8e7f-901234567890',
  conversation_id: conversationId,
  sender_id: '9f1c2d3e-4a5b-4c6d-8e7f-901234567890',
  sender: { id: '9f1c2d3e-4a5b-4c6d-8e7f-901234567890', display_name: 'Alex', email: null },
  content: 'Bonjour',
  visible: true,
  masked: false,
  removed: false,
  kind: 'text',
  sent_at: '2030-01-01T10:00:00.000Z',
  crisis: false,
};

function setup(options: { visible?: boolean; random?: () => number } = {}) {
  const events: SocketEvent[] = [];
  const statuses: RealtimeStatus[] = [];
  const refused: number[] = [];
  const unopened = { count: 0 };
  const { state, page } = fakePage(options.visible ?? true);
  const client = new RealtimeClient({
    url: 'ws://localhost/api/v1/ws?token=t',
    onEvent: (event) => events.push(event),
    onStatus: (status) => statuses.push(status),
    onRefused: (code) => refused.push(code),
    onUnopened: () => {
      unopened.count += 1;
    },
    createSocket: (url) => new FakeSocket(url),
    random: options.random ?? (() => 1),
    page,
  });
  return { client, events, statuses, refused, unopened, page: state };
}

describe('socketUrl', () => {
  it('uses ws on http and wss on https, with the token encoded', () => {
    expect(socketUrl('http://localhost:3000', 'a b')).toBe('ws://localhost:3000/api/v1/ws?token=a%20b');
    expect(socketUrl('https://appui.fr', 'tok')).toBe('wss://appui.fr/api/v1/ws?token=tok');
  });
});

describe('reconnectDelay', () => {
  it('doubles from the base up to the cap, the jitter between half and all of it', () => {
    const max = () => 1;
    expect([0, 1, 2, 3, 4, 5, 6].map((attempt) => reconnectDelay(attempt, max))).toEqual([
      SOCKET_RECONNECT_BASE_MS,
      SOCKET_RECONNECT_BASE_MS * 2,
      SOCKET_RECONNECT_BASE_MS * 4,
      SOCKET_RECONNECT_BASE_MS * 8,
      SOCKET_RECONNECT_BASE_MS * 16,
      SOCKET_RECONNECT_MAX_MS,
      SOCKET_RECONNECT_MAX_MS,
    ]);
    expect(reconnectDelay(0, () => 0)).toBe(SOCKET_RECONNECT_BASE_MS / 2);
    expect(reconnectDelay(20, () => 0)).toBe(SOCKET_RECONNECT_MAX_MS / 2);
  });
});

describe('parseSocketFrame', () => {
  it('reads a valid event', () => {
    expect(parseSocketFrame(JSON.stringify({ type: 'hello', unread_total: 2 }))).toEqual({
      type: 'hello',
      unread_total: 2,
    });
  });

  it('drops what is not an event', () => {
    for (const frame of [
      'not json',
      '{"type":"unknown"}',
      '{"type":"hello"}',
      JSON.stringify({ type: 'message.created', conversation_id: 'nope', message }),
      '42',
      'null',
      new ArrayBuffer(4),
    ]) {
      expect(parseSocketFrame(frame)).toBeNull();
    }
  });
});

describe('RealtimeClient', () => {
  beforeEach(() => {
    FakeSocket.instances = [];
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('connects to its address and reports connecting, then open', () => {
    const { client, statuses } = setup();
    client.start();
    expect(FakeSocket.instances).toHaveLength(1);
    expect(latest().url).toBe('ws://localhost/api/v1/ws?token=t');
    expect(statuses).toEqual(['connecting']);
    latest().open();
    expect(statuses).toEqual(['connecting', 'open']);
    expect(client.currentStatus).toBe('open');
  });

  it('passes valid events on and ignores garbage frames', () => {
    const { client, events } = setup();
    client.start();
    latest().open();
    latest().receive('garbage');
    latest().receive({ type: 'nope' });
    latest().receive({ type: 'message.created', conversation_id: conversationId, message: { id: 1 } });
    latest().receive({ type: 'message.created', conversation_id: conversationId, message });
    latest().receive({ type: 'resync' });
    expect(events.map((event) => event.type)).toEqual(['message.created', 'resync']);
  });

  it('reconnects with a growing delay after each drop, and from the base again once a hello arrived', () => {
    const { client, statuses } = setup();
    client.start();
    const delays: number[] = [];
    for (let drop = 0; drop < 7; drop += 1) {
      const count = FakeSocket.instances.length;
      latest().serverClose(1006);
      expect(client.currentStatus).toBe('closed');
      let waited = 0;
      while (FakeSocket.instances.length === count) {
        vi.advanceTimersByTime(100);
        waited += 100;
        if (waited > SOCKET_RECONNECT_MAX_MS * 2) throw new Error('never reconnected');
      }
      delays.push(waited);
    }
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]);
    expect(statuses.slice(0, 3)).toEqual(['connecting', 'closed', 'connecting']);

    latest().open();
    latest().receive({ type: 'hello', unread_total: 0 });
    const count = FakeSocket.instances.length;
    latest().serverClose(1006);
    vi.advanceTimersByTime(SOCKET_RECONNECT_BASE_MS - 1);
    expect(FakeSocket.instances).toHaveLength(count);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.instances).toHaveLength(count + 1);
  });

  it('asks for a token check after three attempts in a row that never opened, and not after drops of open sockets', () => {
    const { client, unopened } = setup();
    client.start();
    const refuseNext = () => {
      latest().serverClose(1006);
      vi.advanceTimersByTime(SOCKET_RECONNECT_MAX_MS);
    };
    refuseNext();
    refuseNext();
    expect(unopened.count).toBe(0);
    refuseNext();
    expect(unopened.count).toBe(1);
    // An open socket that drops resets the count: a flaky network is not a dead token.
    latest().open();
    latest().serverClose(1006);
    vi.advanceTimersByTime(SOCKET_RECONNECT_MAX_MS);
    refuseNext();
    refuseNext();
    expect(unopened.count).toBe(1);
    refuseNext();
    expect(unopened.count).toBe(2);
    client.stop();
  });

  it('reconnects at once when the page wakes (visible again, back online) instead of waiting', () => {
    const { client, page } = setup();
    client.start();
    latest().serverClose(1006);
    for (let i = 0; i < 3; i += 1) {
      vi.advanceTimersByTime(SOCKET_RECONNECT_MAX_MS);
      latest().serverClose(1006);
    }
    expect(FakeSocket.instances).toHaveLength(4);
    page.wake?.();
    expect(FakeSocket.instances).toHaveLength(5);
    // The timer that was pending does not open a second socket.
    vi.advanceTimersByTime(SOCKET_RECONNECT_MAX_MS * 2);
    expect(FakeSocket.instances).toHaveLength(5);
    // Waking while connected opens nothing more.
    latest().open();
    page.wake?.();
    expect(FakeSocket.instances).toHaveLength(5);
  });

  it('does not reconnect in a hidden page until it becomes visible', () => {
    const { client, page } = setup({ visible: false });
    client.start();
    latest().serverClose(1006);
    vi.advanceTimersByTime(SOCKET_RECONNECT_MAX_MS * 3);
    expect(FakeSocket.instances).toHaveLength(1);
    page.visible = true;
    page.wake?.();
    expect(FakeSocket.instances).toHaveLength(2);
  });

  it.each([4001, 1008])('stops for good after close code %i, even when the page wakes', (code) => {
    const { client, refused, page, statuses } = setup();
    client.start();
    latest().open();
    latest().serverClose(code);
    expect(refused).toEqual([code]);
    expect(statuses.at(-1)).toBe('closed');
    vi.advanceTimersByTime(SOCKET_RECONNECT_MAX_MS * 10);
    page.wake?.();
    expect(FakeSocket.instances).toHaveLength(1);
  });

  it('stop() closes the socket and nothing reconnects afterwards', () => {
    const { client, events, statuses } = setup();
    client.start();
    const socket = latest();
    socket.open();
    client.stop();
    expect(socket.closedWith).toBe(1000);
    expect(statuses.at(-1)).toBe('closed');
    // A late frame or close of the old socket changes nothing.
    socket.receive({ type: 'resync' });
    socket.serverClose(1006);
    vi.advanceTimersByTime(SOCKET_RECONNECT_MAX_MS * 2);
    expect(events).toEqual([]);
    expect(FakeSocket.instances).toHaveLength(1);
  });
});
