import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminConsole } from '#shared/messages/admin.ts';
import type { ChatMessage, ChatSession } from '#shared/schemas/chat.ts';
import type { SupportMessage } from '#shared/schemas/support.ts';
import { jsonResponse, renderWithProviders } from '#web/testing/render.tsx';
import {
  chatMessageFixture,
  chatSessionFixture,
  chatStatsFixture,
  stubAdminApi,
  supportMessageFixture,
  supportStatsFixture,
  type Call,
} from './admin-fixtures.ts';
import ChatsTab from './chats-tab.tsx';
import SupportTab from './support-tab.tsx';

/**
 * Keyboard focus in the support and chats tabs (browser review R4): opening an item, an action whose
 * button disappears with the status it sets, a sent chat reply and the phone's back button each left
 * the focus on the page's body, so a keyboard user started again from the top of the page.
 */

function renderSupport(message: SupportMessage) {
  stubAdminApi({
    'GET /support/stats': supportStatsFixture(),
    'GET /support/messages': () => jsonResponse(200, [message]),
    [`GET /support/messages/${message.id}`]: () => jsonResponse(200, message),
    [`PUT /support/messages/${message.id}`]: (call: Call) => {
      message.status = (call.body as { status: SupportMessage['status'] }).status;
      return new Response(null, { status: 204 });
    },
  });
  renderWithProviders(<SupportTab />);
  return userEvent.setup();
}

function renderChats(session: ChatSession) {
  stubAdminApi({
    'GET /support/chat/stats': chatStatsFixture(),
    'GET /support/chat/sessions': () => jsonResponse(200, [session]),
    [`GET /support/chat/sessions/${session.id}`]: () => jsonResponse(200, session),
    [`PUT /support/chat/sessions/${session.id}`]: (call: Call) => {
      session.status = (call.body as { status: ChatSession['status'] }).status;
      return new Response(null, { status: 204 });
    },
    [`POST /support/chat/sessions/${session.id}/messages`]: (call: Call) => {
      const reply: ChatMessage = chatMessageFixture(session.id, {
        sender: 'admin',
        sender_name: 'Équipe Appui',
        content: (call.body as { content: string }).content,
      });
      session.chat_messages = [...session.chat_messages, reply];
      return jsonResponse(201, reply);
    },
  });
  renderWithProviders(<ChatsTab />);
  return userEvent.setup();
}

describe('admin console: the keyboard focus stays in the work', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('support: opening a message focuses its title; "Marquer en cours" then "Fermer" leave the focus on the title', async () => {
    const message = supportMessageFixture({ subject: 'Séance annulée' });
    const user = renderSupport(message);

    await user.click(await screen.findByText('Séance annulée'));
    const title = await screen.findByRole('heading', { name: 'Séance annulée', level: 3 });
    await waitFor(() => expect(title).toHaveFocus());

    await user.click(screen.getByRole('button', { name: adminConsole.markInProgress }));
    await waitFor(() => expect(screen.queryByRole('button', { name: adminConsole.markInProgress })).toBeNull());
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Séance annulée', level: 3 })).toHaveFocus());

    await user.click(screen.getByRole('button', { name: adminConsole.closeMessage }));
    await waitFor(() => expect(screen.queryByRole('button', { name: adminConsole.closeMessage })).toBeNull());
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Séance annulée', level: 3 })).toHaveFocus());
  });

  it('support: the back button gives the focus back to the message in the list', async () => {
    const message = supportMessageFixture({ subject: 'Facture' });
    const user = renderSupport(message);

    await user.click(await screen.findByText('Facture'));
    await user.click(await screen.findByRole('button', { name: adminConsole.backToList }));
    await waitFor(() => expect(screen.getByRole('button', { name: /Facture/ })).toHaveFocus());
  });

  it('chats: a sent reply leaves the focus in the reply field; closing definitively leaves it on the title', async () => {
    const session = chatSessionFixture({ subject: 'Besoin de parler', status: 'active' });
    const user = renderChats(session);

    await user.click(await screen.findByText('Besoin de parler'));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Besoin de parler', level: 3 })).toHaveFocus());

    const field = screen.getByLabelText(adminConsole.chatReplyLabel);
    await user.type(field, 'Je suis là.');
    await user.click(screen.getByRole('button', { name: adminConsole.chatSend }));
    await waitFor(() => expect(field).toHaveValue(''));
    expect(field).toHaveFocus();

    await user.click(screen.getByRole('button', { name: adminConsole.closeSession }));
    const confirm = await screen.findByRole('alertdialog');
    await user.click(within(confirm).getByRole('button', { name: adminConsole.closeSession }));
    await waitFor(() => expect(screen.queryByRole('button', { name: adminConsole.closeSession })).toBeNull());
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Besoin de parler', level: 3 })).toHaveFocus());
  });

  it('chats: the back button gives the focus back to the session in the list', async () => {
    const session = chatSessionFixture({ subject: 'Question rapide', status: 'active' });
    const user = renderChats(session);

    await user.click(await screen.findByText('Question rapide'));
    await user.click(await screen.findByRole('button', { name: adminConsole.backToList }));
    await waitFor(() => expect(screen.getByRole('button', { name: /Question rapide/ })).toHaveFocus());
  });
});
