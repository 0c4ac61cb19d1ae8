import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chat as chatText, liveChat } from '#shared/messages/chat.ts';
import type { ChatSession } from '#shared/schemas/chat.ts';
import { jsonResponse, renderWithProviders } from '#web/testing/render.tsx';
import { FakeChatSocket, sessionId } from '../realtime/fake-chat-socket.ts';
import { LiveChatLauncher } from './live-chat.tsx';

/**
 * A chat that ends while the person is writing (the server restarts: the socket closes with 1006, the
 * session is cleared as spec 2 section 4 says; or the team closes it) must not lose what they wrote:
 * the text still in the input and the messages the server never confirmed start the next chat's input
 * (browser review R4: they were dropped with the ended chat).
 */
const session: ChatSession = {
  id: sessionId,
  status: 'open',
  session_token: 'guest-token',
  user_id: null,
  guest_name: 'Léa',
  guest_email: 'lea@exemple.fr',
  subject: 'Support en direct',
  created_at: '2030-01-01T10:00:00.000Z',
  updated_at: '2030-01-01T10:00:00.000Z',
  last_message_at: null,
  chat_messages: [],
};

function setUp() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.startsWith('/api/v1/users/me'))
        return jsonResponse(401, { detail: 'Non connecté', code: 'UNAUTHORIZED' });
      if ((init?.method ?? 'GET') === 'POST' && url === '/api/v1/support/chat/sessions') {
        return jsonResponse(201, session);
      }
      return jsonResponse(404, { detail: 'Introuvable', code: 'NOT_FOUND' });
    }),
  );
  FakeChatSocket.instances = [];
  renderWithProviders(<LiveChatLauncher createSocket={(url) => new FakeChatSocket(url)} />);
  return userEvent.setup();
}

const socket = () => {
  const latest = FakeChatSocket.instances.at(-1);
  if (!latest) throw new Error('no socket opened');
  return latest;
};

async function startGuestChat(user: ReturnType<typeof userEvent.setup>, sockets: number) {
  await user.type(screen.getByLabelText(liveChat.nameLabel), 'Léa');
  await user.type(screen.getByLabelText(liveChat.emailLabel), 'lea@exemple.fr');
  await user.click(screen.getByRole('button', { name: liveChat.start }));
  await waitFor(() => expect(FakeChatSocket.instances).toHaveLength(sockets));
  act(() => socket().open());
}

describe('live chat: nothing written is lost when a chat ends', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('after a 1006 close, the next chat starts with the unconfirmed message and the text being typed', async () => {
    const user = setUp();
    await user.click(screen.getByRole('button', { name: liveChat.launch }));
    await startGuestChat(user, 1);

    const input = screen.getByLabelText(liveChat.inputLabel);
    await user.type(input, 'Je ne vais pas bien.{Enter}');
    expect(socket().sent).toHaveLength(1);
    await user.type(input, 'Vous êtes là ?');

    act(() => socket().serverClose(1006));
    expect(screen.getByRole('alert')).toHaveTextContent(chatText.sessionClosedOrExpired);
    await user.click(screen.getByRole('button', { name: liveChat.newChat }));
    await startGuestChat(user, 2);

    expect(screen.getByLabelText(liveChat.inputLabel)).toHaveValue('Je ne vais pas bien.\nVous êtes là ?');
  });

  it('nothing written: the next chat starts with an empty input', async () => {
    const user = setUp();
    await user.click(screen.getByRole('button', { name: liveChat.launch }));
    await startGuestChat(user, 1);

    act(() => socket().serverClose(1006));
    await user.click(screen.getByRole('button', { name: liveChat.newChat }));
    await startGuestChat(user, 2);

    expect(screen.getByLabelText(liveChat.inputLabel)).toHaveValue('');
  });
});
