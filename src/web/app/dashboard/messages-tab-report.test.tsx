import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_STORAGE_KEY } from '#shared/constants.ts';
import { messagesTab } from '#shared/messages/messaging.ts';
import { reportReasonLabels, trust } from '#shared/messages/trust.ts';
import { reportDialog } from '#shared/messages/trust-web.ts';
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
const theirs = messageFixture({ content: 'Payez-moi plutôt par virement.' });
const mine = messageFixture({ sender_id: seekerParty.id, content: 'Je préfère payer sur Appui.' });

/** The seeker's messages tab with the conversation open: one message of the helper, one of theirs. */
function renderOpenThread() {
  const reports: unknown[] = [];
  window.localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'token');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const path = new URL(input, 'http://localhost').pathname.replace(/^\/api\/v1/, '');
      const conversation = conversationFixture();
      if (path === '/users/me') return jsonResponse(200, seeker);
      if (path === '/reports' && init?.method === 'POST') {
        reports.push(JSON.parse(init.body as string));
        return jsonResponse(201, { id: '7c1d2e3f-4a5b-4c6d-8e7f-0a1b2c3d4e5f', message: trust.reportThanks });
      }
      if (path === '/messages/conversations') return jsonResponse(200, [conversation]);
      if (path === `/messages/conversations/${conversation.id}`) return jsonResponse(200, conversation);
      if (path === `/messages/conversations/${conversation.id}/messages`) return jsonResponse(200, [theirs, mine]);
      if (path.endsWith('/read')) {
        return jsonResponse(200, { conversation_id: conversation.id, last_read_at: null, unread_count: 0 });
      }
      return jsonResponse(404, { detail: 'Introuvable', code: 'NOT_FOUND' });
    }),
  );
  renderWithProviders(
    <AuthDialogContext value={{ open: vi.fn(), close: vi.fn() }}>
      <DashboardMessagesTab />
    </AuthDialogContext>,
    { path: '/dashboard', initialEntry: `/dashboard?tab=messages&conversation=${conversationFixture().id}` },
  );
  return { reports, user: userEvent.setup() };
}

describe('Dashboard messages tab: reporting a message (issue 13 section 1)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('"Signaler ce message" sits under the other party’s message only, and files a report of it', async () => {
    const { reports, user } = renderOpenThread();
    const log = await screen.findByRole('log', { name: messagesTab.threadLabel(helperParty.display_name) });
    await within(log).findByText(theirs.content);
    const buttons = within(log).getAllByRole('button', { name: reportDialog.buttonLabel.message });
    expect(buttons).toHaveLength(1);

    await user.click(buttons[0]!);
    const dialog = await screen.findByRole('dialog', { name: reportDialog.title.message });
    await user.click(within(dialog).getByRole('radio', { name: reportReasonLabels.scam_or_offplatform_payment }));
    await user.click(within(dialog).getByRole('button', { name: reportDialog.send }));

    expect(await screen.findByText(trust.reportThanks)).toBeInTheDocument();
    await waitFor(() =>
      expect(reports).toEqual([
        { target_type: 'message', target_id: theirs.id, reason: 'scam_or_offplatform_payment' },
      ]),
    );
  });
});
