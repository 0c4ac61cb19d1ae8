import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { liveChat } from '#shared/messages/chat.ts';
import { supportPage } from '#shared/messages/support.ts';
import { paths } from '#web/config/paths.ts';
import { AuthDialogContext } from '#web/lib/auth-dialog.ts';
import { renderWithProviders } from '#web/testing/render.tsx';
import SupportPage from './support.tsx';

describe('/support', () => {
  it('titles the page and puts the live chat launcher in the live chat card, opening its dialog', async () => {
    renderWithProviders(
      <AuthDialogContext value={{ open: vi.fn(), close: vi.fn() }}>
        <SupportPage />
      </AuthDialogContext>,
      { path: paths.support.path },
    );
    expect(screen.getByRole('heading', { level: 1, name: supportPage.title })).toBeInTheDocument();
    expect(document.title).toBe(supportPage.documentTitle);

    const card = screen.getByRole('heading', { name: supportPage.liveChatCardTitle }).parentElement;
    if (!card) throw new Error('live chat card not found');
    await userEvent.click(within(card).getByRole('button', { name: liveChat.launch }));
    expect(await screen.findByRole('dialog', { name: liveChat.title })).toBeInTheDocument();
  });
});
