import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_STORAGE_KEY } from '#shared/constants.ts';
import { ErrorCode } from '#shared/error-codes.ts';
import { messagesTab, messaging } from '#shared/messages/messaging.ts';
import { jsonResponse, renderWithProviders } from '#web/testing/render.tsx';
import { currentUserFixture } from '#web/testing/users.ts';
import { conversationFixture, messageFixture, seekerParty } from './messaging-fixtures.ts';
import MessagesTab from './messages-tab.tsx';

/**
 * What the browser review of issue 10 found at 360 px and with the server gone: the list pane wider
 * than the phone, the thread header's name cut to one letter, the list wiped by a failed refresh, and
 * the focus lost to the page when a thread closes. jsdom does no layout: the first two are checked on
 * the classes that make the layout.
 */

const seeker = currentUserFixture({ ...seekerParty, email: 'paul@exemple.fr', role: 'helpee' });
const CONVERSATION = conversationFixture({
  last_message: messageFixture({ content: 'Une très longue première phrase qui ne tiendrait jamais sur un téléphone' }),
});
const LIST_URL = '/api/v1/messages/conversations';

function renderTab(entry: string, { listFails }: { listFails: () => boolean } = { listFails: () => false }) {
  window.localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'token');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const method = init?.method ?? 'GET';
      if (url.pathname === '/api/v1/users/me') return jsonResponse(200, seeker);
      if (url.pathname === LIST_URL && method === 'GET') {
        if (listFails()) throw new TypeError('Failed to fetch');
        return jsonResponse(200, [CONVERSATION]);
      }
      if (url.pathname === `${LIST_URL}/${CONVERSATION.id}/messages`) return jsonResponse(200, []);
      return jsonResponse(404, { detail: messaging.conversationNotFound, code: ErrorCode.CONVERSATION_NOT_FOUND });
    }),
  );
  const view = renderWithProviders(<MessagesTab />, { path: '/dashboard', initialEntry: entry });
  return { ...view, user: userEvent.setup() };
}

const rowName = messagesTab.openConversation('Camille', CONVERSATION.offer.title);

describe('MessagesTab on a phone and without a server', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('lays the panes in one column that may shrink below its content (no sideways scroll at 360 px)', async () => {
    renderTab('/dashboard?tab=messages');
    const row = await screen.findByRole('link', { name: rowName });
    // list section < its pane < the grid holding the two panes
    const grid = row.closest('section[aria-labelledby="conversations-title"]')?.parentElement?.parentElement;
    // Tailwind's grid-cols-1 is repeat(1, minmax(0, 1fr)); an implicit column grows to the longest
    // unwrapped preview instead.
    expect(grid).toHaveClass('grid', 'grid-cols-1');
  });

  it('lets the name and the offer wrap under the back button instead of shrinking to an ellipsis', async () => {
    renderTab(`/dashboard?tab=messages&conversation=${CONVERSATION.id}`);
    const title = await screen.findByRole('heading', { name: 'Camille' });
    const back = screen.getByRole('button', { name: messagesTab.back });
    const party = title.parentElement?.parentElement;
    expect(party).toHaveClass('basis-56', 'flex-1', 'min-w-0');
    expect(party).toContainElement(screen.getByRole('link', { name: messagesTab.offerLink(CONVERSATION.offer.title) }));
    expect(party).not.toContainElement(back);
  });

  it('keeps the conversations on screen, with the error and a retry, when a refresh fails', async () => {
    let failing = false;
    const { queryClient, user } = renderTab('/dashboard?tab=messages', { listFails: () => failing });
    await screen.findByRole('link', { name: rowName });

    failing = true;
    await queryClient.refetchQueries({ type: 'active' });

    expect(await screen.findByRole('alert')).toHaveTextContent(messaging.conversationsLoadError);
    expect(screen.getByRole('link', { name: rowName })).toBeInTheDocument();

    failing = false;
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: rowName })).toBeInTheDocument();
  });

  it('still says the list could not load when nothing was loaded yet', async () => {
    renderTab('/dashboard?tab=messages', { listFails: () => true });
    expect(await screen.findByRole('alert')).toHaveTextContent(messaging.conversationsLoadError);
    expect(screen.queryByRole('link', { name: rowName })).not.toBeInTheDocument();
  });

  it('gives the focus back to the conversation row when the thread closes', async () => {
    const { user, router } = renderTab(`/dashboard?tab=messages&conversation=${CONVERSATION.id}`);
    await screen.findByRole('heading', { name: 'Camille' });
    await user.click(screen.getByRole('button', { name: messagesTab.back }));

    await waitFor(() => expect(router.state.location.search).toBe('?tab=messages'));
    expect(screen.getByRole('link', { name: rowName })).toHaveFocus();
  });
});
