import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_STORAGE_KEY, CANCELLATION_MARKER } from '#shared/constants.ts';
import { ErrorCode } from '#shared/error-codes.ts';
import { unreadBadge } from '#shared/messages/messaging-actions.ts';
import { messagesTab, messaging } from '#shared/messages/messaging.ts';
import { trust } from '#shared/messages/trust.ts';
import type { Conversation, Message } from '#shared/schemas/messages.ts';
import { toast } from '#web/components/ui/toaster.tsx';
import { jsonResponse, renderWithProviders } from '#web/testing/render.tsx';
import { currentUserFixture } from '#web/testing/users.ts';
import { conversationFixture, fixtureId, messageFixture, seekerParty } from './messaging-fixtures.ts';
import MessagesTab from './messages-tab.tsx';

const seeker = currentUserFixture({ ...seekerParty, email: 'paul@exemple.fr', role: 'helpee' });
const CONVERSATION = conversationFixture();
const THREAD_URL = `/api/v1/messages/conversations/${CONVERSATION.id}/messages`;

type Handler = (url: URL, init: RequestInit | undefined) => Response | Promise<Response> | undefined;

/**
 * Renders the tab at `entry` for the seeker; `handler` answers the messaging calls (anything it leaves
 * unanswered gets a 404). Every call is recorded as "METHOD path?query".
 */
function renderTab({
  entry = '/dashboard?tab=messages',
  conversations = [CONVERSATION],
  thread = [] as Message[],
  handler,
}: {
  entry?: string;
  conversations?: Conversation[];
  thread?: Message[];
  handler?: Handler;
} = {}) {
  window.localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'token');
  const calls: string[] = [];
  const bodies: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const method = init?.method ?? 'GET';
      calls.push(`${method} ${url.pathname}${url.search}`);
      if (typeof init?.body === 'string') bodies.push(JSON.parse(init.body));
      const answer = await handler?.(url, init);
      if (answer) return answer;
      if (url.pathname === '/api/v1/users/me') return jsonResponse(200, seeker);
      if (url.pathname === '/api/v1/messages/conversations' && method === 'GET') {
        return jsonResponse(200, conversations);
      }
      if (url.pathname === THREAD_URL && method === 'GET') return jsonResponse(200, thread);
      if (url.pathname.endsWith('/read')) {
        return jsonResponse(200, { conversation_id: CONVERSATION.id, last_read_at: null, unread_count: 0 });
      }
      return jsonResponse(404, { detail: messaging.conversationNotFound, code: ErrorCode.CONVERSATION_NOT_FOUND });
    }),
  );
  const toastError = vi.spyOn(toast, 'error').mockImplementation(() => 'toast');
  const view = renderWithProviders(<MessagesTab />, { path: '/dashboard', initialEntry: entry });
  return { ...view, calls, bodies, toastError, user: userEvent.setup() };
}

const openEntry = `/dashboard?tab=messages&conversation=${CONVERSATION.id}`;

describe('MessagesTab: the conversation list', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows one link per conversation with the other party, the offer, the preview and a badge capped at 99+', async () => {
    const busy = conversationFixture({
      unread_count: 150,
      last_message: messageFixture({ content: 'Je suis disponible jeudi.' }),
    });
    const calm = conversationFixture({
      id: fixtureId(),
      offer: { id: fixtureId(), title: 'Préparer un entretien' },
      unread_count: 3,
      last_message: messageFixture({ sender_id: seekerParty.id, content: 'Merci beaucoup' }),
    });
    renderTab({ conversations: [busy, calm] });

    const first = await screen.findByRole('link', {
      name: `${messagesTab.openConversation('Camille', busy.offer.title)}, ${unreadBadge.label(150)}`,
    });
    expect(within(first).getByRole('img', { name: unreadBadge.label(150) })).toHaveTextContent('99+');
    expect(within(first).getByText('Je suis disponible jeudi.')).toBeInTheDocument();
    expect(first).toHaveAttribute('href', `/dashboard?tab=messages&conversation=${busy.id}`);

    const second = screen.getByRole('link', {
      name: `${messagesTab.openConversation('Camille', calm.offer.title)}, ${unreadBadge.label(3)}`,
    });
    expect(within(second).getByText('3')).toBeInTheDocument();
    expect(within(second).getByText(`${messagesTab.you}Merci beaucoup`)).toBeInTheDocument();
  });

  it('reads a masked last message and a cancellation as such, never their content', async () => {
    const masked = conversationFixture({
      last_message: messageFixture({ content: 'appelez le 06 12 34 56 78', masked: true, visible: false }),
    });
    const cancelled = conversationFixture({
      id: fixtureId(),
      last_message: messageFixture({ kind: 'cancellation', content: `${CANCELLATION_MARKER} Un empêchement` }),
    });
    renderTab({ conversations: [masked, cancelled] });

    expect(await screen.findByText(messaging.maskedForRecipient)).toBeInTheDocument();
    expect(screen.queryByText(/06 12 34 56 78/)).not.toBeInTheDocument();
    expect(screen.getByText(`${messagesTab.cancellationNotice} · Un empêchement`)).toBeInTheDocument();
    expect(screen.queryByText(/\[CANCELLATION\]/)).not.toBeInTheDocument();
  });

  it('searches on the server with search= and shows what it answers', async () => {
    const other = conversationFixture({ id: fixtureId(), offer: { id: fixtureId(), title: 'Préparer un entretien' } });
    const { calls, user } = renderTab({
      conversations: [CONVERSATION, other],
      handler: (url) =>
        url.pathname === '/api/v1/messages/conversations' && url.searchParams.get('search') === 'entretien'
          ? jsonResponse(200, [other])
          : undefined,
    });
    await screen.findByRole('link', { name: messagesTab.openConversation('Camille', CONVERSATION.offer.title) });

    await user.type(screen.getByRole('searchbox', { name: messagesTab.searchLabel }), 'entretien');

    await waitFor(() =>
      expect(
        screen.queryByRole('link', { name: messagesTab.openConversation('Camille', CONVERSATION.offer.title) }),
      ).not.toBeInTheDocument(),
    );
    expect(
      screen.getByRole('link', { name: messagesTab.openConversation('Camille', other.offer.title) }),
    ).toBeVisible();
    expect(calls).toContain('GET /api/v1/messages/conversations?search=entretien&limit=100');
    // Debounced: no call for the partial words typed on the way.
    expect(calls.filter((call) => call.includes('search=')).length).toBe(1);
  });

  it('invites to explore when there is no conversation at all', async () => {
    renderTab({ conversations: [] });
    expect(await screen.findByRole('heading', { name: messagesTab.emptyTitle })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: messagesTab.emptyAction })).toHaveAttribute('href', '/explore');
  });

  it('says a search found nothing, and clearing it lists everything again', async () => {
    const { user } = renderTab({
      handler: (url) => (url.searchParams.get('search') ? jsonResponse(200, []) : undefined),
    });
    await screen.findByRole('link', { name: messagesTab.openConversation('Camille', CONVERSATION.offer.title) });
    await user.type(screen.getByRole('searchbox', { name: messagesTab.searchLabel }), 'zzz');

    expect(await screen.findByRole('heading', { name: messagesTab.noResultTitle })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: messagesTab.emptyTitle })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: messagesTab.clearSearch }));
    expect(
      await screen.findByRole('link', { name: messagesTab.openConversation('Camille', CONVERSATION.offer.title) }),
    ).toBeInTheDocument();
  });

  it('shows the spec error with a retry when the list fails', async () => {
    let failing = true;
    const { user } = renderTab({
      handler: (url) =>
        failing && url.pathname === '/api/v1/messages/conversations' ? jsonResponse(500, {}) : undefined,
    });
    expect(await screen.findByText(messaging.conversationsLoadError)).toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(
      await screen.findByRole('link', { name: messagesTab.openConversation('Camille', CONVERSATION.offer.title) }),
    ).toBeInTheDocument();
  });
});

describe('MessagesTab: the thread', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('opens the conversation of the address: header linking to the offer, messages oldest first', async () => {
    const thread = [
      messageFixture({ content: 'Bonjour Camille', sender_id: seekerParty.id }),
      messageFixture({ content: 'Bonjour Paul, je vous écoute.' }),
    ];
    renderTab({ entry: openEntry, thread });

    const log = await screen.findByRole('log', { name: messagesTab.threadLabel('Camille') });
    await within(log).findByText('Bonjour Paul, je vous écoute.');
    const texts = within(log)
      .getAllByText(/Bonjour/)
      .map((node) => node.textContent);
    expect(texts).toEqual(['Bonjour Camille', 'Bonjour Paul, je vous écoute.']);
    expect(log).toHaveAttribute('aria-live', 'polite');
    expect(screen.getByRole('link', { name: messagesTab.offerLink(CONVERSATION.offer.title) })).toHaveAttribute(
      'href',
      `/book/${CONVERSATION.offer_id}`,
    );
  });

  it('marks the conversation read up to its newest message', async () => {
    const newest = messageFixture({ content: 'Vous êtes là ?' });
    const { calls, bodies } = renderTab({
      entry: openEntry,
      conversations: [conversationFixture({ unread_count: 1 })],
      thread: [newest],
    });
    await waitFor(() => expect(calls).toContain(`POST /api/v1/messages/conversations/${CONVERSATION.id}/read`));
    expect(bodies).toContainEqual({ message_id: newest.id });
  });

  it('goes back to the list by removing the conversation parameter (the tab stays)', async () => {
    const { router, user } = renderTab({ entry: openEntry });
    await screen.findByRole('log');

    await user.click(screen.getByRole('button', { name: messagesTab.back }));

    expect(router.state.location.search).toBe('?tab=messages');
    expect(screen.queryByRole('log')).not.toBeInTheDocument();
  });

  it('says the conversation cannot be opened for an unknown id, with the way back', async () => {
    const { router, user } = renderTab({
      entry: `/dashboard?tab=conversations&conversation=${fixtureId()}`,
    });
    expect(await screen.findByText(messaging.openConversationError)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: messagesTab.back }));
    expect(router.state.location.search).toBe('?tab=conversations');
  });

  it('asks for a conversation the list does not hold by its id (just created, or beyond the first page)', async () => {
    const created = conversationFixture({ id: fixtureId(), offer: { id: fixtureId(), title: 'Nouvelle offre' } });
    const { calls } = renderTab({
      entry: `/dashboard?tab=messages&conversation=${created.id}`,
      handler: (url, init) =>
        url.pathname === `/api/v1/messages/conversations/${created.id}` && (init?.method ?? 'GET') === 'GET'
          ? jsonResponse(200, created)
          : undefined,
    });

    expect(await screen.findByRole('link', { name: messagesTab.offerLink('Nouvelle offre') })).toBeInTheDocument();
    expect(calls).toContain(`GET /api/v1/messages/conversations/${created.id}`);
    expect(screen.queryByText(messaging.openConversationError)).not.toBeInTheDocument();
  });

  it('shows a message removed by moderation as removed to both parties, in the thread and the list', async () => {
    const removed = messageFixture({ content: '', removed: true });
    renderTab({
      entry: openEntry,
      conversations: [conversationFixture({ last_message: removed })],
      thread: [removed],
    });
    const log = await screen.findByRole('log');
    expect(await within(log).findByText(trust.removedMessage)).toBeInTheDocument();
    // The list's preview too, not an empty line.
    expect(screen.getAllByText(trust.removedMessage)).toHaveLength(2);
  });

  it('shows a masked message to its recipient without its content, and the reason to its sender', async () => {
    const thread = [
      messageFixture({ content: 'mon numéro 06 12 34 56 78', masked: true, visible: false }),
      messageFixture({ sender_id: seekerParty.id, content: 'écrivez-moi à paul@exemple.fr', visible: false }),
    ];
    renderTab({ entry: openEntry, thread });

    const log = await screen.findByRole('log');
    expect(await within(log).findByText(messaging.maskedForRecipient)).toBeInTheDocument();
    expect(within(log).queryByText(/06 12 34 56 78/)).not.toBeInTheDocument();
    expect(within(log).getByText('écrivez-moi à paul@exemple.fr')).toBeInTheDocument();
    expect(within(log).getByText(messaging.maskedForSender)).toBeInTheDocument();
  });

  it('shows a cancellation as a cancelled-booking notice with its reason, without the marker', async () => {
    const thread = [messageFixture({ kind: 'cancellation', content: `${CANCELLATION_MARKER} Un empêchement` })];
    renderTab({ entry: openEntry, thread });

    const log = await screen.findByRole('log');
    expect(await within(log).findByText(messagesTab.cancellationNotice)).toBeInTheDocument();
    expect(within(log).getByText(messagesTab.cancellationReason('Un empêchement'))).toBeInTheDocument();
    expect(within(log).queryByText(/\[CANCELLATION\]/)).not.toBeInTheDocument();
  });

  it('replaces the input by the chat disabled panel with a link to book', async () => {
    renderTab({ entry: openEntry, conversations: [conversationFixture({ chat_enabled: false })] });

    expect(await screen.findByText(messaging.chatDisabled)).toBeInTheDocument();
    expect(screen.getByText(messaging.chatDisabledHint)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: messagesTab.bookAction })).toHaveAttribute(
      'href',
      `/book/${CONVERSATION.offer_id}`,
    );
    expect(screen.queryByRole('textbox', { name: messagesTab.inputLabel })).not.toBeInTheDocument();
  });
});

describe('MessagesTab: sending', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('keeps the send button disabled while the text is empty or only spaces', async () => {
    const { user } = renderTab({ entry: openEntry });
    const input = await screen.findByRole('textbox', { name: messagesTab.inputLabel });
    const send = screen.getByRole('button', { name: messagesTab.send });
    expect(send).toBeDisabled();
    await user.type(input, '   ');
    expect(send).toBeDisabled();
    await user.type(input, 'Bonjour');
    expect(send).toBeEnabled();
  });

  it('shows the message at once, then keeps one copy: the server’s, trimmed', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { user, bodies } = renderTab({
      entry: openEntry,
      handler: (url, init) =>
        url.pathname === THREAD_URL && init?.method === 'POST'
          ? new Promise<Response>((resolve) => {
              answer = resolve;
            })
          : undefined,
    });
    const input = await screen.findByRole('textbox', { name: messagesTab.inputLabel });
    await user.type(input, '  Bonjour Camille  {Enter}');

    const log = screen.getByRole('log');
    expect(within(log).getByText('Bonjour Camille')).toBeInTheDocument();
    expect(within(log).getByText(messagesTab.pending)).toBeInTheDocument();
    expect(input).toHaveValue('');
    expect(bodies).toContainEqual({ content: 'Bonjour Camille' });

    answer(jsonResponse(201, messageFixture({ sender_id: seekerParty.id, content: 'Bonjour Camille' })));

    await waitFor(() => expect(within(log).queryByText(messagesTab.pending)).not.toBeInTheDocument());
    expect(within(log).getAllByText('Bonjour Camille')).toHaveLength(1);
  });

  it('removes the message on failure, says so and puts the text back', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { user, toastError } = renderTab({
      entry: openEntry,
      handler: (url, init) =>
        url.pathname === THREAD_URL && init?.method === 'POST'
          ? new Promise<Response>((resolve) => {
              answer = resolve;
            })
          : undefined,
    });
    const input = await screen.findByRole('textbox', { name: messagesTab.inputLabel });
    await user.type(input, 'Êtes-vous disponible ?');
    await user.click(screen.getByRole('button', { name: messagesTab.send }));
    const log = screen.getByRole('log');
    expect(within(log).getByText('Êtes-vous disponible ?')).toBeInTheDocument();

    answer(jsonResponse(500, {}));

    await waitFor(() => expect(within(log).queryByText('Êtes-vous disponible ?')).not.toBeInTheDocument());
    expect(toastError).toHaveBeenCalledWith(messaging.sendErrorToast);
    expect(input).toHaveValue('Êtes-vous disponible ?');
  });

  it('shows the server’s explanation when the chat is disabled', async () => {
    const { user, toastError } = renderTab({
      entry: openEntry,
      handler: (url, init) =>
        url.pathname === THREAD_URL && init?.method === 'POST'
          ? jsonResponse(403, { detail: messaging.chatDisabledDetail, code: ErrorCode.CHAT_DISABLED })
          : undefined,
    });
    const input = await screen.findByRole('textbox', { name: messagesTab.inputLabel });
    await user.type(input, 'Encore une question{Enter}');

    await waitFor(() => expect(toastError).toHaveBeenCalledWith(messaging.chatDisabledDetail));
    expect(input).toHaveValue('Encore une question');
  });

  it('breaks the line with Shift+Enter instead of sending', async () => {
    const { user, calls } = renderTab({ entry: openEntry });
    const input = await screen.findByRole('textbox', { name: messagesTab.inputLabel });
    await user.type(input, 'Ligne un{Shift>}{Enter}{/Shift}Ligne deux');
    expect(input).toHaveValue('Ligne un\nLigne deux');
    expect(calls.some((call) => call.startsWith('POST') && call.endsWith('/messages'))).toBe(false);
  });
});
