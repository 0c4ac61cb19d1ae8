import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_STORAGE_KEY, CHAT_RECONNECT_DELAY_MS } from '#shared/constants.ts';
import { chat as chatText, liveChat } from '#shared/messages/chat.ts';
import type { ChatSession } from '#shared/schemas/chat.ts';
import { jsonResponse, renderWithProviders } from '#web/testing/render.tsx';
import { currentUserFixture } from '#web/testing/users.ts';
import { storageKey, type StoredChatSession } from '../chat-storage.ts';
import { chatMessage, FakeChatSocket, sessionId } from '../realtime/fake-chat-socket.ts';
import { LiveChatLauncher } from './live-chat.tsx';

const me = currentUserFixture({ role: 'helpee' });
const sessionsUrl = '/api/v1/support/chat/sessions';
const adminReply = chatMessage('2a1c2d3e-4a5b-4c6d-8e7f-901234567890', { content: 'Bonjour, je vous écoute.' });
const laterReply = chatMessage('3a1c2d3e-4a5b-4c6d-8e7f-901234567890', { content: 'Je reste là.' });

function sessionFixture(overrides: Partial<ChatSession> = {}): ChatSession {
  return {
    id: sessionId,
    status: 'open',
    session_token: null,
    user_id: null,
    guest_name: 'Léa',
    guest_email: 'lea@exemple.fr',
    subject: 'Support en direct',
    created_at: '2030-01-01T10:00:00.000Z',
    updated_at: '2030-01-01T10:00:00.000Z',
    last_message_at: null,
    chat_messages: [],
    ...overrides,
  };
}

type Handler = (init: RequestInit | undefined) => Response;

/** /users/me, and the chat calls answered by the given handlers (404 for anything else). */
function stubApi(handlers: { create?: Handler; get?: Handler; post?: Handler } = {}) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (url.startsWith('/api/v1/users/me')) return jsonResponse(200, me);
    if (method === 'POST' && url === sessionsUrl && handlers.create) return handlers.create(init);
    if (method === 'GET' && url.startsWith(`${sessionsUrl}/${sessionId}`) && handlers.get) return handlers.get(init);
    if (method === 'POST' && url.startsWith(`${sessionsUrl}/${sessionId}/messages`) && handlers.post) {
      return handlers.post(init);
    }
    return jsonResponse(404, { detail: 'Introuvable', code: 'NOT_FOUND' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const calls = (fetchMock: ReturnType<typeof stubApi>, method: string, prefix: string) =>
  fetchMock.mock.calls.filter(([url, init]) => (init?.method ?? 'GET') === method && url.startsWith(prefix));

function renderLauncher() {
  FakeChatSocket.instances = [];
  const utils = renderWithProviders(<LiveChatLauncher createSocket={(url) => new FakeChatSocket(url)} />);
  return { ...utils, user: userEvent.setup() };
}

const socket = () => {
  const latest = FakeChatSocket.instances.at(-1);
  if (!latest) throw new Error('no socket opened');
  return latest;
};

const input = () => screen.getByLabelText(liveChat.inputLabel);
const thread = () => screen.getByRole('log', { name: liveChat.threadLabel });

function storeSession(overrides: Partial<StoredChatSession> = {}) {
  const entry: StoredChatSession = {
    id: sessionId,
    session_token: 'guest-token',
    user_id: null,
    auth_token: null,
    timestamp: Date.now() - 60_000,
    ...overrides,
  };
  window.localStorage.setItem(storageKey(entry.id), JSON.stringify(entry));
  return entry;
}

/** Opens the dialog on a stored guest chat the server says is open, and opens its socket. */
async function restoredChat(session: Partial<ChatSession> = {}, handlers: { post?: Handler } = {}) {
  storeSession();
  const fetchMock = stubApi({ get: () => jsonResponse(200, sessionFixture(session)), ...handlers });
  const utils = renderLauncher();
  await utils.user.click(screen.getByRole('button', { name: liveChat.launch }));
  await waitFor(() => expect(FakeChatSocket.instances).toHaveLength(1));
  act(() => socket().open());
  return { ...utils, fetchMock };
}

describe('LiveChatLauncher', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('a guest starts a chat: name and e-mail sent, empty subject left to the server, session stored, socket opened with its token', async () => {
    window.localStorage.setItem('chat_session_old', JSON.stringify({ id: 'old' }));
    const fetchMock = stubApi({
      create: () => jsonResponse(201, sessionFixture({ session_token: 'fresh-token' })),
    });
    const { user } = renderLauncher();
    await user.click(screen.getByRole('button', { name: liveChat.launch }));
    const dialog = await screen.findByRole('dialog', { name: liveChat.title });
    // The urgent numbers are inside the dialog, one tap away.
    for (const entry of liveChat.crisisNumbers) {
      expect(within(dialog).getByRole('link', { name: entry.label })).toHaveAttribute('href', `tel:${entry.number}`);
    }
    expect(within(dialog).getByLabelText(chatText.subjectLabel)).toHaveAttribute('placeholder', 'Support en direct');

    await user.type(screen.getByLabelText(liveChat.nameLabel), '  Léa ');
    await user.type(screen.getByLabelText(liveChat.emailLabel), 'lea@exemple.fr');
    await user.click(screen.getByRole('button', { name: liveChat.start }));

    await waitFor(() => expect(FakeChatSocket.instances).toHaveLength(1));
    const [[, init]] = calls(fetchMock, 'POST', sessionsUrl) as [[string, RequestInit]];
    expect(JSON.parse(init.body as string)).toEqual({ guest_name: 'Léa', guest_email: 'lea@exemple.fr' });

    const stored = JSON.parse(window.localStorage.getItem(storageKey(sessionId)) ?? 'null') as StoredChatSession;
    expect(stored).toMatchObject({ id: sessionId, session_token: 'fresh-token', user_id: null, auth_token: null });
    expect(Date.now() - stored.timestamp).toBeLessThan(10_000);
    expect(window.localStorage.getItem('chat_session_old')).toBeNull();

    expect(socket().query.get('session_id')).toBe(sessionId);
    expect(socket().query.get('session_token')).toBe('fresh-token');
    expect(socket().query.has('auth_token')).toBe(false);
    expect(socket().query.has('after')).toBe(false);

    expect(screen.getByRole('status')).toHaveTextContent(liveChat.connectionReady);
    act(() => socket().open());
    expect(screen.getByRole('status')).toHaveTextContent(liveChat.connectionLive);
    act(() => socket().receive({ type: 'chat_message', message: adminReply }));
    expect(within(thread()).getByText(adminReply.content)).toBeInTheDocument();
  });

  it('a signed-in user gives only a subject; the socket carries the auth token', async () => {
    window.localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'jwt');
    const fetchMock = stubApi({
      create: () => jsonResponse(201, sessionFixture({ session_token: 'tok', user_id: me.id, guest_name: null })),
    });
    const { user } = renderLauncher();
    await user.click(screen.getByRole('button', { name: liveChat.launch }));
    await screen.findByLabelText(chatText.subjectLabel);
    expect(screen.queryByLabelText(liveChat.nameLabel)).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(chatText.subjectLabel), 'Un paiement');
    await user.click(screen.getByRole('button', { name: liveChat.start }));
    await waitFor(() => expect(FakeChatSocket.instances).toHaveLength(1));
    const [[, init]] = calls(fetchMock, 'POST', sessionsUrl) as [[string, RequestInit]];
    expect(JSON.parse(init.body as string)).toEqual({ subject: 'Un paiement' });
    expect(socket().query.get('auth_token')).toBe('jwt');
    const stored = JSON.parse(window.localStorage.getItem(storageKey(sessionId)) ?? 'null') as StoredChatSession;
    expect(stored).toMatchObject({ user_id: me.id, auth_token: 'jwt', session_token: 'tok' });
  });

  it('a guest without a name or e-mail is told so and nothing is sent', async () => {
    const fetchMock = stubApi({ create: () => jsonResponse(201, sessionFixture()) });
    const { user } = renderLauncher();
    await user.click(screen.getByRole('button', { name: liveChat.launch }));
    await user.type(await screen.findByLabelText(liveChat.nameLabel), 'Léa');
    await user.click(screen.getByRole('button', { name: liveChat.start }));
    expect(screen.getByText(chatText.guestIdentityRequired)).toBeInTheDocument();
    expect(calls(fetchMock, 'POST', sessionsUrl)).toHaveLength(0);
  });

  it('a failed creation says "Erreur lors de la création de la session de chat" and keeps the form', async () => {
    stubApi({ create: () => jsonResponse(500, { detail: 'Erreur interne', code: 'INTERNAL' }) });
    const { user } = renderLauncher();
    await user.click(screen.getByRole('button', { name: liveChat.launch }));
    await user.type(await screen.findByLabelText(liveChat.nameLabel), 'Léa');
    await user.type(screen.getByLabelText(liveChat.emailLabel), 'lea@exemple.fr');
    await user.click(screen.getByRole('button', { name: liveChat.start }));
    expect(await screen.findByRole('alert')).toHaveTextContent(chatText.createError);
    expect(screen.getByLabelText(liveChat.nameLabel)).toHaveValue('Léa');
    expect(FakeChatSocket.instances).toHaveLength(0);
  });

  it('Enter sends the trimmed text over the socket, Shift+Enter goes to the line, an empty text is not sent', async () => {
    const { user } = await restoredChat();
    const sent = () => socket().sent.map((frame) => JSON.parse(frame) as unknown);
    expect(screen.getByRole('button', { name: liveChat.send })).toBeDisabled();

    await user.type(input(), '   {Enter}');
    expect(sent()).toEqual([]);
    expect(input()).toHaveValue('   ');
    await user.clear(input());

    await user.type(input(), '  Bonjour{Shift>}{Enter}{/Shift}merci  ');
    expect(sent()).toEqual([]);
    expect(input()).toHaveValue('  Bonjour\nmerci  ');

    await user.keyboard('{Enter}');
    expect(sent()).toEqual([{ type: 'chat_message', content: 'Bonjour\nmerci' }]);
    expect(input()).toHaveValue('');
    // Shown at once as being sent, then replaced by the server's copy when it comes back.
    expect(within(thread()).getByText(liveChat.sending)).toBeInTheDocument();
    const echo = chatMessage('4a1c2d3e-4a5b-4c6d-8e7f-901234567890', {
      sender: 'guest',
      sender_name: 'Léa',
      content: 'Bonjour\nmerci',
    });
    act(() => socket().receive({ type: 'chat_message', message: echo }));
    expect(within(thread()).queryByText(liveChat.sending)).not.toBeInTheDocument();
    expect(
      within(thread()).getAllByText((_, node) => node?.textContent === 'Bonjour\nmerci' && node.tagName === 'P'),
    ).toHaveLength(1);
  });

  it('a frame the server refuses puts the text back into the input', async () => {
    const { user } = await restoredChat();
    await user.type(input(), 'Mon message{Enter}');
    expect(input()).toHaveValue('');
    act(() => socket().receive({ type: 'system_message', message: chatText.socketInvalidMessage }));
    expect(input()).toHaveValue('Mon message');
    expect(screen.getByRole('alert')).toHaveTextContent(chatText.sendError);
  });

  it('while the socket is not open the message goes by REST; a failure keeps the text', async () => {
    storeSession();
    const fetchMock = stubApi({
      get: () => jsonResponse(200, sessionFixture()),
      post: () => jsonResponse(500, { detail: 'Erreur interne', code: 'INTERNAL' }),
    });
    const { user } = renderLauncher();
    await user.click(screen.getByRole('button', { name: liveChat.launch }));
    await waitFor(() => expect(FakeChatSocket.instances).toHaveLength(1));
    await user.type(input(), 'Toujours là ?{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(chatText.sendError);
    expect(input()).toHaveValue('Toujours là ?');
    const [[url, init]] = calls(fetchMock, 'POST', `${sessionsUrl}/${sessionId}/messages`) as [[string, RequestInit]];
    expect(url).toContain('session_token=guest-token');
    expect(JSON.parse(init.body as string)).toEqual({ content: 'Toujours là ?' });
    expect(socket().sent).toEqual([]);
  });

  it('restores a stored guest chat under 24 h: messages shown, socket resumes after the last one', async () => {
    const { fetchMock } = await restoredChat({ chat_messages: [adminReply] });
    const [[url]] = calls(fetchMock, 'GET', `${sessionsUrl}/${sessionId}`) as [[string]];
    expect(url).toContain('session_token=guest-token');
    expect(within(thread()).getByText(adminReply.content)).toBeInTheDocument();
    expect(socket().query.get('after')).toBe(adminReply.id);
    expect(socket().query.get('session_token')).toBe('guest-token');
  });

  it('shows each message once: again in the catch-up, or twice in a row', async () => {
    await restoredChat({ chat_messages: [adminReply] });
    act(() => {
      socket().receive({ type: 'chat_message', message: adminReply });
      socket().receive({ type: 'chat_message', message: laterReply });
      socket().receive({ type: 'chat_message', message: laterReply });
    });
    expect(within(thread()).getAllByText(adminReply.content)).toHaveLength(1);
    expect(within(thread()).getAllByText(laterReply.content)).toHaveLength(1);
  });

  it('another close reconnects after 3 s from the last message, and nothing shows twice', async () => {
    await restoredChat({ chat_messages: [adminReply] });
    vi.useFakeTimers();
    act(() => socket().receive({ type: 'chat_message', message: laterReply }));
    act(() => socket().serverClose(1011));
    expect(screen.getByRole('status')).toHaveTextContent(liveChat.connectionReady);
    act(() => {
      vi.advanceTimersByTime(CHAT_RECONNECT_DELAY_MS - 1);
    });
    expect(FakeChatSocket.instances).toHaveLength(1);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(FakeChatSocket.instances).toHaveLength(2);
    expect(socket().query.get('after')).toBe(laterReply.id);
    act(() => {
      socket().open();
      socket().receive({ type: 'chat_message', message: laterReply });
    });
    expect(within(thread()).getAllByText(laterReply.content)).toHaveLength(1);
    expect(window.localStorage.getItem(storageKey(sessionId))).not.toBeNull();
  });

  it.each([
    ['close 1008', (fake: FakeChatSocket) => fake.serverClose(1008)],
    ['close 1006', (fake: FakeChatSocket) => fake.serverClose(1006)],
    ['a socket error', (fake: FakeChatSocket) => fake.fail()],
  ])('%s: "Session fermée ou expirée", stored session cleared, a new chat offered', async (_, end) => {
    const { user } = await restoredChat();
    act(() => end(socket()));
    expect(screen.getByRole('alert')).toHaveTextContent(chatText.sessionClosedOrExpired);
    expect(window.localStorage.getItem(storageKey(sessionId))).toBeNull();
    expect(screen.queryByLabelText(liveChat.inputLabel)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: liveChat.newChat }));
    expect(screen.getByLabelText(chatText.subjectLabel)).toBeInTheDocument();
  });

  it('a system message with a closed status ends the chat', async () => {
    await restoredChat();
    act(() => socket().receive({ type: 'system_message', message: chatText.sessionClosed, status: 'closed' }));
    // Said once: the ended panel's status line, not also a line in the thread.
    expect(screen.getAllByText(chatText.sessionClosed)).toHaveLength(1);
    expect(screen.queryByLabelText(liveChat.inputLabel)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: liveChat.newChat })).toBeInTheDocument();
    expect(window.localStorage.getItem(storageKey(sessionId))).toBeNull();
  });

  describe('stored chats that are not restored are cleared', () => {
    async function openWith(entry: Partial<StoredChatSession>, get?: Handler, signedIn = false) {
      if (signedIn) window.localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'jwt');
      storeSession(entry);
      const fetchMock = stubApi({ get });
      const { user } = renderLauncher();
      await user.click(screen.getByRole('button', { name: liveChat.launch }));
      await screen.findByLabelText(chatText.subjectLabel);
      expect(window.localStorage.getItem(storageKey(sessionId))).toBeNull();
      expect(FakeChatSocket.instances).toHaveLength(0);
      return fetchMock;
    }

    it('24 hours old or more: not even asked to the server', async () => {
      const fetchMock = await openWith({ timestamp: Date.now() - 24 * 3_600_000 - 1 }, () =>
        jsonResponse(200, sessionFixture()),
      );
      expect(calls(fetchMock, 'GET', sessionsUrl)).toHaveLength(0);
    });

    it('another user’s chat', async () => {
      const fetchMock = await openWith(
        { user_id: '7f1c2d3e-4a5b-4c6d-8e7f-901234567890', auth_token: 'other' },
        () => jsonResponse(200, sessionFixture()),
        true,
      );
      expect(calls(fetchMock, 'GET', sessionsUrl)).toHaveLength(0);
    });

    it('a user’s chat once signed out', async () => {
      await openWith({ user_id: me.id, auth_token: 'jwt' }, () => jsonResponse(200, sessionFixture()));
    });

    it.each(['closed', 'archived'] as const)('the server says %s', async (status) => {
      const fetchMock = await openWith({}, () => jsonResponse(200, sessionFixture({ status })));
      expect(calls(fetchMock, 'GET', sessionsUrl)).toHaveLength(1);
    });

    it('the server no longer knows it', async () => {
      await openWith({}, () =>
        jsonResponse(404, { detail: 'Session de chat introuvable.', code: 'CHAT_SESSION_NOT_FOUND' }),
      );
    });
  });

  it('a server that cannot be reached keeps the stored chat and offers a retry', async () => {
    storeSession();
    let reachable = false;
    stubApi({
      get: () => (reachable ? jsonResponse(200, sessionFixture()) : jsonResponse(503, { detail: 'Indisponible' })),
    });
    const { user } = renderLauncher();
    await user.click(screen.getByRole('button', { name: liveChat.launch }));
    expect(await screen.findByRole('alert')).toHaveTextContent(chatText.connectError);
    expect(window.localStorage.getItem(storageKey(sessionId))).not.toBeNull();
    reachable = true;
    await user.click(screen.getByRole('button', { name: liveChat.retry }));
    await waitFor(() => expect(FakeChatSocket.instances).toHaveLength(1));
  });

  it('closing the dialog closes the socket; reopening resumes after the last message', async () => {
    const { user } = await restoredChat({ chat_messages: [adminReply] });
    act(() => socket().receive({ type: 'chat_message', message: laterReply }));
    const first = socket();
    fireEvent.keyDown(input(), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(first.closedWith).toBe(1000);
    await user.click(screen.getByRole('button', { name: liveChat.launch }));
    await waitFor(() => expect(FakeChatSocket.instances).toHaveLength(2));
    expect(socket().query.get('after')).toBe(laterReply.id);
    expect(within(thread()).getByText(laterReply.content)).toBeInTheDocument();
  });
});
