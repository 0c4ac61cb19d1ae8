import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_STORAGE_KEY } from '#shared/constants.ts';
import { ErrorCode } from '#shared/error-codes.ts';
import { crisisHelp, crisisNumbers } from '#shared/messages/crisis.ts';
import { messagesTab, messaging } from '#shared/messages/messaging.ts';
import type { Message } from '#shared/schemas/messages.ts';
import { jsonResponse, renderWithProviders } from '#web/testing/render.tsx';
import { currentUserFixture } from '#web/testing/users.ts';
import { conversationFixture, messageFixture, seekerParty } from './messaging-fixtures.ts';
import MessagesTab from './messages-tab.tsx';

// Issue 13 section 3: the crisis banner in the thread, above the input, for the writer and the reader
// of a message the server flags `crisis`; and the "Besoin d'aide tout de suite ?" button of the tab.
const seeker = currentUserFixture({ ...seekerParty, email: 'paul@exemple.fr', role: 'helpee' });
const CONVERSATION = conversationFixture();
const THREAD_URL = `/api/v1/messages/conversations/${CONVERSATION.id}/messages`;
const OPEN = `/dashboard?tab=messages&conversation=${CONVERSATION.id}`;

function renderTab({
  entry = OPEN,
  thread = [] as Message[],
  sent,
}: { entry?: string; thread?: Message[]; sent?: Message } = {}) {
  window.localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'token');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const method = init?.method ?? 'GET';
      if (url.pathname === '/api/v1/users/me') return jsonResponse(200, seeker);
      if (url.pathname === '/api/v1/messages/conversations') return jsonResponse(200, [CONVERSATION]);
      if (url.pathname === THREAD_URL && method === 'GET') return jsonResponse(200, thread);
      if (url.pathname === THREAD_URL && method === 'POST' && sent) return jsonResponse(201, sent);
      if (url.pathname.endsWith('/read')) {
        return jsonResponse(200, { conversation_id: CONVERSATION.id, last_read_at: null, unread_count: 0 });
      }
      return jsonResponse(404, { detail: messaging.conversationNotFound, code: ErrorCode.CONVERSATION_NOT_FOUND });
    }),
  );
  renderWithProviders(<MessagesTab />, { path: '/dashboard', initialEntry: entry });
  return { user: userEvent.setup() };
}

const banner = () => screen.queryByRole('group', { name: crisisHelp.title });

/** The banner stands above the message input (DOCUMENT_POSITION_FOLLOWING: the input comes after). */
async function expectBannerAboveInput() {
  const input = await screen.findByRole('textbox', { name: messagesTab.inputLabel });
  const shown = await screen.findByRole('group', { name: crisisHelp.title });
  expect(within(shown).getByText(crisisHelp.matched)).toBeVisible();
  expect(within(shown).getByRole('link', { name: crisisNumbers[1].call })).toHaveAttribute('href', 'tel:3114');
  expect(shown.compareDocumentPosition(input) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
}

describe('MessagesTab: crisis resources', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the banner to the reader of a crisis message', async () => {
    renderTab({ thread: [messageFixture({ content: 'Je n’en peux plus, je veux en finir.', crisis: true })] });
    await expectBannerAboveInput();
  });

  it('shows the banner to its writer, also once the message is sent', async () => {
    const content = 'J’ai des idées noires.';
    const { user } = renderTab({
      thread: [messageFixture({ content: 'Bonjour, comment allez-vous ?' })],
      sent: messageFixture({ sender_id: seekerParty.id, content, crisis: true }),
    });
    const input = await screen.findByRole('textbox', { name: messagesTab.inputLabel });
    await within(await screen.findByRole('log')).findByText('Bonjour, comment allez-vous ?');
    expect(banner()).not.toBeInTheDocument();

    await user.type(input, `${content}{Enter}`);
    await expectBannerAboveInput();
  });

  it('shows the banner for a masked crisis message, whose words the reader does not get', async () => {
    renderTab({ thread: [messageFixture({ content: '', masked: true, visible: false, crisis: true })] });
    await screen.findByText(messaging.maskedForRecipient);
    await expectBannerAboveInput();
  });

  it('shows no banner for ordinary messages', async () => {
    renderTab({
      thread: [
        messageFixture({ content: 'Je suis épuisé par mon travail.' }),
        messageFixture({ sender_id: seekerParty.id, content: 'Merci pour votre écoute.' }),
      ],
    });
    await within(await screen.findByRole('log')).findByText('Merci pour votre écoute.');
    expect(screen.getByRole('textbox', { name: messagesTab.inputLabel })).toBeInTheDocument();
    expect(banner()).not.toBeInTheDocument();
  });

  it('keeps the numbers one click away from the tab, with or without an open conversation', async () => {
    const { user } = renderTab({ entry: '/dashboard?tab=messages' });
    const toggle = await screen.findByRole('button', { name: crisisHelp.open });
    expect(banner()).not.toBeInTheDocument();
    await user.click(toggle);
    const shown = banner();
    expect(shown).toBeInTheDocument();
    expect(within(shown!).queryByText(crisisHelp.matched)).not.toBeInTheDocument();
    expect(
      within(shown!)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['tel:15', 'tel:3114', 'tel:112']);
  });
});
