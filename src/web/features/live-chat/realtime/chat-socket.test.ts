import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHAT_RECONNECT_DELAY_MS } from '#shared/constants.ts';
import type { ChatMessage } from '#shared/schemas/chat.ts';
import {
  ChatSocketClient,
  chatSocketUrl,
  parseChatFrame,
  type ChatConnection,
  type ChatSocketLike,
} from './chat-socket.ts';
import { chatMessage, FakeChatSocket, sessionId } from './fake-chat-socket.ts';

const first = chatMessage('2a1c2d3e-4a5b-4c6d-8e7f-901234567890');
const second = chatMessage('3a1c2d3e-4a5b-4c6d-8e7f-901234567890');

function setup(options: { after?: string | null; createSocket?: (url: string) => ChatSocketLike } = {}) {
  const messages: ChatMessage[] = [];
  const system: string[] = [];
  const connections: ChatConnection[] = [];
  const expired = { count: 0 };
  const connectFailed = { count: 0 };
  const client = new ChatSocketClient({
    origin: 'http://localhost:3000',
    sessionId,
    authToken: () => null,
    sessionToken: 'guest token',
    after: options.after ?? null,
    onMessage: (message) => messages.push(message),
    onSystem: (frame) => system.push(frame.message),
    onConnection: (connection) => connections.push(connection),
    onExpired: () => {
      expired.count += 1;
    },
    onConnectFailed: () => {
      connectFailed.count += 1;
    },
    createSocket: options.createSocket ?? ((url) => new FakeChatSocket(url)),
  });
  return { client, messages, system, connections, expired, connectFailed };
}

const latest = () => {
  const socket = FakeChatSocket.instances.at(-1);
  if (!socket) throw new Error('no socket opened');
  return socket;
};

describe('chatSocketUrl', () => {
  it('names the session and its tokens, and after= only when given', () => {
    expect(chatSocketUrl('https://appui.fr', { sessionId, authToken: 'jwt', sessionToken: 'a b', after: 'm1' })).toBe(
      `wss://appui.fr/api/v1/support/chat/ws?session_id=${sessionId}&auth_token=jwt&session_token=a+b&after=m1`,
    );
    expect(chatSocketUrl('http://localhost:3000', { sessionId, authToken: null, sessionToken: 't', after: null })).toBe(
      `ws://localhost:3000/api/v1/support/chat/ws?session_id=${sessionId}&session_token=t`,
    );
  });
});

describe('parseChatFrame', () => {
  it('reads chat and system frames, drops the rest', () => {
    expect(parseChatFrame(JSON.stringify({ type: 'chat_message', message: first }))).toEqual({
      type: 'chat_message',
      message: first,
    });
    expect(parseChatFrame(JSON.stringify({ type: 'system_message', message: 'Connecté', status: 'open' }))).toEqual({
      type: 'system_message',
      message: 'Connecté',
      status: 'open',
    });
    for (const frame of ['nope', '{"type":"chat_message"}', '{"type":"hello"}', 'null', new ArrayBuffer(2)]) {
      expect(parseChatFrame(frame)).toBeNull();
    }
  });
});

describe('ChatSocketClient', () => {
  beforeEach(() => {
    FakeChatSocket.instances = [];
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('delivers messages and system lines, and reports the connection', () => {
    const { client, messages, system, connections } = setup();
    client.start();
    latest().open();
    latest().receive({ type: 'system_message', message: 'Connecté au support', status: 'open' });
    latest().receive({ type: 'chat_message', message: first });
    latest().receive('garbage');
    expect(messages).toEqual([first]);
    expect(system).toEqual(['Connecté au support']);
    expect(connections).toEqual(['connecting', 'open']);
    expect(client.lastMessageId).toBe(first.id);
  });

  it('sends {type: chat_message, content} only while open', () => {
    const { client } = setup();
    client.start();
    expect(client.send('Bonjour')).toBe(false);
    latest().open();
    expect(client.send('Bonjour')).toBe(true);
    expect(latest().sent.map((frame) => JSON.parse(frame) as unknown)).toEqual([
      { type: 'chat_message', content: 'Bonjour' },
    ]);
  });

  it.each([1000, 1001, 1011, 4000])(
    'close %i: reconnects after 3 s, asking for what follows the last message',
    (code) => {
      const { client, expired, connections } = setup({ after: first.id });
      client.start();
      expect(latest().query.get('after')).toBe(first.id);
      latest().open();
      latest().receive({ type: 'chat_message', message: second });
      latest().serverClose(code);
      expect(FakeChatSocket.instances).toHaveLength(1);
      vi.advanceTimersByTime(CHAT_RECONNECT_DELAY_MS - 1);
      expect(FakeChatSocket.instances).toHaveLength(1);
      vi.advanceTimersByTime(1);
      expect(FakeChatSocket.instances).toHaveLength(2);
      expect(latest().query.get('after')).toBe(second.id);
      expect(latest().query.get('session_token')).toBe('guest token');
      expect(expired.count).toBe(0);
      expect(connections).toEqual(['connecting', 'open', 'closed', 'connecting']);
    },
  );

  it.each([
    ['close 1008', (socket: FakeChatSocket) => socket.serverClose(1008)],
    ['close 1006', (socket: FakeChatSocket) => socket.serverClose(1006)],
    ['a socket error', (socket: FakeChatSocket) => socket.fail()],
  ])('%s: the chat is expired once, and nothing reconnects', (_, end) => {
    const { client, expired } = setup();
    client.start();
    latest().open();
    end(latest());
    expect(expired.count).toBe(1);
    expect(client.send('Bonjour')).toBe(false);
    vi.advanceTimersByTime(CHAT_RECONNECT_DELAY_MS * 3);
    expect(FakeChatSocket.instances).toHaveLength(1);
  });

  it('a socket that cannot be created is reported and tried again after 3 s', () => {
    let calls = 0;
    const { client, connectFailed } = setup({
      createSocket: (url) => {
        calls += 1;
        if (calls === 1) throw new Error('refused');
        return new FakeChatSocket(url);
      },
    });
    client.start();
    expect(connectFailed.count).toBe(1);
    vi.advanceTimersByTime(CHAT_RECONNECT_DELAY_MS);
    expect(FakeChatSocket.instances).toHaveLength(1);
  });

  it('stop() closes the socket and cancels a pending reconnect', () => {
    const { client } = setup();
    client.start();
    latest().open();
    latest().serverClose(1001);
    client.stop();
    vi.advanceTimersByTime(CHAT_RECONNECT_DELAY_MS * 2);
    expect(FakeChatSocket.instances).toHaveLength(1);
  });
});
