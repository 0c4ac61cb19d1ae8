import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_STORAGE_KEY } from '#shared/constants.ts';
import { liveChat } from '#shared/messages/chat.ts';
import type { ChatSession } from '#shared/schemas/chat.ts';
import { jsonResponse, renderWithProviders } from '#web/testing/render.tsx';
import { currentUserFixture } from '#web/testing/users.ts';
import { storageKey, type StoredChatSession } from '../chat-storage.ts';
import { FakeChatSocket, sessionId } from '../realtime/fake-chat-socket.ts';
import { LiveChatLauncher } from './live-chat.tsx';

const me = currentUserFixture({ role: 'helpee' });

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

/**
 * Restores a stored chat (a member's when `userId` is given, else a guest's) that the server says is
 * open, with the page's report action; resolves once its socket is open.
 */
async function restoredChat(userId: string | null) {
  if (userId) window.localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'jeton');
  const entry: StoredChatSession = {
    id: sessionId,
    session_token: userId ? null : 'guest-token',
    user_id: userId,
    auth_token: userId ? 'jeton' : null,
    timestamp: Date.now() - 60_000,
  };
  window.localStorage.setItem(storageKey(entry.id), JSON.stringify(entry));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.startsWith('/api/v1/users/me')) return userId ? jsonResponse(200, me) : jsonResponse(401, {});
      if (url.startsWith(`/api/v1/support/chat/sessions/${sessionId}`))
        return jsonResponse(200, sessionFixture({ user_id: userId }));
      return jsonResponse(404, { detail: 'Introuvable', code: 'NOT_FOUND' });
    }),
  );
  FakeChatSocket.instances = [];
  const renderReportAction = vi.fn((id: string) => <button type="button">{`Signaler ${id}`}</button>);
  const utils = renderWithProviders(
    <LiveChatLauncher createSocket={(url) => new FakeChatSocket(url)} renderReportAction={renderReportAction} />,
  );
  const user = userEvent.setup();
  if (userId) await waitFor(() => expect(utils.queryClient.getQueryData(['users', 'me'])).toBeDefined());
  await user.click(screen.getByRole('button', { name: liveChat.launch }));
  await waitFor(() => expect(FakeChatSocket.instances).toHaveLength(1));
  act(() => FakeChatSocket.instances.at(-1)!.open());
  return { renderReportAction, dialog: await screen.findByRole('dialog', { name: liveChat.title }) };
}

describe('LiveChatLauncher report action (issue 13 section 1)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('a member’s chat shows the page’s "Signaler" for that chat session', async () => {
    const { renderReportAction, dialog } = await restoredChat(me.id);
    expect(await within(dialog).findByRole('button', { name: `Signaler ${sessionId}` })).toBeInTheDocument();
    expect(renderReportAction).toHaveBeenCalledWith(sessionId);
  });

  it('a guest’s chat has none (it cannot be reported without an account)', async () => {
    const { renderReportAction, dialog } = await restoredChat(null);
    await within(dialog).findByLabelText(liveChat.inputLabel);
    expect(within(dialog).queryByRole('button', { name: `Signaler ${sessionId}` })).not.toBeInTheDocument();
    expect(renderReportAction).not.toHaveBeenCalled();
  });
});
