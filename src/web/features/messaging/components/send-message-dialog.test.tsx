import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_STORAGE_KEY } from '#shared/constants.ts';
import { messaging } from '#shared/messages/messaging.ts';
import { sendMessageDialog } from '#shared/messages/messaging-actions.ts';
import { offerCard } from '#shared/messages/offer-card.ts';
import type { Conversation, Message } from '#shared/schemas/messages.ts';
import { toast } from '#web/components/ui/toaster.tsx';
import { AuthDialogContext } from '#web/lib/auth-dialog.ts';
import { jsonResponse, renderWithProviders } from '#web/testing/render.tsx';
import { currentUserFixture } from '#web/testing/users.ts';
import { SendMessageButton, SendMessageDialog, type MessageOffer } from './send-message-dialog.tsx';

// The dialog loads on its first opening (lib/lazy-dialog.tsx): loaded once here, so that the first
// test's wait for the dialog does not also wait for the test runner to transform its module.
beforeAll(() => import('./send-message-dialog-panel.tsx'));

const me = currentUserFixture({ role: 'helpee' });
const helperId = '2b1c2d3e-4a5b-4c6d-8e7f-901234567890';
const offerId = '5a1c2d3e-4a5b-4c6d-8e7f-901234567890';
const conversationId = '7d1c2d3e-4a5b-4c6d-8e7f-901234567890';
const offer: MessageOffer = { id: offerId, helper_id: helperId, title: 'Écoute bienveillante' };

const party = (id: string) => ({ id, display_name: 'Alex', username: 'alex', avatar_url: null });
const conversation: Conversation = {
  id: conversationId,
  offer_id: offerId,
  helper_id: helperId,
  user_id: me.id,
  user: party(me.id),
  helper: party(helperId),
  offer: { id: offerId, title: offer.title },
  created_at: '2030-01-01T09:00:00.000Z',
  last_message: null,
  unread_count: 0,
  chat_enabled: true,
  blocked: false,
};
const sentMessage: Message = {
  id: '8e1c2d3e-4a5b-4c6d-8e7f-901234567890',
  conversation_id: conversationId,
  sender_id: me.id,
  sender: { id: me.id, display_name: me.display_name, email: me.email },
  content: 'Bonjour, pouvons-nous parler ?',
  visible: true,
  masked: false,
  removed: false,
  kind: 'text',
  sent_at: '2030-01-01T10:00:00.000Z',
  crisis: false,
};

type Answer = () => Response;

/** /users/me, then the two writes of the modal, answered as given. */
function stubApi({ create, send }: { create?: Answer; send?: Answer } = {}) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url.startsWith('/api/v1/users/me')) return jsonResponse(200, me);
    if (init?.method === 'POST' && url === `/api/v1/messages/conversations?offer_id=${offerId}`)
      return create ? create() : jsonResponse(201, conversation);
    if (init?.method === 'POST' && url === `/api/v1/messages/conversations/${conversationId}/messages`)
      return send ? send() : jsonResponse(201, sentMessage);
    return jsonResponse(200, []);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const posts = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').map(([url, init]) => [url, init?.body]);

async function renderDialog(target: MessageOffer = offer) {
  const onOpenChange = vi.fn();
  const utils = renderWithProviders(
    <SendMessageDialog offer={target} helperName="Alex" open onOpenChange={onOpenChange} />,
  );
  await screen.findByRole('dialog', { name: sendMessageDialog.title });
  return { ...utils, onOpenChange, user: userEvent.setup() };
}

const field = () => screen.getByLabelText(sendMessageDialog.fieldLabel);
const sendButton = () => screen.getByRole('button', { name: sendMessageDialog.send });

describe('SendMessageDialog', () => {
  beforeEach(() => {
    window.localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'token');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('creates the conversation, posts the trimmed message, then opens it with "Message envoyé"', async () => {
    const fetchMock = stubApi();
    const success = vi.spyOn(toast, 'success');
    const { router, onOpenChange, user } = await renderDialog();
    expect(screen.getByRole('dialog', { name: sendMessageDialog.title })).toBeInTheDocument();

    await user.type(field(), '  Bonjour, pouvons-nous parler ?  ');
    await user.click(sendButton());

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(new URLSearchParams(router.state.location.search)).toEqual(
      new URLSearchParams({ tab: 'messages', conversation: conversationId }),
    );
    expect(success).toHaveBeenCalledWith(messaging.sentToast);
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(posts(fetchMock)).toEqual([
      [`/api/v1/messages/conversations?offer_id=${offerId}`, undefined],
      [
        `/api/v1/messages/conversations/${conversationId}/messages`,
        JSON.stringify({ content: 'Bonjour, pouvons-nous parler ?' }),
      ],
    ]);
  });

  it('keeps the send button disabled while the message is empty or blank', async () => {
    const fetchMock = stubApi();
    const { user } = await renderDialog();
    expect(sendButton()).toBeDisabled();
    await user.type(field(), '   ');
    expect(sendButton()).toBeDisabled();
    await user.type(field(), 'a');
    expect(sendButton()).toBeEnabled();
    await user.clear(field());
    await user.type(field(), '{Enter}');
    expect(sendButton()).toBeDisabled();
    expect(posts(fetchMock)).toEqual([]);
  });

  it('shows the modal error on failure and keeps the text typed', async () => {
    stubApi({ send: () => jsonResponse(500, { detail: 'Erreur interne', code: 'INTERNAL' }) });
    const success = vi.spyOn(toast, 'success');
    const { router, onOpenChange, user } = await renderDialog();
    await user.type(field(), 'Bonjour');
    await user.click(sendButton());

    expect(await screen.findByRole('alert')).toHaveTextContent(messaging.modalSendError);
    expect(field()).toHaveValue('Bonjour');
    expect(router.state.location.pathname).toBe('/');
    expect(success).not.toHaveBeenCalled();
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('a failed conversation creation is the same modal error', async () => {
    stubApi({ create: () => jsonResponse(429, { detail: 'Trop de demandes', code: 'RATE_LIMITED' }) });
    const { user } = await renderDialog();
    await user.type(field(), 'Bonjour');
    await user.click(sendButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(messaging.modalSendError);
    expect(field()).toHaveValue('Bonjour');
  });

  it('without an offer id: "Impossible de créer une conversation sans offre associée", nothing sent', async () => {
    const fetchMock = stubApi();
    const { user } = await renderDialog({ ...offer, id: undefined });
    await user.type(field(), 'Bonjour');
    await user.click(sendButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(messaging.noOfferError);
    expect(posts(fetchMock)).toEqual([]);
  });

  it('a second first message (403 CHAT_DISABLED) shows the server text and opens the existing conversation', async () => {
    stubApi({ send: () => jsonResponse(403, { detail: messaging.chatDisabledDetail, code: 'CHAT_DISABLED' }) });
    const { router, user } = await renderDialog();
    await user.type(field(), 'Encore moi');
    await user.click(sendButton());

    expect(await screen.findByRole('alert')).toHaveTextContent(messaging.chatDisabledDetail);
    await user.click(screen.getByRole('button', { name: sendMessageDialog.openExisting }));
    await waitFor(() => expect(router.state.location.search).toContain(`conversation=${conversationId}`));
    expect(router.state.location.search).toContain('tab=messages');
  });
});

describe('SendMessageButton', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  function renderButton(openLogin = vi.fn()) {
    renderWithProviders(
      <AuthDialogContext value={{ open: openLogin, close: vi.fn() }}>
        <SendMessageButton offer={offer} helperName="Alex" appearance="card" />
      </AuthDialogContext>,
    );
    return { openLogin, user: userEvent.setup() };
  }

  it('opens the modal for a logged-in user', async () => {
    window.localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'token');
    stubApi();
    const { user, openLogin } = renderButton();
    await user.click(await screen.findByRole('button', { name: offerCard.messageHelper('Alex') }));
    expect(await screen.findByRole('dialog', { name: sendMessageDialog.title })).toBeInTheDocument();
    expect(openLogin).not.toHaveBeenCalled();
  });

  it('asks a visitor to log in instead', async () => {
    stubApi();
    const { user, openLogin } = renderButton();
    await user.click(screen.getByRole('button', { name: offerCard.messageHelper('Alex') }));
    expect(openLogin).toHaveBeenCalledWith('login');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is not shown on the caller’s own offer', async () => {
    window.localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'token');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, { ...me, id: helperId, role: 'helper' })),
    );
    renderButton();
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(screen.queryByRole('button', { name: offerCard.messageHelper('Alex') })).not.toBeInTheDocument();
  });
});
