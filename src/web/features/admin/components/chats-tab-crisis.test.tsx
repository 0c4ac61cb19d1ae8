import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminConsole } from '#shared/messages/admin.ts';
import { crisisHelp, crisisNumbers } from '#shared/messages/crisis.ts';
import type { ChatSession } from '#shared/schemas/chat.ts';
import { renderWithProviders } from '#web/testing/render.tsx';
import { chatMessageFixture, chatSessionFixture, chatStatsFixture, noContent, stubAdminApi } from './admin-fixtures.ts';
import ChatsTab from './chats-tab.tsx';

// Issue 13 section 3: the reader of a live chat is the team; a flagged line shows it the crisis banner
// above the reply field, so it can pass the numbers on.
function renderTab(session: ChatSession) {
  stubAdminApi({
    'GET /support/chat/stats': chatStatsFixture(),
    'GET /support/chat/sessions': [session],
    [`GET /support/chat/sessions/${session.id}`]: session,
    [`PUT /support/chat/sessions/${session.id}`]: noContent,
  });
  renderWithProviders(<ChatsTab />);
  return userEvent.setup();
}

const banner = () => screen.queryByRole('group', { name: crisisHelp.title });

describe('admin chats tab: crisis resources', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the banner above the reply field when a line of the chat is flagged', async () => {
    const session = chatSessionFixture({ subject: 'Ça ne va pas' });
    session.chat_messages = [chatMessageFixture(session.id, { content: 'Je veux mourir.', crisis: true })];
    const user = renderTab(session);
    await user.click(await screen.findByText('Ça ne va pas'));

    const field = await screen.findByLabelText(adminConsole.chatReplyLabel);
    const shown = banner();
    expect(shown).toBeInTheDocument();
    expect(within(shown!).getByText(crisisHelp.matched)).toBeVisible();
    expect(within(shown!).getByRole('link', { name: crisisNumbers[1].call })).toHaveAttribute('href', 'tel:3114');
    expect(shown!.compareDocumentPosition(field) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows no banner for an ordinary chat', async () => {
    const session = chatSessionFixture({ subject: 'Ma réservation' });
    const user = renderTab(session);
    await user.click(await screen.findByText('Ma réservation'));
    await screen.findByLabelText(adminConsole.chatReplyLabel);
    expect(within(screen.getByRole('log')).getByText('Bonjour, je ne trouve pas ma réservation.')).toBeInTheDocument();
    expect(banner()).not.toBeInTheDocument();
  });
});
