import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_STORAGE_KEY } from '#shared/constants.ts';
import { crisisHelp, crisisNumbers } from '#shared/messages/crisis.ts';
import { support, supportPage } from '#shared/messages/support.ts';
import type { SupportMessage } from '#shared/schemas/support.ts';
import { toast } from '#web/components/ui/toaster.tsx';
import { AuthDialogContext } from '#web/lib/auth-dialog.ts';
import { jsonResponse, renderWithProviders } from '#web/testing/render.tsx';
import { currentUserFixture } from '#web/testing/users.ts';
import { ContactForm } from './contact-form.tsx';
import { supportMessageFixture } from './support-fixtures.ts';

// Issue 13 section 3: a support message the server files as urgent (it speaks of suicide or danger)
// shows the crisis banner on /support once sent; an ordinary one does not.
const me = currentUserFixture({ role: 'helpee', display_name: 'Camille Martin', email: 'camille@exemple.fr' });

async function sendMessage(answers: SupportMessage[], message: string) {
  window.localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'token');
  const queue = [...answers];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.startsWith('/api/v1/users/me')) return jsonResponse(200, me);
      if (init?.method === 'POST' && url === '/api/v1/support/messages') return jsonResponse(201, queue.shift());
      return jsonResponse(404, { detail: 'Introuvable', code: 'NOT_FOUND' });
    }),
  );
  const success = vi.spyOn(toast, 'success').mockImplementation(() => 'toast');
  renderWithProviders(
    <AuthDialogContext value={{ open: vi.fn(), close: vi.fn() }}>
      <ContactForm />
    </AuthDialogContext>,
  );
  const user = userEvent.setup();
  await waitFor(() => expect(screen.getByText(supportPage.replyTo(me.email))).toBeInTheDocument());
  const send = async (text: string) => {
    const calls = success.mock.calls.length;
    await user.type(screen.getByLabelText(supportPage.subjectLabel), 'Aide');
    await user.type(screen.getByLabelText(supportPage.messageLabel), text);
    await user.click(screen.getByRole('button', { name: supportPage.submit }));
    await waitFor(() => expect(success).toHaveBeenCalledTimes(calls + 1));
    expect(success).toHaveBeenLastCalledWith(support.sentSuccess);
  };
  await send(message);
  return { send };
}

const banner = () => screen.queryByRole('group', { name: crisisHelp.title });

describe('ContactForm: crisis resources', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the banner after sending a message the server filed as urgent, and keeps it', async () => {
    const { send } = await sendMessage(
      [supportMessageFixture({ priority: 'urgent' }), supportMessageFixture({ priority: 'normal' })],
      'Je veux mourir.',
    );
    const shown = await screen.findByRole('group', { name: crisisHelp.title });
    expect(within(shown).getByText(crisisHelp.matched)).toBeVisible();
    expect(
      within(shown)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(crisisNumbers.map((entry) => `tel:${entry.number}`));
    // Announced when it appears.
    expect(shown.closest('[role="status"]')).not.toBeNull();

    await send('Une autre question.');
    expect(banner()).toBeInTheDocument();
  });

  it('shows no banner after an ordinary message', async () => {
    await sendMessage([supportMessageFixture({ priority: 'normal' })], 'Quand serai-je remboursée ?');
    expect(banner()).not.toBeInTheDocument();
  });
});
