import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { crisisHelp, crisisNumbers } from '#shared/messages/crisis.ts';
import { liveChat } from '#shared/messages/chat.ts';
import type { ChatMessage, ChatSession } from '#shared/schemas/chat.ts';
import { jsonResponse, renderWithProviders } from '#web/testing/render.tsx';
import { currentUserFixture } from '#web/testing/users.ts';
import { storageKey, type StoredChatSession } from '../chat-storage.ts';
import { chatMessage, FakeChatSocket, sessionId } from '../realtime/fake-chat-socket.ts';
import { LiveChatLauncher } from './live-chat.tsx';

// Issue 13 section 3: in the live chat, a message (the person's or the team's) that the server flags
// `crisis` shows the calm crisis banner above the input; an ordinary chat shows only the numbers bar.
const me = currentUserFixture({ role: 'helpee' });

function sessionFixture(messages: ChatMessage[]): ChatSession {
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
    chat_messages: messages,
  };
}

const guestLine = (id: string, content: string, crisis: boolean) =>
  chatMessage(id, { sender: 'guest', sender_name: 'Léa', content, crisis });

/** Opens the dialog on a stored guest chat holding `messages`, with its socket open. */
async function openChat(messages: ChatMessage[]) {
  const stored: StoredChatSession = {
    id: sessionId,
    session_token: 'guest-token',
    user_id: null,
    auth_token: null,
    timestamp: Date.now() - 60_000,
  };
  window.localStorage.setItem(storageKey(sessionId), JSON.stringify(stored));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.startsWith('/api/v1/users/me')) return jsonResponse(200, me);
      if (url.startsWith(`/api/v1/support/chat/sessions/${sessionId}`))
        return jsonResponse(200, sessionFixture(messages));
      return jsonResponse(404, { detail: 'Introuvable', code: 'NOT_FOUND' });
    }),
  );
  FakeChatSocket.instances = [];
  renderWithProviders(<LiveChatLauncher createSocket={(url) => new FakeChatSocket(url)} />);
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: liveChat.launch }));
  await waitFor(() => expect(FakeChatSocket.instances).toHaveLength(1));
  const socket = FakeChatSocket.instances[0]!;
  act(() => socket.open());
  const input = await screen.findByLabelText(liveChat.inputLabel);
  return { user, socket, input, dialog: screen.getByRole('dialog', { name: liveChat.title }) };
}

const banner = () => screen.queryByRole('group', { name: crisisHelp.title });

function expectBannerAbove(input: HTMLElement) {
  const shown = banner();
  expect(shown).toBeInTheDocument();
  expect(within(shown!).getByText(crisisHelp.matched)).toBeVisible();
  expect(within(shown!).getByRole('link', { name: crisisNumbers[1].call })).toHaveAttribute('href', 'tel:3114');
  expect(shown!.compareDocumentPosition(input) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
}

describe('LiveChatLauncher: crisis resources', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the banner to the person who wrote a crisis message, once it comes back', async () => {
    const { user, socket, input } = await openChat([
      guestLine('1a1c2d3e-4a5b-4c6d-8e7f-901234567891', 'Bonjour', false),
    ]);
    expect(banner()).not.toBeInTheDocument();
    await user.type(input, 'Je pense au suicide{Enter}');
    act(() =>
      socket.receive({
        type: 'chat_message',
        message: guestLine('1a1c2d3e-4a5b-4c6d-8e7f-901234567892', 'Je pense au suicide', true),
      }),
    );
    expectBannerAbove(input);
  });

  it('shows the banner on a restored chat holding a crisis message', async () => {
    const { input } = await openChat([guestLine('1a1c2d3e-4a5b-4c6d-8e7f-901234567893', 'Mon mari me frappe', true)]);
    expectBannerAbove(input);
  });

  it('shows the banner when a line from the team is flagged', async () => {
    const { socket, input } = await openChat([]);
    expect(banner()).not.toBeInTheDocument();
    act(() =>
      socket.receive({
        type: 'chat_message',
        message: chatMessage('2a1c2d3e-4a5b-4c6d-8e7f-901234567894', { content: 'Au secours ?', crisis: true }),
      }),
    );
    expectBannerAbove(input);
  });

  it('shows no banner for an ordinary chat, the numbers bar staying one tap away', async () => {
    const { socket, dialog } = await openChat([guestLine('1a1c2d3e-4a5b-4c6d-8e7f-901234567895', 'Bonjour', false)]);
    act(() =>
      socket.receive({
        type: 'chat_message',
        message: chatMessage('2a1c2d3e-4a5b-4c6d-8e7f-901234567896', { content: 'Bonjour, je vous écoute.' }),
      }),
    );
    expect(within(dialog).getByText('Bonjour, je vous écoute.')).toBeInTheDocument();
    expect(banner()).not.toBeInTheDocument();
    const bar = within(dialog).getByRole('navigation', { name: liveChat.crisisLabel });
    expect(within(bar).getByRole('link', { name: liveChat.crisisNumbers[1].label })).toHaveAttribute(
      'href',
      'tel:3114',
    );
  });
});
