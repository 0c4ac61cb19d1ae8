import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_STORAGE_KEY } from '#shared/constants.ts';
import { blocks } from '#shared/messages/blocks.ts';
import { messagesTab, messaging } from '#shared/messages/messaging.ts';
import type { Conversation } from '#shared/schemas/messages.ts';
import type { BlockedUser } from '#shared/schemas/privacy.ts';
import {
  conversationFixture,
  helperParty,
  messageFixture,
  seekerParty,
} from '#web/features/messaging/components/messaging-fixtures.ts';
import { AuthDialogContext } from '#web/lib/auth-dialog.ts';
import { jsonResponse, renderWithProviders } from '#web/testing/render.tsx';
import { currentUserFixture } from '#web/testing/users.ts';
import DashboardMessagesTab from './messages-tab.tsx';

const seeker = currentUserFixture({ ...seekerParty, email: 'paul@exemple.fr', role: 'helpee' });
const camille: BlockedUser = { ...helperParty, blocked_at: '2026-11-20T10:00:00.000Z' };

/** The seeker's messages tab, the conversation with Camille open; blocking her flips `blocked` on the server. */
function renderOpenThread(initiallyBlocked = false) {
  const state = { blocked: initiallyBlocked };
  const conversation = (): Conversation =>
    conversationFixture({ blocked: state.blocked, chat_enabled: !state.blocked });
  const writes: string[] = [];
  window.localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'token');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const path = url.pathname.replace(/^\/api\/v1/, '');
      const method = init?.method ?? 'GET';
      if (method !== 'GET' && !path.endsWith('/read')) writes.push(`${method} ${path}`);
      if (path === '/users/me') return jsonResponse(200, seeker);
      if (path === '/users/me/blocks') return jsonResponse(200, state.blocked ? [camille] : []);
      if (path === `/users/${helperParty.id}/block` && method === 'POST') {
        state.blocked = true;
        return jsonResponse(201, camille);
      }
      if (path === '/messages/conversations') return jsonResponse(200, [conversation()]);
      if (path === `/messages/conversations/${conversation().id}`) return jsonResponse(200, conversation());
      if (path === `/messages/conversations/${conversation().id}/messages`) {
        return jsonResponse(200, [messageFixture()]);
      }
      if (path.endsWith('/read')) {
        return jsonResponse(200, { conversation_id: conversation().id, last_read_at: null, unread_count: 0 });
      }
      return jsonResponse(404, { detail: 'Introuvable', code: 'NOT_FOUND' });
    }),
  );
  // The page's report buttons open the login dialog for a visitor: the app gives its opener.
  renderWithProviders(
    <AuthDialogContext value={{ open: vi.fn(), close: vi.fn() }}>
      <DashboardMessagesTab />
    </AuthDialogContext>,
    { path: '/dashboard', initialEntry: `/dashboard?tab=messages&conversation=${conversationFixture().id}` },
  );
  return { writes, user: userEvent.setup() };
}

/** The open thread: the section around the log of its messages. */
async function thread(): Promise<HTMLElement> {
  const log = await screen.findByRole('log', { name: messagesTab.threadLabel(helperParty.display_name) });
  const section = log.closest('section');
  if (!section) throw new Error('no thread section');
  return section;
}

describe('Dashboard messages tab with blocking', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('blocks the other party from the thread header; the thread then says so and the input is gone', async () => {
    const { writes, user } = renderOpenThread();
    const section = await thread();
    expect(await within(section).findByRole('textbox', { name: messagesTab.inputLabel })).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: blocks.blockLabel(helperParty.display_name) }));
    const dialog = await screen.findByRole('alertdialog', { name: blocks.confirmTitle(helperParty.display_name) });
    expect(dialog).toHaveTextContent(blocks.confirmText);
    await user.click(within(dialog).getByRole('button', { name: blocks.confirmBlock }));

    expect(await within(section).findByText(blocks.threadBlocked)).toBeInTheDocument();
    await waitFor(() =>
      expect(within(section).queryByRole('textbox', { name: messagesTab.inputLabel })).not.toBeInTheDocument(),
    );
    expect(writes).toEqual([`POST /users/${helperParty.id}/block`]);
    // The header now offers to unblock; the messages stay readable.
    expect(
      await within(section).findByRole('button', { name: blocks.unblockLabel(helperParty.display_name) }),
    ).toBeInTheDocument();
    expect(within(section).getAllByText(messageFixture().content).length).toBeGreaterThan(0);
  });

  it('a blocked conversation opens without the input or the chat-disabled panel', async () => {
    renderOpenThread(true);
    const section = await thread();
    expect(await within(section).findByText(blocks.threadBlocked)).toBeInTheDocument();
    expect(within(section).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(section).queryByText(messaging.chatDisabled)).not.toBeInTheDocument();
  });
});
